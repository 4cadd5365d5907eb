import { beforeAll, describe, expect, inject, it } from 'vitest';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * Statement runs and published statements against the answers the OpenAPI document declares: a run from preview to
 * published, one account's statement, its edits, payment and new version, money not yet stated, the admin's list;
 * then royalty lines marked and edited together and an import's unmatched lines assigned and matched again.
 * Every call is on records this file makes.
 */
let document: ApiDocument;
let world: OwnCompany;
let member: ReturnType<typeof answerChecker>;
let payee: { id: string; name: string };
let paidIsrc: string;
const stamp = Date.now();
const [stated, next] = ['2023-05', '2023-06'];

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  document = await servedDocument();
  world = await ownCompany('Statement answers', { currency: 'GBP' });
  member = answerChecker(document, world.manager.token, world.companyId);
  ({ payee, isrc: paidIsrc } = await payeeWithEarnings(world.api, stamp, [stated, next]));
}, 120_000);

type Run = { status: string };
const runOf = async (id: string) => (await world.api.get(`/statement_runs/${id}`)).body.statement_run as Run;
const settled = (id: string, status: string) =>
  until(async () => ((await runOf(id)).status === status ? true : undefined), 60_000);
const payeeStatements = async () =>
  (await world.api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body.statements as {
    id: string;
    start_pay_period: string;
    queue_status: string;
  }[];

describe('statement runs and published statements answer what the document declares', () => {
  it('a run: made, previewed, listed, read, published', async () => {
    const made = await member('POST', '/statements/create_statement_run', {
      body: {
        kind: 'payee',
        start_pay_period: stated,
        end_pay_period: stated,
        accounts: [{ type: 'Payee', id: payee.id }],
      },
      status: 201,
    });
    const id = made.body.statement_run.id as string;
    await settled(id, 'preview_ready');
    const previewed = await member('GET', '/statement_runs/{id}', { params: { id } });
    expect(previewed.body.statement_run.preview.rows.length, 'a preview row of its own').toBeGreaterThan(0);
    await member('GET', '/statement_runs', { rows: 'statement_runs' });
    await member('POST', '/statement_runs/{id}/publish', { params: { id } });
    await settled(id, 'published');
  });

  it('one account’s statement: made, edited, paid and unpaid, downloaded, sent, corrected', async () => {
    await member('POST', '/statements', {
      body: { payee_id: payee.id, start_pay_period: next, end_pay_period: next },
      status: 201,
    });
    const statement = await until(async () => {
      const found = (await payeeStatements()).find((s) => s.start_pay_period === next);
      return found?.queue_status === 'published' ? found : undefined;
    }, 60_000);
    const params = { id: statement.id };
    await member('PATCH', '/statements/{id}', { params, body: { statement: { subject: 'Your May statement' } } });
    // A distribution statement's edit is the same call on its own path.
    await member('PATCH', '/distribution_statements/{id}', {
      params,
      body: { distribution_statement: { subject: 'Your May statement again' } },
    });
    await member('POST', '/statements/pay_statement', { body: { id: statement.id, payment_date: '2026-01-05' } });
    await member('POST', '/statements/bulk_pay', { body: { statement_ids: [statement.id], paid: false } });
    // The PDF is made after publishing: the download waits for it.
    await expect
      .poll(async () => (await world.api.post('/statements/bulk_download', { statement_ids: [statement.id] })).status)
      .toBe(200);
    await member('POST', '/statements/bulk_download', { body: { statement_ids: [statement.id] } });
    await member('POST', '/statements/resend_statement', { body: { id: statement.id } });
    await member('GET', '/statements/royalty_pay_periods');
    const admin = answerChecker(document, world.admin);
    await admin('GET', '/admin/statements', { query: `company=${world.companyId}`, rows: 'statements' });
    // A line reaching this statement's month afterwards is money not yet stated, until a new version states it.
    // (This statement's month, not the run's: the run above is another test, which may not have run yet.)
    await importReport(world.api, `late-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,${next},${paidIsrc},Someone,2,1.25,GBP`,
    ]);
    await member('GET', '/statements/not_yet_stated', { rows: 'not_yet_stated' });
    await member('POST', '/statements/{id}/new_version', { params, status: 201 });
  });
});

describe('an artist’s and a label’s statements answer what the document declares', () => {
  it('their statements started, the artist’s statements, periods and sum, the label’s sums and what it cannot pay', async () => {
    const artistId = (await world.api.post('/artists', { name: `Answer Artist ${stamp}` })).body.artist.id as string;
    const label = await world.label(`Answer Label ${stamp}`);
    const range = { start_pay_period: next, end_pay_period: next };
    const periods = `start_pay_period=${next}&end_pay_period=${next}`;
    await member('POST', '/label_artists/statements', { body: { artist_id: artistId, ...range }, status: 201 });
    await member('POST', '/distribution_statements', { body: { label_id: label.id, ...range }, status: 201 });
    await member('POST', '/label_artist/statements', { body: { artist_id: artistId } });
    await member('GET', '/label_artists/statements/royalty_pay_periods', { query: `artist_id=${artistId}` });
    await member('GET', '/label_artists/statements/statement_sum', { query: `artist_id=${artistId}&${periods}` });
    await member('POST', '/statements/royalty_pay_periods_statement_sums', { body: { label_id: label.id, ...range } });
    await member('GET', '/label/artist_statements/prepare', { query: `label_id=${label.id}&${periods}` });
  });
});

