import { ENV, QUEUES } from '../../../../infra/resources.js';
import { pacer } from '../../../lib/pacer.js';

/**
 * How fast statements are mailed. SES limits an account to a number of mails per second (its sending quota:
 * 14 for a new production account); a run of 10,000 payees mails 10,000 statements. In AWS the statement
 * worker runs as up to `fanOut.concurrency` Lambdas at once (infra/resources.ts), so each paces its mails to
 * that share of the quota and together they never pass it. The local outbox has no quota: no pacing.
 */
const SES_STARTING_RATE = 14;
const MAX_RATE = 1000;

/** One worker's statement mails per second: its share of STATEMENT_MAIL_RATE when set, else of SES's starting quota. */
export function statementMailRate(env: NodeJS.ProcessEnv = process.env): number {
  if (env[ENV.outboxDir]) return Number.POSITIVE_INFINITY;
  const configured = Number(env[ENV.statementMailRate]);
  const account = Number.isFinite(configured) && configured > 0 ? Math.min(configured, MAX_RATE) : SES_STARTING_RATE;
  return account / (QUEUES.statementRun.fanOut?.concurrency ?? 1);
}

let gate: (() => Promise<void>) | undefined;

/** Awaited before each statement mail: one gate per process, shared by the account steps it runs side by side. */
export function nextStatementMail(): Promise<void> {
  const rate = statementMailRate();
  if (rate === Number.POSITIVE_INFINITY) return Promise.resolve();
  gate ??= pacer(rate);
  return gate();
}
