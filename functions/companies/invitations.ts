import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';
import type { z } from 'zod';
import { MESSAGES } from '../../shared/messages.js';
import type { CompanyInvitation, InvitationView, invitationInput } from '../../shared/schemas/onboarding.js';
import { getCompany, membersOf, membershipRole } from '../data/access/companies.js';
import * as onboarding from '../data/access/onboarding.js';
import { createUser, findUserByEmail, getUser } from '../data/access/users.js';
import type { CompanyItem } from '../data/entities/company.js';
import type { InvitationItem } from '../data/entities/invitation.js';
import { ensureLogin, setPassword } from '../auth/identity.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { appLink, sendMail } from '../lib/mail.js';
import { required } from '../lib/required.js';
import { assertWithinLimit } from '../plans/limits.js';

/** Invitations to join a company (docs/onboarding.md): a manager invites an e-mail, the invitee accepts. */

const INVITATION_DAYS = 7;
const INVALID_INVITATION = 'This invitation is invalid or has expired';

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const isPending = (i: InvitationItem, now = Date.now()) => !i.acceptedAt && i.expiresAt * 1000 > now;

/** The mailed token is `{invitationId}.{secret}`: the id finds the item, the secret proves the mail was read. */
function parseToken(token: string): { invitationId: string; secret?: string } {
  const [invitationId, secret] = token.split('.', 2);
  return { invitationId, ...(secret ? { secret } : {}) };
}

/**
 * A pending invitation named by its token. `needSecret` routes (the public page and password set-up) must
 * present the mailed secret; a signed-in invitee accepting from their own list names it by id, since the
 * e-mail match is what authorises them.
 */
async function pendingInvitation(token: string, needSecret: boolean): Promise<InvitationItem> {
  const { invitationId, secret } = parseToken(token);
  const found = await onboarding.getInvitation(invitationId);
  if (!found || !isPending(found)) throw NotFound.saying(INVALID_INVITATION);
  if (secret === undefined ? needSecret : !sameHash(hashOf(secret), found.secretHash)) {
    throw NotFound.saying(INVALID_INVITATION);
  }
  return found;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

async function loadCompany(companyId: string): Promise<CompanyItem> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound('Company');
  return company;
}

function managerView(i: InvitationItem): CompanyInvitation {
  return {
    id: i.invitationId,
    email: i.email,
    role: i.role,
    invited_by: i.invitedBy,
    created_at: i.createdAt ?? '',
    expires_at: new Date(i.expiresAt * 1000).toISOString(),
  };
}

/** The company's pending invitations, newest first (the team page). */
export async function listCompanyInvitations(companyId: string) {
  const pending = (await onboarding.invitationsOfCompany(companyId)).filter((i) => isPending(i));
  const invitations = pending.map(managerView).sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { invitations, total_count: invitations.length };
}

/**
 * A manager invites an e-mail into their company with a role. A new e-mail gets an unconfirmed account whose
 * password set-up (from the one mailed link) accepts the invitation; an existing user accepts when signed in.
 * max_users counts members and pending invitations (a second invitation to the same e-mail replaces the first,
 * so it is not counted twice). Platform admins are not limited by plans.
 */
export async function inviteMember(caller: Caller, companyId: string, input: z.infer<typeof invitationInput>) {
  const company = await loadCompany(companyId);
  const existing = await findUserByEmail(input.email);
  if (existing) assertNotArtist(existing.role);
  if (existing && (await membershipRole(existing.userId, companyId))) {
    const message = `${input.email} is already a member of ${company.name}`;
    throw new Conflict(message, { email: [message] });
  }
  const pending = (await onboarding.invitationsOfCompany(companyId)).filter((i) => isPending(i));
  const replaced = pending.filter((i) => i.email === input.email);
  const byAdmin = caller.user.role === 'admin';
  if (!byAdmin) {
    const members = (await membersOf(companyId)).length;
    await assertWithinLimit(companyId, 'max_users', members + pending.length - replaced.length + 1);
  }
  const userId = existing?.userId ?? ulid();
  if (!existing) {
    const name = input.name ?? input.email.split('@')[0];
    await createUser({ userId, email: input.email, name, role: 'user', confirmed: false });
  }
  const invitationId = ulid();
  const secret = randomBytes(32).toString('base64url');
  const invitation = {
    invitationId,
    secretHash: hashOf(secret),
    companyId,
    email: input.email,
    role: input.role,
    invitedBy: caller.user.userId,
    invitedByAdmin: byAdmin,
    expiresAt: Math.floor(Date.now() / 1000) + INVITATION_DAYS * 24 * 60 * 60,
  };
  await onboarding.createInvitation(invitation);
  await Promise.all(replaced.map((i) => onboarding.deleteInvitation(i.invitationId)));
  await mailInvitation(`${invitationId}.${secret}`, {
    to: input.email,
    inviter: caller.user.name,
    inviterEmail: caller.user.email,
    company: company.name,
    newAccount: !existing?.confirmed,
  });
  const stored = required(await onboarding.getInvitation(invitationId), 'the invitation just written');
  return { invitation: managerView(stored), message: MESSAGES.newUserAddedToCompany };
}