describe('royalty lines and an import’s matches answer what the document declares', () => {
  it('lines marked paid and unpaid, edited together; an import’s unmatched lines assigned and matched again', async () => {
    const isrc = `GBUN${String(stamp).slice(-8)}`;
    const rows = ['Store,Period,ISRC,Artist,Units,Net,Currency', `Tidal,2025-02,${isrc},Nobody Yet,3,0.90,GBP`];
    const report = rows.join('\n');
    await importReport(world.api, `unmatched-${stamp}`, rows);
    const lines = (await world.api.get('/royalties?per_page=100&unmatched=true')).body.royalties as {
      id: string;
      import_id: string;
      isrc: string;
    }[];
    const line = lines.find((l) => l.isrc === isrc);
    if (!line) throw new Error('the unmatched line was not imported');
    const ids = [line.id];
    for (const mark of ['mark_as_paid', 'mark_as_unpaid', 'mark_as_artist_paid', 'mark_as_artist_unpaid'])
      await member('PATCH', `/royalties/${mark}`, { body: { ids } });
    await member('POST', '/royalties_bulk_update', { body: { ids, royalty: { retailer: 'Tidal HiFi' } } });
    await member('GET', '/royalties/attributes', { rows: 'attributes' });
    await member('GET', '/import_royalties/model_attributes', { rows: 'mapping_columns' });
    const params = { id: line.import_id };
    const unmatched = await member('GET', '/royalty_imports/{id}/unmatched', { params, rows: 'unmatched' });
    expect(unmatched.body.unmatched_lines).toBeGreaterThan(0);
    const recording = await world.api.post('/recordings', { title: `Matched later ${stamp}` });
    // Each answers at once (202): the import is matched again in the background.
    await member('POST', '/royalty_imports/{id}/assign', {
      params,
      body: { field: 'isrc', value: isrc, recording_id: recording.body.recording.id },
      status: 202,
    });
    await member('POST', '/royalty_imports/{id}/rematch', { params, status: 202 });
    await member('POST', '/royalties/update_exchange_rates', { body: { import_id: line.import_id }, status: 202 });
    // The same report again is held back as a duplicate until someone confirms it.
    const first = (await world.api.get(`/royalty_imports?per_page=100`)).body.royalty_imports.find(
      (i: { id: string }) => i.id === line.import_id,
    );
    const again = await world.api.post('/royalties/bulk', {
      filename: `again-${stamp}.csv`,
      size: Buffer.byteLength(report),
      source_id: first.source_id,
    });
    await fetch(again.body.url, { method: 'PUT', headers: again.body.headers, body: report });
    const duplicate = await until(async () => {
      const all = (await world.api.get('/royalty_imports?per_page=100')).body.royalty_imports;
      return all.find(
        (i: { filename: string; status: string }) =>
          i.filename.endsWith(`again-${stamp}.csv`) && i.status === 'duplicate',
      );
    }, 60_000);
    await member('POST', '/royalty_imports/{id}/confirm', { params: { id: duplicate.id } });
    // Its worker died two hours ago: the admins' Jobs page lists it, and a re-run starts it again.
    const { getDb } = await import('../../functions/data/service.js');
    await getDb()
      .entities.RoyaltyImport.patch({ tenantId: world.companyId, id: line.import_id })
      .set({ status: 'processing', running_since: new Date(Date.now() - 2 * 60 * 60_000).toISOString() })
      .remove(['ledger_key'])
      .go();
    const jobs = await answerChecker(document, world.admin)('GET', '/admin/jobs', { rows: 'jobs' });
    expect(jobs.body.jobs.map((j: { id: string }) => j.id)).toContain(line.import_id);
    await member('POST', '/royalty_imports/{id}/rerun', { params });
  });

  it('the admin’s royalties across companies: a line made in the company, listed, read, edited', async () => {
    const admin = answerChecker(document, world.admin);
    const made = await admin('POST', '/admin/royalties', {
      body: {
        company_id: world.companyId,
        royalty: { pay_period: '2025-04', retailer: 'Admin Shop', subtotal_payable: '2.50', currency: 'GBP' },
      },
      status: 201,
    });
    const params = { companyId: world.companyId, id: made.body.royalty.id as string };
    await admin('GET', '/admin/royalties', { query: `company=${world.companyId}`, rows: 'royalties' });
    await admin('GET', '/admin/royalties/{companyId}/{id}', { params });
    await admin('PATCH', '/admin/royalties/{companyId}/{id}', {
      params,
      body: { royalty: { retailer: 'Admin Store' } },
    });
  });
});
