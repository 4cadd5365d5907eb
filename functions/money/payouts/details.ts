import { accountHolder, accountKeyOf, type AccountHolderOptions } from '../accounts/account.js';
import { ulid } from 'ulid';
import { humanizeField } from '../../../shared/messages.js';
import { lastFour, lastTwoOfSortCode, maskEmail } from '../../../shared/bank-details.js';
import type { PayoutDetailsView, PayoutMethod } from '../../../shared/schemas/payment-views.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import {
  normalisePayoutDetails,
  payoutDetailsProblems,
  type PayoutDetails,
  type PayoutDetailsInput,
} from '../../../shared/schemas/payout-details.js';
import { createLog } from '../../data/access/logs.js';
import {
  deletePayoutDetail,
  getPayoutDetail,
  putPayoutDetail,
  putPayoutDetailSpendingRequest,
} from '../../data/access/payouts.js';
import { statementSender } from '../../data/access/statements.js';
import type { PayoutDetailItem, PayoutMasks } from '../../data/entities/payouts.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { open, seal } from '../../lib/sealed.js';

/**
 * How an account is paid: stored sealed, answered
 * as masks only, and every change logged with who and which fields — never the values.
 */

/** The sealed box is bound to its company and account: copied onto another record it does not open. */
const sealContext = (tenantId: string, accountKey: string) => `payout#${tenantId}#${accountKey}`;

const FIELDS = ['method', 'account_name', 'currency', 'iban', 'bic', 'sort_code', 'account_number', 'email'] as const;

/** The masks a reader sees of details as stored. */
function masksOf(details: PayoutDetails): PayoutMasks {
  return {
    iban_last4: details.iban ? lastFour(details.iban) : null,
    bic: details.bic,
    sort_code_last2: details.sort_code ? lastTwoOfSortCode(details.sort_code) : null,
    account_number_last4: details.account_number ? lastFour(details.account_number) : null,
    email_masked: details.email ? maskEmail(details.email) : null,
  };
}

const NOTHING: PayoutDetailsView = {
  method: null,
  account_name: null,
  currency: null,
  iban_last4: null,
  bic: null,
  sort_code_last2: null,
  account_number_last4: null,
  email_masked: null,
  complete: false,
  updated_at: null,
  updated_by: null,
  given_by_payee_at: null,
};

/** The view of stored details: masks only. */
function presentPayoutDetails(item: PayoutDetailItem | null): PayoutDetailsView {
  if (!item) return NOTHING;
  return {
    method: item.method as PayoutMethod,
    account_name: item.account_name ?? null,
    currency: item.currency,
    ...item.masks,
    complete: item.complete,
    updated_at: item.updatedAt ?? null,
    updated_by: item.updatedBy ?? null,
    given_by_payee_at: item.givenByPayeeAt ?? null,
  };
}

/** The account, in the company: 404 when it has none by that id (another company's payee included). */
export async function ownAccount(tenantId: string, account: AccountRef, options?: AccountHolderOptions) {
  const holder = await accountHolder(tenantId, account, options);
  if (!holder) throw new NotFound(account.type);
  return holder;
}

/** An account's stored details in the clear, for the bank files only; null when it has none. */
export async function openPayoutDetails(tenantId: string, account: AccountRef): Promise<PayoutDetails | null> {
  const accountKey = accountKeyOf(account);
  const item = await getPayoutDetail(tenantId, accountKey);
  return item ? open<PayoutDetails>(item.sealed, sealContext(tenantId, accountKey)) : null;
}

export async function payoutDetailsView(tenantId: string, account: AccountRef): Promise<PayoutDetailsView> {
  await ownAccount(tenantId, account);
  return presentPayoutDetails(await getPayoutDetail(tenantId, accountKeyOf(account)));
}

/** Logs who changed which fields of whose payout details; the values never reach the log. */
async function logFields(userId: string, what: string, fields: readonly string[]) {
  if (!fields.length) return;
  const named = fields.map((field) => humanizeField(field, { inSentence: true })).join(', ');
  await createLog({ userId, logId: ulid(), action: 'update', subject: `${what}: ${named}` }).catch((error: unknown) =>
    console.error('payout details change not logged', error),
  );
}

