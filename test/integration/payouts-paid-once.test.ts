import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { dueStatement } from '../support/due-statements.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * Money is paid once (through the local gateway, in a company of this file's own): a statement
 * made after a payment was recorded takes it off, whatever the payment's date, so the next run
 * pays only what is owed; the payments due list, a run's export and its confirm refuse by one rule,
 * so nothing confirm would refuse reaches a bank file; a run that has started paying can only be
 * finished, never cancelled, and it always says which of its payments are recorded.
 */
let company: OwnCompany;
let api: OwnCompany['api'];
let tenantId: string;
const uk = (name: string, accountNumber: string) => ({
  method: 'uk_bulk',
  account_name: name,
  sort_code: '20-00-00',
  account_number: accountNumber,
});
const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    payouts: await import('../../functions/data/access/payouts.js'),
    record: await import('../../functions/money/payments/record.js'),
  };
};
const fetchText = async (url: string) => (await fetch(url)).text();

/** A payee with UK bank details, its account number given. */
async function payeeWithDetails(name: string, accountNumber: string) {
  const answer = await api.post('/payees', { name });
  expect(answer.status).toBe(201);
  const payee = { id: answer.body.payee.id as string, name: answer.body.payee.name as string };
  const details = await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, {
    token: company.manager.token,
    company: tenantId,
    body: uk(name, accountNumber),
  });
  expect(details.status).toBe(200);
  return payee;
}

