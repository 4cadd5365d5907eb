import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { roleRefusal } from '../../shared/permissions.js';
import type { StatementFigures } from '../../shared/schemas/statement-views.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { statementFigures } from '../support/statement-figures.js';

/**
 * The accounts area: expenses, account entries (advances,
 * reserves, transfers, adjustments) and a payee's account as it stands; what a published
 * statement carries is frozen; a paid expense is never deleted; another company's expenses,
 * entries and accounts are out of reach; money needs a role that grants it. The statement
 * itself is written straight into the table here, as the statements worker would.
 */
type Api = ReturnType<typeof inCompany>;
let admin: string;
let manager: OwnLabelManager;
let A: string;
let api: Api;
let other: Api;
let label: { id: string; name: string };
let otherLabel: { id: string };
let release: { id: string; title: string };
let payee: { id: string; name: string };
let otherPayee: { id: string };
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Accounts');
  A = manager.distributed.id;
  api = inCompany(manager.token, A);
  other = inCompany(manager.token, manager.publisher.id);
  label = (await api.post('/labels', { name: `Expense Label ${unique()}` })).body.label;
  otherLabel = (await other.post('/labels', { name: `Other Label ${unique()}` })).body.label;
  release = (await api.post('/releases', { title: `Costly EP ${unique()}`, label_id: label.id })).body.release;
  payee = (await api.post('/payees', { name: `Ann Payee ${unique()}`, minimum_payout: '50' })).body.payee;
  otherPayee = (await other.post('/payees', { name: `Other Payee ${unique()}` })).body.payee;
  expect([label, otherLabel, release, payee, otherPayee].every((record) => record?.id)).toBe(true);
});

/** Writes a published statement of an account straight into the table, as the statements worker would. */
async function publishStatement(
  accountKey: string,
  statementId: string,
  number: string,
  figures: Partial<StatementFigures>,
  carries: { expenseIds?: string[]; entryIds?: string[] } = {},
) {
  const { getDb } = await import('../../functions/data/service.js');
  const db = getDb().entities;
  await db.Statement.create({
    tenantId: A,
    statementId,
    number,
    type: 'Statement',
    accountKey,
    payee_name: payee.name,
    label_id: label.id,
    subject: 'Royalty Statement',
    start_pay_period: '2026-01',
    end_pay_period: '2026-03',
    accounting_period: '2026-Q1',
    currency: 'GBP',
    figures: statementFigures(figures),
    control: { lines: 0, lines_total: '0.000000', rounding_in: '0.000000', rounding_out: '0.004000' },
  }).go();
  for (const expenseId of carries.expenseIds ?? [])
    await db.Expense.patch({ tenantId: A, expenseId }).set({ statement_id: statementId }).go();
  for (const entryId of carries.entryIds ?? [])
    await db.AccountEntry.patch({ tenantId: A, accountKey, entryId }).set({ statement_id: statementId }).go();
}

const anExpense = (extra: object = {}) => ({
  date: '2026-02-10',
  description: `Artwork ${unique()}`,
  subtotal: '100',
  ...extra,
});

