import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { daysSince, utcDay } from '../support/days.js';
import { ownLabelManager } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * The payments area through the local gateway: record, list, detail,
 * edit, delete; the statements' paid state and the next statement's "paid on … via … ref …";
 * bulk_pay through payments; tenancy, permissions and bad input.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let token: string;
let companyId: string;
let userId: string;
const stamp = Date.now();
type Row = { id: string; number: string; paid: boolean; start_pay_period: string; figures: Record<string, string> };
type PaymentView = { id: string; payment_total: string; statement_ids: string[]; payment_date: string };

const statementsOf = async (payeeId: string) =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=100`)).body
    .statements as Row[];
const payee = async (name: string) => {
  const answer = await api.post('/payees', { name: `${name} ${stamp}` });
  expect(answer.status).toBe(201);
  return { type: 'Payee' as const, id: answer.body.payee.id as string, name: `${name} ${stamp}` };
};
const publish = (account: Awaited<ReturnType<typeof payee>>, range: [string, string], royalties: string) =>
  publishHandStatement(companyId, userId, account, range, royalties);
const raw = (method: string, path: string, text: string) =>
  call(method, `/api/v1${path}`, {
    token,
    company: companyId,
    rawBody: text,
    headers: { 'content-type': 'application/json' },
  });

beforeAll(async () => {
  const manager = await ownLabelManager('Payments api');
  token = manager.token;
  companyId = manager.distributed.id;
  api = inCompany(token, companyId);
  other = inCompany(token, manager.publisher.id);
  userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
}, 60_000);

// One payment's life, whose order is the point: recorded, edited, shown on the next statement, then held by it.
describe('recording a payment', { shuffle: false }, () => {
  let account: Awaited<ReturnType<typeof payee>>;
  let q1: Row;
  let payment: PaymentView & Record<string, unknown>;

  it('defaults the date to today and the currency to GBP, shown £ in messages', async () => {
    account = await payee('Ann Ångström عربي 🎵');
    await publish(account, ['2026-01', '2026-03'], '70.004000');
    q1 = (await statementsOf(account.id))[0];
    const wrong = await api.post('/payments', { statement_ids: [q1.id], payment_total: '70.01' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.payment_total[0]).toContain('£70.00');
    expect((await api.get(`/statements/${q1.id}`)).body.statement.paid).toBe(false);

    // Dated the product's today: the day of the call, or the next for a call across midnight.
    const paidFrom = utcDay();
    const answer = await api.post('/payments', {
      statement_ids: [q1.id],
      payment_total: '70.00',
      payment_method: 'BACS',
      payment_reference: 'Q1 رقم 🎵',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Payment Added');
    payment = answer.body.payment;
    expect(payment).toMatchObject({
      type: 'DistributionPayment',
      payment_date: expect.toBeOneOf(daysSince(paidFrom)),
      payment_currency: 'GBP',
      payment_total: '70.00',
      payable_type: 'Payee',
      payable_id: account.id,
      payable_name: account.name,
      statements: [{ id: q1.id, number: q1.number, payable: '70.00' }],
    });
    expect((await api.get(`/payments/${payment.id}`)).body.payment).toEqual(payment);
    expect((await api.get(`/statements/${q1.id}`)).body.statement).toMatchObject({
      paid: true,
      payment: { payment_id: payment.id, payment_method: 'BACS' },
    });
  }, 60_000);

  it('edits the date, method and references, never the money', async () => {
    const money = await api.patch(`/payments/${payment.id}`, { payment_total: '1.00', statement_ids: [] });
    expect(money.status).toBe(400);
    expect(Object.keys(money.body.errors).sort()).toEqual(['payment_total', 'statement_ids']);
    const proto = await raw('PATCH', `/payments/${payment.id}`, '{"payment_method":"x","__proto__":{"x":1}}');
    expect(proto.status).toBe(400);
    const changed = await api.patch(`/payments/${payment.id}`, {
      payment_date: '2026-04-10',
      payment_reference: 'Q1-2026',
      invoice_reference: 'INV-7',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      message: 'Payment Updated',
      payment: { payment_date: '2026-04-10', payment_reference: 'Q1-2026', invoice_reference: 'INV-7' },
    });
    expect((await api.get(`/statements/${q1.id}`)).body.statement.payment).toMatchObject({
      payment_date: '2026-04-10',
      payment_method: 'BACS',
      payment_reference: 'Q1-2026',
    });
  });

  it('shows on the next statement: paid on … via … ref …', async () => {
    await publish(account, ['2026-04', '2026-06'], '5.000000');
    const q2 = (await statementsOf(account.id)).find((s) => s.start_pay_period === '2026-04');
    expect(q2?.figures).toMatchObject({ opening_balance: '70.00', payments: '-70.00', closing_balance: '5.00' });
    const shown = (await api.get(`/statements/${q2?.id}`)).body.statement;
    expect(shown.payments_made).toEqual([
      {
        amount: '70.00',
        payment_date: '2026-04-10',
        payment_method: 'BACS',
        payment_reference: 'Q1-2026',
        paid_statement_id: q1.id,
        paid_statement_number: q1.number,
        text: `£70.00 paid on 10th Apr 2026 via BACS ref Q1-2026 (statement ${q1.number})`,
      },
    ]);
  }, 60_000);

  it('refuses to change or delete a payment a later statement shows, naming that statement', async () => {
    const q2 = (await statementsOf(account.id)).find((s) => s.start_pay_period === '2026-04');
    const deleted = await api.del(`/payments/${payment.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toContain(`on statement ${q2?.number}`);
    const moved = await api.patch(`/payments/${payment.id}`, { payment_date: '2026-04-11' });
    expect(moved.status).toBe(409);
    // A reference the statement does not print may still change.
    expect((await api.patch(`/payments/${payment.id}`, { account_reference: 'ACC-1' })).status).toBe(200);
    expect((await api.get(`/statements/${q1.id}`)).body.statement.paid).toBe(true);
  });
});

