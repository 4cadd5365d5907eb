import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { maskEmail } from '../../../shared/bank-details.js';
import { PAYOUT_METHOD_NAMES } from '../../../shared/schemas/payment-views.js';
import {
  PAYOUT_REQUEST_DAYS,
  type PayoutDetailsInput,
  type PayoutRequestPublicView,
  type PayoutRequestView,
} from '../../../shared/schemas/payout-details.js';
import type { AccountRef, AccountType } from '../../../shared/schemas/statement-views.js';
import { getCompany } from '../../data/access/companies.js';
import {
  createPayoutDetailsRequest,
  payoutDetailsRequestByToken,
  payoutDetailsRequestsOf,
  revokePayoutDetailsRequest,
} from '../../data/access/payouts.js';
import { getUsers } from '../../data/access/users.js';
import type { PayoutDetailsRequestItem } from '../../data/entities/payouts.js';
import { Conflict, Gone, InvalidField, NotFound } from '../../lib/errors.js';
import { required } from '../../lib/required.js';
import { appLink, sendMail } from '../../lib/mail.js';
import { tellCompanyMembers } from '../../notices/tell-company.js';
import { accountHolder, accountKeyOf, accountOfKey } from '../accounts/account.js';
import { ownAccount, savePayoutDetails } from './details.js';

/**
 * A payee, an artist or a distributed label gives their own bank details by a secure link (docs/payouts.md): a
 * member with money.write asks, the link goes only to the account's own e-mail (never shown to the member, so what
 * the account "gave" came from its mailbox), only the token's SHA-256 is kept, it works once and for 14 days, and a
 * new request revokes the old.
 */

const PAYOUT_REQUEST_WORDS = {
  asked: (email: string) => `Bank details requested from ${email}`,
  withdrawn: 'Bank details request withdrawn',
  noneOpen: 'There is no open request for bank details',
  noEmail: (noun: string) => `The ${noun} has no e-mail address: add one on the ${noun}'s page, then ask again`,
  // A link that names no request names no company either: the reader knows who sent it.
  notValid: 'This link is not valid: check that it was copied whole, or ask whoever sent it for a new one',
  used: (company: string) =>
    `Your bank details were already given through this link. To change them, ask ${company} for a new link`,
  expired: (company: string) => `This link has expired: ask ${company} for a new one`,
  revoked: (company: string) =>
    `This link was withdrawn or replaced by a newer one: use the latest link you were sent, or ask ${company} for a new one`,
  thanks: (company: string) => `Thank you: ${company} has your bank details`,
  busy: 'Your details could not be saved just now: send them again',
} as const;

