import Big from 'big.js';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { formatDate } from '../../shared/format.js';
import { roleRefusal } from '../../shared/permissions.js';
import { type ApiAnswer, call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { dueStatement } from '../support/due-statements.js';
import { goAfter } from '../support/go-after.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * Payouts through the local gateway: payout details sealed at rest and
 * answered masked, every change logged without its value; what is due and why not; payment runs
 * from preview to files whose amounts are the statements' to the cent (the SEPA file valid against
 * the EPC schema), confirmed once however often it is confirmed; another company's payees, runs and
 * files out of reach; money refused to a role without it.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let tenantId: string;
let userId: string;
const stamp = Date.now();
const IBAN = 'FR1420041010050500013M02606';
const DEBTOR_IBAN = 'DE89370400440532013000';

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    db: (await import('../../functions/data/service.js')).getDb(),
    xsd: await import('../../functions/money/payouts/files/xsd.js'),
    logs: await import('../../functions/data/access/logs.js'),
    objects: await import('../../functions/lib/bucket-objects.js'),
  };
};
const newPayee = async (name: string, extra: object = {}) => {
  const answer = await api.post('/payees', { name: `${name} ${stamp}`, ...extra });
  expect(answer.status).toBe(201);
  return { id: answer.body.payee.id as string, name: answer.body.payee.name as string };
};
const sepaDetails = {
  method: 'sepa',
  account_name: 'Aurora Vale',
  iban: 'FR14 2004 1010 0505 0001 3M02 606',
  bic: 'psstfrppxxx',
};
let token: string;
let companies: { mine: string; theirs: string };
/** PUT payees/{id}/payout_details in our company (or, with `theirs`, the other one). */
const put = (payeeId: string, body: object, where: 'mine' | 'theirs' = 'mine') =>
  call('PUT', `/api/v1/payees/${payeeId}/payout_details`, { token, company: companies[where], body });
const fetchText = async (url: string) => (await fetch(url)).text();

beforeAll(async () => {
  const manager = await ownLabelManager('Payouts');
  token = manager.token;
  companies = { mine: manager.distributed.id, theirs: manager.publisher.id };
  api = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);
  tenantId = manager.distributed.id;
  userId = (await call('GET', '/api/v1/me', { token: manager.token })).body.user.id;
  const debtor = await call('PUT', '/api/v1/company/debtor_account', {
    token,
    company: tenantId,
    body: { name: 'Northern Lights Records', iban: DEBTOR_IBAN, bic: 'COBADEFFXXX' },
  });
  expect(debtor.status).toBe(200);
}, 60_000);

