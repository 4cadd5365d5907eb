import { beforeAll, describe, expect, it } from 'vitest';
import type { NotYetStated, Statement, StatementRun } from '../../shared/schemas/statement-views.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';
import { previewedRun } from '../support/statement-run.js';

/**
 * Lines a published statement carries are frozen; lines that reach months already stated (late
 * lines) are listed as not yet stated, left out of later periods' statements, and stated once by a
 * correction of the stated statement.
 */
type Api = OwnCompany['api'];
const stamp = Date.now();
const [stated, next] = ['2023-05', '2023-06'];
type Line = { id: string; pay_period: string; amount: string; import_id: string };

/** A company with a payee earning in two months, the first of them stated by a published statement. */
type World = {
  company: OwnCompany;
  api: Api;
  payee: { id: string; name: string };
  isrc: string;
  lines: Line[];
  first: Statement;
};

const statementsOf = async ({ api, payee }: World) =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body.statements as Statement[];
const lateRows = async ({ api }: World) =>
  (await api.get('/statements/not_yet_stated')).body.not_yet_stated as NotYetStated[];
const units = (value: string) => BigInt(value.replace('.', ''));

async function runOf({ api }: World, body: object): Promise<StatementRun> {
  return (await previewedRun(api, { kind: 'payee', ...body })).previewed;
}

async function makeWorld(name: string, worldStamp: number): Promise<World> {
  const company = await ownCompany(name);
  const { api } = company;
  const { payee, isrc } = await payeeWithEarnings(api, worldStamp, [stated, next]);
  const lines = (await api.get(`/royalties?per_page=100`)).body.royalties as Line[];
  const created = await api.post('/statements', {
    payee_id: payee.id,
    start_pay_period: stated,
    end_pay_period: stated,
  });
  expect(created.status).toBe(201);
  const world = { company, api, payee, isrc, lines } as World;
  [world.first] = await until(async () => {
    const found = await statementsOf(world);
    return found.length && found[0].queue_status === 'published' ? found : undefined;
  }, 60_000);
  return world;
}

/** The company the frozen-line and flagged-import cases share: neither adds late lines nor corrects its statement. */
let shared: World;

beforeAll(async () => {
  shared = await makeWorld('Late lines', stamp);
}, 180_000);

