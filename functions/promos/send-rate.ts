import { ENV, QUEUES } from '../../infra/resources.js';

/**
 * How fast the promo sender mails. SES limits an account to a number of mails per second (its
 * sending quota: 14 for a new production account) and 50 recipients per message. Every promo mail
 * goes to one person (each has their own link), so the second limit cannot be reached; the first is
 * kept by pacing: the n-th mail of a run goes no sooner than n / rate seconds after the run began.
 * The promo queue runs at most a fixed number of sends at once (its concurrency), each paced to its
 * share of the rate, so together they never pass the account's.
 */
const SES_STARTING_RATE = 14;
/** The local outbox has no quota; this only keeps a 1,000-recipient send well inside a minute. */
const LOCAL_RATE = 200;
const MAX_RATE = 1000;

/**
 * One send's mails per second: its share of PROMO_SEND_RATE when set (the account's SES quota), else of
 * the default for where it runs.
 */
export function sendRate(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(env[ENV.promoSendRate]);
  const account =
    Number.isFinite(configured) && configured > 0
      ? Math.min(configured, MAX_RATE)
      : env[ENV.outboxDir]
        ? LOCAL_RATE
        : SES_STARTING_RATE;
  return account / (QUEUES.promoSend.concurrency ?? 1);
}

// The pacer is the product's one (functions/lib/pacer.ts): statement mails keep under the same quota.
export { pacer } from '../lib/pacer.js';
