import { ulid } from 'ulid';
import { payeeMonthRunItem } from '../support/statement-run.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { NotYetStated, Statement } from '../../shared/schemas/statement-views.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * A run's publish step computes its statements before it numbers them, and until a statement is numbered nothing
 * refuses an edit of its lines. An edit written in between must not leave a statement stating the line as it was:
 * the numbers are reserved only while the ledger is as the step read it (otherwise it computes again), and once they
 * are reserved, edits wait until the statements are written.
 */
const stamp = Date.now();
const month = '2023-05';
const PUBLISHING = 'Statements are being published: try again in a moment';
type Line = { id: string; pay_period: string; amount: string; import_id: string };

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    access: await import('../../functions/data/access/statements.js'),
    publish: await import('../../functions/money/statements/runs/publish.js'),
    reserve: await import('../../functions/money/statements/runs/reserve-numbers.js'),
    resume: await import('../../functions/money/statements/runs/resume.js'),
  };
};

type World = { company: OwnCompany; payee: { id: string; name: string }; line: Line; isrc: string };

async function makeWorld(name: string, worldStamp: number): Promise<World> {
  const company = await ownCompany(name);
  const { payee, isrc } = await payeeWithEarnings(company.api, worldStamp, [month, '2023-06']);
  const lines = (await company.api.get('/royalties?per_page=100')).body.royalties as Line[];
  const line = lines.find((l) => l.pay_period === month);
  if (!line) throw new Error('the month has no line');
  return { company, payee, line, isrc };
}

/**
 * A run for the payee's month, publishing, its step not queued: the test takes it step by step. With `replacesId`, the
 * correction of that statement.
 */
async function publishingRun({ company, payee }: World, replacesId?: string) {
  const { access } = await modules();
  const runId = ulid();
  await access.createRun(
    payeeMonthRunItem(company.companyId, runId, {
      month,
      payeeId: payee.id,
      userId: company.manager.id,
      replaces_id: replacesId,
    }),
  );
  const run = await access.getRun(company.companyId, runId);
  if (!run) throw new Error('the run is not stored');
  return run;
}

