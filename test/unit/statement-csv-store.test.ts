import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementItem } from '../../functions/data/entities/statements.js';

/**
 * A statement's CSV in its documents step: the publish step stores it under the statement's own key and its account
 * record says so; then the step reads and writes nothing for it (a HEAD per statement was most of the CSV's cost).
 * Without that word it looks, as before: stored, else under the run (runs published before), else the header only.
 */
const calls = vi.hoisted(() => [] as string[]);
const present = vi.hoisted(() => ({ atStatementKey: false, underRun: false }));
vi.mock('../../functions/lib/bucket-objects.js', () => ({
  objectExists: async (_bucket: string, key: string) => {
    calls.push(`head ${key}`);
    return present.atStatementKey;
  },
  copyObject: async (_bucket: string, from: string, to: string) => {
    calls.push(`copy ${from} → ${to}`);
    return present.underRun;
  },
  putBytes: async (_bucket: string, key: string, body: string) => {
    calls.push(`put ${key} ${JSON.stringify(body.split('\n')[0]?.slice(0, 7))}`);
  },
}));
process.env.LEDGER_BUCKET ??= 'ledger';
const { storeStatementCsv } = await import('../../functions/money/statements/runs/documents.js');

const statement = (lines: number) =>
  ({
    tenantId: 't1',
    statementId: 's1',
    run_id: 'r1',
    accountKey: 'Payee#p1',
    control: { lines, lines_total: '1.000000', rounding_in: '0', rounding_out: '0' },
  }) as unknown as StatementItem;

describe("a statement's CSV in its documents step", () => {
  beforeEach(() => {
    calls.length = 0;
    present.atStatementKey = false;
    present.underRun = false;
  });

  it('reads and writes nothing when the record says the publish step stored it', async () => {
    expect(await storeStatementCsv(statement(2), true)).toMatch(/s1/);
    expect(calls).toEqual([]);
  });

  it('writes the header only when the record says the account has no lines', async () => {
    await storeStatementCsv(statement(0), false);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^put .*s1.* "id,pay_"$/);
  });

  it('looks when no record was read: stored, then under the run, then the header only', async () => {
    present.atStatementKey = true;
    await storeStatementCsv(statement(2));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^head /);

    calls.length = 0;
    present.atStatementKey = false;
    present.underRun = true;
    await storeStatementCsv(statement(2));
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['head', 'copy']);

    calls.length = 0;
    present.underRun = false;
    await storeStatementCsv(statement(2));
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['head', 'copy', 'put']);
  });
});