describe('payout details', () => {
  it('are checked field by field in the user’s words', async () => {
    const payee = await newPayee('Checked Payee');
    const wrong = await put(payee.id, { ...sepaDetails, iban: 'FR1420041010050500013M02607', bic: 'COBADEF' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      iban: ['This IBAN is mistyped: its check digits do not match'],
      bic: ['A BIC has 8 or 11 letters and digits'],
    });
    const uk = await put(payee.id, { method: 'uk_bulk', account_name: 'Ann', sort_code: '12-34', account_number: 'x' });
    expect(uk.body.errors).toEqual({
      sort_code: ['A sort code has 6 digits, like 12-34-56'],
      account_number: ['A UK account number has 8 digits'],
    });
    const missing = await put(payee.id, { method: 'paypal' });
    expect(missing.body.errors).toEqual({ email: ['E-mail is required'] });
    expect((await api.get(`/payees/${payee.id}/payout_details`)).body.payout_details.method).toBeNull();
  });

  it('are stored sealed, answered masked and every change logged without its value', async () => {
    const payee = await newPayee('Masked Payee');
    const saved = await put(payee.id, sepaDetails);
    expect(saved.status).toBe(200);
    expect(saved.body.payout_details).toMatchObject({
      method: 'sepa',
      account_name: 'Aurora Vale',
      currency: 'EUR',
      iban_last4: '•••• 2606',
      bic: 'PSSTFRPPXXX',
      complete: true,
      updated_by: userId,
    });
    const read = await api.get(`/payees/${payee.id}/payout_details`);
    expect(read.body.payout_details).toEqual(saved.body.payout_details);
    expect(JSON.stringify(read.body)).not.toContain('20041010050500013');
    // Changing the name only keeps the stored IBAN (the browser never had it).
    const renamed = await put(payee.id, { method: 'sepa', account_name: 'A. Vale' });
    expect(renamed.body.payout_details).toMatchObject({ account_name: 'A. Vale', iban_last4: '•••• 2606' });

    const { db, logs } = await modules();
    const raw = await db.entities.PayoutDetail.get({ tenantId, accountKey: `Payee#${payee.id}` }).go();
    expect(JSON.stringify(raw.data)).not.toMatch(/20041010050500013|FR14/);
    // The log is read by people: the payee by name and the fields in words, never an id or a field's code.
    const mine = (await logs.logsOf(userId)).filter((l) => l.subject?.includes(payee.name));
    expect(mine.map((l) => l.subject)).toEqual(
      expect.arrayContaining([
        `Payout details of payee ${payee.name} changed: method, account name, currency, IBAN, BIC`,
        `Payout details of payee ${payee.name} changed: account name`,
      ]),
    );
    expect(JSON.stringify(mine)).not.toMatch(/2606|20041010|Aurora/);
  });

  it('of another company’s payee are never readable nor changeable (404)', async () => {
    const payee = await newPayee('Private Payee');
    expect((await put(payee.id, sepaDetails)).status).toBe(200);
    expect((await other.get(`/payees/${payee.id}/payout_details`)).status).toBe(404);
    expect((await put(payee.id, sepaDetails, 'theirs')).status).toBe(404);
    expect((await other.del(`/payees/${payee.id}/payout_details`)).status).toBe(404);
    expect((await api.get(`/payees/${payee.id}/payout_details`)).body.payout_details.iban_last4).toBe('•••• 2606');
  });

  it('of the company’s own debtor account are masked too', async () => {
    const read = await api.get('/company/debtor_account');
    expect(read.body.debtor_account).toMatchObject({
      name: 'Northern Lights Records',
      iban_last4: '•••• 3000',
      bic: 'COBADEFFXXX',
      complete: true,
    });
    expect(JSON.stringify(read.body)).not.toContain(DEBTOR_IBAN);
  });
});

describe('payments due', () => {
  it('list each account with why a run cannot pay it yet', async () => {
    const without = await newPayee('No Details Payee');
    const selfBilled = await newPayee('Self Billed Payee', { self_billing: true });
    const low = await newPayee('Low Payee', { minimum_payout: '100' });
    await dueStatement(tenantId, without, '10.00');
    await dueStatement(tenantId, selfBilled, '10.00');
    await dueStatement(tenantId, low, '10.00');
    for (const payee of [selfBilled, low]) expect((await put(payee.id, sepaDetails)).status).toBe(200);
    const due = await api.post('/statements/payments_due_summary', {});
    expect(due.status).toBe(200);
    const problemsOf = (id: string) =>
      due.body.payments_due.find((d: { account: { id: string } }) => d.account.id === id)?.problems;
    expect(problemsOf(without.id)).toEqual(['no_payout_details']);
    expect(problemsOf(selfBilled.id)).toEqual(['self_billing_invoice_missing']);
    expect(problemsOf(low.id)).toEqual(['below_minimum_payout']);
  });
});

