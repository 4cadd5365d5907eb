import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../shared/schemas/statement-views.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { SMALL_REPORT_MAP } from '../support/payee-earnings.js';
import { importReport } from '../support/royalty-report.js';
import { finishedImportJob } from '../support/import-job.js';
import { until } from '../support/wait.js';

/**
 * A published statement never changes: re-applying exchange rates and re-matching an import keep every line a
 * statement in force carries exactly as stated (and say so), while the import's other lines take the rates and the
 * catalogue as they are now; a finished import a statement carries is not re-run (409 naming the statement). An
 * import no statement carries is converted and matched again whole.
 */
type Api = OwnCompany['api'];
type Line = {
  id: string;
  import_id: string;
  pay_period: string;
  retailer: string;
  exchange_rate: string | null;
  amount: string | null;
  label_payable: string | null;
  recording_id: string | null;
  matched_by: string | null;
};

const stamp = Date.now();
const [stated, next, later] = ['2023-05', '2023-06', '2023-08'];
const source = `Stated actions ${stamp}`;
const isrc = `GBSA${String(stamp).slice(-8)}`.slice(0, 12);
/** The recording's ISRC after the catalogue change: a line of the stated month has it and matches nothing before. */
const newIsrc = `GBSB${String(stamp).slice(-8)}`.slice(0, 12);

let company: OwnCompany;
let api: Api;
let payee: { id: string };
let recordingId: string;
/** The import the statement carries (its month `stated`), and one of a month no statement states. */
let statedImport: string;
let openImport: string;
let first: Statement;
/** Every line as imported, before any action. */
let before: Line[];

const linesNow = async () =>
  ((await api.get('/royalties?per_page=100')).body.royalties as Line[]).sort((a, b) => a.id.localeCompare(b.id));
const money = (line: Line | undefined) =>
  line && {
    exchange_rate: line.exchange_rate,
    amount: line.amount,
    label_payable: line.label_payable,
    recording_id: line.recording_id,
    matched_by: line.matched_by,
  };
const lineOf = (lines: Line[], retailer: string) => lines.find((line) => line.retailer === retailer);
/** The lines the statement carries (the stated month's matched ones), money and match only. */
const carried = (lines: Line[]) =>
  lines
    .filter((line) => line.pay_period === stated && line.retailer !== 'Qobuz')
    .map((l) => ({ id: l.id, ...money(l) }));
const carriedNow = async () => carried(await linesNow());
/** Imports `rows` (after the header Store,Period,ISRC,Artist,Units,Net,Currency) through a map named `source`. */
const importRows = (filename: string, rows: string[]) =>
  importReport(api, {
    mapName: source,
    map: SMALL_REPORT_MAP,
    filename: `${filename}-${stamp}.csv`,
    report: ['Store,Period,ISRC,Artist,Units,Net,Currency', ...rows].join('\n'),
  });
/**
 * Asks for a re-match job (a re-match, new rates), which answers 202 at once, and waits for the import's job to
 * finish: the request's answer and the job (its result and notice: what the request answered when it did the work).
 */
const jobOf = async (ask: () => Promise<{ status: number; body: any }>) => {
  const at = new Date().toISOString();
  const asked = await ask();
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const importId = asked.body.royalty_import?.id ?? asked.body.result.import_ids[0];
  const job = await finishedImportJob(api, importId, at);
  expect(job.status, job.message ?? '').toBe('done');
  return { asked, job };
};
const notYetStated = async () => (await api.get('/statements/not_yet_stated')).body.not_yet_stated as unknown[];

