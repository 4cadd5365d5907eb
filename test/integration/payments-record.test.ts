import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * recordPayment (functions/money/payments/record.ts): the seam payment runs confirm through.
 * Statements are published through the worker's account step on the real table; the payment is
 * recorded by calling the function itself, and read back through the API.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let tenantId: string;
let otherTenantId: string;
let userId: string;
const stamp = Date.now();
type Row = { id: string; number: string; paid: boolean; start_pay_period: string; figures: Record<string, string> };

const record = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return (await import('../../functions/money/payments/record.js')).recordPayment;
};
const statementsOf = async (payeeId: string) =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=100`)).body
    .statements as Row[];
const payee = async (name: string) => {
  const answer = await api.post('/payees', { name });
  expect(answer.status).toBe(201);
  return { type: 'Payee' as const, id: answer.body.payee.id as string, name };
};
/** A payee with one published statement paying `royalties` (rounded to the cent). */
const statementFor = async (name: string, royalties: string, range: [string, string] = ['2026-01', '2026-03']) => {
  const account = await payee(`${name} ${stamp}`);
  await publishHandStatement(tenantId, userId, account, range, royalties);
  return { account, statement: (await statementsOf(account.id))[0] };
};
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as { status: number; message: string; errors?: Record<string, string[]> };
  }
  throw new Error('expected a refusal');
};
const basics = { payment_date: '2026-04-10', payment_method: 'BACS', payment_reference: 'Q1-2026' };
type Paid = { statementId: string; accountKey: string };
/** A payment of these statements as recordPayment would write it, for calling writePayment directly. */
const handPayment = (paymentId: string, name: string, statements: Paid[], total: string) => ({
  tenantId,
  paymentId,
  accountKey: statements[0].accountKey,
  payable_name: name,
  payment_date: basics.payment_date,
  payment_currency: 'GBP',
  payment_total: total,
  payment_subtotal: total,
  payment_vat_total: '0.00',
  statement_ids: statements.map((s) => s.statementId),
  statements: [],
  userId,
});
/** The account's stated-periods guard as a payment reads it before its write. */
const guardOf = async ({ accountKey }: Paid) => {
  const { readStatedVersion } = await import('../../functions/data/access/statements.js');
  return { accountKey, version: await readStatedVersion(tenantId, accountKey) };
};

beforeAll(async () => {
  const manager = await ownLabelManager('Payments record');
  api = inCompany(manager.token, manager.distributed.id);
  tenantId = manager.distributed.id;
  otherTenantId = manager.publisher.id;
  userId = (await call('GET', '/api/v1/me', { token: manager.token })).body.user.id;
}, 60_000);

describe('recordPayment', () => {
  it('records one payment of the statement, marks it paid and the next statement shows it', async () => {
    const recordPayment = await record();
    const { account, statement } = await statementFor('Ann Payable', '70.004000');
    expect(statement.figures.payable).toBe('70.00');
    const payment = await recordPayment(tenantId, userId, { statement_ids: [statement.id], ...basics });
    expect(payment).toMatchObject({
      type: 'DistributionPayment',
      payable_type: 'Payee',
      payable_id: account.id,
      payable_name: account.name,
      payment_total: '70.00',
      payment_subtotal: '70.00',
      payment_vat_total: '0.00',
      payment_currency: 'GBP',
      statement_ids: [statement.id],
      statements: [{ id: statement.id, number: statement.number, payable: '70.00' }],
      ...basics,
    });
    const paid = (await api.get(`/statements/${statement.id}`)).body.statement;
    expect(paid).toMatchObject({ paid: true, payment: { ...basics, payment_id: payment.id } });

    await publishHandStatement(tenantId, userId, account, ['2026-04', '2026-06'], '5.000000');
    const next = (await statementsOf(account.id)).find((s) => s.start_pay_period === '2026-04');
    expect(next?.figures).toMatchObject({ opening_balance: '70.00', payments: '-70.00', closing_balance: '5.00' });
  }, 60_000);

  it('never pays twice for the same idempotency key, even at the same moment', async () => {
    const recordPayment = await record();
    const { statement } = await statementFor('Idem Payee', '12.340000');
    const input = { statement_ids: [statement.id], ...basics, idempotency_key: `run-x:${statement.id}` };
    const [a, b] = await Promise.allSettled([
      recordPayment(tenantId, userId, input),
      recordPayment(tenantId, userId, input),
    ]);
    const first = a.status === 'fulfilled' ? a.value : b.status === 'fulfilled' ? b.value : null;
    expect(first?.payment_total).toBe('12.34');
    const again = await recordPayment(tenantId, userId, input);
    expect(again.id).toBe(first?.id);
    const payments = (await api.get(`/payments?q=${encodeURIComponent(statement.number)}&per_page=100`)).body
      .payments as { id: string }[];
    expect(payments.map((p) => p.id)).toEqual([first?.id]);
  }, 60_000);

  it('refuses a total that is not the statements’ payable to the cent, naming the field', async () => {
    const recordPayment = await record();
    const { statement } = await statementFor('Total Payee', '10.005000');
    expect(statement.figures.payable).toBe('10.01');
    const error = await refusal(
      recordPayment(tenantId, userId, { statement_ids: [statement.id], ...basics, payment_total: '10.00' }),
    );
    expect(error.status).toBe(400);
    expect(error.errors?.payment_total?.[0]).toContain('£10.01');
    expect((await api.get(`/statements/${statement.id}`)).body.statement.paid).toBe(false);
    const ok = await recordPayment(tenantId, userId, {
      statement_ids: [statement.id],
      ...basics,
      payment_total: '10.010',
    });
    expect(ok.payment_total).toBe('10.01');
  }, 60_000);

  it('refuses statements of two accounts, and a paid statement by its number, changing nothing', async () => {
    const recordPayment = await record();
    const one = await statementFor('One Payee', '20.000000');
    const two = await statementFor('Two Payee', '30.000000');
    const mixed = await refusal(
      recordPayment(tenantId, userId, { statement_ids: [one.statement.id, two.statement.id], ...basics }),
    );
    expect(mixed.status).toBe(400);
    expect(mixed.errors?.statement_ids).toBeDefined();
    await recordPayment(tenantId, userId, { statement_ids: [two.statement.id], ...basics });
    const twice = await refusal(recordPayment(tenantId, userId, { statement_ids: [two.statement.id], ...basics }));
    expect(twice.status).toBe(409);
    expect(twice.message).toContain(two.statement.number);
    expect((await api.get(`/statements/${one.statement.id}`)).body.statement.paid).toBe(false);
  }, 60_000);

  it('writes all or nothing: a statement paid between the checks and the write leaves no trace', async () => {
    Object.assign(process.env, inject('cloudEnv'));
    const access = await import('../../functions/data/access/payments.js');
    const { getStatement } = await import('../../functions/data/access/statements.js');
    const { entriesOfAccount } = await import('../../functions/data/access/accounts.js');
    const recordPayment = await record();
    const account = await payee(`Atomic Payee ${stamp}`);
    await publishHandStatement(tenantId, userId, account, ['2025-01', '2025-03'], '0.000000');
    await publishHandStatement(tenantId, userId, account, ['2025-04', '2025-06'], '15.000000');
    const rows = await statementsOf(account.id);
    const [first, second] = await Promise.all(rows.map((r) => getStatement(tenantId, r.id)));
    if (!first || !second) throw new Error('statements missing');
    // The second is paid (as by another request) after recordPayment would have checked it.
    await recordPayment(tenantId, userId, { statement_ids: [second.statementId], ...basics });
    const lines = [first, second].map((statement) => ({ statement, amount: '-1.00' }));
    const payment = handPayment(`ATOMIC${stamp}`, account.name, [first, second], '15.00');
    const stated = await guardOf(first);
    const outcome = await access.writePayment(payment, lines, { ...basics, payment_id: payment.paymentId }, stated);
    expect(outcome).toEqual({ outcome: 'refused', statementId: second.statementId });
    expect(await access.getPayment(tenantId, payment.paymentId)).toBeNull();
    expect((await getStatement(tenantId, first.statementId))?.paid).toBe(false);
    const entries = await entriesOfAccount(tenantId, first.accountKey);
    expect(entries.filter((e) => e.paid_statement_id === first.statementId)).toEqual([]);
  }, 60_000);

  it('writes nothing when a statement of the account was numbered between the read and the write', async () => {
    Object.assign(process.env, inject('cloudEnv'));
    const access = await import('../../functions/data/access/payments.js');
    const { getStatement } = await import('../../functions/data/access/statements.js');
    const recordPayment = await record();
    const account = await payee(`Guarded Payee ${stamp}`);
    await publishHandStatement(tenantId, userId, account, ['2025-01', '2025-03'], '20.000000');
    const [row] = await statementsOf(account.id);
    const first = await getStatement(tenantId, row.id);
    if (!first) throw new Error('statement missing');
    const read = await guardOf(first);
    // The next quarter's statement is numbered after the payment read the account: it carries the first's balance.
    await publishHandStatement(tenantId, userId, account, ['2025-04', '2025-06'], '-5.000000');
    const payment = handPayment(`GUARD${stamp}`, account.name, [first], '20.00');
    const lines = [{ statement: first, amount: '-20.00' }];
    const outcome = await access.writePayment(payment, lines, { ...basics, payment_id: payment.paymentId }, read);
    expect(outcome).toEqual({ outcome: 'stated_moved' });
    expect(await access.getPayment(tenantId, payment.paymentId)).toBeNull();
    expect((await getStatement(tenantId, first.statementId))?.paid).toBe(false);
    // Read again, the rule names the statement that carries it: 15.00 is owed, not 20.00.
    const rows = await statementsOf(account.id);
    const second = rows.find((r) => r.id !== first.statementId);
    const refused = await refusal(recordPayment(tenantId, userId, { statement_ids: [first.statementId], ...basics }));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`pay ${second?.number}`);
  }, 60_000);

  it('refuses a statement a newer version corrects, by its number', async () => {
    Object.assign(process.env, inject('cloudEnv'));
    const { getDb } = await import('../../functions/data/service.js');
    const recordPayment = await record();
    const { statement } = await statementFor('Superseded Payee', '6.000000');
    await getDb()
      .entities.Statement.patch({ tenantId, statementId: statement.id })
      .set({ superseded_by: 'NEWER' })
      .go();
    const error = await refusal(recordPayment(tenantId, userId, { statement_ids: [statement.id], ...basics }));
    expect(error.status).toBe(409);
    expect(error.message).toContain(statement.number);
    expect(error.errors?.statement_ids?.[0]).toContain('corrected');
  }, 60_000);

  it("answers another company's statement as not found", async () => {
    const recordPayment = await record();
    const { statement } = await statementFor('Tenant Payee', '8.000000');
    const error = await refusal(recordPayment(otherTenantId, userId, { statement_ids: [statement.id], ...basics }));
    expect(error.status).toBe(404);
    expect((await api.get(`/statements/${statement.id}`)).body.statement.paid).toBe(false);
  }, 60_000);
});