describe('deleting a payment', () => {
  it('un-pays its statements and takes the payment off the account', async () => {
    const account = await payee('Del Payee');
    await publish(account, ['2026-01', '2026-03'], '33.330000');
    const [statement] = await statementsOf(account.id);
    const created = (await api.post('/payments', { statement_ids: [statement.id] })).body.payment as PaymentView;
    const deleted = await api.del(`/payments/${created.id}`);
    expect(deleted).toEqual({ status: 200, body: { message: 'Payment Deleted' } });
    expect((await api.get(`/payments/${created.id}`)).status).toBe(404);
    expect((await api.get(`/statements/${statement.id}`)).body.statement).toMatchObject({ paid: false, payment: null });
    // Paid again (dated inside the next period, so the next statement carries it), counted once.
    expect((await api.post('/payments', { statement_ids: [statement.id], payment_date: '2026-04-01' })).status).toBe(
      201,
    );
    await publish(account, ['2026-04', '2026-06'], '1.000000');
    const next = (await statementsOf(account.id)).find((s) => s.start_pay_period === '2026-04');
    expect(next?.figures).toMatchObject({ payments: '-33.33', closing_balance: '1.00' });
  }, 60_000);
});

describe('paying twice', () => {
  it('refuses a statement whose balance a later statement carries, naming both', async () => {
    const account = await payee('Carried Payee');
    await publish(account, ['2026-01', '2026-03'], '60.000000');
    await publish(account, ['2026-04', '2026-06'], '10.000000');
    const rows = await statementsOf(account.id);
    const older = rows.find((s) => s.start_pay_period === '2026-01');
    const later = rows.find((s) => s.start_pay_period === '2026-04');
    expect(later?.figures.payable).toBe('70.00');
    const refused = await api.post('/payments', { statement_ids: [older?.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`${older?.number}`);
    expect(refused.body.message).toContain(`${later?.number}`);
    expect((await api.post('/payments', { statement_ids: [later?.id] })).body.payment.payment_total).toBe('70.00');
  }, 60_000);
});

describe('bulk_pay and pay_statement', () => {
  it('record one payment per account, and bulk unpay deletes it', async () => {
    const one = await payee('Bulk One');
    const two = await payee('Bulk Two');
    await publish(one, ['2026-01', '2026-03'], '11.000000');
    await publish(two, ['2026-01', '2026-03'], '22.000000');
    const ids = [(await statementsOf(one.id))[0].id, (await statementsOf(two.id))[0].id];
    const paid = await api.post('/statements/bulk_pay', { statement_ids: ids, paid: true });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe('Statement Marked as Paid');
    const payments = (await api.get(`/payments?payable_id=${one.id}`)).body.payments as PaymentView[];
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ payment_total: '11.00', statement_ids: [ids[0]] });
    expect((await api.get(`/payments?payable_id=${two.id}`)).body.payments[0].payment_total).toBe('22.00');
    // Paid already: a second bulk pay records nothing more; pay_statement refuses by number.
    expect((await api.post('/statements/bulk_pay', { statement_ids: ids, paid: true })).status).toBe(200);
    expect((await api.get(`/payments?payable_id=${one.id}`)).body.total_count).toBe(1);
    const again = await api.post('/statements/pay_statement', { id: ids[0] });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain((await statementsOf(one.id))[0].number);

    const unpaid = await api.post('/statements/bulk_pay', { statement_ids: [ids[0]], paid: false });
    expect(unpaid.status).toBe(200);
    expect((await api.get(`/payments?payable_id=${one.id}`)).body.total_count).toBe(0);
    expect((await api.get(`/statements/${ids[0]}`)).body.statement.paid).toBe(false);
  }, 60_000);

  it("pays no account when one account's payment is refused: the answer's refusal is all that happened", async () => {
    const fine = await payee('Bulk Fine');
    const carried = await payee('Bulk Carried');
    await publish(fine, ['2026-01', '2026-03'], '5.000000');
    await publish(carried, ['2025-01', '2025-03'], '7.000000');
    await publish(carried, ['2025-04', '2025-06'], '8.000000');
    const fineQ1 = (await statementsOf(fine.id))[0];
    const [older, later] = (await statementsOf(carried.id)).sort((a, b) =>
      a.start_pay_period.localeCompare(b.start_pay_period),
    );
    // The older statement's balance is carried into the later one: paying it alone would pay it twice.
    const refused = await api.post('/statements/bulk_pay', { statement_ids: [fineQ1.id, older.id], paid: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Statement ${older.number}'s balance is carried into statement ${later.number} (its opening balance): pay ${later.number}, which includes it`,
    );
    expect((await api.get(`/statements/${fineQ1.id}`)).body.statement.paid).toBe(false);
    expect((await api.get(`/payments?payable_id=${fine.id}`)).body.total_count).toBe(0);
  }, 60_000);
});

describe('the list', () => {
  it('pages newest first and filters by payee, label and q', async () => {
    const account = await payee('List Payee');
    const made: PaymentView[] = [];
    for (const [i, range] of (
      [
        ['2025-01', '2025-03'],
        ['2025-04', '2025-06'],
        ['2025-07', '2025-09'],
      ] as [string, string][]
    ).entries()) {
      await publish(account, range, `${i + 1}.000000`);
      const statement = (await statementsOf(account.id)).find((s) => s.start_pay_period === range[0]);
      // Dated in the statement's last month: the next statement carries it (else it would still count it).
      const payment_date = `${range[1]}-28`;
      const body = { statement_ids: [statement?.id], payment_reference: `LIST-${i}`, payment_date };
      made.push((await api.post('/payments', body)).body.payment);
    }
    const page1 = await api.get(`/payments?payable_id=${account.id}&per_page=5`);
    expect(page1.body).toMatchObject({ total_count: 3, total_pages: 1 });
    expect(page1.body.payments.map((p: PaymentView) => p.id)).toEqual(made.map((p) => p.id).reverse());
    const found = await api.get(`/payments?q=LIST-1&payable_id=${account.id}`);
    expect(found.body.payments.map((p: PaymentView) => p.id)).toEqual([made[1].id]);
    expect((await api.get(`/payments?label_id=nolabel&payable_id=${account.id}`)).body.total_count).toBe(0);
    const second = await api.get(`/payments?payable_id=${account.id}&per_page=5&page=2`);
    expect(second.body).toMatchObject({ payments: [], total_count: 3, total_pages: 1 });
    const oldest = await api.get(`/payments?payable_id=${account.id}&order=created_at asc`);
    expect(oldest.body.payments.map((p: PaymentView) => p.id)).toEqual(made.map((p) => p.id));
  }, 60_000);
});

describe('tenancy, permissions and bad input', () => {
  let statementId: string;
  let paymentId: string;

  beforeAll(async () => {
    const account = await payee('Tenant Payee');
    await publish(account, ['2026-01', '2026-03'], '9.000000');
    statementId = (await statementsOf(account.id))[0].id;
    paymentId = (await api.post('/payments', { statement_ids: [statementId] })).body.payment.id;
    expect((await api.post('/statements/bulk_pay', { statement_ids: [statementId], paid: false })).status).toBe(200);
  }, 60_000);

  it("answers another company's payment and statement as not found", async () => {
    const mine = (await api.post('/payments', { statement_ids: [statementId] })).body.payment.id as string;
    expect((await other.get(`/payments/${mine}`)).status).toBe(404);
    expect((await other.patch(`/payments/${mine}`, { payment_reference: 'x' })).status).toBe(404);
    expect((await other.del(`/payments/${mine}`)).status).toBe(404);
    expect((await other.post('/payments', { statement_ids: [statementId] })).status).toBe(404);
    expect((await other.get('/payments?per_page=1000')).body.payments.map((p: PaymentView) => p.id)).not.toContain(
      mine,
    );
    expect((await api.get(`/payments/${mine}`)).status).toBe(200);
    expect((await api.get(`/payments/${paymentId}`)).status).toBe(404);
  });

  it('refuses a member whose role does not handle money', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const member = await newConfirmedUser('Payment Intern');
    const memberId = (await call('GET', '/api/v1/me', { token: member.token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Pay Intern Co ${stamp}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: memberId, role: 'intern' }] },
    });
    const intern = inCompany(member.token, company);
    expect((await intern.get('/payments')).status).toBe(403);
    expect((await intern.post('/payments', { statement_ids: ['x'] })).status).toBe(403);
    expect((await intern.patch('/payments/x', { payment_reference: 'x' })).status).toBe(403);
    expect((await intern.del('/payments/x')).status).toBe(403);
  }, 60_000);

  it('refuses bad input with field errors, never a 500', async () => {
    const account = await payee('Bad Input Payee');
    await publish(account, ['2026-01', '2026-03'], '4.000000');
    const statementId = (await statementsOf(account.id))[0].id;
    const surrogate = await raw(
      'POST',
      '/payments',
      `{"statement_ids":["${statementId}"],"payment_reference":"a\\ud800"}`,
    );
    expect(surrogate.status).toBe(400);
    expect(Object.keys(surrogate.body.errors)).toEqual(['payment_reference']);
    const proto = await raw('POST', '/payments', `{"statement_ids":["${statementId}"],"__proto__":{"x":1}}`);
    expect(proto.status).toBe(400);
    expect(proto.body.errors).toEqual(JSON.parse('{"__proto__": ["Proto is not a known field"]}'));
    const cases: [object, string][] = [
      [{ statement_ids: [] }, 'statement_ids'],
      [{ statement_ids: [statementId], payment_date: '2026-02-30' }, 'payment_date'],
      [{ statement_ids: [statementId], payment_total: 12.5 }, 'payment_total'],
      [{ statement_ids: [statementId], payment_total: '1e3' }, 'payment_total'],
      [{ statement_ids: [statementId], payment_currency: 'USD' }, 'payment_currency'],
      [{ statement_ids: [statementId], payment_currency: '£££' }, 'payment_currency'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.post('/payments', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
    expect((await api.get('/payments?page=0')).status).toBe(400);
    expect([200, 400]).toContain((await api.get('/payments?q=%ED%A0%80')).status);
    const payment = (await api.post('/payments', { statement_ids: [statementId] })).body.payment;
    const badPatch = await raw('PATCH', `/payments/${payment.id}`, '{"invoice_reference":"b\\udc00"}');
    expect(badPatch.status).toBe(400);
    expect(Object.keys(badPatch.body.errors)).toEqual(['invoice_reference']);
    expect((await api.del(`/payments/${payment.id}`)).status).toBe(200);
    expect((await api.get('/payments/%F0%9F%8E%B5')).status).toBe(404);
    expect((await api.get(`/payments?q=${encodeURIComponent('عربي 🎵')}`)).status).toBe(200);
    expect((await api.get(`/statements/${statementId}`)).body.statement.paid).toBe(false);
  });
});
