import { beforeAll, describe, expect, it } from 'vitest';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { dueStatement } from '../support/due-statements.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * The money pages against the answers the OpenAPI document declares: sales report imports and column maps,
 * expenses, account entries, an account as it stands, payout details, the company's debtor account, what is due and
 * a payment run from draft to confirmed. Every call is on records this file makes.
 */
let document: ApiDocument;
let world: OwnCompany;
let member: ReturnType<typeof answerChecker>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('Money answers', { currency: 'GBP' });
  member = answerChecker(document, world.manager.token, world.companyId);
  const label = await world.label('Money Answer Records');
  const [payee, artist, release] = await Promise.all([
    world.api.post('/payees', { name: 'Money Answer Payee' }),
    world.api.post('/artists', { name: 'Money Answer Artist' }),
    world.api.post('/releases', { title: 'Money Answer EP', label_id: label.id }),
  ]);
  Object.assign(ids, {
    label: label.id,
    payee: payee.body.payee.id,
    artist: artist.body.artist.id,
    release: release.body.release.id,
  });
}, 120_000);

describe('sales report imports and column maps answer what the document declares', () => {
  it('the imports list, the pay periods, a report’s upload link and an import’s delete', async () => {
    const imported = await importReport(world.api, {
      mapName: 'Money answer map',
      map: storeMap(),
      filename: 'money-answers.csv',
      report:
        'Store,Period,ISRC,Track,Artist,Units,Net,Currency\nSpotify,2026-01,GBMAA2600001,Song,Artist,10,3.33,GBP\n',
    });
    const imports = await member('GET', '/royalty_imports', { rows: 'royalty_imports' });
    await member('GET', '/royalties/all_pay_periods');
    await member('GET', '/pay_periods');
    await member('GET', '/pay_periods/years');
    await member('POST', '/royalties/bulk', {
      body: {
        filename: 'next.csv',
        content_type: 'text/csv',
        size: 1000,
        source_id: imports.body.royalty_imports[0].source_id,
      },
    });
    await member('DELETE', '/royalty_imports/{id}', { params: { id: imported } });
  });

  it('a label’s and a release’s royalty lines, a line, who delivered them and their pay periods', async () => {
    const isrc = `GBMAB${String(Date.now()).slice(-7)}`;
    const recording = await world.api.post('/recordings', { title: 'Money Answer Track', isrc });
    const release = await world.api.post('/releases', {
      title: 'Money Answer Single',
      label_id: ids.label,
      release_recordings_attributes: [{ recording_id: recording.body.recording.id }],
    });
    await importReport(world.api, {
      mapName: 'Money answer lines',
      map: storeMap(),
      filename: 'money-lines.csv',
      report: `Store,Period,ISRC,Track,Artist,Units,Net,Currency\nSpotify,2026-02,${isrc},Track,Artist,4,1.21,GBP\n`,
    });
    const lines = await member('GET', '/label_royalties', { query: `label_id=${ids.label}`, rows: 'royalties' });
    await member('GET', '/release_royalties', { query: `id=${release.body.release.id}`, rows: 'royalties' });
    await member('GET', '/royalties/{id}', { params: { id: lines.body.royalties[0].id } });
    const range = 'start_date=2026-01-01&end_date=2026-06-30';
    const label = { id: ids.label };
    const accounting = await member('GET', '/labels/{id}/accounting', { params: label, query: range });
    expect(accounting.body.accounting.rows.length, 'a period of its own').toBeGreaterThan(0);
    await member('GET', '/label/accounting', { query: `${range}&label_id=${ids.label}` });
    await member('GET', '/label_accounting/{label_id}', { params: { label_id: ids.label }, query: range });
    const finances = await member('GET', '/labels/{id}/finances', { params: label, query: range });
    expect(finances.body.finances.by_period.length).toBeGreaterThan(0);
    await member('GET', '/label/finances', { query: `${range}&label_id=${ids.label}` });
    await member('GET', '/payees/{id}/finances', { params: { id: ids.payee }, query: range });
    await member('GET', '/artists/{id}/finances', { params: { id: ids.artist }, query: range });
    await member('GET', '/labels/{id}/chart', { params: label, query: range });
    await member('GET', '/user_dashboard', { query: range });
    await member('GET', '/dashboard');
    await member('GET', '/dashboard/releases', { rows: 'releases' });
    await member('GET', '/royalties/delivered_by');
    // Lines of a distributor the company names: none here, so the answer's list is empty but its shape is checked.
    await member('POST', '/royalties/deliverer_pay_periods', { body: { delivered_by: 'Answer Distribution' } });
  });

  it('a royalty line entered by hand, read, edited, deleted; exchange rates made, listed, found, deleted', async () => {
    const made = await member('POST', '/royalties', {
      body: {
        royalty: {
          pay_period: '2026-03',
          retailer: 'Answer Shop',
          subtotal_payable: '4.20',
          currency: 'GBP',
          label_id: ids.label,
        },
      },
      status: 201,
    });
    const id = made.body.royalty.id as string;
    await member('GET', '/royalties/{id}', { params: { id } });
    await member('PATCH', '/royalties/{id}', { params: { id }, body: { royalty: { retailer: 'Answer Store' } } });
    await member('DELETE', '/royalties/{id}', { params: { id } });
    const pair = { distributor: 'Answer Distribution', original_currency: 'USD', target_currency: 'GBP' };
    const rate = await member('POST', '/exchange_rates', {
      body: { ...pair, payment_date: '2026-03-31', rate: '0.791234' },
      status: 201,
    });
    await member('GET', '/exchange_rates', { rows: 'exchange_rates' });
    const found = await member('POST', '/exchange_rates/find', { body: { ...pair, payment_date: '2026-04-15' } });
    expect(found.body.exchange_rate?.rate).toBe('0.791234');
    await member('DELETE', '/exchange_rates/{id}', { params: { id: rate.body.exchange_rate.id } });
  });

  it('column maps: list, record, make, edit, delete', async () => {
    await member('POST', '/royalty_maps/preview', {
      body: {
        sample:
          'Store,Period,ISRC,Track,Artist,Units,Net,Currency\nSpotify,2026-01,GBMAA2600009,Song,Artist,3,1.10,GBP\n',
        map: storeMap(),
      },
      rows: 'rows',
    });
    const made = await member('POST', '/royalty_maps', {
      body: { name: 'Money answer columns', map: storeMap() },
      status: 201,
    });
    const id = made.body.royalty_map.id as string;
    await member('GET', '/royalty_maps', { rows: 'royalty_maps' });
    await member('GET', '/royalty_maps/{id}', { params: { id } });
    await member('PATCH', '/royalty_maps/{id}', {
      params: { id },
      body: { name: 'Money answer columns 2', map: storeMap() },
    });
    await member('DELETE', '/royalty_maps/{id}', { params: { id } });
  });
});

