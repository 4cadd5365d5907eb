import type { Role } from '../../../shared/constants.js';
import type { CreateCompany } from '../entities/company.js';
import type { CreateInvitation, InvitationItem } from '../entities/invitation.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';

/** The queries of self-service onboarding: a user's own company, and invitations to join one (docs/onboarding.md). */

const invitations = () => getDb().entities.Invitation;

/**
 * Creates a company with its creator as a member holding `role`, and counts it against the creator's
 * allowance in the same transaction: the user's `companies_created` must be below `maxCompanies`, so two
 * creations at once cannot both pass it (409 naming the field otherwise).
 */
export async function createCompanyWithCreator(
  company: CreateCompany,
  creator: { userId: string; role: Role },
  maxCompanies: number,
  refusal: { message: string; field: string },
): Promise<void> {
  await writeTransaction(
    ({ Company, CompanyUser, User }) => [
      Company.create(company).commit(),
      CompanyUser.create({ userId: creator.userId, companyId: company.companyId, role: creator.role }).commit(),
      User.patch({ userId: creator.userId })
        .add({ companies_created: 1 })
        .where(
          ({ companies_created }, { notExists, lt }) =>
            `${notExists(companies_created)} OR ${lt(companies_created, maxCompanies)}`,
        )
        .commit(),
    ],
    { 2: refusal },
  );
}

export async function createInvitation(invitation: CreateInvitation): Promise<void> {
  await invitations().create(invitation).go();
}

export async function getInvitation(invitationId: string): Promise<InvitationItem | null> {
  return (await invitations().get({ invitationId }).go()).data;
}

export async function deleteInvitation(invitationId: string): Promise<void> {
  await invitations().delete({ invitationId }).go();
}

/** Every invitation of a company, accepted and expired ones included (callers keep the pending ones). */
export async function invitationsOfCompany(companyId: string): Promise<InvitationItem[]> {
  return (await invitations().query.byCompany({ companyId }).go({ pages: 'all' })).data;
}

/** Every invitation sent to an e-mail (lower-case), accepted and expired ones included. */
export async function invitationsForEmail(email: string): Promise<InvitationItem[]> {
  return (await invitations().query.byEmail({ email }).go({ pages: 'all' })).data;
}

const CONFLICTS = {
  spent: 'This invitation has already been accepted or withdrawn',
  member: 'You are already a member of this company',
  hasAccount: 'You already have an account: sign in to accept the invitation',
};

/**
 * Accepts an invitation: marks it accepted (only once: a second acceptance or a revoked invitation fails
 * the condition) and adds the membership, in one transaction.
 */
export async function acceptInvitation(invitation: InvitationItem, userId: string): Promise<void> {
  await writeTransaction(
    ({ Invitation, CompanyUser }) => [
      Invitation.patch({ invitationId: invitation.invitationId })
        .set({ acceptedAt: new Date().toISOString() })
        .where(({ acceptedAt }, { notExists }) => notExists(acceptedAt))
        .commit(),
      CompanyUser.create({ userId, companyId: invitation.companyId, role: invitation.role }).commit(),
    ],
    { 0: { message: CONFLICTS.spent }, 1: { message: CONFLICTS.member } },
  );
}

/**
 * A new account's first password set from its invitation: the Cognito subject is linked, the user is
 * confirmed, the invitation accepted and the membership added, all or nothing.
 */
export async function acceptInvitationAsNewUser(invitation: InvitationItem, userId: string, sub: string) {
  await writeTransaction(
    ({ Invitation, CompanyUser, User, UserLogin }) => [
      Invitation.patch({ invitationId: invitation.invitationId })
        .set({ acceptedAt: new Date().toISOString() })
        .where(({ acceptedAt }, { notExists }) => notExists(acceptedAt))
        .commit(),
      CompanyUser.create({ userId, companyId: invitation.companyId, role: invitation.role }).commit(),
      UserLogin.put({ sub, userId }).commit(),
      // Two invitations of one new e-mail set up at once: only the first sets the account's password.
      User.patch({ userId })
        .set({ confirmed: true })
        .where(({ confirmed }, { eq }) => eq(confirmed, false))
        .commit(),
    ],
    { 0: { message: CONFLICTS.spent }, 1: { message: CONFLICTS.member }, 3: { message: CONFLICTS.hasAccount } },
  );
}