// Its first three tests are one run's life, whose order is the point: exported, out of another company's reach, then
// confirmed twice at once and paying once.
describe('payment runs', { shuffle: false }, () => {
  let runId: string;
  let statements: { id: string; number: string; amount: string; payeeId: string }[];

  it('export one checked file per method, the amounts the statements’ payable to the cent', async () => {
    const sepaPayees = [await newPayee('Sepa One'), await newPayee('Sepa Two')];
    const ukPayee = await newPayee('Uk One');
    for (const p of sepaPayees) expect((await put(p.id, sepaDetails)).status).toBe(200);
    expect(
      (
        await put(ukPayee.id, {
          method: 'uk_bulk',
          account_name: 'Uk One',
          sort_code: '20-00-00',
          account_number: '55779911',
        })
      ).status,
    ).toBe(200);
    const amounts = ['1234.57', '0.01', '999.99', '33.33'];
    statements = [];
    for (const [i, amount] of amounts.entries()) {
      const payee = i < 2 ? sepaPayees[0] : sepaPayees[1];
      statements.push({ ...(await dueStatement(tenantId, payee, amount)), amount, payeeId: payee.id });
    }
    const uk = { ...(await dueStatement(tenantId, ukPayee, '12.35', 'GBP')), amount: '12.35', payeeId: ukPayee.id };
    statements.push(uk);

    const created = await api.post('/payment_runs', {
      statement_ids: statements.map((s) => s.id),
      execution_date: '2026-12-01',
    });
    expect(created.status).toBe(201);
    runId = created.body.payment_run.id;
    expect(created.body.payment_run).toMatchObject({ status: 'draft', files: [] });
    expect(created.body.payment_run.totals).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', count: 4, amount: '2267.90' },
        { currency: 'GBP', count: 1, amount: '12.35' },
      ]),
    );
    // While the run is open its statements are in it: a second run cannot take them.
    const again = await api.post('/payment_runs', { statement_ids: [statements[0].id] });
    expect(again.status).toBe(400);
    expect(again.body.errors.statement_ids[0]).toContain('already in a payment run');

    const exported = await api.post(`/payment_runs/${runId}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.payment_run.files).toEqual([
      {
        name: 'sepa-eur-1.xml',
        method: 'sepa',
        currency: 'EUR',
        rows: 4,
        total: '2267.90',
        validated_against: 'pain.001.001.09.xsd',
      },
      {
        name: 'uk-bulk-gbp-1.csv',
        method: 'uk_bulk',
        currency: 'GBP',
        rows: 1,
        total: '12.35',
        validated_against: null,
      },
    ]);

    const { xsd } = await modules();
    const sepa = await api.get(`/payment_runs/${runId}/files/sepa-eur-1.xml`);
    expect(sepa.body.filename).toBe('payment-run-2026-12-01-sepa-eur-1.xml');
    const xml = await fetchText(sepa.body.url);
    expect(xsd.schemaFindings(xml)).toEqual([]);
    const stated = xsd.statedAmounts(xml);
    const byNumber = (a: { endToEndId: string }, b: { endToEndId: string }) => a.endToEndId.localeCompare(b.endToEndId);
    expect(stated.transactions.sort(byNumber)).toEqual(
      statements
        .slice(0, 4)
        .map((s) => ({ endToEndId: s.number, amount: s.amount, currency: 'EUR' }))
        .sort(byNumber),
    );
    const sum = statements
      .slice(0, 4)
      .reduce((t, s) => t.plus(s.amount), new Big(0))
      .toFixed(2);
    expect(stated.controlSums).toEqual([sum, sum]);
    expect(xml).toContain(`<IBAN>${IBAN}</IBAN>`);
    expect(xml).toContain(`<IBAN>${DEBTOR_IBAN}</IBAN>`);
    const csv = await fetchText((await api.get(`/payment_runs/${runId}/files/uk-bulk-gbp-1.csv`)).body.url);
    expect(csv).toBe(`200000,55779911,UK ONE,12.35,${uk.number}\r\n`);
    expect((await api.get(`/payment_runs/${runId}/files/nothing.csv`)).status).toBe(404);
    // Who downloaded a bank file (it carries account numbers in full) is logged.
    const { logs } = await modules();
    expect((await logs.logsOf(userId)).map((l) => [l.action, l.subject])).toEqual(
      expect.arrayContaining([['download', 'Bank file sepa-eur-1.xml of the payment run of 1st Dec 2026']]),
    );
    // Frozen: the run answers the same files when exported again.
    expect((await api.post(`/payment_runs/${runId}/export`)).body.payment_run.exported_at).toBe(
      exported.body.payment_run.exported_at,
    );
  });

  it('are out of reach of another company', async () => {
    expect((await other.get(`/payment_runs/${runId}`)).status).toBe(404);
    expect((await other.get(`/payment_runs/${runId}/files/sepa-eur-1.xml`)).status).toBe(404);
    expect((await other.post(`/payment_runs/${runId}/confirm`, {})).status).toBe(404);
    expect((await other.post(`/payment_runs/${runId}/cancel`)).status).toBe(404);
    const theirs = (await other.get('/payment_runs?per_page=1000')).body.payment_runs.map((r: { id: string }) => r.id);
    expect(theirs).not.toContain(runId);
    expect((await other.post('/payment_runs', { statement_ids: [statements[0].id] })).status).toBe(404);
  });

  it('pay nothing twice however often they are confirmed', async () => {
    const [first, second] = await Promise.all([
      api.post(`/payment_runs/${runId}/confirm`, {}),
      api.post(`/payment_runs/${runId}/confirm`, {}),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await api.post(`/payment_runs/${runId}/confirm`, {});
    expect(third.body.payment_run.status).toBe('confirmed');
    const items = third.body.payment_run.items as { statement_id: string; payment_id: string }[];
    expect(items.every((i) => i.payment_id)).toBe(true);
    // One payment per account, each of its statements' payable exactly.
    for (const payeeId of new Set(statements.map((s) => s.payeeId))) {
      const payments = (await api.get(`/payments?payable_id=${payeeId}`)).body.payments as {
        payment_total: string;
        payment_run_id: string;
        payment_reference: string;
      }[];
      expect(payments).toHaveLength(1);
      const owed = statements.filter((s) => s.payeeId === payeeId).reduce((t, s) => t.plus(s.amount), new Big(0));
      expect(payments[0]).toMatchObject({ payment_total: owed.toFixed(2), payment_run_id: runId });
      // In words a person reads beside the bank statement: the run's day and the statements, never the run's id.
      const numbers = items
        .filter((i) => statements.some((s) => s.id === i.statement_id && s.payeeId === payeeId))
        .map((i) => (i as { statement_number?: string }).statement_number);
      // The day as the product writes days ("7th Dec 2026"), not the stored "2026-12-07".
      expect(payments[0]?.payment_reference).toBe(
        `Payment run of ${formatDate(third.body.payment_run.execution_date)}: ${numbers.join(', ')}`,
      );
      expect(payments[0]?.payment_reference).not.toContain(third.body.payment_run.execution_date);
      expect(payments[0]?.payment_reference).not.toContain(runId);
    }
    for (const s of statements) {
      const statement = (await api.get(`/statements/${s.id}`)).body.statement;
      expect(statement.paid).toBe(true);
    }
    // Each statement's payment is on its account once.
    const { db } = await modules();
    for (const payeeId of new Set(statements.map((s) => s.payeeId))) {
      const entries = await db.entities.AccountEntry.query.byAccount({ tenantId, accountKey: `Payee#${payeeId}` }).go();
      const paid = entries.data.filter((e) => e.kind === 'payment');
      expect(paid).toHaveLength(statements.filter((s) => s.payeeId === payeeId).length);
    }
    expect((await api.post(`/payment_runs/${runId}/cancel`)).status).toBe(409);
    const due = await api.post('/statements/payments_due_summary', {});
    const dueIds = due.body.payments_due.flatMap((d: { statement_ids: string[] }) => d.statement_ids);
    for (const s of statements) expect(dueIds).not.toContain(s.id);
  });

  it('refuse to confirm before export, and free the statements when cancelled', async () => {
    const payee = await newPayee('Cancelled Payee');
    expect((await put(payee.id, sepaDetails)).status).toBe(200);
    const statement = await dueStatement(tenantId, payee, '5.55');
    const run = (await api.post('/payment_runs', { statement_ids: [statement.id] })).body.payment_run;
    expect((await api.post(`/payment_runs/${run.id}/confirm`, {})).status).toBe(409);
    expect((await api.post(`/payment_runs/${run.id}/cancel`)).body.payment_run.status).toBe('cancelled');
    expect((await api.post(`/payment_runs/${run.id}/export`)).status).toBe(409);
    expect((await api.post('/payment_runs', { statement_ids: [statement.id] })).status).toBe(201);
  });

  it('never offer a SEPA file without the company’s bank account', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const fresh = (await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `No Bank ${stamp}` } }))
      .body.company.id;
    const freshApi = inCompany(admin, fresh);
    const payee = (await freshApi.post('/payees', { name: `Fresh Payee ${stamp}` })).body.payee;
    const saved = await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, {
      token: admin,
      company: fresh,
      body: sepaDetails,
    });
    expect(saved.status).toBe(200);
    await dueStatement(fresh, payee, '7.00');
    const run = (await freshApi.post('/payment_runs', {})).body.payment_run;
    const exported = await freshApi.post(`/payment_runs/${run.id}/export`);
    expect(exported.status).toBe(400);
    expect(exported.body.errors).toEqual({
      debtor_account: ["Set the company's bank account (name, IBAN, BIC) before making a SEPA file"],
    });
    expect((await freshApi.get(`/payment_runs/${run.id}`)).body.payment_run).toMatchObject({
      status: 'draft',
      files: [],
    });
  });
});