describe('expenses, account entries and accounts answer what the document declares', () => {
  it('expenses: make, lists, record, words, edit, delete', async () => {
    const made = await member('POST', '/expenses', {
      body: {
        date: '2026-02-01',
        description: 'Mastering',
        supplier: 'Answer Studio',
        tags: ['studio'],
        subtotal: '120.50',
        expensable_id: ids.label,
        release_id: ids.release,
        recoupable: true,
        payee: { type: 'Payee', id: ids.payee },
      },
      status: 201,
    });
    const id = made.body.expense.id as string;
    await member('GET', '/expenses', { rows: 'expenses' });
    await member('GET', '/expenses/{id}', { params: { id } });
    await member('GET', '/expenses/{id}/edit', { params: { id } });
    await member('GET', '/expenses/tags');
    await member('GET', '/expenses/suppliers');
    await member('GET', '/label/expenses', { query: `label_id=${ids.label}`, rows: 'expenses' });
    await member('POST', '/statements/pay_periods_expenses', {
      body: { start_pay_period: '2026-02', end_pay_period: '2026-02', label_id: ids.label },
      rows: 'expenses',
    });
    await member('GET', '/label/distribution_expenses', { query: `label_id=${ids.label}` });
    await member('GET', '/release_expenses', { query: `release_id=${ids.release}`, rows: 'expenses' });
    const admin = answerChecker(document, world.admin);
    await admin('GET', '/admin/expenses', { query: `company=${world.companyId}`, rows: 'expenses' });
    await member('PATCH', '/expenses/{id}', { params: { id }, body: { description: 'Mastering and cuts' } });
    await member('GET', '/payees/{id}/accounting', { params: { id: ids.payee } });
    await member('DELETE', '/expenses/{id}', { params: { id } });
  });

  it('account entries: make, list, edit, delete; an artist’s account as it stands', async () => {
    const account = { type: 'Artist', id: ids.artist };
    const made = await member('POST', '/account_entries', {
      body: { account, kind: 'advance', amount: '250.00', date: '2026-01-15', description: 'Signing advance' },
      status: 201,
    });
    const id = made.body.account_entry.id as string;
    await member('GET', '/account_entries', {
      query: `account_type=Artist&account_id=${ids.artist}`,
      rows: 'account_entries',
    });
    await member('GET', '/artists/{id}/accounting', { params: { id: ids.artist } });
    await member('PATCH', '/account_entries/{id}', { params: { id }, body: { description: 'Advance' } });
    await member('DELETE', '/account_entries/{id}', { params: { id } });
  });
});

