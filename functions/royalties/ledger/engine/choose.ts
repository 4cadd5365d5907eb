import { ENV } from '../../../../infra/resources.js';
import { athenaEngine, type AthenaApi } from './athena-engine.js';
import { athenaSdkApi } from './athena-sdk.js';
import { duckdbEngine } from './duckdb-engine.js';
import type { LedgerEngine } from './engine.js';

/** A company ledger above this many stored lines is listed through the engine seam (LEDGER_DISTRIBUTED_LINES). */
export const DEFAULT_DISTRIBUTED_LINES = 5_000_000;

/** The configured threshold: a positive whole number of lines, else the default. */
export function distributedLines(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[ENV.ledgerDistributedLines]);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_DISTRIBUTED_LINES;
}

let athenaApi: () => AthenaApi = athenaSdkApi;

/** Hands the engine its Athena client: the SDK's by default, a stub in tests (undefined: the SDK's again). */
export function useAthenaApi(factory: (() => AthenaApi) | undefined): void {
  athenaApi = factory ?? athenaSdkApi;
}

/**
 * The engine for portable ledger queries: Athena where the stack set a workgroup (AWS), DuckDB
 * over the local Parquet files elsewhere (the local cloud, tests).
 */
export function ledgerEngine(env: NodeJS.ProcessEnv = process.env): LedgerEngine {
  const workgroup = env[ENV.athenaWorkgroup];
  const database = env[ENV.ledgerDatabase];
  if (!workgroup || !database) return duckdbEngine();
  return athenaEngine(athenaApi(), { workgroup, database });
}
