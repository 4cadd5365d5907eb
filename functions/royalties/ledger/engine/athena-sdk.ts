import {
  AthenaClient,
  GetQueryExecutionCommand,
  GetQueryResultsCommand,
  StartQueryExecutionCommand,
  StopQueryExecutionCommand,
} from '@aws-sdk/client-athena';
import type { AthenaApi } from './athena-engine.js';

let client: AthenaClient | undefined;

/** The engine's Athena API over the SDK client, created once per process (only in AWS: Athena is not emulated locally). */
export function athenaSdkApi(): AthenaApi {
  client ??= new AthenaClient({});
  const athena = client;
  return {
    startQueryExecution: (input) => athena.send(new StartQueryExecutionCommand(input)),
    getQueryExecution: (input) => athena.send(new GetQueryExecutionCommand(input)),
    getQueryResults: (input) => athena.send(new GetQueryResultsCommand(input)),
    stopQueryExecution: (input) => athena.send(new StopQueryExecutionCommand(input)),
  };
}