describe('expenses', () => {
  it('are created, read, listed, changed and deleted, with their links named and money in cents', async () => {
    const supplier = `Acme Print ${unique()}`;
    const created = await api.post('/expenses', {
      ...anExpense({ vat: '20', supplier, category: 'Artwork', tags: ['artwork', 'launch'] }),
      recoupable: true,
      recoupable_percentage: 50,
      expensable_id: label.id,
      payee: { type: 'Payee', id: payee.id },
      release_id: release.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Expense Added',
      expense: {
        type: 'Expense',
        subtotal: '100.00',
        vat: '20.00',
        total: '120.00',
        paid: false,
        recoupable: true,
        recoupable_percentage: 50,
        expensable_type: 'Label',
        label: { id: label.id, name: label.name },
        payee_type: 'Payee',
        payee_id: payee.id,
        payee_name: payee.name,
        release_id: release.id,
        release_title: release.title,
        statement_id: null,
        tags: ['artwork', 'launch'],
      },
    });
    const id: string = created.body.expense.id;
    expect((await api.get(`/expenses/${id}`)).body.expense).toEqual(created.body.expense);
    expect((await api.get(`/expenses/${id}/edit`)).body.expense).toEqual(created.body.expense);

    const listed = await api.get(`/expenses?q=${encodeURIComponent(supplier)}`);
    expect(listed.body).toMatchObject({ total_count: 1, total_pages: 1 });
    expect(listed.body.expenses[0].id).toBe(id);
    expect(
      (await api.get(`/expenses?payee_type=Payee&payee_id=${payee.id}`)).body.expenses.map((e: { id: string }) => e.id),
    ).toContain(id);
    expect((await api.get(`/expenses?label_id=${label.id}&paid=true`)).body.total_count).toBe(0);
    expect(
      (await api.get(`/label/expenses?label_id=${label.id}`)).body.expenses.map((e: { id: string }) => e.id),
    ).toEqual([id]);
    expect((await api.get(`/release_expenses?release_id=${release.id}`)).body.total_count).toBe(1);
    expect((await api.get('/expenses/tags')).body.tags).toEqual(expect.arrayContaining(['artwork', 'launch']));
    expect((await api.get('/expenses/suppliers')).body.suppliers).toContain(supplier);

    const changed = await api.patch(`/expenses/${id}`, { vat: '0', supplier: '', paid: true });
    expect(changed.body).toMatchObject({
      message: 'Expense Updated',
      expense: { subtotal: '100.00', vat: '0.00', total: '100.00', supplier: null, paid: true },
    });
    const disagreeing = await api.patch(`/expenses/${id}`, { total: '99.00' });
    expect(disagreeing).toMatchObject({
      status: 400,
      body: { errors: { total: ['Total must equal subtotal + VAT (100.00)'] } },
    });
    expect((await api.get(`/expenses?label_id=${label.id}&paid=true`)).body.total_count).toBe(1);

    const unpaid = (await api.post('/expenses', anExpense())).body.expense;
    expect((await api.del(`/expenses/${unpaid.id}`)).body).toEqual({ message: 'Expense Deleted' });
    expect((await api.get(`/expenses/${unpaid.id}`)).status).toBe(404);
  });

  it('refuses to delete a paid expense, with the product’s message', async () => {
    const paid = (await api.post('/expenses', anExpense({ paid: true }))).body.expense;
    const refused = await api.del(`/expenses/${paid.id}`);
    expect(refused).toEqual({ status: 409, body: { message: MESSAGES.cannotDeletePaidExpense } });
    expect((await api.get(`/expenses/${paid.id}`)).status).toBe(200);
    // Marked unpaid, it may go.
    await api.patch(`/expenses/${paid.id}`, { paid: false });
    expect((await api.del(`/expenses/${paid.id}`)).status).toBe(200);
  });

  it('answers a label’s expenses only with a label, and keeps distribution expenses apart', async () => {
    expect(await api.get('/label/expenses')).toEqual({
      status: 400,
      body: { message: MESSAGES.noLabelSelected, errors: { label_id: [MESSAGES.noLabelSelected] } },
    });
    expect((await api.get('/label/distribution_expenses')).body.message).toBe(MESSAGES.noLabelSelected);
    const distribution = await api.post(
      '/expenses',
      anExpense({ type: 'DistributionExpense', expensable_id: label.id }),
    );
    expect(distribution.body.expense).toMatchObject({
      type: 'DistributionExpense',
      payee_type: 'Label',
      payee_id: label.id,
    });
    const listed = await api.get(`/label/distribution_expenses?label_id=${label.id}`);
    expect(listed.body.expenses.map((e: { id: string }) => e.id)).toEqual([distribution.body.expense.id]);
    expect((await api.get(`/label/expenses?label_id=${otherLabel.id}`)).status).toBe(400);
    expect((await api.get('/release_expenses')).body.errors).toEqual({ release_id: ['Release is required'] });
  });

  it('refuses bad input naming the field, and links to another company’s records', async () => {
    const bad = async (body: object) => (await api.post('/expenses', body)).body;
    expect(await bad(anExpense({ subtotal: '1.005' }))).toEqual({
      message: 'Subtotal must be an amount with up to 2 decimals',
      errors: { subtotal: ['Subtotal must be an amount with up to 2 decimals'] },
    });
    expect((await bad(anExpense({ subtotal: 12.5 }))).errors).toEqual({
      subtotal: ['Subtotal must be an amount with up to 2 decimals'],
    });
    expect((await bad(anExpense({ date: '2026-13-01' }))).errors).toEqual({
      date: ['Date must be a date (YYYY-MM-DD)'],
    });
    expect((await bad(anExpense({ recoupable: true }))).errors).toEqual({
      payee: ['Payee is required for a recoupable expense'],
    });
    expect((await bad(anExpense({ expensable_id: otherLabel.id }))).errors).toEqual({
      expensable_id: ['Label not found in this company'],
    });
    expect((await bad(anExpense({ payee: { type: 'Payee', id: otherPayee.id } }))).errors).toEqual({
      payee: ['Payee not found in this company'],
    });
    expect((await bad(anExpense({ amount: '1' }))).errors).toEqual({ amount: ['Amount is not a known field'] });
  });

  it('refuses a lone surrogate and an own __proto__ key, and stores prototype-like tags as plain text', async () => {
    const raw = async (text: string) =>
      call('POST', '/api/v1/expenses', {
        token: manager.token,
        company: A,
        rawBody: text,
        headers: { 'content-type': 'application/json' },
      });
    const surrogate = await raw('{"date":"2026-02-10","description":"Bad \\ud800 text","subtotal":"1"}');
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors).toEqual({ description: ['Description contains characters that cannot be stored'] });
    const proto = await raw('{"date":"2026-02-10","description":"x","subtotal":"1","__proto__":{"paid":true}}');
    expect(proto.status).toBe(400);
    // Parsed, so the key is the body's own field, not the literal's prototype.
    expect(proto.body.errors).toEqual(JSON.parse('{"__proto__": ["Proto is not a known field"]}'));
    const tags = ['__proto__', 'constructor'];
    const stored = await api.post('/expenses', anExpense({ tags, supplier: 'toString' }));
    expect(stored.status).toBe(201);
    expect((await api.get(`/expenses/${stored.body.expense.id}`)).body.expense).toMatchObject({
      tags,
      supplier: 'toString',
    });
    expect((await api.get('/expenses/tags')).body.tags).toEqual(expect.arrayContaining(tags));
  });
});