/** How the words name an account's holder, and its page in the SPA (web/src/app/route-table.ts). */
const HOLDER: Record<AccountType, { noun: string; pages: string; paid: string }> = {
  Payee: { noun: 'payee', pages: 'payees', paid: 'your royalties' },
  Artist: { noun: 'artist', pages: 'artists', paid: 'your royalties' },
  Label: { noun: 'label', pages: 'labels', paid: "your label's earnings" },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
/** The SPA's public page of a link (web/src/app/route-table.ts). */
const linkTo = (token: string) => appLink(`/bank_details/${token}`);
/** A token as made here: 32 random bytes in base64url, 43 characters. Anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const isOpen = (request: PayoutDetailsRequestItem, now = new Date()) =>
  request.status === 'open' && request.expiresAt > now.toISOString();

/** The open, unexpired request of an account (at most one: a new one revokes the others). */
async function openRequestOf(tenantId: string, account: AccountRef) {
  const requests = await payoutDetailsRequestsOf(tenantId, accountKeyOf(account));
  return requests.filter((r) => isOpen(r)).at(-1) ?? null;
}

async function nameOfUser(userId: string): Promise<string | null> {
  const [user] = await getUsers([userId]);
  return user ? user.name || user.email : null;
}

async function present(request: PayoutDetailsRequestItem): Promise<PayoutRequestView> {
  return {
    id: request.requestId,
    email: request.email,
    sent_at: request.createdAt ?? '',
    sent_by: await nameOfUser(request.sentBy),
    expires_at: request.expiresAt,
  };
}

/** What the account's panel shows: the outstanding request (sent when, to whom, until when), or null. */
export async function payoutRequestView(tenantId: string, account: AccountRef) {
  await ownAccount(tenantId, account);
  const open = await openRequestOf(tenantId, account);
  return { payout_details_request: open ? await present(open) : null };
}

/**
 * Revokes every open request of an account but `keep`: a new one replaces them, a member withdraws them. How many.
 * A new request is written before the others are revoked, so two asks at once leave at most one link working
 * (perhaps none, which the panel shows), never two.
 */
async function revokeOpen(tenantId: string, account: AccountRef, keep?: string): Promise<number> {
  const at = new Date().toISOString();
  const open = (await payoutDetailsRequestsOf(tenantId, accountKeyOf(account))).filter(
    (r) => r.status === 'open' && r.tokenHash !== keep,
  );
  const revoked = await Promise.all(open.map((r) => revokePayoutDetailsRequest(r.tokenHash, at)));
  return revoked.filter(Boolean).length;
}

/**
 * The mail asking for bank details. It names the company that asks wherever it speaks of the one who pays: the
 * holder may itself be a label (a distributor paying the labels it distributes), to whom "the label" would mean itself.
 */
function payoutRequestText(words: { holderName: string; companyName: string; paid: string; link: string }) {
  const { holderName, companyName, paid, link } = words;
  return (
    `Hello ${holderName},\n\n${companyName} pays ${paid} and asks how you would like to be paid. Give your bank ` +
    `account (or PayPal or Wise) on this secure page: nobody at ${companyName} has to type it from an e-mail.\n` +
    `${link}\n\nThe link works once and for ${PAYOUT_REQUEST_DAYS} days. Never send bank details by e-mail; if you ` +
    `did not expect this message, ask ${companyName} by phone before you use the link.`
  );
}

/**
 * Mails the payee, artist or label a new secure link to give their bank details; any earlier link stops working.
 * Refused, naming the field, when the account has no e-mail (a label's own, from its record: its statements'
 * holder has none).
 */
export async function askForPayoutDetails(tenantId: string, userId: string, account: AccountRef, now = new Date()) {
  const holder = await ownAccount(tenantId, account, { labelEmail: true });
  if (!holder.email) throw new InvalidField('email', PAYOUT_REQUEST_WORDS.noEmail(HOLDER[account.type].noun));
  const token = randomBytes(32).toString('base64url');
  const request = {
    tokenHash: hashOf(token),
    requestId: ulid(),
    tenantId,
    accountKey: accountKeyOf(account),
    email: holder.email,
    sentBy: userId,
    expiresAt: new Date(now.getTime() + PAYOUT_REQUEST_DAYS * DAY_MS).toISOString(),
  };
  await createPayoutDetailsRequest(request);
  await revokeOpen(tenantId, account, request.tokenHash);
  const [company, [asker]] = await Promise.all([getCompany(tenantId), getUsers([userId])]);
  const companyName = required(company, 'The company asking for bank details').name;
  await sendMail({
    to: holder.email,
    // In the asking company's name; a question goes to whoever asked.
    sender: { name: companyName, replyTo: asker?.email },
    subject: `${companyName} asks for your bank details`,
    text: payoutRequestText({
      holderName: holder.name,
      companyName,
      paid: HOLDER[account.type].paid,
      link: linkTo(token),
    }),
  });
  const stored = await payoutDetailsRequestByToken(request.tokenHash);
  return {
    payout_details_request: stored ? await present(stored) : null,
    message: PAYOUT_REQUEST_WORDS.asked(holder.email),
  };
}

/** A member withdraws the outstanding request: its link stops working. 404 when none is open. */
export async function withdrawPayoutRequest(tenantId: string, account: AccountRef) {
  await ownAccount(tenantId, account);
  if (!(await revokeOpen(tenantId, account))) throw NotFound.saying(PAYOUT_REQUEST_WORDS.noneOpen);
  return { message: PAYOUT_REQUEST_WORDS.withdrawn };
}

/**
 * Why a link cannot be used, in the payee's words: unknown 404, used, expired or revoked 410; still open (a save
 * lost to another write on the link that did not spend it) 409, to send again. A new link is asked of the company
 * that sent this one, by its name: the holder may be a label, to whom "the label" would mean itself.
 */
async function refusalOf(request: PayoutDetailsRequestItem | null): Promise<Error> {
  if (!request) return NotFound.saying(PAYOUT_REQUEST_WORDS.notValid);
  if (isOpen(request)) return new Conflict(PAYOUT_REQUEST_WORDS.busy);
  const company = (await getCompany(request.tenantId))?.name ?? 'whoever sent it';
  if (request.status === 'used') return new Gone(PAYOUT_REQUEST_WORDS.used(company));
  if (request.status === 'revoked') return new Gone(PAYOUT_REQUEST_WORDS.revoked(company));
  return new Gone(PAYOUT_REQUEST_WORDS.expired(company));
}

/**
 * What a submit that lost its write is told. DynamoDB cancels a transaction that meets another one under way on the
 * same link: the winner may not have finished, so a link still open is read once more before saying so.
 */
async function refusalAfterLosing(tokenHash: string): Promise<Error> {
  let request = await payoutDetailsRequestByToken(tokenHash);
  if (request && isOpen(request)) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    request = await payoutDetailsRequestByToken(tokenHash);
  }
  return refusalOf(request);
}

