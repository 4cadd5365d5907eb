import * as store from '../data/access/licenses.js';
import { getExpense } from '../data/access/expenses.js';
import { writeUnstatedEdits } from '../royalties/api/stated-lines.js';
import { Conflict, HttpError, LOST_RACE_MESSAGE } from '../lib/errors.js';
import { readLicense } from './licenses.js';
import { madeLines } from './present.js';

const STATED_LINE = /^This line is on statement (\S+);/;

/**
 * Deletes a licence. A paid outgoing licence takes its ledger lines with it, but only while no
 * published statement carries them: a statement never changes, so a
 * licence whose lines are stated stays (its money changes through a correction or an adjustment).
 * The lines are removed through the ledger's own frozen-line rule, which checks and writes in one
 * transaction against the company's statement count.
 */
export async function deleteLicense(tenantId: string, userId: string, id: string) {
  const license = await readLicense(tenantId, id);
  const lines = madeLines(license) ? await store.linesOfLicense(tenantId, id) : [];
  if (lines.length) {
    try {
      await writeUnstatedEdits(
        tenantId,
        lines.map((line) => ({ id: line.id, import_id: null, pay_period: String(line.fields.pay_period ?? '') })),
        lines.map((line) => ({ tenantId, id: line.id, deleted: true, userId })),
        // Its own refunded lines go too: the payment and its reversal together still net to nothing.
        id,
      );
    } catch (error) {
      const stated = error instanceof HttpError ? STATED_LINE.exec(error.message) : null;
      if (stated)
        throw new Conflict(
          `This licence’s income is on statement ${stated[1]}: it cannot be deleted; change it with a correction or an adjustment`,
        );
      throw error;
    }
  }
  // A paid expense is never deleted (the expenses' own rule), so neither is the licence that made it.
  const refunds = [...(license.payment_refunds ?? []), ...(license.advance_refunds ?? [])];
  const expenseIds = [
    ...new Set([
      license.expense_id,
      ...(license.expense_ids ?? []),
      ...(license.advance_expense_ids ?? []),
      ...refunds.flatMap((refund) => [...(refund.expense_ids ?? []), ...(refund.reverses_expenses ?? [])]),
    ]),
  ].filter((x): x is string => Boolean(x));
  for (const expenseId of expenseIds)
    if (await getExpense(tenantId, expenseId))
      throw new Conflict('This licence’s fee is recorded as a paid expense: it cannot be deleted');
  if (!(await store.deleteLicense(tenantId, id, license.revision))) throw new Conflict(LOST_RACE_MESSAGE);
  if (lines.length) await store.moneyWritten(tenantId);
  return { message: 'Licence deleted' };
}
