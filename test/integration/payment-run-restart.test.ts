import { afterAll, describe, expect, it } from 'vitest';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed while a payment run was being confirmed, and started again: the run,
 * left confirming with some of its payments recorded, is finished on start (the payment-run job
 * resumes it), each account paid once, and the run's record names exactly the payments made.
 * The cloud runs in a process of its own (test/support/restartable-cloud.ts) so that it can be
 * killed outright, with its emulators, like a terminal closed on `npm start`. The company is
 * made here, straight in the table, and only its records are read.
 */
const cloud = restartableCloud('payrun-restart');
afterAll(async () => {
  await cloud.remove();
});

describe('the local cloud stopped mid-confirm and started again', () => {
  it('finishes the payment run with every account paid once and the run matching its payments', async () => {
    await cloud.start();
    // Imported only now: the SDK clients read the cloud's endpoints (the same ports after the restart).
    const { getDb } = await import('../../functions/data/service.js');
    const { createPaymentRun, movePaymentRun } = await import('../../functions/data/access/payouts.js');
    const { recordPayment } = await import('../../functions/money/payments/record.js');
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
    await cloud.kill();

    // Started again on the same state: the run left confirming is finished on start.
    await cloud.start();
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