beforeAll(async () => {
  company = await ownCompany('Stated import actions');
  api = company.api;
  const made = await api.post('/payees', { name: `Payee ${stamp}`, email: `stated.${stamp}@example.test` });
  expect(made.status).toBe(201);
  payee = made.body.payee;
  const recording = await api.post('/recordings', {
    title: `Stated Track ${stamp}`,
    isrc,
    recording_payees_attributes: [{ payee_id: payee.id, split: 100 }],
  });
  expect(recording.status).toBe(201);
  recordingId = recording.body.recording.id;
  const rate = { distributor: source, original_currency: 'USD', target_currency: 'GBP' };
  expect((await api.post('/exchange_rates', { ...rate, payment_date: '2020-01-01', rate: '0.8' })).status).toBe(201);
  statedImport = await importRows('stated', [
    `Spotify,${stated},${isrc},Someone Else,10,3.335,GBP`,
    `Deezer,${stated},${isrc},Someone Else,5,10.00,USD`,
    `Qobuz,${stated},${newIsrc},Someone Else,2,1.00,GBP`,
    `Apple,${next},${isrc},Someone Else,4,2.10,GBP`,
    `Tidal,${next},${isrc},Someone Else,5,10.00,USD`,
  ]);
  // The same map (and so the same distributor's rates) for a month no statement states.
  openImport = await importRows('open', [`Napster,${later},${isrc},Someone Else,5,10.00,USD`]);
  before = await linesNow();
  expect(before).toHaveLength(6);
  expect(lineOf(before, 'Qobuz')?.recording_id).toBeNull();
  expect(lineOf(before, 'Deezer')?.amount).toBe('8.000000');
  expect(lineOf(before, 'Tidal')?.amount).toBe('8.000000');
  const created = await api.post('/statements', {
    payee_id: payee.id,
    start_pay_period: stated,
    end_pay_period: stated,
  });
  expect(created.status).toBe(201);
  first = await until(async () => {
    const found = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
      .statements as Statement[];
    return found[0]?.queue_status === 'published' ? found[0] : undefined;
  }, 60_000);
  expect(first.control.lines).toBe(2);
}, 180_000);

