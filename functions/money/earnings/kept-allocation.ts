import { createHash, randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { foundFile, writeFileOf } from '../../royalties/ledger/cached-files.js';
import { literal } from '../../royalties/ledger/sql.js';
import { log } from '../../lib/logger.js';
import type { EarningsResult } from './earnings.js';
import type { EscalationPlan } from './escalation-plan.js';

/**
 * What a statement run's preview computed, kept for its publish step: the run's earnings (every account's figures,
 * the totals, the warnings) and `st_split`, each distinct split's shares, which the publish step's CSVs and summaries
 * read; under contracts also the escalations' plan and `st_cover` (which term decides each distinct line), which the
 * weight sets, the CSVs' terms and the contracts' positions are made from. The preview and the publish step compute
 * them over the same ledger, catalogue and months unless something changed in between; the publish step then loads
 * them instead of planning, covering and grouping ten million lines again (the groups, `st_groups`, are only read for
 * the earnings, so it does not make them).
 *
 * They are kept as one DuckDB database file (the split with its exact types, the earnings as JSON) named by a hash
 * of everything they are computed from (the ledger state, the catalogue as the computation saw it, the scope, the
 * computation's options and ALLOCATION_RULE), so a file is never read for other inputs: any import, edit,
 * catalogue or contract change names another file. Where it lives and how it is shared (the local disk, then the
 * ledger bucket under `derived/`, expiring after 30 days) is ledger/cached-files.ts's. A file that cannot be read
 * (removed meanwhile, or unreadable) is no answer: everything is computed, as without it.
 */

/**
 * The version of the rule that computes what is kept (allocation.ts: the groups and `splitDistinct`; weights.ts: the
 * weight sets and parts; preview-figures.ts: the earnings). Raise it with any change there, or to the earnings'
 * shape: files kept under an older rule are then never read. (The publish step also checks that every account's
 * CSV lines add up to its earnings, so a kept file that disagreed with the lines would stop the run, never be stated.)
 * 3: the earnings carry each account's earnings under each contract, which the publish step recoups from.
 */
const ALLOCATION_RULE = 3;

const KIND = 'allocations';
const EXTENSION = 'duckdb';

/** A company's kept computation, by the name of its file: the rule's version and a hash of its inputs. */
export type KeptAllocation = { tenantId: string; name: [number, string] };

/**
 * The kept computation of `inputs` (everything it is computed from), a company's. The inputs are hashed here, once per
 * computation, whether it then loads or keeps: the catalogue alone may be megabytes.
 */
export const keptAllocation = (tenantId: string, inputs: unknown): KeptAllocation => ({
  tenantId,
  name: [ALLOCATION_RULE, createHash('sha256').update(JSON.stringify(inputs)).digest('hex')],
});

/** A database alias of its own: the connection's database is shared with other work of the process. */
const alias = () => `kept_${randomUUID().replace(/-/g, '')}`;

async function attached<T>(
  connection: DuckDBConnection,
  file: string,
  readOnly: boolean,
  work: (name: string) => Promise<T>,
): Promise<T> {
  const name = alias();
  await connection.run(`ATTACH ${literal(file)} AS ${name}${readOnly ? ' (READ_ONLY)' : ''}`);
  try {
    return await work(name);
  } finally {
    await connection.run(`DETACH ${name}`);
  }
}

/** What a run's computation keeps beyond its split: its earnings, and under contracts its plan and `st_cover`. */
export type KeptComputation = {
  earnings: EarningsResult;
  /** The escalations' plan the weight sets were built with; null when no contract escalates. */
  plan: EscalationPlan | null;
  /** Whether `st_cover` is kept (a contract is in force in the run's months). */
  cover: boolean;
};

/** The plan as JSON: its maps as entries, its rates' 128-bit fractions as decimal strings. */
const planToJson = (plan: EscalationPlan) =>
  JSON.stringify({
    sets: plan.sets.map((set) => ({ ...set, rate: { num: String(set.rate.num), den: String(set.rate.den) } })),
    owners: [...plan.owners],
    problems: [...plan.problems],
    positions: [...plan.positions],
  });

function planFromJson(json: string): EscalationPlan {
  const plan = JSON.parse(json);
  return {
    sets: plan.sets.map((set: EscalationPlan['sets'][number] & { rate: { num: string; den: string } }) => ({
      ...set,
      rate: { num: BigInt(set.rate.num), den: BigInt(set.rate.den) },
    })),
    owners: new Map(plan.owners),
    problems: new Map(plan.problems),
    positions: new Map(plan.positions),
  };
}

/** Where a kept file of `kind` lives: the cache's folder of that kind, the computation's name and the file type. */
type Place = { kind: string; extension: string };
const ALLOCATION_FILE: Place = { kind: KIND, extension: EXTENSION };

/**
 * The kept file of `kept` in `place`, read by `read`; null when there is none, or when it cannot be read (it is then
 * removed, so the next computation keeps its own there).
 */
async function readKept<T>(place: Place, kept: KeptAllocation, read: (file: string) => Promise<T>): Promise<T | null> {
  const file = await foundFile(place.kind, kept.tenantId, kept.name, place.extension).catch(() => undefined);
  if (!file) return null;
  try {
    return await read(file);
  } catch (error) {
    log().warn('kept file not read', { file, error: String(error) });
    await rm(file, { force: true }).catch(() => undefined);
    return null;
  }
}

/**
 * Keeps what `write` writes as `kept`'s file in `place`, right after readKept found none (so the bucket is not asked
 * again). A failure is logged and costs only the next computation its own work.
 */
async function writeKept(place: Place, kept: KeptAllocation, write: (partial: string) => Promise<unknown>) {
  await writeFileOf(
    place.kind,
    kept.tenantId,
    kept.name,
    async (partial) => {
      await write(partial);
      return true;
    },
    place.extension,
  ).catch((error) =>
    log().warn('kept file not written', { kind: place.kind, tenantId: kept.tenantId, error: String(error) }),
  );
}

/**
 * What was kept for `kept`'s inputs, with the kept split (and cover) loaded into the connection's `st_split` (and
 * `st_cover`); null when none is kept or its file cannot be read.
 */
export const loadKept = (connection: DuckDBConnection, kept: KeptAllocation): Promise<KeptComputation | null> =>
  readKept(ALLOCATION_FILE, kept, (file) =>
    attached(connection, file, true, async (name) => {
      const [row] = (
        await connection.runAndReadAll(`SELECT earnings, plan, cover FROM ${name}.kept_earnings`)
      ).getRowObjects();
      await connection.run(`CREATE OR REPLACE TEMP TABLE st_split AS SELECT * FROM ${name}.st_split`);
      const cover = row?.cover === true;
      if (cover) await connection.run(`CREATE OR REPLACE TEMP TABLE st_cover AS SELECT * FROM ${name}.st_cover`);
      return {
        earnings: JSON.parse(String(row?.earnings)) as EarningsResult,
        plan: row?.plan == null ? null : planFromJson(String(row.plan)),
        cover,
      };
    }),
  );

/**
 * Keeps the connection's `st_split` (and `st_cover` when `computed.cover`), the earnings and the plan for the next
 * computation of `kept`'s inputs, after loadKept found none.
 */
export const keepAllocation = (connection: DuckDBConnection, kept: KeptAllocation, computed: KeptComputation) =>
  writeKept(ALLOCATION_FILE, kept, (partial) =>
    attached(connection, partial, false, async (name) => {
      await connection.run(`CREATE TABLE ${name}.st_split AS SELECT * FROM st_split`);
      if (computed.cover) await connection.run(`CREATE TABLE ${name}.st_cover AS SELECT * FROM st_cover`);
      await connection.run(
        `CREATE TABLE ${name}.kept_earnings AS SELECT $earnings AS earnings, CAST($plan AS VARCHAR) AS plan, $cover AS cover`,
        {
          earnings: JSON.stringify(computed.earnings),
          plan: computed.plan ? planToJson(computed.plan) : null,
          cover: computed.cover,
        },
      );
    }),
  );

/**
 * The answer a reader computed from `kept`'s inputs, kept as JSON in `kind`'s folder of the cache (one kind per
 * question, so its files and the statement runs' never take each other's place): given again while the inputs are
 * unchanged, else computed by `compute` and kept. A file that cannot be read is removed and the answer computed;
 * an answer that cannot be kept is still given.
 */
export async function keptAnswer<T>(kept: KeptAllocation, kind: string, compute: () => Promise<T>): Promise<T> {
  const place = { kind, extension: 'json' };
  const found = await readKept(place, kept, async (file) => ({
    answer: JSON.parse(await readFile(file, 'utf8')) as T,
  }));
  if (found) return found.answer;
  const answer = await compute();
  await writeKept(place, kept, (partial) => writeFile(partial, JSON.stringify(answer)));
  return answer;
}
