import { accountEntryInput, accountEntryUpdate, expenseInput, expenseUpdate } from '../../../shared/schemas/expense.js';
import { humanizeField, VALIDATION } from '../../../shared/messages.js';
import * as answers from '../../../shared/schemas/responses-money.js';
import { messageResponse } from '../../../shared/schemas/responses.js';
import {
  openingBalanceCheckResponse,
  openingBalanceImportsResponse,
  openingBalanceFile,
  openingBalanceImportResponse,
} from '../../../shared/schemas/opening-balances.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../../lib/http.js';
import { planGate } from '../../plans/gate.js';
import { BadRequest } from '../../lib/errors.js';
import { accountView } from '../accounts/account-view.js';
import { addEntry, changeEntry, entryList, entryListQuery, removeEntry } from '../entries/entries.js';
import { openingBalanceHistory } from '../entries/opening-balance-history.js';
import { checkOpeningBalances, importOpeningBalances } from '../entries/opening-balances.js';
import {
  addExpense,
  changeExpense,
  expenseList,
  expenseListQuery,
  adminExpenseList,
  adminExpenseListQuery,
  expenseValues,
  labelExpenseList,
  removeExpense,
  showExpense,
} from '../entries/expenses.js';

/**
 * Accounts area: expenses,
 * account entries (advances, reserves, transfers, adjustments) and a payee's or artist's account
 * as it stands. Every operation works in the caller's current company (route auth 'tenant'):
 * another company's expense, entry or account is not found.
 */
/** The release a list of a release's expenses needs, named in the user's words. */
const RELEASE_REQUIRED = VALIDATION.required(humanizeField('release_id'));

const operations = {
  /** Admins: every company's expenses, with a company column and filter. */
  listAdminExpenses: operation('admin', {
    response: answers.adminExpenseListResponse,
    query: adminExpenseListQuery,
    run: ({ query }) => adminExpenseList(query),
  }),
  listExpenses: operation('tenant', {
    response: answers.expenseListResponse,
    query: expenseListQuery,
    run: ({ tenantId, query }) => expenseList(tenantId, query),
  }),
  getExpense: operation('tenant', {
    response: answers.expenseResponse,
    params: idParams,
    run: ({ tenantId, params }) => showExpense(tenantId, params.id),
  }),
  createExpense: operation('tenant', {
    response: answers.expenseSavedResponse,
    body: expenseInput,
    run: async ({ tenantId, body }) => reply(201, await addExpense(tenantId, body)),
  }),
  updateExpense: operation('tenant', {
    response: answers.expenseSavedResponse,
    params: idParams,
    body: expenseUpdate,
    run: ({ tenantId, params, body }) => changeExpense(tenantId, params.id, body),
  }),
  deleteExpense: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => removeExpense(tenantId, params.id),
  }),
  expenseTags: operation('tenant', {
    response: answers.wordsResponse('tags'),
    run: async ({ tenantId }) => ({ tags: await expenseValues(tenantId, 'tags') }),
  }),
  expenseSuppliers: operation('tenant', {
    response: answers.wordsResponse('suppliers'),
    run: async ({ tenantId }) => ({ suppliers: await expenseValues(tenantId, 'supplier') }),
  }),
  labelExpenses: operation('tenant', {
    response: answers.expenseListResponse,
    query: expenseListQuery,
    run: ({ tenantId, query }) => labelExpenseList(tenantId, query, 'Expense'),
  }),
  labelDistributionExpenses: operation('tenant', {
    response: answers.expenseListResponse,
    query: expenseListQuery,
    run: ({ tenantId, query }) => labelExpenseList(tenantId, query, 'DistributionExpense'),
  }),
  releaseExpenses: operation('tenant', {
    response: answers.expenseListResponse,
    query: expenseListQuery,
    run: ({ tenantId, query }) => {
      if (!query.release_id) throw new BadRequest(RELEASE_REQUIRED, { release_id: [RELEASE_REQUIRED] });
      return expenseList(tenantId, query);
    },
  }),

  listAccountEntries: operation('tenant', {
    response: answers.accountEntryListResponse,
    query: entryListQuery,
    run: ({ tenantId, query }) => entryList(tenantId, query),
  }),
  createAccountEntry: operation('tenant', {
    response: answers.accountEntrySavedResponse,
    body: accountEntryInput,
    run: async ({ tenantId, caller, body }) => reply(201, await addEntry(tenantId, caller.user.userId, body)),
  }),
  updateAccountEntry: operation('tenant', {
    response: answers.accountEntrySavedResponse,
    params: idParams,
    body: accountEntryUpdate,
    run: ({ tenantId, params, body }) => changeEntry(tenantId, params.id, body),
  }),
  deleteAccountEntry: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => removeEntry(tenantId, params.id),
  }),

  listOpeningBalanceImports: operation('tenant', {
    response: openingBalanceImportsResponse,
    run: ({ tenantId }) => openingBalanceHistory(tenantId),
  }),
  checkOpeningBalances: operation('tenant', {
    response: openingBalanceCheckResponse,
    body: openingBalanceFile,
    run: ({ tenantId, body }) => checkOpeningBalances(tenantId, body),
  }),
  importOpeningBalances: operation('tenant', {
    response: openingBalanceImportResponse,
    body: openingBalanceFile,
    run: async ({ tenantId, caller, body }) =>
      reply(201, await importOpeningBalances(tenantId, caller.user.userId, body)),
  }),

  payeeAccounting: operation('tenant', {
    response: answers.accountViewResponse,
    params: idParams,
    run: ({ tenantId, params }) => accountView(tenantId, { type: 'Payee', id: params.id }),
  }),
  artistAccounting: operation('tenant', {
    response: answers.accountViewResponse,
    params: idParams,
    run: ({ tenantId, params }) => accountView(tenantId, { type: 'Artist', id: params.id }),
  }),
} satisfies AreaOperations<'accounts'>;

export const handler = areaHandler('accounts', operations, planGate);