describe('account entries', () => {
  it('store what the user types with the sign of its effect, and are listed, changed and deleted', async () => {
    const account = { type: 'Payee', id: payee.id };
    const add = (body: object) => api.post('/account_entries', { account, date: '2026-02-01', ...body });
    const advance = await add({
      kind: 'advance',
      amount: '300',
      description: 'Signing advance',
      release_id: release.id,
    });
    expect(advance.status).toBe(201);
    expect(advance.body).toMatchObject({
      message: 'Advance Added',
      account_entry: { account, kind: 'advance', amount: '-300.00', release_id: release.id, statement_id: null },
    });
    expect((await add({ kind: 'reserve', amount: '20' })).body.account_entry.amount).toBe('-20.00');
    expect((await add({ kind: 'reserve_release', amount: '5' })).body.account_entry.amount).toBe('5.00');
    const transfer = (await add({ kind: 'transfer', amount: '-7.50' })).body.account_entry;
    expect(transfer.amount).toBe('-7.50');
    expect((await add({ kind: 'reserve_release', amount: '-1' })).body.errors).toEqual({
      amount: ['Amount must be more than 0'],
    });
    expect((await add({ kind: 'payment', amount: '1' })).body.errors).toHaveProperty('kind');
    expect(
      (await add({ kind: 'advance', amount: '1', account: { type: 'Payee', id: otherPayee.id } })).body.errors,
    ).toEqual({
      account: ['Payee not found in this company'],
    });

    const id: string = advance.body.account_entry.id;
    const changed = await api.patch(`/account_entries/${id}`, { amount: '250', description: null });
    expect(changed.body).toMatchObject({
      message: 'Advance Updated',
      account_entry: { amount: '-250.00', description: null },
    });
    const listed = await api.get(`/account_entries?account_type=Payee&account_id=${payee.id}`);
    expect(listed.body.account_entries.map((e: { id: string }) => e.id)).toEqual(
      expect.arrayContaining([id, transfer.id]),
    );
    expect(listed.body.total_count).toBeGreaterThanOrEqual(4);
    expect((await api.get('/account_entries?account_type=Payee')).body.errors).toEqual({
      account_id: ['Account is required'],
    });
    expect((await api.del(`/account_entries/${transfer.id}`)).body).toEqual({ message: 'Transfer Deleted' });
    expect((await api.patch(`/account_entries/${transfer.id}`, { amount: '1' })).status).toBe(404);
  });
});

