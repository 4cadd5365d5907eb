import { type LedgerEngine, type LedgerRow, NUMBER_COLUMNS } from './engine.js';

/**
 * The slice of Athena's API the engine uses, in the shapes of @aws-sdk/client-athena's commands
 * (StartQueryExecution, GetQueryExecution, GetQueryResults, StopQueryExecution), so the SDK client
 * fits behind it with a thin adapter (athena-sdk.ts) and tests hand in a stub.
 */
export interface AthenaApi {
  startQueryExecution(input: {
    QueryString: string;
    WorkGroup: string;
    QueryExecutionContext: { Database: string };
  }): Promise<{ QueryExecutionId?: string }>;
  getQueryExecution(input: { QueryExecutionId: string }): Promise<{
    QueryExecution?: { Status?: { State?: string; StateChangeReason?: string } };
  }>;
  getQueryResults(input: { QueryExecutionId: string; NextToken?: string; MaxResults?: number }): Promise<{
    ResultSet?: {
      Rows?: { Data?: { VarCharValue?: string }[] }[];
      ResultSetMetadata?: { ColumnInfo?: { Name?: string; Type?: string }[] };
    };
    NextToken?: string;
  }>;
  stopQueryExecution(input: { QueryExecutionId: string }): Promise<unknown>;
}

export type AthenaSettings = {
  workgroup: string;
  database: string;
  /** How long to wait for a query before stopping it: under API Gateway's 29 s by default. */
  timeoutMs?: number;
  /** Between status polls. */
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

/** A query Athena refused, failed or cancelled (the scan limit included); the reason is logged, never shown. */
export class LedgerQueryFailed extends Error {
  constructor(
    readonly state: string,
    readonly reason: string,
  ) {
    super(`Ledger query ${state.toLowerCase()}: ${reason}`);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Athena's text values in the API's JSON shape: counts as numbers, booleans, money as exact text. */
function typed(name: string, type: string | undefined, value: string | undefined): LedgerRow[string] {
  if (value === undefined) return null;
  if (NUMBER_COLUMNS.has(name)) return Number(value);
  if (type === 'boolean') return value === 'true';
  return value;
}

/**
 * Runs portable ledger queries on Athena: the workgroup holds the results location, its encryption
 * and the scan limit (infra/areas/ledger-query.ts); the Glue table projects the scope's folders.
 */
export function athenaEngine(api: AthenaApi, settings: AthenaSettings): LedgerEngine {
  const { workgroup, database, timeoutMs = 25_000, pollMs = 250, sleep = defaultSleep } = settings;
  return {
    name: 'athena',
    async rows(_scope, sql) {
      const started = await api.startQueryExecution({
        QueryString: sql,
        WorkGroup: workgroup,
        QueryExecutionContext: { Database: database },
      });
      const id = started.QueryExecutionId;
      if (!id) throw new LedgerQueryFailed('FAILED', 'Athena returned no query execution id');
      let waited = 0;
      for (;;) {
        const status = (await api.getQueryExecution({ QueryExecutionId: id })).QueryExecution?.Status;
        const state = status?.State ?? 'QUEUED';
        if (state === 'SUCCEEDED') break;
        if (state === 'FAILED' || state === 'CANCELLED')
          throw new LedgerQueryFailed(state, status?.StateChangeReason ?? 'no reason given');
        if (waited >= timeoutMs) {
          await api.stopQueryExecution({ QueryExecutionId: id });
          throw new LedgerQueryFailed('CANCELLED', `still ${state} after ${timeoutMs} ms`);
        }
        await sleep(pollMs);
        waited += pollMs;
      }
      const rows: LedgerRow[] = [];
      let nextToken: string | undefined;
      let first = true;
      do {
        const page = await api.getQueryResults({ QueryExecutionId: id, NextToken: nextToken, MaxResults: 1000 });
        const columns = page.ResultSet?.ResultSetMetadata?.ColumnInfo ?? [];
        const data = page.ResultSet?.Rows ?? [];
        // The first row of a SELECT's first page holds the column names.
        for (const row of first ? data.slice(1) : data) {
          const values = row.Data ?? [];
          rows.push(
            Object.fromEntries(
              columns.map((column, i) => [
                column.Name ?? `_${i}`,
                typed(column.Name ?? '', column.Type, values[i]?.VarCharValue),
              ]),
            ),
          );
        }
        first = false;
        nextToken = page.NextToken;
      } while (nextToken);
      return rows;
    },
  };
}
