/**
 * A statement run's publish step loads the earnings and split (under contracts also the plan and cover) its preview
 * kept, but only for the very inputs they were computed from: the same figures and the same split, with its exact
 * types, where the inputs are the same; nothing where anything differs or the kept file cannot be read (the publish
 * step then computes its own).
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { DuckDBConnection } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { LEDGER_CACHE_DIR } from '../../functions/royalties/ledger/cache-dir.js';
import { withTempTables } from '../../functions/royalties/ledger/duck.js';
import { keepAllocation, keptAllocation, loadKept } from '../../functions/money/earnings/kept-allocation.js';
import type { EarningsResult } from '../../functions/money/earnings/earnings.js';
import type { EscalationPlan } from '../../functions/money/earnings/escalation-plan.js';

/** A split as the allocation makes it. */
async function computeSplit(connection: DuckDBConnection): Promise<void> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE st_split AS
    SELECT CAST(i % 3 AS INTEGER) AS sid, i AS ua, CAST(i % 7 AS INTEGER) AS acct_no,
      CAST(0.123456 AS DECIMAL(10,6)) AS weight, CAST(i * 7 AS BIGINT) AS share
    FROM range(1, 2001) t(i)`);
}

const earnings: EarningsResult = {
  accounts: [
    {
      account: { type: 'Payee', id: 'p1' },
      name: 'A payee',
      email: null,
      lines: 3,
      quantity: 12,
      royalties: '123456789012345.123456',
      aggregator_fee: '0.000000',
      label_ids: ['l1'],
    },
  ],
  totals: {
    lines: 3,
    label_payable: '123456789012346.000000',
    allocated: '123456789012345.123456',
    retained: '0.876544',
    unaccountable: '0.000000',
    aggregator_payable: '0.000000',
  },
  warnings: {
    held_imports: [],
    unmatched_lines: 0,
    missing_rates: [],
    unaccountable_recordings: 0,
    shares_over_100: [],
  },
  unaccountable: [],
};

async function splitOf(connection: DuckDBConnection) {
  const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  return {
    types: (await read('DESCRIBE st_split')).map((c) => `${c.column_name}:${c.column_type}`),
    rows: await read('SELECT * FROM st_split ORDER BY ALL'),
  };
}

/** The preview: computes the split and keeps it with its earnings. Answers the split as it made it. */
type Computation = { tenantId: string; inputs: unknown };

/** A contract's cover, as loadCover makes it (allocation.ts), for the contracts' case. */
async function computeCover(connection: DuckDBConnection): Promise<void> {
  await connection.run(`CREATE OR REPLACE TEMP TABLE st_cover AS
    SELECT 'rec-' || i AS recording_id, '2026-0' || (4 + i % 3) AS pay_period, true AS covered,
      CAST(i AS INTEGER) AS ws_id, CAST(i % 5 AS INTEGER) AS sid, CASE WHEN i = 3 THEN 'no_dealer_price' END AS problem,
      'contract-1' AS contract_id, CAST(0 AS INTEGER) AS term_index
    FROM range(1, 11) t(i)`);
}

/** An escalations' plan with every kind of value it holds: 128-bit fractions, and maps. */
const plan: EscalationPlan = {
  sets: [
    {
      owner_id: 'esc:contract-1:0:1',
      contract_id: 'contract-1',
      term: 'Streams at 20 % after 1,000 units',
      payees: [{ payee_id: 'p1', share: '100' }],
      rate: { num: 123456789012345678901234567n, den: 7n },
    },
  ],
  owners: new Map([['rec-1\u0000x', 'esc:contract-1:0:1']]),
  problems: new Map([['rec-3\u0000x', 'no_dealer_price' as const]]),
  positions: new Map([['contract-1', [{ period: '2026-04', units: '1200', revenue: '12.345678' }]]]),
};

const keep = ({ tenantId, inputs }: Computation, contracts = false) =>
  withTempTables(async (connection) => {
    await computeSplit(connection);
    if (contracts) await computeCover(connection);
    const computed = { earnings, plan: contracts ? plan : null, cover: contracts };
    await keepAllocation(connection, keptAllocation(tenantId, inputs), computed);
    return { split: await splitOf(connection), cover: contracts ? await coverOf(connection) : null };
  });

async function coverOf(connection: DuckDBConnection) {
  const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
  return {
    types: (await read('DESCRIBE st_cover')).map((c) => `${c.column_name}:${c.column_type}`),
    rows: await read('SELECT * FROM st_cover ORDER BY ALL'),
  };
}

/** The publish step, on a connection of its own: the kept earnings, plan and split (and cover), or null. */
const load = ({ tenantId, inputs }: Computation) =>
  withTempTables(async (connection) => {
    const found = await loadKept(connection, keptAllocation(tenantId, inputs));
    return (
      found && {
        earnings: found.earnings,
        plan: found.plan,
        split: await splitOf(connection),
        cover: found.cover ? await coverOf(connection) : null,
      }
    );
  });

const inputs = (imports: string[]) => ({
  ledger: { imports, edits: [], rules: [], manual: [] },
  catalogue: { payees: [{ id: 'p1', name: 'A payee' }] },
  scope: { kind: 'payee', start_pay_period: '2026-04', end_pay_period: '2026-06', label_ids: [], accounts: [] },
});

describe('what a preview keeps for its publish step', () => {
  it('is loaded, the same earnings and the same split with the same types, for the same inputs', async () => {
    const tenantId = ulid();
    expect(await load({ tenantId, inputs: inputs(['import-1']) })).toBeNull();
    const { split } = await keep({ tenantId, inputs: inputs(['import-1']) });
    const loaded = await load({ tenantId, inputs: inputs(['import-1']) });
    expect(loaded?.earnings).toEqual(earnings);
    expect(loaded?.split).toEqual(split);
    expect(loaded?.plan).toBeNull();
    expect(loaded?.cover).toBeNull();
    expect(split.rows).toHaveLength(2000);
    expect(split.types).toContain('weight:DECIMAL(10,6)');
  });

  it("under contracts, also loads the escalations' plan (its maps and 128-bit rates) and the cover, types and all", async () => {
    const tenantId = ulid();
    const kept = await keep({ tenantId, inputs: inputs(['import-1']) }, true);
    const loaded = await load({ tenantId, inputs: inputs(['import-1']) });
    expect(loaded?.plan).toEqual(plan);
    expect(loaded?.plan?.sets[0].rate.num).toBe(123456789012345678901234567n);
    expect(loaded?.cover).toEqual(kept.cover);
    expect(kept.cover?.rows).toHaveLength(10);
    expect(kept.cover?.types).toContain('ws_id:INTEGER');
    expect(loaded?.split).toEqual(kept.split);
  });

  it('is not loaded when any input differs: another ledger state, or another company', async () => {
    const tenantId = ulid();
    await keep({ tenantId, inputs: inputs(['import-1']) });
    expect(await load({ tenantId, inputs: inputs(['import-1', 'import-2']) })).toBeNull();
    expect(await load({ tenantId: ulid(), inputs: inputs(['import-1']) })).toBeNull();
    expect(await load({ tenantId, inputs: inputs(['import-1']) })).not.toBeNull();
  });

  it('is not loaded, without failing, when its file cannot be read, and is kept again in its place', async () => {
    const tenantId = ulid();
    await keep({ tenantId, inputs: inputs(['import-1']) });
    const folder = path.join(LEDGER_CACHE_DIR, 'allocations', tenantId);
    const files = readdirSync(folder).filter((name) => name.endsWith('.duckdb'));
    expect(files).toHaveLength(1);
    writeFileSync(path.join(folder, files[0]), 'not a database');
    expect(await load({ tenantId, inputs: inputs(['import-1']) })).toBeNull();
    await keep({ tenantId, inputs: inputs(['import-1']) });
    expect((await load({ tenantId, inputs: inputs(['import-1']) }))?.earnings).toEqual(earnings);
  });
});
