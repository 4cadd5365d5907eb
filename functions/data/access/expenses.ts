import type { CreateExpense, ExpenseItem } from '../entities/statements.js';
import { moneyRecordsChanged } from '../list-cache.js';
import { isConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/**
 * Every query of expenses, by name. An expense a published statement carries
 * (statement_id set) is frozen: every change here is conditional on statement_id being unset, so
 * a change racing the statement's publication loses (409) instead of altering a published figure.
 * Every write marks the company's money records changed (finances and dashboards hold them).
 */
const expenses = () => getDb().entities.Expense;

/** Attributes of an expense a change may set (its keys and the statement that carried it excepted). */
export type ExpenseChanges = Partial<Omit<CreateExpense, 'tenantId' | 'expenseId' | 'statement_id'>>;
/** Attributes a change may remove (an optional field cleared by the user). */
export type ExpenseRemovable = 'supplier' | 'category' | 'expensable_id' | 'accountKey' | 'release_id';

/** One company's expenses. */
export async function listExpenses(tenantId: string): Promise<ExpenseItem[]> {
  return (await expenses().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function getExpense(tenantId: string, expenseId: string): Promise<ExpenseItem | null> {
  return (await expenses().get({ tenantId, expenseId }).go()).data;
}

/** The expenses charged to an account (its accountKey), on a statement or not. */
export async function expensesOfAccount(tenantId: string, accountKey: string): Promise<ExpenseItem[]> {
  return (
    await expenses()
      .query.byTenant({ tenantId })
      .where(({ accountKey: key }, { eq }) => eq(key, accountKey))
      .go({ pages: 'all' })
  ).data;
}

export async function createExpense(expense: CreateExpense): Promise<ExpenseItem> {
  const created = (await expenses().create(expense).go()).data;
  await moneyRecordsChanged(expense.tenantId);
  return created;
}

/**
 * Holds a licence's expenses for its refund: each is marked as taken back by the licence, in a conditional write on
 * the expense, and answered as it then stands. An edit racing the refund either lands before the mark (and is taken
 * back as edited) or is refused after it; an expense deleted meanwhile is left out. A repeated refund (a retry after
 * a crash between the marks and the refund's write) finds its own marks and carries on.
 */
export async function holdForLicenceRefund(
  tenantId: string,
  expenseIds: readonly string[],
  licenceId: string,
): Promise<ExpenseItem[]> {
  const held = await Promise.all(
    expenseIds.map(async (expenseId) => {
      try {
        const marked = await expenses()
          .patch({ tenantId, expenseId })
          .set({ licence_refund: licenceId })
          .where(
            ({ licence_refund }, { notExists, eq }) =>
              `${notExists(licence_refund)} OR ${eq(licence_refund, licenceId)}`,
          )
          .go({ response: 'all_new' });
        return marked.data as ExpenseItem;
      } catch (error) {
        // The patch's own condition: the expense is gone (deleted), so there is nothing to take back.
        if (isConditionFailed(error)) return null;
        throw error;
      }
    }),
  );
  return held.filter((expense): expense is ExpenseItem => expense !== null);
}

/**
 * Sets and removes fields of an expense no statement carries and no licence refund holds; the expense as it is
 * afterwards.
 */
export async function updateExpense(
  tenantId: string,
  expenseId: string,
  changes: ExpenseChanges,
  remove: readonly ExpenseRemovable[],
): Promise<ExpenseItem> {
  const patch = expenses().patch({ tenantId, expenseId }).set(changes);
  const updated = await (remove.length ? patch.remove([...remove]) : patch)
    .where(
      ({ statement_id, licence_refund }, { notExists }) =>
        `${notExists(statement_id)} AND ${notExists(licence_refund)}`,
    )
    .go({ response: 'all_new' });
  await moneyRecordsChanged(tenantId);
  // ElectroDB types an update's answer as partial; all_new is the whole item.
  return updated.data as ExpenseItem;
}

/** Deletes an unpaid expense no statement carries. */
export async function deleteExpense(tenantId: string, expenseId: string): Promise<void> {
  await expenses()
    .delete({ tenantId, expenseId })
    .where(({ statement_id, paid }, { notExists, eq }) => `${notExists(statement_id)} AND ${eq(paid, false)}`)
    .go();
  await moneyRecordsChanged(tenantId);
}
