import { accountHolder, accountKeyOf, accountRefOf } from '../accounts/account.js';
import { ulid } from 'ulid';
import { z } from 'zod';
import {
  enteredAmount,
  entryAmountProblem,
  entryEffect,
  type AccountEntryInput,
  type AccountEntryUpdate,
} from '../../../shared/schemas/expense.js';
import {
  ACCOUNT_TYPES,
  ENTRY_KINDS,
  type AccountRef,
  type EntryKind,
} from '../../../shared/schemas/statement-views.js';
import {
  createAccountEntry,
  deleteAccountEntry,
  entriesOfAccount,
  findAccountEntry,
  updateAccountEntry,
  type AccountEntryChanges,
} from '../../data/access/accounts.js';
import type { AccountEntryItem } from '../../data/entities/statements.js';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.js';
import { listAnswer, listQuerySchema, pageOf } from '../../lib/list-query.js';
import { checkAccount, checkRelease, refuseIfOnStatement } from './links.js';
import { presentEntry } from '../accounts/present.js';

/**
 * Account entries: advances, reserves, reserve releases, transfers
 * and adjustments a user records against a payee's account. The user types a positive amount
 * for an advance, reserve or release and a signed one for a transfer or adjustment; the stored
 * amount is the entry's effect on what the label owes. Payments are written by marking a
 * statement paid, so this API neither makes nor changes them.
 */

/** What a notice calls an entry of each kind. */
const TITLES: Record<EntryKind, string> = {
  advance: 'Advance',
  reserve: 'Reserve',
  reserve_release: 'Reserve Release',
  transfer: 'Transfer',
  adjustment: 'Adjustment',
  payment: 'Payment',
};

const PAYMENT_REFUSED = 'A payment is recorded by marking its statement paid, and changed only there';

export const entryListQuery = listQuerySchema(['date', 'kind'], {
  account_type: z.enum(ACCOUNT_TYPES),
  account_id: z.string().trim().min(1).max(64),
  kind: z.enum(ENTRY_KINDS).optional(),
});

/** One account's entries, newest first unless another order is asked for. */
export async function entryList(tenantId: string, query: z.output<typeof entryListQuery>) {
  const account: AccountRef = { type: query.account_type, id: query.account_id };
  if (!(await accountHolder(tenantId, account))) throw new NotFound(account.type);
  const sort = query.sort_field || query.order ? query.sort : { field: 'date' as const, direction: 'desc' as const };
  const page = pageOf(await entriesOfAccount(tenantId, accountKeyOf(account)), {
    page: query.page,
    perPage: query.per_page,
    sort,
    q: query.q,
    searchFields: ['description'],
    tieBreaker: 'entryId',
    filter: query.kind ? (entry) => entry.kind === query.kind : undefined,
  });
  return listAnswer('account_entries', { ...page, items: page.items.map((item) => presentEntry(item, account)) });
}

/** Refuses an entered amount that does not suit the kind (400 on amount). */
function checkAmount(kind: EntryKind, entered: string): void {
  const problem = entryAmountProblem(kind, entered);
  if (problem) throw new BadRequest(problem, { amount: [problem] });
}

export async function addEntry(tenantId: string, userId: string, input: AccountEntryInput) {
  await Promise.all([
    checkAccount(tenantId, input.account, 'account'),
    input.release_id ? checkRelease(tenantId, input.release_id) : null,
  ]);
  const item = await createAccountEntry({
    tenantId,
    accountKey: accountKeyOf(input.account),
    entryId: ulid(),
    kind: input.kind,
    amount: entryEffect(input.kind, input.amount),
    date: input.date,
    ...(input.description ? { description: input.description } : {}),
    ...(input.release_id ? { release_id: input.release_id } : {}),
    userId,
  });
  return { account_entry: presentEntry(item, input.account), message: `${TITLES[input.kind]} Added` };
}

/** An entry this API may change: found in the company, not a payment, on no published statement. */
async function changeable(tenantId: string, entryId: string): Promise<{ item: AccountEntryItem; account: AccountRef }> {
  const item = await findAccountEntry(tenantId, entryId);
  const account = item && accountRefOf(item.accountKey);
  if (!item || !account) throw new NotFound('Account entry');
  if (item.kind === 'payment') throw new Conflict(PAYMENT_REFUSED);
  await refuseIfOnStatement(tenantId, `This ${TITLES[item.kind].toLowerCase()}`, item.statement_id);
  return { item, account };
}

export async function changeEntry(tenantId: string, entryId: string, update: AccountEntryUpdate) {
  const { item, account } = await changeable(tenantId, entryId);
  if (update.release_id) await checkRelease(tenantId, update.release_id);
  const kind = update.kind ?? item.kind;
  const entered = update.amount ?? enteredAmount(item.kind, item.amount);
  checkAmount(kind, entered);
  const changes: AccountEntryChanges = { kind, amount: entryEffect(kind, entered) };
  if (update.date) changes.date = update.date;
  const remove: ('description' | 'release_id')[] = [];
  for (const field of ['description', 'release_id'] as const) {
    const value = update[field];
    if (value) changes[field] = value;
    else if (value === null) remove.push(field);
  }
  const after = await updateAccountEntry(item, changes, remove);
  return { account_entry: presentEntry(after, account), message: `${TITLES[kind]} Updated` };
}

export async function removeEntry(tenantId: string, entryId: string) {
  const { item } = await changeable(tenantId, entryId);
  await deleteAccountEntry(item);
  return { message: `${TITLES[item.kind]} Deleted` };
}