describe('what a published statement carries', () => {
  it('is frozen: its expenses and entries cannot be changed or deleted, naming the statement', async () => {
    const fresh = (await api.post('/payees', { name: `Frozen Payee ${unique()}` })).body.payee;
    const account = { type: 'Payee', id: fresh.id };
    const expense = (await api.post('/expenses', anExpense({ recoupable: true, payee: account }))).body.expense;
    const entry = (await api.post('/account_entries', { account, kind: 'advance', amount: '10', date: '2026-01-05' }))
      .body.account_entry;
    const number = `ST-9${Date.now().toString().slice(-5)}`;
    await publishStatement(
      `Payee#${fresh.id}`,
      `frozen-${unique()}`,
      number,
      { closing_balance: '-110.00' },
      {
        expenseIds: [expense.id],
        entryIds: [entry.id],
      },
    );
    const onStatement = `This expense is on statement ${number} and cannot be changed`;
    expect(await api.patch(`/expenses/${expense.id}`, { description: 'Changed' })).toEqual({
      status: 409,
      body: { message: onStatement },
    });
    expect((await api.del(`/expenses/${expense.id}`)).body.message).toBe(onStatement);
    const advanceFrozen = `This advance is on statement ${number} and cannot be changed`;
    expect((await api.patch(`/account_entries/${entry.id}`, { amount: '1' })).body.message).toBe(advanceFrozen);
    expect((await api.del(`/account_entries/${entry.id}`)).status).toBe(409);
    expect((await api.get(`/expenses/${expense.id}`)).body.expense).toMatchObject({ description: expense.description });
  });
});

describe('an account as it stands', () => {
  it('opens from the last published statement, adds what is pending and meters the advances', async () => {
    const fresh = (await api.post('/payees', { name: `View Payee ${unique()}`, minimum_payout: '50' })).body.payee;
    expect(fresh).toMatchObject({ minimum_payout: '50.00', self_billing: false, vat_rate: 20 });
    const account = { type: 'Payee', id: fresh.id };
    const stated = (await api.post('/account_entries', { account, kind: 'advance', amount: '200', date: '2026-02-01' }))
      .body.account_entry;
    const statementId = `view-${unique()}`;
    const number = `ST-8${Date.now().toString().slice(-5)}`;
    await publishStatement(
      `Payee#${fresh.id}`,
      statementId,
      number,
      { advances: '-200.00', closing_balance: '-150.00' },
      {
        entryIds: [stated.id],
      },
    );
    const pendingAdvance = (
      await api.post('/account_entries', { account, kind: 'advance', amount: '100', date: '2026-04-10' })
    ).body.account_entry;
    const pendingExpense = (
      await api.post(
        '/expenses',
        anExpense({ date: '2026-05-01', subtotal: '40', recoupable: true, recoupable_percentage: 50, payee: account }),
      )
    ).body.expense;
    await api.post('/expenses', anExpense({ date: '2026-07-01', subtotal: '8', recoupable: true, payee: account }));

    const view = await api.get(`/payees/${fresh.id}/accounting`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      account,
      name: fresh.name,
      currency: 'GBP',
      minimum_payout: '50.00',
      last_closing_balance: '-150.00',
      pending: '-128.00', // −100 advance, −20 (40 at 50 %), −8
      balance: '-278.00',
      recoupment: { advance: '300.00', recouped: '22.00', remaining: '278.00' },
    });
    expect(view.body.entries.map((e: { id: string }) => e.id)).toEqual([pendingAdvance.id, stated.id]);
    expect(view.body.statements).toEqual([
      expect.objectContaining({
        id: statementId,
        number,
        payee_id: fresh.id,
        label: { id: label.id, name: label.name },
      }),
    ]);

    // The statements worker's assembly of the next quarter: the opening and rounding from the
    // statement above, the royalties rounded once, what is pending up to 2026-06-30.
    const { assembleAccount } = await import('../../functions/money/statements/accounts/assemble.js');
    const assembled = await assembleAccount({
      tenantId: A,
      account: { type: 'Payee', id: fresh.id },
      start_pay_period: '2026-04',
      end_pay_period: '2026-06',
      royalties: '500.123456',
      currency: 'GBP',
    });
    expect(assembled).toMatchObject({
      figures: {
        opening_balance: '-150.00',
        royalties: '500.13',
        expenses: '-20.00',
        advances: '-100.00',
        costs: '-120.00',
        closing_balance: '230.13',
        payable: '230.13',
      },
      rounding_in: '0.004000',
      rounding_out: '-0.002544',
      minimum_payout: '50.00',
      expenses_total: '20.00',
      expense_ids: [pendingExpense.id],
      entry_ids: [pendingAdvance.id],
      previous_statement_id: statementId,
      recoupment: { advance: '300.00', recouped: '300.00', remaining: '0.00' },
      not_paid_reasons: [],
      self_billing: null, // this company has no self-billing agreement
    });
  });

  it('answers an artist’s account, and nothing for a record that does not exist', async () => {
    const artist = (await api.post('/artists', { name: `Account Artist ${unique()}` })).body.artist;
    const view = await api.get(`/artists/${artist.id}/accounting`);
    expect(view.body).toMatchObject({
      account: { type: 'Artist', id: artist.id },
      balance: '0.00',
      entries: [],
      statements: [],
      minimum_payout: '0.00',
    });
    expect((await api.get('/payees/no-such-payee/accounting')).status).toBe(404);
  });
});

