import { beforeAll, describe, expect, it } from 'vitest';
import type { NotYetStated, Statement, StatementRun } from '../../shared/schemas/statement-views.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * Lines a published statement carries are frozen; lines that reach months already stated (late
 * lines) are listed as not yet stated, left out of later periods' statements, and stated once by a
 * correction of the stated statement.
 */
type Api = OwnCompany['api'];
let api: Api;
let payee: { id: string; name: string };
let isrc: string;
const stamp = Date.now();
const [stated, next] = ['2023-05', '2023-06'];
type Line = { id: string; pay_period: string; amount: string; import_id: string };

const statementsOf = async () =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body.statements as Statement[];
const lateRows = async () => (await api.get('/statements/not_yet_stated')).body.not_yet_stated as NotYetStated[];
const units = (value: string) => BigInt(value.replace('.', ''));

async function runOf(body: object): Promise<StatementRun> {
  const created = await api.post('/statements/create_statement_run', { kind: 'payee', ...body });
  expect(created.status).toBe(201);
  return until(async () => {
    const run = (await api.get(`/statement_runs/${created.body.statement_run.id}`)).body.statement_run;
    return run.status === 'previewing' ? undefined : run;
  }, 60_000);
}

let first: Statement;
let lines: Line[];

beforeAll(async () => {
  ({ api } = await ownCompany('Late lines'));
  ({ payee, isrc } = await payeeWithEarnings(api, stamp, [stated, next]));
  lines = (await api.get(`/royalties?per_page=100`)).body.royalties as Line[];
  const created = await api.post('/statements', { payee_id: payee.id, start_pay_period: stated, end_pay_period: stated });
  expect(created.status).toBe(201);
  [first] = await until(async () => {
    const found = await statementsOf();
    return found.length && found[0].queue_status === 'published' ? found : undefined;
  }, 60_000);
}, 180_000);

describe('a line a published statement carries', () => {
  it('cannot be edited or deleted (409 naming the statement), and nothing changes', async () => {
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
    expect(await lateRows()).toEqual([]);
  });

  it('stays editable when no statement carries it (a month not stated)', async () => {
    const line = lines.find((l) => l.pay_period === next);
    if (!line) throw new Error('the next month has no line');
    const edited = await api.patch(`/royalties/${line.id}`, { royalty: { territory: 'FR' } });
    expect(edited.status).toBe(200);
    expect(edited.body.royalty.territory).toBe('FR');
  });
});

describe('a late line', () => {
  let late: NotYetStated;

  it('is listed as not yet stated, with the engine amount, and the next period does not state it', async () => {
    await importReport(api, `late-lines-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,${stated},${isrc},Someone Else,5,1.25,GBP`,
    ]);
    const rows = await lateRows();
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
    const run = await runOf({ start_pay_period: next, end_pay_period: next });
    expect(run.preview?.warnings.not_yet_stated).toEqual([late]);
    const row = run.preview?.rows.find((r) => r.account.id === payee.id);
    expect(row?.lines).toBe(1);
    expect((await api.post(`/statement_runs/${run.id}/publish`)).status).toBe(200);
    const june = await until(async () => (await statementsOf()).find((s) => s.start_pay_period === next), 60_000);
    expect(june.control.lines).toBe(1);
    // A run for the stated month again leaves the account out: it is stated already.
    const again = await runOf({ start_pay_period: stated, end_pay_period: stated });
    expect(again.preview?.rows.some((r) => r.account.id === payee.id)).toBe(false);
  }, 180_000);

  it('is stated once, by a correction of the stated statement, and is then frozen', async () => {
    expect((await api.post(`/statements/${first.id}/new_version`)).status).toBe(201);
    const second = await until(async () => {
      const found = (await statementsOf()).find((s) => s.replaces_id === first.id);
      return found?.queue_status === 'published' ? found : undefined;
    }, 60_000);
    expect(second.control.lines).toBe(first.control.lines + 1);
    expect(units(second.control.lines_total) - units(first.control.lines_total)).toBe(units(late.amount));
    expect(await lateRows()).toEqual([]);
    const lateLine = ((await api.get('/royalties?per_page=100')).body.royalties as (Line & { retailer: string })[]).find(
      (l) => l.retailer === 'Deezer',
    );
    if (!lateLine) throw new Error('the late line is not listed');
    const edited = await api.patch(`/royalties/${lateLine.id}`, { royalty: { amount: '5.00' } });
    expect(edited.status).toBe(409);
    expect(edited.body.message).toContain(second.number);
  }, 180_000);
});