const statementsOf = async ({ company, payee }: World) =>
  (await company.api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
    .statements as Statement[];

/** The company's money in stated months that no statement states yet (the "Not yet stated" notice). */
const notYetStated = async ({ company }: World) =>
  (await company.api.get('/statements/not_yet_stated')).body.not_yet_stated as NotYetStated[];

/** A line's label payable as the ledger holds it now. */
const labelPayable = async ({ company }: World, lineId: string) =>
  (await company.api.get(`/royalties/${lineId}`)).body.royalty.label_payable as string;

/** Waits until the run is published. */
async function untilPublished(world: World, runId: string) {
  await until(async () => {
    const now = (await world.company.api.get(`/statement_runs/${runId}`)).body.statement_run;
    return now.status === 'published' ? now : undefined;
  }, 60_000);
}

/** An edit of the world's line to `labelPayable` is refused as on statement `number`. */
async function expectRefusedAsStated(world: World, number: string, labelPayable: string) {
  const refused = await world.company.api.patch(`/royalties/${world.line.id}`, {
    royalty: { label_payable: labelPayable },
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    `This line is on statement ${number}; change it with a correction or an adjustment`,
  );
}

describe('a line edited while a run computes its statements', () => {
  let world: World;

  beforeAll(async () => {
    world = await makeWorld('Edited while computed', stamp);
  }, 180_000);

  it('is stated as edited: the run computes again before it numbers, and the statement agrees with the ledger', async () => {
    const { access, publish } = await modules();
    const { company, line } = world;
    const tenantId = company.companyId;
    const before = await access.readSequence(tenantId, 'statement');
    const run = await publishingRun(world);
    // The publish step has computed the run (its accounts' records and CSVs stored) and not yet numbered it.
    const computed = await publish.computeRun(run);
    expect(computed.accounts).toEqual([{ type: 'Payee', id: world.payee.id }]);

    // Nothing is numbered: the edit is not refused.
    const edited = await company.api.patch(`/royalties/${line.id}`, { royalty: { label_payable: '77.70' } });
    expect(edited.status).toBe(200);

    // The publish step goes on.
    await publish.runPublish(tenantId, run.runId);
    await untilPublished(world, run.runId);

    const [statement] = await statementsOf(world);
    expect(statement.number).toBe(`ST-${String(before + 1).padStart(6, '0')}`);
    expect(await access.readSequence(tenantId, 'statement')).toBe(before + 1);
    // The statement states the line as the ledger holds it: no money of its month is left unstated.
    expect(await notYetStated(world)).toEqual([]);
    // And the line is now frozen, on that statement.
    await expectRefusedAsStated(world, statement.number, '1.00');
    expect(await labelPayable(world, line.id)).toBe('77.700000');
  }, 180_000);
});

describe('a line edited once the run numbered its statements, before they are written', () => {
  let world: World;

  beforeAll(async () => {
    world = await makeWorld('Edited while numbered', stamp + 1);
  }, 180_000);

  it('is refused (statements are being published), as is its import’s delete, and then refused as stated; other months are not', async () => {
    const { publish, reserve } = await modules();
    const { company, line } = world;
    const tenantId = company.companyId;
    const run = await publishingRun(world);
    const computed = await publish.computeRun(run);
    // Numbered, as the publish step does, and the account step not run yet.
    expect(await reserve.reserveNumbers(run, computed.accounts, undefined, computed.ledger)).toBe('reserved');

    const edited = await company.api.patch(`/royalties/${line.id}`, { royalty: { label_payable: '77.70' } });
    expect(edited.status).toBe(409);
    expect(edited.body.message).toBe(PUBLISHING);
    // A line of a month the run does not state is edited meanwhile: only the run's months wait.
    const lines = (await company.api.get('/royalties?per_page=100')).body.royalties as Line[];
    const otherMonth = lines.find((l) => l.pay_period !== month);
    if (!otherMonth) throw new Error('the other month has no line');
    const elsewhere = await company.api.patch(`/royalties/${otherMonth.id}`, { royalty: { label_payable: '5.55' } });
    expect(elsewhere.status).toBe(200);
    // Unless the edit moves it into the run's months.
    const movedIn = await company.api.patch(`/royalties/${otherMonth.id}`, { royalty: { pay_period: month } });
    expect(movedIn.status).toBe(409);
    expect(movedIn.body.message).toBe(PUBLISHING);
    const deleted = await company.api.del(`/royalty_imports/${line.import_id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe(PUBLISHING);

    await publish.runPublish(tenantId, run.runId);
    await untilPublished(world, run.runId);
    const [statement] = await statementsOf(world);
    expect(await notYetStated(world)).toEqual([]);
    await expectRefusedAsStated(world, statement.number, '77.70');
    expect(await labelPayable(world, line.id)).toBe('3.335000');
  }, 180_000);
});

describe('a late line edited while a correction computes its statement', () => {
  let world: World;

  beforeAll(async () => {
    world = await makeWorld('Edited while corrected', stamp + 2);
  }, 180_000);

  it('is stated as edited: the correction numbers itself only on the lines as the ledger holds them', async () => {
    const { access, publish } = await modules();
    const { company } = world;
    const tenantId = company.companyId;
    const first = await publishingRun(world);
    await publish.runPublish(tenantId, first.runId);
    await untilPublished(world, first.runId);
    const [stated] = await statementsOf(world);

    // A late line of the stated month, then the correction of the statement, computed and not yet numbered.
    await importReport(company.api, `late-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,${month},${world.isrc},Someone Else,5,1.25,GBP`,
    ]);
    const lines = (await company.api.get('/royalties?per_page=100')).body.royalties as Line[];
    const late = lines.find((l) => l.pay_period === month && l.import_id !== world.line.import_id);
    if (!late) throw new Error('the late line is not there');
    const correction = await publishingRun(world, stated.id);
    await publish.computeRun(correction);

    // The late line is on no statement yet: the edit is not refused.
    const edited = await company.api.patch(`/royalties/${late.id}`, { royalty: { label_payable: '77.70' } });
    expect(edited.status).toBe(200);

    // The publish step goes on; the correction's own step numbers it.
    const before = await access.readSequence(tenantId, 'statement');
    await publish.runPublish(tenantId, correction.runId);
    await untilPublished(world, correction.runId);

    const corrected = (await statementsOf(world)).find((s) => s.replaces_id === stated.id);
    expect(corrected?.number).toBe(`ST-${String(before + 1).padStart(6, '0')}`);
    expect(await access.readSequence(tenantId, 'statement')).toBe(before + 1);
    expect(await notYetStated(world)).toEqual([]);
    const lateNow = await company.api.patch(`/royalties/${late.id}`, { royalty: { label_payable: '1.00' } });
    expect(lateNow.status).toBe(409);
    expect(lateNow.body.message).toBe(
      `This line is on statement ${corrected?.number}; change it with a correction or an adjustment`,
    );
    expect(await labelPayable(world, late.id)).toBe('77.700000');
  }, 180_000);
});

describe('a line edited while a run stopped between computing and numbering', () => {
  let world: World;

  beforeAll(async () => {
    world = await makeWorld('Edited while stopped', stamp + 3);
  }, 180_000);

  it('is stated as edited once the run is resumed: resuming numbers through the publish step', async () => {
    const { access, resume, publish } = await modules();
    const { company, line } = world;
    const tenantId = company.companyId;
    const run = await publishingRun(world);
    // The publish step stored the run's manifest, then its process stopped before it reserved any number.
    await publish.computeRun(run);
    const edited = await company.api.patch(`/royalties/${line.id}`, { royalty: { label_payable: '77.70' } });
    expect(edited.status).toBe(200);

    expect(await resume.resumeRun(tenantId, run.runId, { onStart: true })).toBe('resumed');
    await untilPublished(world, run.runId);
    // Numbered by the publish step, in the run's one block, not by its account steps one by one.
    expect((await access.getRun(tenantId, run.runId))?.numbers_reserved).toBe(true);

    const [statement] = await statementsOf(world);
    expect(await notYetStated(world)).toEqual([]);
    await expectRefusedAsStated(world, statement.number, '1.00');
    expect(await labelPayable(world, line.id)).toBe('77.700000');
  }, 180_000);
});
