/**
 * A gate that spreads work evenly over time: each pass goes at least 1 / rate seconds after the one before.
 * The mail service limits an account to a number of mails per second, so every sender that mails in bulk
 * (promo sends, statement runs) goes through one.
 */
type Clock = { now: () => number; sleep: (ms: number) => Promise<void> };
const realClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((done) => setTimeout(done, ms)) };

/**
 * A gate to await before each mail: it lets `perSecond` mails through per second, evenly spread. Time left
 * unused is not saved up: a gate kept by a warm Lambda between two runs lets the next run's mails through at
 * the rate, never in a burst that makes up for the idle minutes.
 */
export function pacer(perSecond: number, clock: Clock = realClock): () => Promise<void> {
  let next = clock.now();
  return async () => {
    const now = clock.now();
    const at = Math.max(now, next);
    next = at + 1000 / perSecond;
    if (at > now) await clock.sleep(at - now);
  };
}