describe('another company', () => {
  it('reaches none of the expenses, entries or accounts', async () => {
    const expense = (await api.post('/expenses', anExpense())).body.expense;
    const entry = (
      await api.post('/account_entries', {
        account: { type: 'Payee', id: payee.id },
        kind: 'adjustment',
        amount: '1',
        date: '2026-02-01',
      })
    ).body.account_entry;
    expect((await other.get(`/expenses/${expense.id}`)).status).toBe(404);
    expect((await other.patch(`/expenses/${expense.id}`, { description: 'Mine now' })).status).toBe(404);
    expect((await other.del(`/expenses/${expense.id}`)).status).toBe(404);
    expect(
      (await other.get('/expenses?per_page=1000')).body.expenses.some((e: { id: string }) => e.id === expense.id),
    ).toBe(false);
    expect((await other.get(`/payees/${payee.id}/accounting`)).status).toBe(404);
    expect((await other.get(`/account_entries?account_type=Payee&account_id=${payee.id}`)).status).toBe(404);
    expect((await other.patch(`/account_entries/${entry.id}`, { amount: '2' })).status).toBe(404);
    expect((await other.del(`/account_entries/${entry.id}`)).status).toBe(404);
    expect((await api.get(`/expenses/${expense.id}`)).body.expense.description).toBe(expense.description);
  });
});

describe('company roles', () => {
  it('refuse money to a role without it, and let an accountant read and write', async () => {
    const { token } = await newConfirmedUser('Expense Intern');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Money Roles ${Date.now()}` } })
    ).body.company.id;
    const setRole = (role: string) =>
      call('PATCH', `/api/v1/admin/companies/${company}`, {
        token: admin,
        body: { company_users: [{ user_id: userId, role }] },
      });
    const member = inCompany(token, company);
    await setRole('intern');
    expect(await member.get('/expenses')).toEqual({
      status: 403,
      body: { message: roleRefusal('intern', 'money.read') },
    });
    expect(await member.post('/expenses', anExpense())).toEqual({
      status: 403,
      body: { message: roleRefusal('intern', 'money.write') },
    });
    expect((await member.post('/account_entries', {})).status).toBe(403);
    await setRole('accounting');
    expect((await member.post('/expenses', anExpense())).status).toBe(201);
    expect((await member.get('/expenses')).body.total_count).toBe(1);
  });
});
