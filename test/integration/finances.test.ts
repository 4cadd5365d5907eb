import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultPeriod } from '../../shared/period-picker.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { financeFixture } from '../support/finance-fixture.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { publishedRun } from '../support/statement-run.js';

/**
 * Finances, accounting and dashboards through the local
 * gateway: figures come from the ledger's aggregates and must equal what the royalties list sums
 * from the lines, for a label, a store, a territory and the whole company, before and after an
 * edit and a manual sale; a label's accounting reconciles with its distribution statement of the
 * same period to the cent; another company's records are not found and a role without money
 * rights is refused.
 */
type Api = ReturnType<typeof inCompany>;
const stamp = Date.now();
const year = 2040 + ((stamp + 13) % 50);
const [p1, p2] = [`${year}-03`, `${year}-04`];
const range = { start_date: `${p1}-01`, end_date: `${p2}-30` };
const isrc = (n: number) => `QF${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
const labelId = `LAB-FIN-${stamp}`;
const artistId = `ART-FIN-${stamp}`;
const payeeId = `PAY-FIN-${stamp}`;
const sourceId = `SRC-FIN-${stamp}`;
let api: Api;
let other: Api;
let tenantId: string;
let otherId: string;
let manager: OwnLabelManager;

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
const cents = (value: string) => new Big(value).toFixed(2, Big.roundHalfUp);

/** What the royalties list sums from the lines for a royalties_query. */
async function listed(query: string) {
  const answer = await api.get(`/royalties?${query}&per_page=5`);
  expect(answer.status).toBe(200);
  return answer.body as { total_count: number; total_sum: string; label_sum: string; aggregator_sum: string };
}

beforeAll(async () => {
  manager = await ownLabelManager('Finances');
  ({ api, other, tenantId, otherId } = await financeFixture({
    manager,
    source: { id: sourceId, name: 'Finance Store' },
    label: { labelId, name: `Finance Label ${stamp}` },
    release: { id: `REL-FIN-${stamp}`, title: 'Finance EP', recordings: [`REC-FIN-${stamp}-1`, `REC-FIN-${stamp}-2`] },
    catalogue: async (db, tenantId) => {
      await db.Payee.put({ tenantId, id: payeeId, name: 'Band Payee', email: `band.${stamp}@example.test` }).go();
      await db.Artist.put({
        tenantId,
        id: artistId,
        name: 'Finance Band',
        artist_members: [{ id: 'm1', contributor_id: 'c1', payee_id: payeeId, active: true }],
      }).go();
      await db.Recording.put({ tenantId, id: `REC-FIN-${stamp}-1`, title: 'One', isrc: isrc(1) }).go();
      await db.Recording.put({
        tenantId,
        id: `REC-FIN-${stamp}-2`,
        title: 'Two',
        isrc: isrc(2),
        artist_recordings: [{ artist_id: artistId, payee_share: 50, digital_royalty_share: 100 }],
      }).go();
    },
    report: {
      name: 'finances',
      lines: [
        `${isrc(1)},10.01,GBP,${p1},Spotify,GB`,
        `${isrc(1)},2.005,GBP,${p1},Apple,US`,
        `${isrc(2)},0.03,GBP,${p2},Spotify,DE`,
        `${isrc(2)},5.555555,GBP,${p2},Apple,GB`,
        `${isrc(9)},1.00,GBP,${p1},Spotify,GB`,
      ],
    },
  }));
}, 120_000);

/** A distribution expense of the file's label, as the expense form sends it. */
const labelExpense = (date: string, description: string, subtotal: string) =>
  api.post('/expenses', {
    type: 'DistributionExpense',
    date,
    description,
    subtotal,
    expensable_id: labelId,
    payee: { type: 'Label', id: labelId },
  });

/**
 * The label's distribution statement of the two periods, published once with a 1.25 expense in its first month: the
 * accounting test reconciles with it and the dashboard counts it, whichever of them runs first.
 */
let published: Promise<{ runId: string }> | undefined;
function labelStatementRun() {
  published ??= (async () => {
    expect((await labelExpense(`${p1}-20`, 'Marketing', '1.25')).status).toBe(201);
    return publishedRun(api, { kind: 'distribution', start_pay_period: p1, end_pay_period: p2, label_ids: [labelId] });
  })();
  return published;
}

describe('finances from the aggregates', () => {
  it("answers a label's finances by period, store and territory, each equal to the royalties list behind it", async () => {
    const answer = await api.get(`/labels/${labelId}/finances?${qs(range)}`);
    expect(answer.status).toBe(200);
    const view = answer.body.finances;
    expect(view.scope).toEqual({ type: 'label', id: labelId, name: `Finance Label ${stamp}` });
    expect(view.currency).toBe('GBP');
    // 10.01 + 2.005 + 0.03 + 5.555555 = 17.600555 (the unmatched line has no label).
    expect(view.totals).toMatchObject({ revenue: '17.60', lines: 4 });
    expect(view.totals.revenue).toBe(cents((await listed(view.royalties_query)).total_sum));
    expect(view.totals.label_share).toBe(cents((await listed(view.royalties_query)).label_sum));
    expect(view.by_period.map((r: { pay_period: string; revenue: string }) => [r.pay_period, r.revenue])).toEqual([
      [p1, '12.02'],
      [p2, '5.59'],
    ]);
    for (const row of view.by_period) expect(row.revenue).toBe(cents((await listed(row.royalties_query)).total_sum));
    expect(view.by_store.map((s: { key: string }) => s.key)).toEqual(['Spotify', 'Apple']);
    for (const slice of [...view.by_store, ...view.by_territory]) {
      const behind = await listed(slice.royalties_query);
      expect([slice.name, slice.revenue, slice.lines]).toEqual([
        slice.name,
        cents(behind.total_sum),
        behind.total_count,
      ]);
    }
    // Each territory named for people; its key stays the code the royalties filter by.
    expect(
      view.by_territory.map((s: { key: string; name: string; revenue: string }) => [s.key, s.name, s.revenue]),
    ).toEqual([
      ['GB', 'United Kingdom', '15.57'],
      ['US', 'United States', '2.01'],
      ['DE', 'Germany', '0.03'],
    ]);
    expect(view.by_release).toMatchObject([{ key: `REL-FIN-${stamp}`, name: 'Finance EP', revenue: '17.60' }]);
    // labels/{id}/finances?year= and label/finances?label_id= answer the same label.
    const byYear = (await api.get(`/labels/${labelId}/finances?year=${year}`)).body.finances;
    expect([byYear.start_date, byYear.end_date, byYear.totals.revenue]).toEqual([
      `${year}-01-01`,
      `${year}-12-31`,
      '17.60',
    ]);
    const byQuery = (await api.get(`/label/finances?${qs({ ...range, label_id: labelId })}`)).body.finances;
    expect(byQuery.totals).toEqual(view.totals);
    const chart = (await api.get(`/labels/${labelId}/chart?${qs(range)}`)).body.chart;
    expect(chart.by_period).toEqual(view.by_period);
  }, 60_000);

  it('answers the company, with the default range of 12 months to the end of last month', async () => {
    const view = (await api.get(`/companies/${tenantId}/finances?${qs(range)}`)).body.finances;
    const behind = await listed(view.royalties_query);
    expect(view.totals.revenue).toBe(cents(behind.total_sum));
    expect(view.totals.lines).toBe(behind.total_count);
    expect(view.totals.aggregator_fee).toBe(cents(behind.aggregator_sum));
    expect((await api.get(`/company/finances?${qs({ ...range, company_id: tenantId })}`)).body.finances.totals).toEqual(
      view.totals,
    );
    // Unasked, the period is the default one of the product's clock: of the month asked in, or of the next for a call
    // across a month's end (UTC).
    const askedAt = new Date();
    const fallback = (await api.get('/finances')).body.finances;
    const expected = [defaultPeriod(askedAt), defaultPeriod()].map(({ start, end }) => [start, end]);
    expect([fallback.start_date, fallback.end_date]).toBeOneOf(expected);
    expect(fallback.by_period).toHaveLength(12);
  }, 60_000);

  it("answers an artist's and its payee's lines", async () => {
    const artist = await api.get(`/artists/${artistId}/finances?${qs(range)}`);
    expect(artist.status).toBe(200);
    expect(artist.body.finances.totals).toMatchObject({ revenue: '5.59', lines: 2 });
    const behind = await listed(artist.body.finances.by_period[1].royalties_query);
    expect(cents(behind.total_sum)).toBe('5.59');
    expect(artist.body.finances.by_store.map((s: { key: string }) => s.key)).toEqual(['Apple', 'Spotify']);
    const payee = (await api.get(`/payees/${payeeId}/finances?${qs(range)}`)).body.finances;
    expect(payee).toMatchObject({ name: 'Band Payee', totals: { revenue: '5.59' }, owed: '0.00' });
  }, 60_000);

  it('follows an edited line and a manual sale, as the list does', async () => {
    // A label of its own with the same four lines, so the label the other tests read keeps its lines as imported.
    const labelId = `LAB-FIN-EDIT-${stamp}`;
    const recordings = [`REC-FIN-EDIT-${stamp}-1`, `REC-FIN-EDIT-${stamp}-2`];
    await financeFixture({
      manager,
      source: { id: sourceId, name: 'Finance Store' },
      label: { labelId, name: `Finance Edits ${stamp}` },
      release: { id: `REL-FIN-EDIT-${stamp}`, title: 'Finance Edits EP', recordings },
      catalogue: async (db, tenantId) => {
        await db.Recording.put({ tenantId, id: recordings[0], title: 'Edit One', isrc: isrc(11) }).go();
        await db.Recording.put({ tenantId, id: recordings[1], title: 'Edit Two', isrc: isrc(12) }).go();
      },
      report: {
        name: 'finances-edits',
        lines: [
          `${isrc(11)},10.01,GBP,${p1},Spotify,GB`,
          `${isrc(11)},2.005,GBP,${p1},Apple,US`,
          `${isrc(12)},0.03,GBP,${p2},Spotify,DE`,
          `${isrc(12)},5.555555,GBP,${p2},Apple,GB`,
        ],
      },
    });
    const lines = (await api.get(`/royalties?${qs({ ...range, by_label: labelId, by_territory: 'US' })}`)).body
      .royalties as { id: string }[];
    expect(lines).toHaveLength(1);
    const edited = await api.patch(`/royalties/${lines[0].id}`, { royalty: { territory: 'fr', amount: '3.000001' } });
    expect(edited.status).toBe(200);
    const sale = await api.post('/royalties', {
      royalty: {
        pay_period: p2,
        retailer: 'Bandcamp',
        subtotal_payable: '4.5',
        currency: 'GBP',
        territory: 'GB',
        label_id: labelId,
      },
    });
    expect(sale.status).toBe(201);
    const view = (await api.get(`/labels/${labelId}/finances?${qs(range)}`)).body.finances;
    const behind = await listed(view.royalties_query);
    expect(view.totals.revenue).toBe(cents(behind.total_sum));
    expect(view.totals.revenue).toBe('23.10'); // 17.600555 − 2.005 + 3.000001 + 4.5
    expect(view.by_territory.find((s: { key: string }) => s.key === 'US')).toBeUndefined();
    expect(view.by_territory.find((s: { key: string }) => s.key === 'FR')).toMatchObject({ revenue: '3.00' });
    expect(view.by_store.find((s: { key: string }) => s.key === 'Bandcamp')).toMatchObject({ revenue: '4.50' });
  }, 60_000);
});

describe("a label's accounting", () => {
  it('reconciles with its distribution statement of the same period to the cent, then shows the payment', async () => {
    const { runId } = await labelStatementRun();
    const statement = (await api.get('/statements?per_page=1000')).body.statements.find(
      (s: { run_id: string; statementable_id: string }) => s.run_id === runId && s.statementable_id === labelId,
    );
    expect(statement).toBeDefined();

    const answer = await api.get(`/labels/${labelId}/accounting?${qs(range)}`);
    expect(answer.status).toBe(200);
    const accounting = answer.body.accounting;
    expect(accounting.label).toMatchObject({ id: labelId, deal_percentage: '80' });
    expect(accounting.opening_balance).toBe(statement.figures.opening_balance);
    expect(accounting.totals.label_share).toBe(statement.figures.royalties);
    expect(accounting.totals.aggregator_fee).toBe(statement.aggregator_fee);
    expect(accounting.totals.expenses).toBe(new Big(statement.figures.costs).neg().toFixed(2));
    expect(accounting.closing_balance).toBe(statement.figures.closing_balance);
    expect(accounting.rows.map((r: { pay_period: string }) => r.pay_period)).toEqual([p1, p2]);
    expect(accounting.rows[0].expenses).toBe('1.25');
    expect(accounting.rows.at(-1).balance).toBe(accounting.closing_balance);
    expect(accounting.statements).toEqual([
      expect.objectContaining({
        id: statement.id,
        number: statement.number,
        closing_balance: statement.figures.closing_balance,
      }),
    ]);
    // The same answer through the other two paths.
    const byQuery = (await api.get(`/label/accounting?${qs({ ...range, id: labelId })}`)).body.accounting;
    const byPath = (await api.get(`/label_accounting/${labelId}?${qs(range)}`)).body.accounting;
    expect(byQuery).toEqual(accounting);
    expect(byPath).toEqual(accounting);

    // Paid in the second month: the balance owed goes down by what was paid.
    const paid = await api.post('/statements/pay_statement', { id: statement.id, payment_date: `${p2}-28` });
    expect(paid.status).toBe(200);
    const after = (await api.get(`/labels/${labelId}/accounting?${qs(range)}`)).body.accounting;
    expect(after.totals.paid).toBe(statement.figures.payable);
    expect(after.closing_balance).toBe(
      new Big(statement.figures.closing_balance).minus(statement.figures.payable).toFixed(2),
    );
    expect(after.statements[0].paid).toBe(true);
  }, 240_000);

  it('asks for a label and refuses an end before the start', async () => {
    const none = await api.get('/label/accounting');
    expect(none.status).toBe(400);
    expect(none.body.errors.label_id).toEqual(['No Label Selected']);
    const backwards = await api.get(`/labels/${labelId}/accounting?start_date=${p2}-01&end_date=${p1}-01`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors.end_date).toBeDefined();
    const badDate = await api.get(`/labels/${labelId}/finances?start_date=March`);
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors.start_date).toBeDefined();
  });
});

describe('dashboards', () => {
  it("answers the company's dashboard with counts, finances and what is due", async () => {
    await labelStatementRun();
    const answer = await api.get(`/user_dashboard?${qs({ ...range, company_id: tenantId })}`);
    expect(answer.status).toBe(200);
    const dashboard = answer.body.user_dashboard;
    expect(dashboard.company.id).toBe(tenantId);
    expect(dashboard.counts.labels).toBeGreaterThanOrEqual(1);
    expect(dashboard.counts.statements).toBeGreaterThanOrEqual(1);
    expect(dashboard.finances.totals.revenue).toBe(cents((await listed(dashboard.finances.royalties_query)).total_sum));
    expect(dashboard.latest_statements.length).toBeGreaterThanOrEqual(1);
    const counts = (await api.get('/dashboard')).body.dashboard.counts;
    expect(counts).toMatchObject({ labels: dashboard.counts.labels, payees: dashboard.counts.payees });
    expect(Array.isArray((await api.get('/dashboard/releases')).body.releases)).toBe(true);
  }, 60_000);

  it("gives a platform admin the platform's dashboard across companies", async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const answer = await call('GET', `/api/v1/admin/dashboard?${qs(range)}`, { token: admin });
    expect(answer.status).toBe(200);
    const dashboard = answer.body.dashboard;
    expect(dashboard.counts.companies).toBeGreaterThanOrEqual(2);
    expect(dashboard.by_company.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([tenantId, otherId]));
    const mine = dashboard.by_company.find((c: { id: string }) => c.id === tenantId);
    const own = (await api.get(`/finances?${qs(range)}`)).body.finances;
    expect(mine.revenue).toBe(own.totals.revenue);
    // The in-company answer counts the whole platform too. Files running beside this one may add companies
    // between the calls, so the count lies between the admin dashboard's before and after it.
    const inCompanyAnswer = await call('GET', '/api/v1/dashboard', { token: admin, company: tenantId });
    const after = (await call('GET', '/api/v1/admin/dashboard', { token: admin })).body.dashboard.counts.companies;
    expect(inCompanyAnswer.body.dashboard.counts.companies).toBeGreaterThanOrEqual(dashboard.counts.companies);
    expect(inCompanyAnswer.body.dashboard.counts.companies).toBeLessThanOrEqual(after);
    expect((await call('GET', '/api/v1/admin/dashboard', { token: manager.token })).status).toBe(403);
  }, 60_000);
});

describe('money records held per process', () => {
  const moneyOf = async () => (await api.get(`/labels/${labelId}/finances?${qs(range)}`)).body.finances.money;
  const accountingOf = async () => (await api.get(`/labels/${labelId}/accounting?${qs(range)}`)).body.accounting;

  it('shows an expense added, changed and deleted in the very next call', async () => {
    const before = await moneyOf(); // warms the process's copy
    const beforeRow = (await accountingOf()).rows[0].expenses;
    const created = await labelExpense(`${p1}-21`, 'Posters', '2.50');
    expect(created.status).toBe(201);
    const id = created.body.expense.id;
    expect((await moneyOf()).expenses).toBe(new Big(before.expenses).plus('2.50').toFixed(2));
    expect((await accountingOf()).rows[0].expenses).toBe(new Big(beforeRow).plus('2.50').toFixed(2));

    expect((await api.patch(`/expenses/${id}`, { subtotal: '3.75' })).status).toBe(200);
    expect((await moneyOf()).expenses).toBe(new Big(before.expenses).plus('3.75').toFixed(2));

    expect((await api.del(`/expenses/${id}`)).status).toBe(200);
    expect((await moneyOf()).expenses).toBe(before.expenses);
    expect((await accountingOf()).rows[0].expenses).toBe(beforeRow);
  }, 60_000);

  it("shows an entry on the label's account in the very next accounting", async () => {
    const before = await accountingOf();
    const added = await api.post('/account_entries', {
      account: { type: 'Label', id: labelId },
      kind: 'adjustment',
      amount: '0.40',
      date: `${p2}-10`,
    });
    expect(added.status).toBe(201);
    const after = await accountingOf();
    const amount = added.body.account_entry.amount;
    expect(after.totals.other).toBe(new Big(before.totals.other).plus(amount).toFixed(2));
    expect(after.closing_balance).toBe(new Big(before.closing_balance).plus(amount).toFixed(2));
    const entries = (await api.get('/dashboard')).body.dashboard.counts;
    expect((await api.del(`/account_entries/${added.body.account_entry.id}`)).status).toBe(200);
    expect((await accountingOf()).closing_balance).toBe(before.closing_balance);
    expect((await api.get('/dashboard')).body.dashboard.counts).toEqual(entries);
  }, 60_000);
});

describe('tenancy and roles', () => {
  it("answers another company's label, artist, payee and company as not found", async () => {
    for (const path of [
      `/labels/${labelId}/finances`,
      `/labels/${labelId}/accounting`,
      `/label_accounting/${labelId}`,
      `/label/accounting?id=${labelId}`,
      `/labels/${labelId}/chart`,
      `/artists/${artistId}/finances`,
      `/payees/${payeeId}/finances`,
      `/companies/${tenantId}/finances`,
    ]) {
      const answer = await other.get(path);
      expect([path, answer.status]).toEqual([path, 404]);
    }
    // (company_id in the query chooses the company the way the header does: the manager belongs to both.)
    // Its own company's finances never hold this company's lines.
    const theirs = (await other.get(`/finances?${qs(range)}`)).body.finances;
    expect(theirs.by_label.find((s: { key: string }) => s.key === labelId)).toBeUndefined();
  }, 60_000);

  it('refuses a member whose role has no money rights', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const member = await newConfirmedUser('Finance Intern');
    const memberId = (await call('GET', '/api/v1/me', { token: member.token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Finance Intern Co ${stamp}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: memberId, role: 'intern' }] },
    });
    const intern = inCompany(member.token, company);
    for (const path of ['/finances', '/dashboard', '/user_dashboard', '/label/accounting?id=x', '/dashboard/releases'])
      expect([path, (await intern.get(path)).status]).toEqual([path, 403]);
  }, 60_000);
});