async function mailInvitation(
  token: string,
  mail: { to: string; inviter: string; inviterEmail: string; company: string; newAccount: boolean },
): Promise<void> {
  const next = mail.newAccount
    ? 'Open this link to choose your password; you will then work in the company'
    : 'Sign in and open this link to accept';
  await sendMail({
    to: mail.to,
    // In the company's name; a question about the invitation goes to whoever sent it.
    sender: { name: mail.company, replyTo: mail.inviterEmail },
    subject: `${mail.inviter} invited you to ${mail.company}`,
    text:
      `Hello,\n\n${mail.inviter} invited you to join ${mail.company}. ${next}:\n` +
      `${appLink(`/invitations/${token}`)}\n\nThe link is valid for ${INVITATION_DAYS} days.`,
  });
}

/** A manager withdraws a pending invitation; another company's invitation is 404. */
export async function revokeInvitation(companyId: string, invitationId: string) {
  const found = await onboarding.getInvitation(invitationId);
  if (!found || found.companyId !== companyId || !isPending(found)) throw new NotFound('Invitation');
  await onboarding.deleteInvitation(invitationId);
  return { message: `The invitation to ${found.email} was withdrawn` };
}

async function inviteeView(i: InvitationItem): Promise<InvitationView & { id: string }> {
  const [company, inviter, invitee] = await Promise.all([
    getCompany(i.companyId),
    getUser(i.invitedBy),
    findUserByEmail(i.email),
  ]);
  return {
    id: i.invitationId,
    company_name: company?.name ?? '',
    inviter_name: inviter?.name ?? '',
    email: i.email,
    role: i.role,
    expires_at: new Date(i.expiresAt * 1000).toISOString(),
    account_exists: Boolean(invitee?.confirmed),
  };
}

/** The public invitation page: which company, who invited, and whether to sign in or set a password. */
export async function describeInvitation(token: string) {
  return { invitation: await inviteeView(await pendingInvitation(token, true)) };
}

/** The signed-in user's pending invitations (the "Get started" panel), by their e-mail. */
export async function myInvitations(caller: Caller) {
  const pending = (await onboarding.invitationsForEmail(caller.user.email.toLowerCase())).filter((i) => isPending(i));
  const invitations = await Promise.all(pending.map(inviteeView));
  return { invitations, total_count: invitations.length };
}

/** Only the invited e-mail may answer an invitation (case-insensitive). */
function assertInvitee(caller: Caller, invitation: InvitationItem): void {
  // The refusal does not name the address the invitation went to: whoever holds a link learns nothing from it.
  if (caller.user.email.toLowerCase() !== invitation.email)
    throw new Forbidden('This invitation was sent to another e-mail address; sign in with that address to answer it');
}

/**
 * An artist portal account never joins a company's team: a member reads every artist's royalties and
 * statements, an artist only their own. (The other way round is refused too: a member's login is never
 * made an artist's.) Checked when the invitation is sent and again when it is accepted.
 */
const ARTIST_ACCOUNT =
  'This e-mail belongs to an artist portal account, which cannot join a company team; invite another address';

function assertNotArtist(role: string): void {
  if (role === 'artist_user') throw new Conflict(ARTIST_ACCOUNT, { email: [ARTIST_ACCOUNT] });
}

/** max_users again at acceptance: the company may have filled up (or changed plan) since the invitation. */
async function assertSeat(invitation: InvitationItem): Promise<void> {
  if (invitation.invitedByAdmin) return;
  const members = (await membersOf(invitation.companyId)).length;
  await assertWithinLimit(invitation.companyId, 'max_users', members + 1);
}

async function joined(invitation: InvitationItem) {
  const company = await loadCompany(invitation.companyId);
  return {
    company: {
      id: company.companyId,
      name: company.name,
      tags: company.tags ?? [],
      distributed: company.distributed ?? false,
      role: invitation.role,
    },
    message: `You have joined ${company.name}`,
  };
}

/** A signed-in invitee accepts: the membership with the invited role is added; the SPA selects the company. */
export async function acceptInvitation(caller: Caller, token: string) {
  const invitation = await pendingInvitation(token, false);
  assertInvitee(caller, invitation);
  assertNotArtist(caller.user.role);
  await assertSeat(invitation);
  await onboarding.acceptInvitation(invitation, caller.user.userId);
  return joined(invitation);
}

/** A signed-in invitee declines: the invitation is gone. */
export async function declineInvitation(caller: Caller, token: string) {
  const invitation = await pendingInvitation(token, false);
  assertInvitee(caller, invitation);
  await onboarding.deleteInvitation(invitation.invitationId);
  return { message: 'Invitation declined' };
}

/**
 * A new invitee sets their first password from the mailed link: the account is confirmed and the invitation
 * accepted in one transaction; the SPA then signs in with the password and lands in the company.
 */
export async function setUpInvitedAccount(token: string, password: string) {
  const invitation = await pendingInvitation(token, true);
  const user = await findUserByEmail(invitation.email);
  if (!user) throw NotFound.saying(INVALID_INVITATION);
  if (user.confirmed) {
    const message = 'You already have an account: sign in to accept the invitation';
    throw new Conflict(message, { password: [message] });
  }
  assertNotArtist(user.role);
  await assertSeat(invitation);
  // The acceptance is recorded (once, whoever races with the same link) before the password is set: a request
  // answered 409 has set nothing.
  const { sub } = await ensureLogin(user.email);
  await onboarding.acceptInvitationAsNewUser(invitation, user.userId, sub);
  await setPassword(user.email, password);
  return { email: user.email, ...(await joined(invitation)) };
}
