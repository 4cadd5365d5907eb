import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { dueStatement } from '../support/due-statements.js';
import { publishingRunItem } from '../support/statement-run.js';

/**
 * A run's publish step reads every account's statement settings and stated periods in batches (100 to a round trip,
 * functions/data/access/statements.ts statementSettingsOf, readStatedPeriodsOf), not one or two reads an account:
 * against DynamoDB Local, each account gets its own, an account without a guard the statements in force it would
 * hold, and one with a guard its guard. An account step reads its run and its statement in one round trip
 * (getRunAndStatement), each as its own read would.
 */
let company: OwnCompany;
let payees: { id: string; graphs: boolean }[];

const access = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return import('../../functions/data/access/statements.js');
};

beforeAll(async () => {
  company = await ownCompany('Batch Reads');
  payees = [];
  for (const graphs of [true, false]) {
    const made = await company.api.post('/payees', {
      name: `Batch ${String(graphs)} ${Date.now()}`,
      statement_settings_attributes: { frequency: 'Quarterly', graphs },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    payees.push({ id: made.body.payee.id, graphs });
  }
});

describe("a run's reads of many accounts at once", () => {
  it('gives each payee its own statement settings, a label the files its mail attaches, unknown accounts none', async () => {
    const { statementSettingsOf } = await access();
    const label = await company.label(`Batch Label ${Date.now()}`, { statement_settings: { formats: ['XLSX'] } });
    const accounts = [
      ...payees.map((p) => ({ type: 'Payee' as const, id: p.id })),
      { type: 'Payee' as const, id: 'no-such-payee' },
      { type: 'Label' as const, id: 'any-label' },
      { type: 'Label' as const, id: label.id },
    ];
    const settingsOf = await statementSettingsOf(company.companyId, accounts);
    expect(accounts.slice(0, 3).map((a) => settingsOf(a).graphs)).toEqual([true, false, null]);
    expect(settingsOf(accounts[0]).frequency).toBe('Quarterly');
    expect(settingsOf(accounts[3])).toEqual({ graphs: null, frequency: null, formats: [] });
    expect(settingsOf(accounts[4])).toEqual({ graphs: null, frequency: null, formats: ['XLSX'] });
  });

  it('reads guards where written and the statements in force where not, each account its own', async () => {
    const { readStatedPeriodsOf, readStatedPeriods } = await access();
    const { getDb } = await import('../../functions/data/service.js');
    const [guarded, bare] = payees.map((p) => `Payee#${p.id}`);
    const period = {
      statement_id: 's-guarded',
      number: 'ST-000009',
      start_pay_period: '2026-01',
      end_pay_period: '2026-03',
    };
    await getDb()
      .entities.StatedPeriods.create({
        tenantId: company.companyId,
        accountKey: guarded,
        version: 3,
        periods: [period],
      })
      .go();
    const read = await readStatedPeriodsOf(company.companyId, [guarded, bare, guarded]);
    expect([...read.keys()].sort()).toEqual([guarded, bare].sort());
    expect(read.get(guarded)).toEqual({ version: 3, periods: [period] });
    expect(read.get(bare)).toEqual({ version: 0, periods: [] });
    // The same as each account's own read.
    for (const key of [guarded, bare]) expect(read.get(key)).toEqual(await readStatedPeriods(company.companyId, key));
  });

  it("reads an account step's run and statement in one round trip, each as its own read gives it", async () => {
    const { createRun, getRun, getStatement, getRunAndStatement } = await access();
    const tenantId = company.companyId;
    const runId = `batch-run-${Date.now()}`;
    await createRun(publishingRunItem(tenantId, runId, { userId: 'batch-user' }));
    // A published statement of the company's, written as the statements worker writes one.
    const { id: statementId, number } = await dueStatement(
      tenantId,
      { id: payees[0].id, name: 'Batch payee' },
      '12.34',
    );
    const both = await getRunAndStatement(tenantId, runId, statementId);
    expect(both[0]?.runId).toBe(runId);
    expect(both[1]?.number).toBe(number);
    expect(both).toEqual([await getRun(tenantId, runId), await getStatement(tenantId, statementId)]);
    // A statement not written yet, and a run that is gone.
    expect(await getRunAndStatement(tenantId, runId, 'no-such-statement')).toEqual([
      await getRun(tenantId, runId),
      null,
    ]);
    expect(await getRunAndStatement(tenantId, 'no-such-run', statementId)).toEqual([
      null,
      await getStatement(tenantId, statementId),
    ]);
  });
});
