import type { Role } from '../../shared/constants.js';
import { humanizeField, MESSAGES } from '../../shared/messages.js';
import type { TeamRole } from '../../shared/schemas/company-team.js';
import { membersOf } from '../data/access/companies.js';
import { getUsers } from '../data/access/users.js';
import { writeTransaction } from '../data/transaction.js';
import { Conflict, HttpError, NotFound } from '../lib/errors.js';

/**
 * A company's team as its managers run it: change a
 * member's role, remove a member. A company always keeps a label manager: the last one can be
 * neither demoted nor removed, themselves included. Access follows at once: authorize reads the
 * membership on every call (functions/lib/auth-context.ts).
 */

const MANAGER: Role = 'label_manager';

/** Why a change would leave the company without a label manager, or null when it would not. */
export function lastManagerRefusal(
  members: readonly { userId: string; role: Role }[],
  userId: string,
  nextRole: Role | null,
): string | null {
  const target = members.find((m) => m.userId === userId);
  if (target?.role !== MANAGER || nextRole === MANAGER) return null;
  if (members.some((m) => m.userId !== userId && m.role === MANAGER)) return null;
  return nextRole
    ? `The company must keep a ${humanizeField(MANAGER)}: make another member ${humanizeField(MANAGER)} first`
    : `The last ${humanizeField(MANAGER)} cannot be removed: make another member ${humanizeField(MANAGER)} first`;
}

async function loadTeam(companyId: string, userId: string) {
  const members = await membersOf(companyId);
  const target = members.find((m) => m.userId === userId);
  if (!target) throw new NotFound('Company user');
  return { members, target };
}

/**
 * Writes the change with a check that another manager still holds the role, so two managers
 * demoting each other at once cannot both succeed and leave the company with none.
 */
async function writeMembership(
  companyId: string,
  userId: string,
  members: readonly { userId: string; role: Role }[],
  role: Role | null,
) {
  const losing = members.some((m) => m.userId === userId && m.role === MANAGER) && role !== MANAGER;
  const keeper = losing ? members.find((m) => m.userId !== userId && m.role === MANAGER) : undefined;
  const conflict = { message: 'The team was changed meanwhile; reload and try again', field: 'role' };
  await writeTransaction(
    ({ CompanyUser }) => [
      role
        ? CompanyUser.patch({ userId, companyId }).set({ role }).commit()
        : CompanyUser.delete({ userId, companyId })
            .where((a, { exists }) => exists(a.role))
            .commit(),
      ...(keeper
        ? [
            CompanyUser.check({ userId: keeper.userId, companyId })
              .where((a, { eq }) => eq(a.role, MANAGER))
              .commit(),
          ]
        : []),
    ],
    { 0: conflict, 1: conflict },
  );
}

/** A member as the team page lists them. */
async function memberView(userId: string, role: Role) {
  const [user] = await getUsers([userId]);
  return { user_id: userId, role, name: user?.name ?? '', email: user?.email ?? '' };
}

/** PATCH /company/users/{id} (company.manage): the member's new role; "Company Updated". */
export async function changeMemberRole(companyId: string, userId: string, role: TeamRole) {
  const { members, target } = await loadTeam(companyId, userId);
  if (target.role === 'admin')
    throw new HttpError(403, 'Only a platform admin can change this member', {
      role: ['Only a platform admin can change this member'],
    });
  const refusal = lastManagerRefusal(members, userId, role);
  if (refusal) throw new Conflict(refusal, { role: [refusal] });
  if (target.role !== role) await writeMembership(companyId, userId, members, role);
  return { company_user: await memberView(userId, role), message: MESSAGES.companyUpdated };
}

/** DELETE /company/users/{id} (company.manage): the member leaves the company at once; "Company Updated". */
export async function removeMember(companyId: string, userId: string) {
  const { members, target } = await loadTeam(companyId, userId);
  if (target.role === 'admin')
    throw new HttpError(403, 'Only a platform admin can remove this member', {
      role: ['Only a platform admin can remove this member'],
    });
  const refusal = lastManagerRefusal(members, userId, null);
  if (refusal) throw new Conflict(refusal, { role: [refusal] });
  await writeMembership(companyId, userId, members, null);
  return { message: MESSAGES.companyUpdated };
}
