import { accountKeyOf, accountRefOf } from '../accounts/account.js';
import { ulid } from 'ulid';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages.js';
import {
  expenseRuleProblems,
  expenseTotal,
  type ExpenseInput,
  type ExpenseUpdate,
} from '../../../shared/schemas/expense.js';
import { ACCOUNT_TYPES, type AccountRef, type ExpenseType } from '../../../shared/schemas/statement-views.js';
import {
  createExpense,
  deleteExpense,
  getExpense,
  listExpenses,
  updateExpense,
  type ExpenseChanges,
  type ExpenseRemovable,
} from '../../data/access/expenses.js';
import type { ExpenseItem } from '../../data/entities/statements.js';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.js';
import { listAnswer, listQuerySchema, pageOf } from '../../lib/list-query.js';
import { companyFilter, rowsAcrossCompanies } from '../../lib/across-companies.js';
import { checkAccount, checkLabel, checkRelease, refuseIfOnStatement } from './links.js';
import { presentExpense, presentExpenses } from '../accounts/present.js';

/** Expenses of the current company: list, pickers, create, change, delete. */

const id = z.string().trim().min(1).max(64);
/** The list's filters: label, account (payee_type + payee_id), paid, type, release. */
const EXPENSE_SORT_FIELDS = ['date', 'description', 'supplier', 'category', 'total'] as const;
const expenseFilters = {
  label_id: id.optional(),
  payee_type: z.enum(ACCOUNT_TYPES).optional(),
  payee_id: id.optional(),
  paid: z.enum(['true', 'false']).optional(),
  recoupable: z.enum(['true', 'false']).optional(),
  type: z.enum(['Expense', 'DistributionExpense']).optional(),
  release_id: id.optional(),
};
export const expenseListQuery = listQuerySchema(EXPENSE_SORT_FIELDS, expenseFilters);
/** GET /admin/expenses: the same filters across companies, and `company` to keep one. */
export const adminExpenseListQuery = listQuerySchema(EXPENSE_SORT_FIELDS, { ...expenseFilters, ...companyFilter });
export type ExpenseListQuery = z.output<typeof expenseListQuery>;

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** A query's filters as one predicate over stored expenses. */
function matches(query: ExpenseListQuery): (item: ExpenseItem) => boolean {
  const paid = flag(query.paid);
  const recoupable = flag(query.recoupable);
  const account =
    query.payee_id && (query.payee_type ? accountKeyOf({ type: query.payee_type, id: query.payee_id }) : null);
  return (item) =>
    (!query.label_id || item.expensable_id === query.label_id) &&
    (!query.type || item.type === query.type) &&
    (!query.release_id || item.release_id === query.release_id) &&
    (paid === undefined || item.paid === paid) &&
    (recoupable === undefined || item.recoupable === recoupable) &&
    (!query.payee_id ||
      (account ? item.accountKey === account : accountRefOf(item.accountKey ?? '')?.id === query.payee_id));
}

/** A page of the company's expenses, newest first unless another order is asked for. */
export async function expenseList(tenantId: string, query: ExpenseListQuery) {
  const sort = query.sort_field || query.order ? query.sort : { field: 'date' as const, direction: 'desc' as const };
  const page = pageOf(await listExpenses(tenantId), {
    page: query.page,
    perPage: query.per_page,
    sort,
    q: query.q,
    searchFields: ['description', 'supplier', 'category'],
    tieBreaker: 'expenseId',
    filter: matches(query),
  });
  return listAnswer('expenses', { ...page, items: await presentExpenses(tenantId, page.items) });
}

/** GET /admin/expenses: every company's expenses (or one company's), with a company column, filtered and paged alike. */
export async function adminExpenseList(query: ExpenseListQuery & { company?: string }) {
  const sort = query.sort_field || query.order ? query.sort : { field: 'date' as const, direction: 'desc' as const };
  const rows = await rowsAcrossCompanies(query.company, listExpenses);
  const page = pageOf(rows, {
    page: query.page,
    perPage: query.per_page,
    sort,
    q: query.q,
    searchFields: ['description', 'supplier', 'category', 'company_name'],
    tieBreaker: 'expenseId',
    filter: matches(query),
  });
  // Each row's names (label, payee) are its own company's.
  const items = await Promise.all(
    page.items.map(async (item) => ({
      ...(await presentExpenses(item.company_id, [item]))[0],
      company_id: item.company_id,
      company_name: item.company_name,
    })),
  );
  return listAnswer('expenses', { ...page, items });
}

/** A label's expenses or distribution expenses (label/expenses, label/distribution_expenses). */
export async function labelExpenseList(tenantId: string, query: ExpenseListQuery, type: ExpenseType) {
  if (!query.label_id) throw new BadRequest(MESSAGES.noLabelSelected, { label_id: [MESSAGES.noLabelSelected] });
  await checkLabel(tenantId, query.label_id, 'label_id');
  return expenseList(tenantId, { ...query, type });
}