describe('a line a published statement carries', () => {
  it('cannot be edited or deleted (409 naming the statement), and nothing changes', async () => {
    const { api, lines, first } = shared;
    const line = lines.find((l) => l.pay_period === stated);
    if (!line) throw new Error('the stated month has no line');
    const message = `This line is on statement ${first.number}; change it with a correction or an adjustment`;
    const edited = await api.patch(`/royalties/${line.id}`, { royalty: { amount: '99.99' } });
    expect(edited.status).toBe(409);
    expect(edited.body.message).toBe(message);
    const deleted = await api.del(`/royalties/${line.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(message);
    const bulk = await api.post('/royalties_bulk_update', { ids: [line.id], royalty: { territory: 'US' } });
    expect(bulk.status).toBe(409);
    const now = (await api.get(`/royalties/${line.id}`)).body.royalty as Line & { territory: string };
    expect(now.amount).toBe(line.amount);
    expect(now.territory).toBe('GB');
    expect(await lateRows(shared)).toEqual([]);
  });

  it('keeps its import: deleting the import is refused (409 naming the statement), and its lines stay', async () => {
    const { api, lines, first } = shared;
    const line = lines.find((l) => l.pay_period === stated);
    if (!line) throw new Error('the stated month has no line');
    const deleted = await api.del(`/royalty_imports/${line.import_id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(
      `This import's lines are on statement ${first.number}; change them with a correction or an adjustment`,
    );
    expect((await api.get(`/royalty_imports/${line.import_id}`)).status).toBe(200);
    expect((await api.get(`/royalties/${line.id}`)).body.royalty.amount).toBe(line.amount);
    expect(await lateRows(shared)).toEqual([]);
  });

  it('stays editable when no statement carries it (a month not stated)', async () => {
    const { api, lines } = shared;
    const line = lines.find((l) => l.pay_period === next);
    if (!line) throw new Error('the next month has no line');
    const edited = await api.patch(`/royalties/${line.id}`, { royalty: { territory: 'FR' } });
    expect(edited.status).toBe(200);
    expect(edited.body.royalty.territory).toBe('FR');
  });
});

// One story in order: the late line is listed, then stated by the correction. It adds a late line and corrects
// the statement, so it has a company of its own.
describe('a late line', { shuffle: false }, () => {
  let world: World;
  let late: NotYetStated;

  beforeAll(async () => {
    world = await makeWorld('Late lines corrected', stamp + 1);
  }, 180_000);

  it('is listed as not yet stated, with the engine amount, and the next period does not state it', async () => {
    const { api, isrc, first, payee } = world;
    await importReport(api, `late-lines-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,${stated},${isrc},Someone Else,5,1.25,GBP`,
    ]);
    const rows = await lateRows(world);
    expect(rows).toHaveLength(1);
    [late] = rows;
    expect(late).toMatchObject({
      statement_id: first.id,
      number: first.number,
      account: { type: 'Payee', id: payee.id },
      start_pay_period: stated,
      end_pay_period: stated,
      lines: 1,
    });
    expect(units(late.amount) > 0n).toBe(true);

    // The next period's run: lists the late money, and its own row holds only the next month's line.
    const run = await runOf(world, { start_pay_period: next, end_pay_period: next });
    expect(run.preview?.warnings.not_yet_stated).toEqual([late]);
    const row = run.preview?.rows.find((r) => r.account.id === payee.id);
    expect(row?.lines).toBe(1);
    expect((await api.post(`/statement_runs/${run.id}/publish`)).status).toBe(200);
    const june = await until(async () => (await statementsOf(world)).find((s) => s.start_pay_period === next), 60_000);
    expect(june.control.lines).toBe(1);
    // A run for the stated month again leaves the account out: it is stated already.
    const again = await runOf(world, { start_pay_period: stated, end_pay_period: stated });
    expect(again.preview?.rows.some((r) => r.account.id === payee.id)).toBe(false);
  }, 180_000);

  it('is stated once, by a correction of the stated statement, and is then frozen', async () => {
    const { api, first } = world;
    expect((await api.post(`/statements/${first.id}/new_version`)).status).toBe(201);
    const second = await until(async () => {
      const found = (await statementsOf(world)).find((s) => s.replaces_id === first.id);
      return found?.queue_status === 'published' ? found : undefined;
    }, 60_000);
    expect(second.control.lines).toBe(first.control.lines + 1);
    expect(units(second.control.lines_total) - units(first.control.lines_total)).toBe(units(late.amount));
    expect(await lateRows(world)).toEqual([]);
    const lateLine = (
      (await api.get('/royalties?per_page=100')).body.royalties as (Line & { retailer: string })[]
    ).find((l) => l.retailer === 'Deezer');
    if (!lateLine) throw new Error('the late line is not listed');
    const edited = await api.patch(`/royalties/${lateLine.id}`, { royalty: { amount: '5.00' } });
    expect(edited.status).toBe(409);
    expect(edited.body.message).toContain(second.number);
  }, 180_000);
});

/** A DDEX DSR (one line of 1.00 GBP in 2026-04 for `forIsrc`) whose footer counts 9 lines where it has 6. */
function flaggedDsr(forIsrc: string): string {
  const records = [
    [
      'HEAD',
      'dsrf/1.1.2/1.6/1.0',
      'BasicAudioProfile',
      '1.4',
      `MSG-${stamp}`,
      '2026-05-15T03:15:00Z',
      '1',
      '1',
      '2026-04-01',
      '2026-04-30',
      'PADPIDA2010000001X',
      'Streamio',
      'StreamioPremium',
      'PADPIDA2020000002Y',
      'Late Lines',
    ],
    [
      'SY01.03',
      'SUM-1',
      'Streamio',
      'PADPIDA2010000001X',
      'SubscriptionModel',
      'OnDemandStream',
      'GB',
      'StreamioPremium',
      '300',
      '1200',
      'GBP',
      '1.00',
    ],
    ['RE01.03', 'B1', 'R1', 'DSP-REL-1', '', 'LL001', '', 'Ada', '', 'Night Songs', '', 'Album', 'Late Lines'],
    ['AS02.04', 'B1', 'A1', 'DSP-RES-1', forIsrc, 'First Light', '', 'Ada', '', 'PT3M', 'SoundRecording'],
    ['SU02.03', 'B1', 'SUM-1', 'T1', '', 'A1', 'true', '300', '', '', 'OnDemandStream'],
    ['FOOT', '9', '9', '1', '1', '1'],
  ];
  return `${records.map((r) => r.join('\t')).join('\n')}\n`;
}

// One story in order: the import is held, then accepted, then stated.
describe('a flagged import', { shuffle: false }, () => {
  const held = { start_pay_period: '2026-04', end_pay_period: '2026-04' };
  let importId: string;

  it('is held out of a run, which lists it with its findings, until a person accepts it', async () => {
    const { api, isrc, payee } = shared;
    const dsr = flaggedDsr(isrc);
    const sourceId = (await api.get('/royalty_maps')).body.royalty_maps[0].id;
    const upload = await api.post('/royalties/bulk', {
      filename: `held-${stamp}.tsv`,
      size: Buffer.byteLength(dsr),
      source_id: sourceId,
    });
    expect((await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: dsr })).status).toBe(200);
    const done = await until(
      async () =>
        (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
          (i: { filename: string; status: string }) =>
            i.filename.endsWith(`held-${stamp}.tsv`) && i.status !== 'processing',
        ),
      60_000,
    );
    expect(done).toMatchObject({ status: 'done', flagged: true, held: true });
    importId = done.id;

    const run = await runOf(shared, held);
    expect(run.preview?.rows.some((r) => r.account.id === payee.id)).toBe(false);
    expect(run.preview?.totals.lines).toBe(0);
    expect(run.preview?.warnings.held_imports).toEqual([
      expect.objectContaining({ import_id: importId, lines: 1, label_payable: '1.000000', problems: done.problems }),
    ]);
  }, 180_000);

  it('is accepted only with a reason, by a role that manages royalties; who, when and why are kept', async () => {
    const { api, company } = shared;
    const intern = await company.member('intern');
    expect((await intern.api.post(`/royalty_imports/${importId}/accept`, { reason: 'Checked' })).status).toBe(403);
    const noReason = await api.post(`/royalty_imports/${importId}/accept`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors.reason).toBeDefined();
    const accepted = await api.post(`/royalty_imports/${importId}/accept`, {
      reason: 'The DSP confirmed the footer is wrong',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.royalty_import).toMatchObject({
      held: false,
      accepted_reason: 'The DSP confirmed the footer is wrong',
      accepted_by: company.manager.id,
    });
    expect(accepted.body.royalty_import.accepted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await api.post(`/royalty_imports/${importId}/accept`, { reason: 'Again' })).status).toBe(409);
  }, 60_000);

  it('is then stated, once', async () => {
    const { api, payee } = shared;
    const run = await runOf(shared, held);
    expect(run.preview?.warnings.held_imports).toEqual([]);
    const row = run.preview?.rows.find((r) => r.account.id === payee.id);
    expect(row?.lines).toBe(1);
    expect((await api.post(`/statement_runs/${run.id}/publish`)).status).toBe(200);
    const april = await until(
      async () =>
        (await statementsOf(shared)).find(
          (s) => s.start_pay_period === held.start_pay_period && s.queue_status === 'published',
        ),
      60_000,
    );
    expect(april.control.lines).toBe(1);
    expect(await lateRows(shared)).toEqual([]);
    const again = await runOf(shared, held);
    expect(again.preview?.rows.some((r) => r.account.id === payee.id)).toBe(false);
  }, 180_000);
});
