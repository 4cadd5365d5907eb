import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitForPort } from '../../infra/local/processes.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed while a payment run was being confirmed, and started again: the run,
 * left confirming with some of its payments recorded, is finished on start (the payment-run job
 * resumes it), each account paid once, and the run's record names exactly the payments made.
 * The cloud runs in a process of its own (test/support/cloud-process.ts) so that it can be
 * killed outright, with its emulators, like a terminal closed on `npm start`. The company is
 * made here, straight in the table, and only its records are read.
 */
const root = path.resolve(import.meta.dirname, '../..');
const stateDir = mkdtempSync(path.join(os.tmpdir(), 'label-platform-payrun-restart-'));
let child: ChildProcess | undefined;
let ports: Record<'gateway' | 'dynamodb' | 's3' | 'sqs' | 'cognito', number>;

/** Starts the cloud process; resolves with its handlers' environment once it serves. */
function startCloud(): Promise<Record<string, string>> {
  const started = spawn(path.join(root, 'node_modules/.bin/tsx'), ['test/support/cloud-process.ts'], {
    cwd: root,
    // Its own process group: killing the group kills the emulators it started too.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CLOUD_STATE_DIR: stateDir,
      CLOUD_PORTS: JSON.stringify(ports),
    },
  });
  child = started;
  let output = '';
  return new Promise((resolve, reject) => {
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (.+)$/m.exec(output);
      if (ready) resolve(JSON.parse(ready[1]));
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.once('exit', (code) => reject(new Error(`the cloud process exited (${code}):\n${output.slice(-3000)}`)));
  });
}

/** Kills the cloud and everything it started at once, as a crash or a closed terminal would. */
async function killCloud(): Promise<void> {
  const running = child;
  if (!running?.pid || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  process.kill(-running.pid, 'SIGKILL');
  await exited;
  child = undefined;
}

afterAll(async () => {
  await killCloud();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('the local cloud stopped mid-confirm and started again', () => {
  it('finishes the payment run with every account paid once and the run matching its payments', async () => {
    ports = {
      gateway: await freePort(),
      dynamodb: await freePort(),
      s3: await freePort(),
      sqs: await freePort(),
      cognito: await freePort(),
    };
    Object.assign(process.env, await startCloud());
    // Imported only now: the SDK clients read the cloud's endpoints (the same ports after the restart).
    const { getDb } = await import('../../functions/data/service.js');
    const { createPaymentRun, movePaymentRun } = await import('../../functions/data/access/payouts.js');
    const { recordPayment } = await import('../../functions/payments/record.js');
    const db = getDb().entities;

    const tenantId = `payrun-restart-${Date.now()}`;
    const userId = 'restart-confirmer';
    const accounts = Array.from({ length: 9 }, (_, i) => ({ id: `payee-${i}`, payable: `${100 + i}.${10 + i}` }));
    const items = [];
    for (const [i, account] of accounts.entries()) {
      const statementId = `ST${i}-${tenantId}`;
      const zero = '0.00';
      await db.Statement.create({
        tenantId,
        statementId,
        number: `ST-R${i}`,
        type: 'Statement',
        accountKey: `Payee#${account.id}`,
        payee_name: `Payee ${i}`,
        subject: 'Royalty Statement',
        start_pay_period: '2026-01',
        end_pay_period: '2026-03',
        accounting_period: '2026-Q1',
        currency: 'GBP',
        figures: {
          opening_balance: zero,
          royalties: account.payable,
          costs: zero,
          expenses: zero,
          advances: zero,
          reserves: zero,
          transfers: zero,
          payments: zero,
          adjustments: zero,
          closing_balance: account.payable,
          payable: account.payable,
        },
        control: { lines: 0, lines_total: '0.000000', rounding_in: '0.000000', rounding_out: '0.000000' },
      }).go();
      items.push({
        statement_id: statementId,
        statement_number: `ST-R${i}`,
        account: { type: 'Payee' as const, id: account.id },
        name: `Payee ${i}`,
        amount: account.payable,
        currency: 'GBP',
        method: 'uk_bulk' as const,
        payment_id: null,
      });
    }
    const runId = `RUN-${Date.now()}`;
    await createPaymentRun({
      tenantId,
      runId,
      status: 'exported',
      execution_date: '2026-11-30',
      items,
      createdBy: userId,
    });

    // The confirm that was cut off: the run confirming, its first 3 accounts' payments recorded.
    expect(
      await movePaymentRun(tenantId, runId, ['exported'], {
        status: 'confirming',
        confirmedBy: userId,
        payment_date: '2026-11-30',
        confirmingSince: new Date().toISOString(),
      }),
    ).toBe(true);
    for (const item of items.slice(0, 3))
      await recordPayment(tenantId, userId, {
        statement_ids: [item.statement_id],
        payment_date: '2026-11-30',
        payment_method: 'UK bulk payment',
        payment_reference: `Payment run ${runId}`,
        payment_run_id: runId,
        idempotency_key: `payment-run:${runId}:Payee#${item.account.id}`,
      });
    const midway = (await db.PaymentRun.get({ tenantId, runId }).go()).data;
    expect(midway?.status).toBe('confirming');
    expect([...(midway?.paid_accounts ?? [])].sort()).toEqual(items.slice(0, 3).map((i) => `Payee#${i.account.id}`));
    await killCloud();

    // Started again on the same state: the run left confirming is finished on start.
    for (const port of Object.values(ports)) await waitForFree(port);
    await startCloud();
    const done = await until(async () => {
      const found = (await db.PaymentRun.get({ tenantId, runId }).go()).data;
      return found?.status === 'confirmed' ? found : undefined;
    }, 120_000);

    const payments = (await db.Payment.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
    expect(payments).toHaveLength(accounts.length);
    for (const item of items) {
      const paid = payments.filter((p) => p.statement_ids.includes(item.statement_id));
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ payment_total: item.amount, payment_run_id: runId });
      const statement = (await db.Statement.get({ tenantId, statementId: item.statement_id }).go()).data;
      expect(statement?.paid).toBe(true);
      const entries = (
        await db.AccountEntry.query.byAccount({ tenantId, accountKey: `Payee#${item.account.id}` }).go()
      ).data.filter((e) => e.kind === 'payment');
      expect(entries.map((e) => e.amount)).toEqual([`-${item.amount}`]);
    }
    // The run's record names exactly the payments made.
    expect(Object.fromEntries(done.items.map((i) => [i.statement_id, i.payment_id]))).toEqual(
      Object.fromEntries(
        items.map((i) => [i.statement_id, payments.find((p) => p.statement_ids.includes(i.statement_id))?.paymentId]),
      ),
    );
    expect(done.paid_accounts?.length).toBe(accounts.length);
  }, 420_000);
});

/** Waits until nothing listens on a port any more (the killed emulators have let it go). */
async function waitForFree(port: number): Promise<void> {
  await until(async () => {
    const busy = await waitForPort(port, 'a killed emulator', 200).then(
      () => true,
      () => false,
    );
    return busy ? undefined : true;
  }, 30_000);
}