describe('payouts answer what the document declares', () => {
  it('payout details of a payee, an artist and a label, and the company’s debtor account', async () => {
    const uk = { method: 'uk_bulk', account_name: 'Answer Payee', sort_code: '20-00-00', account_number: '55779911' };
    for (const [route, id] of [
      ['/payees/{id}/payout_details', ids.payee],
      ['/artists/{id}/payout_details', ids.artist],
      ['/labels/{id}/payout_details', ids.label],
    ]) {
      await member('GET', route, { params: { id } });
      await member('PUT', route, { params: { id }, body: uk });
      if (route.startsWith('/labels')) await member('DELETE', route, { params: { id } });
    }
    await member('GET', '/company/debtor_account');
    await member('PUT', '/company/debtor_account', {
      body: { name: 'Money Answer Records', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
  });

  it('what is due, and a payment run cancelled, and one made, exported, read and confirmed', async () => {
    await member('PUT', '/payees/{id}/payout_details', {
      params: { id: ids.payee },
      body: { method: 'uk_bulk', account_name: 'Answer Payee', sort_code: '20-00-00', account_number: '55779911' },
    });
    const payee = { id: ids.payee, name: 'Money Answer Payee' };
    const statement = await dueStatement(world.companyId, payee, '12.35', 'GBP');
    const due = await member('POST', '/statements/payments_due_summary', { body: {}, rows: 'payments_due' });
    expect(due.body.payments_due[0].account.id).toBe(ids.payee);
    const summary = await member('POST', '/payments/summary', { body: { statement_ids: [statement.id] } });
    expect(summary.body.summary.payment_total).toBe('12.35');
    // A draft run cancelled frees its statement for the next run.
    const cancelled = await member('POST', '/payment_runs', { body: { statement_ids: [statement.id] }, status: 201 });
    await member('POST', '/payment_runs/{id}/cancel', { params: { id: cancelled.body.payment_run.id } });
    const made = await member('POST', '/payment_runs', {
      body: { statement_ids: [statement.id], execution_date: '2026-12-01' },
      status: 201,
    });
    const id = made.body.payment_run.id as string;
    const exported = await member('POST', '/payment_runs/{id}/export', { params: { id } });
    await member('GET', '/payment_runs/{id}/files/{name}', {
      params: { id, name: exported.body.payment_run.files[0].name },
    });
    await member('GET', '/payment_runs', { rows: 'payment_runs' });
    await member('GET', '/payment_runs/{id}', { params: { id } });
    await member('POST', '/payment_runs/{id}/confirm', { params: { id }, body: {} });
  });
});