type Shown = { id: string; number: string; start_pay_period: string; figures: Record<string, string> };
const statementsOf = async (payeeId: string) =>
  (
    (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=100`)).body
      .statements as Shown[]
  ).sort((a, b) => a.start_pay_period.localeCompare(b.start_pay_period));
const dueRows = async (payeeId: string) =>
  (await api.post('/statements/payments_due_summary', {})).body.payments_due.filter(
    (d: { account: { id: string } }) => d.account.id === payeeId,
  );
const paymentsOf = async (payeeId: string) =>
  (await api.get(`/payments?payable_id=${payeeId}`)).body.payments as { id: string; payment_total: string }[];

/** A run of the statements, exported: answers its id and its UK bulk file. */
async function exportedRun(statementIds: string[]) {
  const created = await api.post('/payment_runs', { statement_ids: statementIds });
  expect(created.status).toBe(201);
  const runId = created.body.payment_run.id as string;
  const exported = await api.post(`/payment_runs/${runId}/export`);
  expect(exported.status).toBe(200);
  const csv = await fetchText((await api.get(`/payment_runs/${runId}/files/uk-bulk-gbp-1.csv`)).body.url);
  return { runId, csv };
}

beforeAll(async () => {
  company = await ownCompany('Paid Once');
  api = company.api;
  tenantId = company.companyId;
}, 60_000);

describe('May paid, then June stated', () => {
  it('June takes May’s payment off, and the due list, the export and confirm pay only what is owed', async () => {
    const payee = await payeeWithDetails('Payee Twenty', '20202020');
    const account = { type: 'Payee' as const, ...payee };
    await publishHandStatement(tenantId, company.manager.id, account, ['2026-05', '2026-05'], '6014.580000');
    const [may] = await statementsOf(payee.id);
    // Paid with today's date (the run's default), after June's period.
    const first = await exportedRun([may.id]);
    expect(first.csv).toBe(`200000,20202020,PAYEE TWENTY,6014.58,${may.number}\r\n`);
    expect((await api.post(`/payment_runs/${first.runId}/confirm`, {})).status).toBe(200);

    await publishHandStatement(tenantId, company.manager.id, account, ['2026-06', '2026-06'], '301.080000');
    const june = (await statementsOf(payee.id))[1];
    expect(june.figures).toMatchObject({
      opening_balance: '6014.58',
      royalties: '301.08',
      payments: '-6014.58',
      closing_balance: '301.08',
      payable: '301.08',
    });
    expect(await dueRows(payee.id)).toEqual([expect.objectContaining({ statement_ids: [june.id], payable: '301.08' })]);
    const second = await exportedRun([june.id]);
    expect(second.csv).toBe(`200000,20202020,PAYEE TWENTY,301.08,${june.number}\r\n`);
    const confirmed = await api.post(`/payment_runs/${second.runId}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payment_run).toMatchObject({ status: 'confirmed', paid_count: 1 });
    // Paid in all: exactly what was stated as earned.
    expect((await paymentsOf(payee.id)).map((p) => p.payment_total).sort()).toEqual(['301.08', '6014.58']);
    expect(await dueRows(payee.id)).toEqual([]);
  });

  it('a June made before May’s payment was recorded is offered nowhere: due list, run, export and confirm refuse it alike', async () => {
    const payee = await payeeWithDetails('Payee Late', '21212121');
    const account = { type: 'Payee' as const, ...payee };
    await publishHandStatement(tenantId, company.manager.id, account, ['2026-05', '2026-05'], '6014.580000');
    const [may] = await statementsOf(payee.id);
    const paid = await exportedRun([may.id]);
    expect((await api.post(`/payment_runs/${paid.runId}/confirm`, {})).status).toBe(200);
    // A June statement as it was made before this rule: opening with May's balance, May's payment not on it.
    const june = await dueStatement(tenantId, payee, '6315.66', 'GBP', { period: ['2026-06', '2026-06'] });
    const { payouts } = await modules();
    const why = `Statement ${june.number} was made before statement ${may.number} was paid and still counts that money`;

    expect(await dueRows(payee.id)).toEqual([]);
    const refused = await api.post('/payment_runs', { statement_ids: [june.id] });
    expect(refused.status).toBe(400);

    // A run holding it (made before the payment, say): its export refuses, naming why.
    const held = {
      statement_id: june.id,
      statement_number: june.number,
      account: { type: 'Payee' as const, id: payee.id },
      name: payee.name,
      amount: '6315.66',
      currency: 'GBP',
      method: 'uk_bulk' as const,
      payment_id: null,
    };
    const draft = await payouts.createPaymentRun({
      tenantId,
      runId: `R${Date.now()}A`,
      status: 'draft',
      execution_date: '2026-11-30',
      items: [held],
    });
    const exported = await api.post(`/payment_runs/${draft.runId}/export`);
    expect(exported.status).toBe(409);
    expect(exported.body.message).toContain(why);
    expect(exported.body.files).toBeUndefined();

    // One exported before: confirm refuses it, pays nothing, and the run can be cancelled.
    const frozen = await payouts.createPaymentRun({
      tenantId,
      runId: `R${Date.now()}B`,
      status: 'exported',
      execution_date: '2026-11-30',
      items: [held],
    });
    const confirm = await api.post(`/payment_runs/${frozen.runId}/confirm`, {});
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toContain(why);
    expect(confirm.body.message).toContain('Nothing was paid: cancel the run');
    expect(await paymentsOf(payee.id)).toHaveLength(1);
    const cancelled = await api.post(`/payment_runs/${frozen.runId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.payment_run.status).toBe('cancelled');
  });
});

describe('a payment run cut off while confirming', () => {
  it('cannot be cancelled, says what it paid, and confirming again pays the rest once', async () => {
    const a = await payeeWithDetails('Payee Cut A', '30303030');
    const b = await payeeWithDetails('Payee Cut B', '31313131');
    const sa = await dueStatement(tenantId, a, '120.00', 'GBP');
    const sb = await dueStatement(tenantId, b, '80.50', 'GBP');
    const { runId } = await exportedRun([sa.id, sb.id]);

    // The confirm that died after its first payment: the run confirming, A's payment recorded by it.
    const { payouts, record } = await modules();
    expect(
      await payouts.movePaymentRun(tenantId, runId, ['exported'], {
        status: 'confirming',
        confirmedBy: company.manager.id,
        payment_date: '2026-11-30',
      }),
    ).toBe(true);
    await record.recordPayment(tenantId, company.manager.id, {
      statement_ids: [sa.id],
      payment_date: '2026-11-30',
      payment_method: 'UK bulk payment',
      payment_reference: `Payment run ${runId}`,
      payment_run_id: runId,
      idempotency_key: `payment-run:${runId}:Payee#${a.id}`,
    });
    const midway = (await api.get(`/payment_runs/${runId}`)).body.payment_run;
    expect(midway).toMatchObject({ status: 'confirming', paid_count: 1 });

    const cancel = await api.post(`/payment_runs/${runId}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(
      'This payment run has started recording its payments, so it cannot be cancelled: confirm it again to finish it',
    );

    const finished = await api.post(`/payment_runs/${runId}/confirm`, {});
    expect(finished.status).toBe(200);
    expect(finished.body.payment_run).toMatchObject({ status: 'confirmed', paid_count: 2 });
    const [pa, pb] = [await paymentsOf(a.id), await paymentsOf(b.id)];
    expect(pa.map((p) => p.payment_total)).toEqual(['120.00']);
    expect(pb.map((p) => p.payment_total)).toEqual(['80.50']);
    const items = finished.body.payment_run.items as { statement_id: string; payment_id: string }[];
    expect(Object.fromEntries(items.map((i) => [i.statement_id, i.payment_id]))).toEqual({
      [sa.id]: pa[0].id,
      [sb.id]: pb[0].id,
    });
    expect((await api.post(`/payment_runs/${runId}/cancel`)).status).toBe(409);
  });

  it('a run cancelled first pays nothing when a confirm comes after', async () => {
    const c = await payeeWithDetails('Payee Cancelled', '32323232');
    const sc = await dueStatement(tenantId, c, '45.00', 'GBP');
    const { runId } = await exportedRun([sc.id]);
    expect((await api.post(`/payment_runs/${runId}/cancel`)).status).toBe(200);
    const { record } = await modules();
    // Even a payment recorded for the run behind its back is refused in the write.
    await expect(
      record.recordPayment(tenantId, company.manager.id, {
        statement_ids: [sc.id],
        payment_date: '2026-11-30',
        payment_method: 'UK bulk payment',
        payment_reference: `Payment run ${runId}`,
        payment_run_id: runId,
        idempotency_key: `payment-run:${runId}:Payee#${c.id}`,
      }),
    ).rejects.toThrow('This payment run is not being confirmed: it pays nothing');
    expect((await api.post(`/payment_runs/${runId}/confirm`, {})).status).toBe(409);
    expect(await paymentsOf(c.id)).toEqual([]);
  });
});