// One story in order: new rates, then a catalogue change, over the same imports.
describe('an import a published statement carries', { shuffle: false }, () => {
  it('is not re-run: 409 naming the statement, and its lines read back the same', async () => {
    const rerun = await api.post(`/royalty_imports/${statedImport}/rerun`);
    expect(rerun.status).toBe(409);
    expect(rerun.body.message).toBe(
      `This import's lines are on statement ${first.number}; change them with a correction or an adjustment`,
    );
    expect((await api.get(`/royalty_imports/${statedImport}`)).body.royalty_import.status).toBe('done');
    expect(await linesNow()).toEqual(before);
    // A finished import no statement carries is refused as before: only a failed or stuck import runs again.
    expect((await api.post(`/royalty_imports/${openImport}/rerun`)).body.message).toBe(
      'Only a failed or stuck import can be re-run. Delete this import and upload the report again instead.',
    );
  });

  it('takes new exchange rates on the lines no statement carries only, and says which lines kept theirs', async () => {
    const rate = { distributor: source, original_currency: 'USD', target_currency: 'GBP' };
    expect((await api.post('/exchange_rates', { ...rate, payment_date: '2021-01-01', rate: '0.5' })).status).toBe(201);
    const updated = await jobOf(() => api.post('/royalties/update_exchange_rates', { import_id: statedImport }));
    expect(updated.asked.body.result).toEqual({ imports: 1, import_ids: [statedImport] });
    expect(updated.job.result).toMatchObject({
      imports: 1,
      lines: 3,
      missing_rates: [],
      stated_lines: 2,
      statements: [first.number],
    });
    // The stated month reads as stated; the month not stated took the new rate.
    expect(await carriedNow()).toEqual(carried(before));
    const now = await linesNow();
    expect(lineOf(now, 'Tidal')).toMatchObject({ exchange_rate: '0.500000', amount: '5.000000' });
    expect(lineOf(now, 'Apple')?.amount).toBe(lineOf(before, 'Apple')?.amount);
    // The statement and the ledger behind it agree: nothing of the stated month waits for a correction.
    expect(await notYetStated()).toEqual([]);

    // An import no statement carries is converted again whole.
    const open = await jobOf(() => api.post('/royalties/update_exchange_rates', { import_id: openImport }));
    expect(open.job.result).toMatchObject({ imports: 1, lines: 1, stated_lines: 0, statements: [] });
    expect(lineOf(await linesNow(), 'Napster')).toMatchObject({ exchange_rate: '0.500000', amount: '5.000000' });

    // Every import of the company at once: the same rule, the kept lines counted once per import.
    // A job each: their results summed as the one answer summed them when the request did the work.
    const allAsked = new Date().toISOString();
    const all = await api.post('/royalties/update_exchange_rates', {});
    expect(all.status, JSON.stringify(all.body)).toBe(202);
    const jobs = await Promise.all(
      (all.body.result.import_ids as string[]).map((id) => finishedImportJob(api, id, allAsked)),
    );
    const sum = (key: 'lines' | 'stated_lines') => jobs.reduce((n, job) => n + job.result[key], 0);
    expect({
      imports: all.body.result.imports,
      lines: sum('lines'),
      stated_lines: sum('stated_lines'),
      statements: [...new Set(jobs.flatMap((job) => job.result.statements as string[]))].sort(),
    }).toMatchObject({ imports: 2, lines: 4, stated_lines: 2, statements: [first.number] });
    expect(await carriedNow()).toEqual(carried(before));
  }, 120_000);

  it('re-matches the lines no statement carries only: a stated line keeps its recording and payee', async () => {
    // The recording's ISRC changes: the report's lines with the old one no longer match it; the one with the new matches.
    expect((await api.patch(`/recordings/${recordingId}`, { isrc: newIsrc })).status).toBe(200);
    const rematched = (await jobOf(() => api.post(`/royalty_imports/${statedImport}/rematch`))).job;
    expect(rematched.message).toBe(`Import Re-matched: 2 lines on statement ${first.number} were kept as stated`);
    expect(rematched.result).toMatchObject({ lines: 5, stated_lines: 2, statements: [first.number] });
    expect(await carriedNow()).toEqual(carried(before));
    const now = await linesNow();
    for (const retailer of ['Apple', 'Tidal']) expect(lineOf(now, retailer)?.recording_id).toBeNull();
    for (const retailer of ['Spotify', 'Deezer']) expect(lineOf(now, retailer)?.recording_id).toBe(recordingId);
    // The stated month's line that matched nothing now pays the payee: a late line, for a correction to state.
    expect(lineOf(now, 'Qobuz')?.recording_id).toBe(recordingId);
    expect(await notYetStated()).toMatchObject([{ statement_id: first.id, number: first.number, lines: 1 }]);

    // An import no statement carries is matched again whole.
    const open = (await jobOf(() => api.post(`/royalty_imports/${openImport}/rematch`))).job;
    expect(open).toMatchObject({ message: 'Import Re-matched', result: { stated_lines: 0, statements: [] } });
    expect(lineOf(await linesNow(), 'Napster')?.recording_id).toBeNull();
  }, 120_000);

  it('is not changed by a re-match that finds a statement numbered since it read the stated lines', async () => {
    const { getImport } = await import('../../functions/data/access/royalty-imports.js');
    const { readSequence } = await import('../../functions/data/access/statements.js');
    const { StatementsNumberedMeanwhile, storeLedger } = await import('../../functions/royalties/ledger/store.js');
    const { withScratchDuck } = await import('../../functions/royalties/ledger/duck.js');
    const { importLedgerKeys, localLedgerFile } = await import('../../functions/royalties/ledger/files.js');
    const { periodAggregates } = await import('../../functions/royalties/ledger/aggregates.js');
    const item = await getImport(company.companyId, statedImport);
    if (!item) throw new Error('the stated import is not there');
    const linesBefore = await linesNow();
    // The import's sums by recording, which a re-match of every line would change (the catalogue changed above).
    const sums = () => periodAggregates(company.companyId, statedImport, stated, 'recording_id');
    const sumsBefore = await sums();
    // The count as a re-match read it before the statement was numbered: one fewer than now.
    const stale = (await readSequence(company.companyId, 'statement')) - 1;
    const rematch = withScratchDuck('stale-rematch-', async (duck, dir) =>
      storeLedger(
        duck,
        dir,
        process.env.LEDGER_BUCKET ?? '',
        item,
        await Promise.all(importLedgerKeys(item).map(localLedgerFile)),
        {},
        undefined,
        { keep: { sql: 'false', statementsNumbered: stale } },
      ),
    );
    await expect(rematch).rejects.toBeInstanceOf(StatementsNumberedMeanwhile);
    expect((await getImport(company.companyId, statedImport))?.ledger_key).toBe(item.ledger_key);
    expect(await linesNow()).toEqual(linesBefore);
    // Its sums, written before its file was refused, are the recorded file's again.
    expect(await sums()).toEqual(sumsBefore);
  }, 60_000);

  it('is not claimed by another delivery of its report: a finished import is never imported again over itself', async () => {
    const { claimImportRun, getImport } = await import('../../functions/data/access/royalty-imports.js');
    const linesBefore = await linesNow();
    // A delivery that read the import processing, and claims it after the run that finished it.
    const claimed = await claimImportRun(company.companyId, statedImport, {
      staleBefore: new Date(Date.now() + 60_000).toISOString(),
      claim: `late-delivery-${stamp}`,
      progress: 0,
    });
    expect(claimed).toBe(false);
    expect((await getImport(company.companyId, statedImport))?.status).toBe('done');
    expect(await linesNow()).toEqual(linesBefore);
  });
});
