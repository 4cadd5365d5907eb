import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';

/**
 * The one logger of the workers and scheduled jobs (Powertools Logger): one JSON line per event,
 * with the keys that tie lines together: `correlation_id` (the SQS message id, or the schedule's
 * event id), `worker`, `tenantId`, and the record's own ids (`importId`, `part`, `recordingId`, `key`).
 *
 * In Lambda the lines carry Powertools' standard keys (timestamp, service, X-Ray trace id) for
 * CloudWatch Logs Insights. Locally the local cloud prints the workers' output in its terminal
 * beside everything else, so a line keeps only its level, message and the keys above.
 */
class LocalFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({ attributes: { level: attributes.logLevel, message: attributes.message } }).addAttributes(
      additional,
    );
  }
}

const logFormatter = process.env.AWS_LAMBDA_FUNCTION_NAME ? undefined : new LocalFormatter();
const rootLogger = new Logger({ serviceName: 'label-platform', ...(logFormatter ? { logFormatter } : {}) });

/**
 * Each record's logger. The local cloud runs several records of a queue side by side in one
 * process (the part workers), so a record's keys live on a logger of its own, found through the
 * async context, instead of on one shared logger where they would mix.
 */
const recordLoggers = new AsyncLocalStorage<Logger>();

/** The ids a log line may be about; only the ones given are added. */
export type LogContext = {
  worker?: string;
  tenantId?: string;
  importId?: string;
  /** A statement run (functions/money/statements/runs/worker.ts). */
  runId?: string;
  part?: number;
  recordingId?: string;
  releaseId?: string;
  key?: string;
};

const defined = (context: LogContext) =>
  Object.fromEntries(Object.entries(context).filter(([, value]) => value !== undefined && value !== ''));

/** The current record's logger (outside a record, the process's). */
export function log(): Logger {
  return recordLoggers.getStore() ?? rootLogger;
}

/**
 * Runs the work of one record (a queue message, a schedule's event) with a logger of its own:
 * every line it logs carries `correlationId` and `context`, and what addLogContext adds later.
 */
export function withRecordLog<T>(correlationId: string, context: LogContext, work: () => Promise<T>): Promise<T> {
  const logger = rootLogger.createChild(logFormatter ? { logFormatter } : {});
  logger.setCorrelationId(correlationId);
  logger.appendKeys(defined(context));
  return recordLoggers.run(logger, work);
}

/**
 * Adds ids to the current record's lines once they are known (an import's id, after its file's
 * ETag is read). Outside a record (an API call running an import) it does nothing: keys on the
 * process's logger would stay on every later line.
 */
export function addLogContext(context: LogContext): void {
  recordLoggers.getStore()?.appendKeys(defined(context));
}
