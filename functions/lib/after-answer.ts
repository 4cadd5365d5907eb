import { log } from './logger.js';

/**
 * Work that must not hold up the answer (a smart link's click count, a promo page's open): it starts once the current answer is
 * on its way. Locally, and in a Lambda instance kept warm, it finishes a few milliseconds later. In AWS
 * Lambda the process may be frozen when the handler returns; the work then goes on when the instance is
 * thawed for its next request. An instance retired while frozen loses what it had pending: the price of
 * answering a visitor first, as edge redirects do (such counts are analytics, never money).
 */
export function afterAnswer(work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((error: unknown) => log().error('Work after the answer failed', { error }));
  });
}