describe('a double click: two requests on one run, the second checking its statements after the first is done', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A draft run paying one new SEPA payee one due statement of `amount`. */
  async function runOfOne(name: string, amount: string) {
    const payee = await newPayee(name);
    expect((await put(payee.id, sepaDetails)).status).toBe(200);
    const statement = await dueStatement(tenantId, payee, amount);
    const created = await api.post('/payment_runs', { statement_ids: [statement.id], execution_date: '2026-12-01' });
    expect(created.status).toBe(201);
    return { payee, runId: created.body.payment_run.id as string };
  }

  /**
   * Makes the race certain: the second request runs in this process against the test cloud, and the moment it reads
   * the payee's statements (the check that they are still due) `first` starts and that read waits for it. Answers
   * the second's result and what `first` gave (undefined if the second never read them).
   */
  async function secondAfterFirst<T, F>(payeeId: string, second: () => Promise<T>, first: () => Promise<F>) {
    const query = (await modules()).db.entities.Statement.query;
    const byAccount = query.byAccount.bind(query);
    let firstDone: Promise<F> | undefined;
    vi.spyOn(query, 'byAccount').mockImplementation(((key: { accountKey: string }) => {
      const read = byAccount(key as never);
      if (firstDone || key.accountKey !== `Payee#${payeeId}`) return read;
      const started = first();
      firstDone = started;
      return goAfter(read, () => started);
    }) as never);
    const result = await second();
    return { second: result, first: await firstDone };
  }

  // Confirm: the second read the run while it was still exported; the first then paid it whole.
  it('confirmed twice: answers the second with the run paid once, never "Nothing was paid"', async () => {
    const { payee, runId } = await runOfOne('Double Confirm', '42.42');
    expect((await api.post(`/payment_runs/${runId}/export`)).status).toBe(200);
    const { confirmRun } = await import('../../functions/money/payouts/runs.js');
    const raced = await secondAfterFirst(
      payee.id,
      () => confirmRun(tenantId, userId, runId),
      () => api.post(`/payment_runs/${runId}/confirm`, {}),
    );
    expect(raced.first?.status).toBe(200);
    expect(raced.second).toMatchObject({ status: 'confirmed' });
    const payments = (await api.get(`/payments?payable_id=${payee.id}`)).body.payments as { payment_total: string }[];
    expect(payments.map((p) => p.payment_total)).toEqual(['42.42']);
  });

  // Export: the first froze the run with its files; a second later (so the second's file is made at another time of
  // day) the second makes and stores its own.
  it('exported twice: never writes the frozen files again, the file downloaded after both is the first one', async () => {
    const { payee, runId } = await runOfOne('Double Export', '17.17');
    const sepaFile = async () => fetchText((await api.get(`/payment_runs/${runId}/files/sepa-eur-1.xml`)).body.url);
    const { exportRun } = await import('../../functions/money/payouts/runs.js');
    const raced = await secondAfterFirst(
      payee.id,
      () => exportRun(tenantId, runId),
      async () => {
        const answer: ApiAnswer = await api.post(`/payment_runs/${runId}/export`);
        const file = await sepaFile();
        await new Promise((resolve) => setTimeout(resolve, 1_100));
        return { answer, file };
      },
    );
    expect(raced.first?.answer.status).toBe(200);
    expect(raced.second.exported_at).toBe(raced.first?.answer.body.payment_run.exported_at);
    expect(raced.first?.file).toContain('<EndToEndId>');
    expect(await sepaFile()).toBe(raced.first?.file);
    // The export that lost removed its copies: only the frozen export's folder is left under the run.
    const { objects } = await modules();
    const folders = new Set<string>();
    for await (const object of objects.listObjects(inject('cloudEnv').LEDGER_BUCKET, `payouts/${tenantId}/${runId}/`))
      folders.add(object.key.split('/')[3] ?? '');
    expect(folders.size).toBe(1);
  });
});

