import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunPreviewRow, Statement, StatementRun } from '../../shared/schemas/statement-views.js';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { importReport, payeeWithEarnings, recoupableExpense } from '../support/payee-earnings.js';
import { importStreams } from '../support/royalty-report.js';
import { payeeStatementOf, publishedRun } from '../support/statement-run.js';
import { contractWithAdvance } from '../support/contract-fixture.js';
import { until } from '../support/wait.js';

/**
 * A correction previewed first (statements/{id}/new_version with `preview`): its run shows the statement in force
 * beside the new version before anything is published; the statement stays in force until the run is published,
 * and the version published states exactly what the preview showed.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
const stamp = Date.now();
const months = { start_pay_period: '2023-01', end_pay_period: '2023-02' };

const statementsOf = async (payeeId: string) =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body.statements as Statement[];
const runOf = async (runId: string) => (await api.get(`/statement_runs/${runId}`)).body.statement_run as StatementRun;
/** The payee's one statement of `months`, asked for through the API and awaited. */
async function statementFor(payeeId: string): Promise<Statement> {
  expect((await api.post('/statements', { payee_id: payeeId, ...months })).status).toBe(201);
  const [first] = await until(async () => {
    const found = await statementsOf(payeeId);
    return found.length ? found : undefined;
  }, 60_000);
  return first;
}

/** The run once it has left `working` (previewing, or publishing once Publish is pressed). */
const runAfter = (runId: string, working: StatementRun['status'], ms = 90_000) =>
  until(async () => {
    const run = await runOf(runId);
    return run.status === working ? undefined : run;
  }, ms);

/** The figures a run's row and its statement both carry. */
const FIGURES = ['opening_balance', 'royalties', 'costs', 'payments', 'closing_balance', 'payable'] as const;
const figuresOf = (row: Pick<RunPreviewRow, (typeof FIGURES)[number]>) =>
  Object.fromEntries(FIGURES.map((key) => [key, row[key] ?? '0.00']));

beforeAll(async () => {
  const manager = await ownLabelManager('Correction previews');
  api = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);
}, 120_000);

