import { accountKeyOf } from '../../accounts/account.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import type { AccountRecords } from '../accounts/company-reads.js';

/**
 * The accounts of a run that already have a statement in force (not superseded) for a period
 * overlapping the run's, with that statement's number. Such an account gets no second statement
 * for the same months (its money would be paid twice): a run leaves it out and its preview says
 * so. A correction (a run that replaces a statement) is the one way to state those months again.
 * `recordsOf`: each account's records, read once for the company (recordsByAccount).
 */
export function alreadyStated(
  run: StatementRunItem,
  accounts: readonly AccountRef[],
  recordsOf: (account: AccountRef) => Pick<AccountRecords, 'statements'>,
): Map<string, string> {
  const stated = new Map<string, string>();
  if (run.replaces_id) return stated;
  for (const account of accounts) {
    const overlapping = recordsOf(account).statements.find(
      (s) =>
        !s.superseded_by &&
        s.run_id !== run.runId &&
        s.start_pay_period <= run.end_pay_period &&
        s.end_pay_period >= run.start_pay_period,
    );
    if (overlapping) stated.set(accountKeyOf(account), overlapping.number);
  }
  return stated;
}
