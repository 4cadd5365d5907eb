import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { finishedImportJob } from '../support/import-job.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { payeeWithEarnings, SMALL_REPORT_MAP } from '../support/payee-earnings.js';
import { importReport } from '../support/royalty-report.js';
import { payeeMonthRunItem } from '../support/statement-run.js';

/**
 * While a run's statements are numbered and not written yet, an import's delete and re-match wait (409, statements
 * are being published) only when the import has a line in one of the run's months: its lines' own months, and any
 * month an edit moved one of them into. A run states only its own months, so an import of other months is deleted
 * or re-matched at once; so too while a failed run holds numbers for statements Resume still makes.
 */
const stamp = Date.now();
const month = '2023-05';
const PUBLISHING = 'Statements are being published: try again in a moment';
type Line = { id: string; pay_period: string; import_id: string };

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    access: await import('../../functions/data/access/statements.js'),
    publish: await import('../../functions/money/statements/runs/publish.js'),
    reserve: await import('../../functions/money/statements/runs/reserve-numbers.js'),
  };
};

let company: OwnCompany;
let payee: { id: string };
let isrc: string;
/** The payee's import: lines in the run's month and the next. */
let stated: string;

/** An import of the payee's recording with one line in each of `periods`, sold in store `name`; answers its id. */
function importOf(name: string, periods: string[]): Promise<string> {
  return importReport(company.api, {
    mapName: `${name} ${stamp}`,
    map: SMALL_REPORT_MAP,
    filename: `${name}-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      // The store is the import's name: no two of these reports are the same file.
      ...periods.map((period) => `${name},${period},${isrc},Someone Else,2,0.50,GBP`),
    ].join('\n'),
  });
}

/** A run for the payee's month with its statements numbered, as its publish step leaves it before the account steps. */
async function numberedRun() {
  const { access, publish, reserve } = await modules();
  const runId = ulid();
  await access.createRun(
    payeeMonthRunItem(company.companyId, runId, {
      month,
      payeeId: payee.id,
      userId: company.manager.id,
    }),
  );
  const run = await access.getRun(company.companyId, runId);
  if (!run) throw new Error('the run is not stored');
  const computed = await publish.computeRun(run);
  expect(await reserve.reserveNumbers(run, computed.accounts, undefined, computed.ledger)).toBe('reserved');
  return run;
}

const expectPublishing = (answer: { status: number; body: { message?: string } }) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(answer.body.message).toBe(PUBLISHING);
};

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  company = await ownCompany('Import months while publishing');
  ({ payee, isrc } = await payeeWithEarnings(company.api, stamp, [month, '2023-06']));
  const lines = (await company.api.get('/royalties?per_page=100')).body.royalties as Line[];
  const line = lines.find((l) => l.pay_period === month);
  if (!line) throw new Error('the month has no line');
  stated = line.import_id;
}, 180_000);

describe("an import's delete and re-match while a run's statements are numbered and not written", () => {
  it("go through for an import with no line in the run's months, and wait for one with a line there", async () => {
    const elsewhere = await importOf('elsewhere', ['2023-09', '2023-10']);
    const rematched = await importOf('rematched', ['2023-09']);
    const moved = await importOf('moved', ['2023-09']);
    // An edit moves the line of `moved` into the run's month before the run is computed.
    const movedLine = ((await company.api.get('/royalties?per_page=100')).body.royalties as Line[]).find(
      (l) => l.import_id === moved,
    );
    if (!movedLine) throw new Error('the moved import has no line');
    expect((await company.api.patch(`/royalties/${movedLine.id}`, { royalty: { pay_period: month } })).status).toBe(
      200,
    );
    const run = await numberedRun();

    // Lines of the run's month: the payee's import, and the one whose line an edit moved there.
    expectPublishing(await company.api.del(`/royalty_imports/${stated}`));
    expectPublishing(await company.api.del(`/royalty_imports/${moved}`));
    expectPublishing(await company.api.post(`/royalty_imports/${stated}/rematch`));

    // No line in the run's month: deleted and re-matched at once.
    const deleted = await company.api.del(`/royalty_imports/${elsewhere}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await company.api.get(`/royalty_imports/${elsewhere}`)).status).toBe(404);
    const asked = new Date().toISOString();
    const rematch = await company.api.post(`/royalty_imports/${rematched}/rematch`);
    expect(rematch.status, JSON.stringify(rematch.body)).toBe(202);
    expect(await finishedImportJob(company.api, rematched, asked)).toMatchObject({
      status: 'done',
      message: 'Import Re-matched',
    });

    // A failed run holds its numbers for the statements Resume still makes: the same months wait, the others do not.
    const { access } = await modules();
    expect(await access.moveRun(company.companyId, run.runId, ['publishing'], { status: 'failed' })).toBe(true);
    expectPublishing(await company.api.del(`/royalty_imports/${stated}`));
    const again = await company.api.del(`/royalty_imports/${rematched}`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  }, 240_000);
});