describe('a new version previewed first', () => {
  it('shows the version in force beside the new one, publishes nothing until asked, then states what it showed', async () => {
    const { payee, isrc } = await payeeWithEarnings(api, stamp, ['2023-01', '2023-02']);
    await recoupableExpense(api, payee.id, { date: '2023-02-10', description: 'Mixing', subtotal: '1.00' });
    const first = await statementFor(payee.id);
    const paid = await api.post('/statements/pay_statement', {
      id: first.id,
      payment_date: '2023-05-02',
      payment_method: 'BACS',
      payment_reference: `Paid ${stamp}`,
    });
    expect(paid.status).toBe(200);
    await importReport(api, `late-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,2023-02,${isrc},Someone Else,5,1.25,GBP`,
    ]);

    const started = await api.post(`/statements/${first.id}/new_version`, { preview: true });
    expect(started.status).toBe(201);
    expect(started.body.message).toBe('New version being previewed: publish it from its run once you have checked it');
    expect(started.body.statement_run).toMatchObject({
      status: 'previewing',
      ...months,
      replaces: { id: first.id, number: first.number, version: 1 },
    });
    const runId = started.body.statement_run.id as string;
    const previewed = await runAfter(runId, 'previewing');
    expect(previewed.status, previewed.error ?? '').toBe('preview_ready');

    // The statement in force, as stated; the new version, with the late line and the expense it carried again.
    expect(previewed.replaces?.row && figuresOf(previewed.replaces.row)).toEqual(figuresOf(first.figures));
    const [row] = previewed.preview?.rows ?? [];
    expect(previewed.preview?.rows).toHaveLength(1);
    expect(new Big(row.royalties).minus(first.figures.royalties).toFixed(2)).toBe('1.25');
    expect(row.costs).toBe(first.figures.costs);

    // Nothing is published yet: the first statement is still the one in force.
    const listed = await statementsOf(payee.id);
    expect(listed.map((s) => s.id)).toEqual([first.id]);
    expect((await api.get(`/statements/${first.id}`)).body.statement.superseded_by ?? null).toBeNull();
    // The company's list of runs names it as the correction of that statement.
    const runs = (await api.get('/statement_runs?page=1&per_page=10')).body.statement_runs as StatementRun[];
    expect(runs.find((run) => run.id === runId)?.replaces).toEqual({
      id: first.id,
      number: first.number,
      version: 1,
      row: null,
    });
    // Another company's view of the run finds nothing.
    expect((await other.get(`/statement_runs/${runId}`)).status).toBe(404);

    expect((await api.post(`/statement_runs/${runId}/publish`)).status).toBe(200);
    const published = await runAfter(runId, 'publishing');
    expect(published.status, published.error ?? '').toBe('published');
    const second = (await statementsOf(payee.id)).find((s) => s.replaces_id === first.id);
    expect(second?.version).toBe(2);
    // The version published states exactly what the preview showed, and the run still names what it replaced.
    expect(second && figuresOf(second.figures)).toEqual(figuresOf(row));
    expect(published.replaces).toMatchObject({ id: first.id, number: first.number, version: 1 });
    const firstNow = (await api.get(`/statements/${first.id}`)).body.statement as Statement;
    expect(firstNow.superseded_by).toBe(second?.id);
    expect(firstNow.figures).toEqual(first.figures);
  }, 240_000);

  it('a previewed correction whose statement another version replaced first is refused, naming the statement', async () => {
    const { payee, isrc } = await payeeWithEarnings(api, stamp + 1, ['2023-01', '2023-02']);
    const first = await statementFor(payee.id);
    await importReport(api, `late-race-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,2023-01,${isrc},Someone Else,3,0.75,GBP`,
    ]);
    const previewing = await api.post(`/statements/${first.id}/new_version`, { preview: true });
    const runId = previewing.body.statement_run.id as string;
    await until(async () => ((await runOf(runId)).status === 'preview_ready' ? true : undefined), 60_000);
    // Meanwhile a correction published straight away replaces the statement.
    expect((await api.post(`/statements/${first.id}/new_version`)).status).toBe(201);
    await until(async () => (await statementsOf(payee.id)).find((s) => s.replaces_id === first.id), 60_000);

    expect((await api.post(`/statement_runs/${runId}/publish`)).status).toBe(200);
    const ended = await runAfter(runId, 'publishing', 180_000);
    expect(ended.status).toBe('failed');
    expect(ended.error).toBe(
      `The statement for ${payee.name} failed: Statement ${first.number} has been corrected by another version already, or is not finished`,
    );
    // One correction of the statement, not two.
    expect((await statementsOf(payee.id)).filter((s) => s.replaces_id === first.id)).toHaveLength(1);
  }, 300_000);

  it('of a statement that recouped an advance gives back what it recouped, as the published version does', async () => {
    const isrc = `GBCP${String(stamp).slice(-7)}2`;
    const { payeeId } = await contractWithAdvance(api, {
      name: 'Correction',
      stamp,
      isrc,
      contractee: `Advance Artist Ltd ${stamp}`,
      contractor: 'Correction Records Ltd',
      start_date: '2031-01-01',
    });
    const payee = { id: payeeId };
    await importStreams(api, `Advance ${stamp}`, [`Spotify,2031-04,${isrc},GB,1,6000.00`]);
    await publishedRun(api, {
      kind: 'payee',
      start_pay_period: '2031-04',
      end_pay_period: '2031-04',
      accounts: [{ type: 'Payee', id: payee.id }],
    });
    const april = (await payeeStatementOf(api, payee.id, '2031-04')) as Statement;
    expect(april.figures).toMatchObject({ royalties: '3000.00', recouped: '-1000.00', closing_balance: '2000.00' });

    // A late £2,000 of April: the new version gives back the £1,000 April recouped and recoups it again (without the
    // give-back it would find the advance recouped already and state £4,000 with nothing recouped).
    await importStreams(api, `Advance late ${stamp}`, [`Deezer,2031-04,${isrc},GB,1,2000.00`]);
    const started = await api.post(`/statements/${april.id}/new_version`, { preview: true });
    expect(started.status).toBe(201);
    const runId = started.body.statement_run.id as string;
    const previewed = await runAfter(runId, 'previewing');
    expect(previewed.status, previewed.error ?? '').toBe('preview_ready');
    const [row] = previewed.preview?.rows ?? [];
    expect(row).toMatchObject({ royalties: '4000.00', recouped: '-1000.00', closing_balance: '3000.00' });

    expect((await api.post(`/statement_runs/${runId}/publish`)).status).toBe(200);
    const published = await runAfter(runId, 'publishing');
    expect(published.status, published.error ?? '').toBe('published');
    const corrected = (await statementsOf(payee.id)).find((s) => s.replaces_id === april.id);
    expect(corrected?.figures).toMatchObject({
      royalties: '4000.00',
      recouped: '-1000.00',
      closing_balance: '3000.00',
    });
  }, 300_000);
});