/**
 * Who saves details: a member of the company (fields left out keep what is stored), or the payee through their
 * secure link (what they give replaces what is stored whole: they never saw it). The link is spent in the same
 * write that saves, so two submits at once save once; `refusal` is what the losing one is told (read after it lost).
 */
export type PayoutDetailsAuthor =
  | { kind: 'member'; userId: string }
  | { kind: 'payee'; tokenHash: string; email: string; askedBy: string; refusal: () => Promise<Error> };

/**
 * Saves an account's details: the one place payout details are written. The result is checked for its method
 * (field errors in the user's words), sealed, and the changed fields logged — never their values.
 */
export async function savePayoutDetails(
  tenantId: string,
  author: PayoutDetailsAuthor,
  account: AccountRef,
  input: PayoutDetailsInput,
): Promise<PayoutDetailsView> {
  const holder = await ownAccount(tenantId, account);
  const accountKey = accountKeyOf(account);
  const stored = await openPayoutDetails(tenantId, account);
  const defaultCurrency = stored?.currency ?? (await statementSender(tenantId)).currency;
  const base = author.kind === 'member' && stored ? stored : emptyDetails(input.method, defaultCurrency);
  const merged: PayoutDetails = { ...base };
  for (const field of FIELDS) {
    const value = input[field];
    if (value !== undefined) Object.assign(merged, { [field]: value });
  }
  // A SEPA transfer is in euro and a UK bank payment in pounds, whatever was chosen before.
  if (merged.method === 'sepa') merged.currency = 'EUR';
  if (merged.method === 'uk_bulk') merged.currency = 'GBP';
  const details = normalisePayoutDetails(merged);
  const problems = payoutDetailsProblems(details);
  if (Object.keys(problems).length)
    throw new BadRequest(
      'The payout details are not complete',
      Object.fromEntries(Object.entries(problems).map(([field, text]) => [field, [text]])),
    );
  const now = new Date().toISOString();
  const item = {
    tenantId,
    accountKey,
    method: details.method,
    account_name: details.account_name ?? undefined,
    currency: details.currency,
    sealed: await seal(details, sealContext(tenantId, accountKey)),
    masks: masksOf(details),
    complete: true,
    ...(author.kind === 'member'
      ? { updatedBy: author.userId }
      : { givenByPayeeAt: now, givenByPayeeEmail: author.email }),
  };
  if (author.kind === 'member') await putPayoutDetail(item);
  else if (!(await putPayoutDetailSpendingRequest(item, author.tokenHash, now))) throw await author.refusal();
  const changed = FIELDS.filter((field) => (stored?.[field] ?? null) !== (details[field] ?? null));
  // The holder by name, as the reader of the log knows them (the log is shown to people, never an id).
  const whose = `Payout details of ${account.type.toLowerCase()} ${holder.name}`;
  if (author.kind === 'member') await logFields(author.userId, `${whose} changed`, changed);
  // The payee has no login: the change is logged with the member who sent the link.
  else await logFields(author.askedBy, `${whose} given by the payee through the link sent to ${author.email}`, changed);
  return presentPayoutDetails(await getPayoutDetail(tenantId, accountKey));
}

/** A member saves an account's details (fields left out keep what is stored). */
export const updatePayoutDetails = (tenantId: string, userId: string, account: AccountRef, input: PayoutDetailsInput) =>
  savePayoutDetails(tenantId, { kind: 'member', userId }, account, input);

function emptyDetails(method: PayoutMethod, currency: string): PayoutDetails {
  return {
    method,
    currency,
    account_name: null,
    iban: null,
    bic: null,
    sort_code: null,
    account_number: null,
    email: null,
  };
}

/** Removes an account's details (a run can no longer pay it), logged. */
export async function deletePayoutDetails(tenantId: string, userId: string, account: AccountRef) {
  const holder = await ownAccount(tenantId, account);
  await deletePayoutDetail(tenantId, accountKeyOf(account));
  await logFields(userId, `Payout details of ${account.type.toLowerCase()} ${holder.name} removed`, ['all fields']);
  return presentPayoutDetails(null);
}