/** Distinct tags or suppliers of the company's expenses, sorted, for the form's pickers. */
export async function expenseValues(tenantId: string, field: 'tags' | 'supplier'): Promise<string[]> {
  const values = (await listExpenses(tenantId)).flatMap((item) =>
    field === 'tags' ? (item.tags ?? []) : item.supplier ? [item.supplier] : [],
  );
  return [...new Set(values)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}

async function existing(tenantId: string, expenseId: string): Promise<ExpenseItem> {
  const item = await getExpense(tenantId, expenseId);
  if (!item) throw new NotFound('Expense');
  return item;
}

export async function showExpense(tenantId: string, expenseId: string) {
  return { expense: await presentExpense(tenantId, await existing(tenantId, expenseId)) };
}

/** Refuses what breaks a rule across fields, naming the first field. */
function checkRules(expense: Parameters<typeof expenseRuleProblems>[0]): void {
  const problems = expenseRuleProblems(expense);
  if (problems.length)
    throw new BadRequest(problems[0].message, Object.fromEntries(problems.map((p) => [p.field, [p.message]])));
}

/**
 * The account an expense is charged to: a distribution expense its own label's, any other the
 * payee's (recouped from it when recoupable).
 */
function accountOf(type: ExpenseType, expensableId: string | null | undefined, payee: AccountRef | null | undefined) {
  if (type === 'DistributionExpense' && expensableId) return accountKeyOf({ type: 'Label', id: expensableId });
  return payee ? accountKeyOf(payee) : undefined;
}

/** Checks that what the expense links to is the company's own. */
async function checkLinks(
  tenantId: string,
  links: { expensable_id?: string | null; payee?: AccountRef | null; release_id?: string | null },
): Promise<void> {
  await Promise.all([
    links.expensable_id ? checkLabel(tenantId, links.expensable_id, 'expensable_id') : null,
    links.payee ? checkAccount(tenantId, links.payee, 'payee') : null,
    links.release_id ? checkRelease(tenantId, links.release_id) : null,
  ]);
}

export async function addExpense(tenantId: string, input: ExpenseInput) {
  await checkLinks(tenantId, input);
  const { payee, supplier, category, expensable_id, release_id, ...fields } = input;
  const item = await createExpense({
    ...fields,
    tenantId,
    expenseId: ulid(),
    expensable_type: 'Label',
    ...(supplier ? { supplier } : {}),
    ...(category ? { category } : {}),
    ...(expensable_id ? { expensable_id } : {}),
    ...(release_id ? { release_id } : {}),
    accountKey: accountOf(input.type, expensable_id, payee),
  });
  return { expense: await presentExpense(tenantId, item), message: 'Expense Added' };
}

const CLEARABLE = ['supplier', 'category', 'expensable_id', 'release_id'] as const;

export async function changeExpense(tenantId: string, expenseId: string, update: ExpenseUpdate) {
  const before = await existing(tenantId, expenseId);
  await refuseIfOnStatement(tenantId, 'This expense', before.statement_id);
  // Said here in words; the update's own condition is what keeps a refund's expense unchanged.
  if (before.licence_refund) throw new Conflict("This expense is part of a licence's refund: it no longer changes");
  await checkLinks(tenantId, update);
  const {
    payee,
    supplier: _s,
    category: _c,
    expensable_id: _e,
    release_id: _r,
    subtotal,
    vat,
    total,
    ...rest
  } = update;
  const figures = { subtotal: subtotal ?? before.subtotal, vat: vat ?? before.vat };
  const summed = expenseTotal(figures.subtotal, figures.vat, total);
  if ('error' in summed) throw new BadRequest(summed.error, { total: [summed.error] });
  const type = rest.type ?? before.type;
  const expensableId = update.expensable_id === undefined ? before.expensable_id : update.expensable_id;
  const account = payee === undefined ? (before.accountKey ? accountRefOf(before.accountKey) : null) : payee;
  checkRules({ type, recoupable: rest.recoupable ?? before.recoupable, expensable_id: expensableId, payee: account });

  const changes: ExpenseChanges = { ...rest, ...figures, total: summed.total };
  const remove: ExpenseRemovable[] = [];
  for (const field of CLEARABLE) {
    const value = update[field];
    if (value) changes[field] = value;
    else if (value === null) remove.push(field);
  }
  const accountKey = accountOf(type, expensableId, account);
  if (accountKey) changes.accountKey = accountKey;
  else if (before.accountKey) remove.push('accountKey');
  const after = await updateExpense(tenantId, expenseId, changes, remove);
  return { expense: await presentExpense(tenantId, after), message: 'Expense Updated' };
}

/** Deletes an expense: never a paid one, never one a published statement carries. */
export async function removeExpense(tenantId: string, expenseId: string) {
  const before = await existing(tenantId, expenseId);
  if (before.paid) throw new Conflict(MESSAGES.cannotDeletePaidExpense);
  await refuseIfOnStatement(tenantId, 'This expense', before.statement_id);
  await deleteExpense(tenantId, expenseId);
  return { message: 'Expense Deleted' };
}