/** The open request a token names, with its account and company; anything else is refused in the payee's words. */
async function usableRequest(token: string) {
  const request = TOKEN_SHAPE.test(token) ? await payoutDetailsRequestByToken(hashOf(token)) : null;
  if (!request || !isOpen(request)) throw await refusalOf(request);
  const account = accountOfKey(request.accountKey);
  const [holder, company] = await Promise.all([accountHolder(request.tenantId, account), getCompany(request.tenantId)]);
  // The payee, artist or label was deleted since: the link leads nowhere.
  if (!holder) throw await refusalOf(null);
  return { request, account, holder, companyName: company?.name ?? '' };
}

/** The public page: whose label asks and for whom. Never the stored details, nor any other. */
export async function describePayoutRequest(
  token: string,
): Promise<{ payout_details_request: PayoutRequestPublicView }> {
  const { request, holder, companyName } = await usableRequest(token);
  return {
    payout_details_request: { company_name: companyName, payee_name: holder.name, expires_at: request.expiresAt },
  };
}

/**
 * The payee's details, checked and saved through the one writer staff use, the link spent in the same write; the
 * company's money people are told, plainly, that bank details changed.
 */
export async function givePayoutDetails(token: string, input: PayoutDetailsInput) {
  const { request, account, holder, companyName } = await usableRequest(token);
  const saved = await savePayoutDetails(
    request.tenantId,
    {
      kind: 'payee',
      tokenHash: request.tokenHash,
      email: request.email,
      askedBy: request.sentBy,
      refusal: () => refusalAfterLosing(request.tokenHash),
    },
    account,
    input,
  );
  const asker = (await nameOfUser(request.sentBy)) ?? 'a member';
  const { noun, pages } = HOLDER[account.type];
  const mask = saved.iban_last4 ?? saved.account_number_last4 ?? saved.email_masked ?? '';
  await tellCompanyMembers({
    tenantId: request.tenantId,
    permission: 'money.write',
    subject: `${holder.name} gave new bank details`,
    text:
      `${holder.name} gave their bank details (${PAYOUT_METHOD_NAMES[saved.method ?? input.method]}${mask ? `, ${mask}` : ''}) ` +
      `through the secure link ${asker} sent to ${maskEmail(request.email)}. They replace any details stored before.\n\n` +
      `Changed bank details are a common way to steal a payment: someone who reads the ${noun}’s e-mail could give ` +
      `their own account. Before the next payment run pays ${holder.name}, confirm the change with them by phone ` +
      'or another way you already know — not by replying to an e-mail.\n\n' +
      appLink(`/user/${pages}/${encodeURIComponent(account.id)}`),
    about: { accountKey: request.accountKey },
  });
  return { message: PAYOUT_REQUEST_WORDS.thanks(companyName || 'the label') };
}
