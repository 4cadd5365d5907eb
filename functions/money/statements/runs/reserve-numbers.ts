import { accountKeyOf } from '../../accounts/account.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import {
  MAX_CLAIMS_PER_RESERVATION,
  type NumberClaim,
  readSequence,
  readStatedPeriodsOf,
  recordRunSkip,
  reserveStatementNumbers,
  type StatedPeriodsRead,
} from '../../../data/access/statements.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import { statedOver } from '../../../data/entities/stated-periods.js';
import { jitteredPause } from '../../../lib/jittered-pause.js';
import { statementIdOf, statementNumber } from './statement-item.js';

/** What reserving reads and writes, given so the rule is tested without a cloud. */
export type ReserveDeps = {
  /** The accounts' stated periods, read together (readStatedPeriodsOf). */
  readStated(tenantId: string, accountKeys: readonly string[]): Promise<Map<string, StatedPeriodsRead>>;
  readSequence(tenantId: string, name: 'statement'): Promise<number>;
  skip(tenantId: string, runId: string, accountKey: string, statedBy: string): Promise<boolean>;
  reserve(tenantId: string, sequenceFrom: number, claims: readonly NumberClaim[], ledgerAt?: number): Promise<string>;
  pause(attempt: number): Promise<void>;
};

const MAX_ATTEMPTS = 50;

/**
 * Numbers a publishing run's statements before any account step runs, so the steps never race for
 * the company's one sequence item: in the accounts' order, each account's next number is written into
 * its stated-periods guard together with its months, in the same transaction that advances the
 * sequence past them (up to 98 accounts a write: 11 writes for 1,000 accounts instead of 1,000 and
 * their retries). The account step then publishes its statement under the number it finds there.
 *
 * Gapless whatever happens after: a number is only ever reserved together with the months its
 * statement states, so no other statement can take those months in between and leave it unused; an
 * account found stated by another statement here is left out before it gets a number. A step that
 * fails keeps its number for the Resume that finishes it. Safe to run twice: an account whose guard
 * holds its own statement already (reserved or published) is passed over.
 *
 * With `ledgerAt` (the ledger's count of changes when the run read its lines), every write holds only while that count
 * has not moved: an edit, an import's delete or a re-match written since the run computed answers 'ledger_moved', and
 * the run computes its statements again before any number is given out. Once a block is reserved those writes wait
 * for its statements (stated-lines.ts), so only the first write of a run finds the ledger moved.
 */
export async function reserveNumbers(
  run: StatementRunItem,
  accounts: readonly AccountRef[],
  deps: ReserveDeps = reserveDeps,
  ledgerAt?: number,
): Promise<'reserved' | 'ledger_moved'> {
  // One read of every account's stated periods serves each block's first attempt (a block's writes touch only its own
  // accounts' guards); a block refused reads its own again.
  const firstRead = await deps.readStated(run.tenantId, accounts.map(accountKeyOf));
  for (let start = 0; start < accounts.length; start += MAX_CLAIMS_PER_RESERVATION) {
    const block = accounts.slice(start, start + MAX_CLAIMS_PER_RESERVATION);
    if ((await reserveBlock(run, block, deps, firstRead, ledgerAt)) === 'ledger_moved') return 'ledger_moved';
  }
  return 'reserved';
}

async function reserveBlock(
  run: StatementRunItem,
  accounts: readonly AccountRef[],
  deps: ReserveDeps,
  firstRead: Map<string, StatedPeriodsRead>,
  ledgerAt: number | undefined,
): Promise<'reserved' | 'ledger_moved'> {
  const { tenantId, runId } = run;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const stated = attempt === 0 ? firstRead : await deps.readStated(tenantId, accounts.map(accountKeyOf));
    const reads = accounts.map((account) => {
      const read = stated.get(accountKeyOf(account));
      if (!read) throw new Error(`No stated periods were read for ${accountKeyOf(account)}`);
      return { account, stated: read };
    });
    const free: typeof reads = [];
    for (const read of reads) {
      const statementId = statementIdOf(runId, read.account);
      if (read.stated.periods.some((p) => p.statement_id === statementId)) continue;
      const statedBy = statedOver(read.stated.periods, run);
      // Left out (and counted) before it gets a number; its step finds it counted.
      if (statedBy) await deps.skip(tenantId, runId, accountKeyOf(read.account), statedBy.number);
      else free.push(read);
    }
    if (!free.length) return 'reserved';
    const from = await deps.readSequence(tenantId, 'statement');
    const claims = free.map(({ account, stated }, i) => ({
      accountKey: accountKeyOf(account),
      stated,
      period: {
        statement_id: statementIdOf(runId, account),
        number: statementNumber(from + 1 + i),
        start_pay_period: run.start_pay_period,
        end_pay_period: run.end_pay_period,
      },
    }));
    const outcome = await deps.reserve(tenantId, from, claims, ledgerAt);
    if (outcome === 'reserved' || outcome === 'ledger_moved') return outcome;
    await deps.pause(attempt);
  }
  throw new Error(`The run's statement numbers could not be reserved after ${MAX_ATTEMPTS} attempts`);
}

const reserveDeps: ReserveDeps = {
  readStated: readStatedPeriodsOf,
  readSequence,
  skip: recordRunSkip,
  reserve: reserveStatementNumbers,
  pause: jitteredPause,
};