describe('an account with two unpaid statements', () => {
  const ukDetails = {
    method: 'uk_bulk',
    account_name: 'Carried Payee',
    sort_code: '20-00-00',
    account_number: '55779911',
  };
  type Shown = {
    id: string;
    number: string;
    start_pay_period: string;
    paid: boolean;
    figures: Record<string, string>;
    payment: { payment_id?: string; settled_by?: { id: string; number: string } } | null;
  };
  const statementsOf = async (payeeId: string) =>
    (
      (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=100`)).body
        .statements as Shown[]
    ).sort((a, b) => a.start_pay_period.localeCompare(b.start_pay_period));
  /** A payee with Q1 (30.00) and Q2 (40.00 earned, opening with Q1's 30.00: 70.00) published and unpaid. */
  const twoUnpaid = async (name: string) => {
    const payee = await newPayee(name);
    const account = { type: 'Payee' as const, ...payee };
    await publishHandStatement(tenantId, userId, account, ['2027-01', '2027-03'], '30.000000');
    await publishHandStatement(tenantId, userId, account, ['2027-04', '2027-06'], '40.000000');
    const [q1, q2] = await statementsOf(payee.id);
    expect(q1.figures).toMatchObject({ closing_balance: '30.00', payable: '30.00' });
    expect(q2.figures).toMatchObject({ opening_balance: '30.00', closing_balance: '70.00', payable: '70.00' });
    return { payee, account, q1, q2 };
  };
  const paymentEntries = async (payeeId: string) => {
    const { db } = await modules();
    const entries = await db.entities.AccountEntry.query.byAccount({ tenantId, accountKey: `Payee#${payeeId}` }).go();
    return entries.data.filter((e) => e.kind === 'payment').map((e) => e.amount);
  };

  it('is due once, the later payable; a run pays it once and settles both; the next statement adds up', async () => {
    const { payee, account, q1, q2 } = await twoUnpaid('Carried Payee');
    expect((await put(payee.id, ukDetails)).status).toBe(200);
    const due = await api.post('/statements/payments_due_summary', {});
    const rows = due.body.payments_due.filter((d: { account: { id: string } }) => d.account.id === payee.id);
    expect(rows).toEqual([
      expect.objectContaining({
        statements: 1,
        statement_ids: [q2.id],
        statement_numbers: [q2.number],
        payable: '70.00',
        carried_statement_ids: [q1.id],
        carried_statement_numbers: [q1.number],
        problems: [],
      }),
    ]);

    // The earlier statement alone is not what is owed: the run names the one that carries it.
    const alone = await api.post('/payment_runs', { statement_ids: [q1.id] });
    expect(alone.status).toBe(400);
    expect(alone.body.errors.statement_ids).toEqual([expect.stringContaining(`pay ${q2.number}`)]);

    // Both chosen (as a list of every unpaid statement would): one item, the later payable.
    const created = await api.post('/payment_runs', { statement_ids: [q1.id, q2.id], execution_date: '2027-07-10' });
    expect(created.status).toBe(201);
    const run = created.body.payment_run;
    expect(run.items).toEqual([
      expect.objectContaining({ statement_id: q2.id, amount: '70.00', carried_statement_numbers: [q1.number] }),
    ]);
    expect(run.totals).toEqual([{ currency: 'GBP', count: 1, amount: '70.00' }]);
    expect((await api.post(`/payment_runs/${run.id}/export`)).status).toBe(200);
    const csv = await fetchText((await api.get(`/payment_runs/${run.id}/files/uk-bulk-gbp-1.csv`)).body.url);
    expect(csv).toBe(`200000,55779911,CARRIED PAYEE,70.00,${q2.number}\r\n`);
    expect((await api.post(`/payment_runs/${run.id}/confirm`, {})).status).toBe(200);
    expect((await api.post(`/payment_runs/${run.id}/confirm`, {})).status).toBe(200);

    const payments = (await api.get(`/payments?payable_id=${payee.id}`)).body.payments;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      payment_total: '70.00',
      statement_ids: [q2.id],
      carried_statements: [{ id: q1.id, number: q1.number, payable: '30.00' }],
    });
    const [paid1, paid2] = await statementsOf(payee.id);
    expect(paid2).toMatchObject({ paid: true, payment: { payment_id: payments[0].id } });
    expect(paid1).toMatchObject({
      paid: true,
      payment: { payment_id: payments[0].id, settled_by: { id: q2.id, number: q2.number } },
    });
    // The money is on the account once.
    expect(await paymentEntries(payee.id)).toEqual(['-70.00']);
    const after = await api.post('/statements/payments_due_summary', {});
    expect(after.body.payments_due.map((d: { account: { id: string } }) => d.account.id)).not.toContain(payee.id);

    await publishHandStatement(tenantId, userId, account, ['2027-07', '2027-09'], '5.000000');
    const q3 = (await statementsOf(payee.id))[2];
    expect(q3.figures).toMatchObject({
      opening_balance: '70.00',
      royalties: '5.00',
      payments: '-70.00',
      closing_balance: '5.00',
      payable: '5.00',
    });
  });

  it('a payment of the later statement settles the earlier one, and deleting it un-pays both', async () => {
    const { payee, q1, q2 } = await twoUnpaid('Settled Payee');
    const older = await api.post('/payments', { statement_ids: [q1.id] });
    expect(older.status).toBe(409);
    expect(older.body.message).toContain(`pay ${q2.number}`);
    const summed = await api.post('/payments', { statement_ids: [q1.id, q2.id], payment_total: '100.00' });
    expect(summed.status).toBe(400);
    expect(summed.body.errors.payment_total[0]).toContain('£70.00');
    const paid = await api.post('/payments', { statement_ids: [q2.id], payment_total: '70.00' });
    expect(paid.status).toBe(201);
    expect(paid.body.payment.carried_statements).toEqual([{ id: q1.id, number: q1.number, payable: '30.00' }]);
    expect((await statementsOf(payee.id)).map((s) => s.paid)).toEqual([true, true]);
    expect(await paymentEntries(payee.id)).toEqual(['-70.00']);
    // An edit changes the settled statement's copy too, and it still says what settled it.
    const edited = await api.patch(`/payments/${paid.body.payment.id}`, { payment_reference: 'Q2-2027' });
    expect(edited.status).toBe(200);
    expect((await statementsOf(payee.id))[0].payment).toMatchObject({
      payment_reference: 'Q2-2027',
      settled_by: { id: q2.id, number: q2.number },
    });
    // Un-paying the settled statement alone is refused, naming the payment's statement.
    const unpayOlder = await api.post('/statements/bulk_pay', { statement_ids: [q1.id], paid: false });
    expect(unpayOlder.status).toBe(409);
    expect(unpayOlder.body.message).toContain(`payment of statement ${q2.number}`);
    expect((await api.del(`/payments/${paid.body.payment.id}`)).status).toBe(200);
    expect((await statementsOf(payee.id)).map((s) => [s.paid, s.payment])).toEqual([
      [false, null],
      [false, null],
    ]);
    expect(await paymentEntries(payee.id)).toEqual([]);
  });
});

describe('company roles', () => {
  it('refuse payouts to a role without money', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const { token: internToken } = await newConfirmedUser('Payout Intern');
    const internId = (await call('GET', '/api/v1/me', { token: internToken })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', {
        token: admin,
        body: { name: `Payout Roles ${stamp}` },
      })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: internId, role: 'intern' }] },
    });
    const payee = (await inCompany(admin, company).post('/payees', { name: `Role Payee ${stamp}` })).body.payee;
    const intern = inCompany(internToken, company);
    expect(await intern.get('/payment_runs')).toEqual({
      status: 403,
      body: { message: roleRefusal('intern', 'money.read') },
    });
    expect(await intern.post('/payment_runs', {})).toEqual({
      status: 403,
      body: { message: roleRefusal('intern', 'money.write') },
    });
    expect((await intern.get(`/payees/${payee.id}/payout_details`)).status).toBe(403);
    const putAsIntern = await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, {
      token: internToken,
      company,
      body: sepaDetails,
    });
    expect(putAsIntern.status).toBe(403);
    expect((await intern.post('/statements/payments_due_summary', {})).status).toBe(403);
    expect((await intern.get('/company/debtor_account')).status).toBe(403);
  });
});
