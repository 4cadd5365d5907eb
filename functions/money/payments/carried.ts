import Big from 'big.js';

/**
 * Which of an account's statements carry which (pure). A statement's closing balance opens the
 * account's next statement, so when an account has unpaid statements one after another, the
 * latest one's payable already holds the earlier ones' balances: only the latest is due, and
 * paying it settles the earlier ones (no money twice, no second payment entry).
 */
export type ChainedStatement = {
  statementId: string;
  number: string;
  end_pay_period: string;
  superseded_by?: string;
  queue_status?: string;
  paid?: boolean;
  figures: { payable: string; opening_balance: string; closing_balance: string };
};

/** In force: not corrected by a newer version, and published (as the next statement's opening balance reads it). */
export const inForce = (s: ChainedStatement): boolean =>
  !s.superseded_by && (s.queue_status ?? 'published') === 'published';

const paysSomething = (s: ChainedStatement) => new Big(s.figures.payable).gt(0);

/**
 * The unpaid statements whose balance `statement` carries: walking back from it through the
 * account's in-force statements of earlier periods while they are unpaid (a paid one ends the
 * chain: its payment is on the account), those paying something, latest first.
 */
export function carriedBy<T extends ChainedStatement>(statement: ChainedStatement, account: readonly T[]): T[] {
  const earlier = account
    .filter((s) => inForce(s) && s.end_pay_period < statement.end_pay_period)
    .sort((a, b) => b.end_pay_period.localeCompare(a.end_pay_period));
  const carried: T[] = [];
  for (const s of earlier) {
    if (s.paid) break;
    if (paysSomething(s)) carried.push(s);
  }
  return carried;
}

/** Each statement once, in the order first seen. */
function unique<T extends ChainedStatement>(statements: readonly T[]): T[] {
  return [...new Map(statements.map((s) => [s.statementId, s])).values()];
}

/**
 * Every unpaid statement the given ones carry, each once: one of the given ones too when a later
 * given one carries it (it is settled by that one, not paid again).
 */
export function carriedByAll<T extends ChainedStatement>(paying: readonly ChainedStatement[], account: readonly T[]) {
  return unique(paying.flatMap((s) => carriedBy(s, account)));
}

/**
 * What an account owes now: its latest in-force statement (several only when they share the
 * latest period) when unpaid and paying something — its payable holds every earlier unpaid
 * balance — and the earlier unpaid statements it carries. Nothing is due when the latest is paid
 * or pays nothing (below the minimum payout, a negative balance): it carries the earlier ones too.
 */
export function accountDue<T extends ChainedStatement>(account: readonly T[]): { due: T[]; carried: T[] } {
  const current = account.filter(inForce);
  const latest = current.reduce((max, s) => (s.end_pay_period > max ? s.end_pay_period : max), '');
  const due = current.filter((s) => s.end_pay_period === latest && !s.paid && paysSomething(s));
  return { due, carried: due.length ? carriedByAll(due, account) : [] };
}

/** Statements (or entries) grouped by account, in the order first seen. */
export function byAccount<T extends { accountKey: string }>(statements: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const s of statements) groups.set(s.accountKey, [...(groups.get(s.accountKey) ?? []), s]);
  return [...groups.values()];
}

/**
 * Of the statements of a period (`chosen`, of `all` the company's), the money each holds counted once. Unpaid: those
 * no other unpaid one of the period carries (the later one's payable holds theirs). Paid: those not settled by another
 * of the period (a carried statement is marked paid by the payment of the one that carried it, with no money of its
 * own). So a period with a statement and the one that carries it says the later one's payable, once.
 */
export function onceEach<
  T extends ChainedStatement & { accountKey: string; payment?: { settled_by?: { id: string } } | null },
>(chosen: readonly T[], all: readonly T[]): { unpaid: T[]; paid: T[] } {
  const ids = new Set(chosen.map((s) => s.statementId));
  const carried = new Set(
    byAccount(all).flatMap((account) =>
      carriedByAll(
        account.filter((s) => ids.has(s.statementId) && inForce(s) && !s.paid),
        account,
      ).map((s) => s.statementId),
    ),
  );
  return {
    unpaid: chosen.filter((s) => !s.paid && !carried.has(s.statementId)),
    paid: chosen.filter((s) => s.paid && !ids.has(s.payment?.settled_by?.id ?? '')),
  };
}
