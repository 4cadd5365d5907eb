import { getCompany, membersOf } from '../data/access/companies.js';
import { getUsers } from '../data/access/users.js';
import { log } from '../lib/logger.js';
import { sendMail } from '../lib/mail.js';
import { rolePermits } from '../../shared/permissions.js';
import type { Permission } from '../../shared/permissions.js';
import type { Role } from '../../shared/constants.js';
import { noticeFromProduct } from './notices.js';

/**
 * Tells a company's members something the product decided for them (a release approved, a store connected):
 * an inbox notice (their open tabs are told at once) and an e-mail, to every member whose role may act on it.
 * Called after the change is written; a failure to tell is logged and never undoes the change, since the
 * page the change shows on is the record of it.
 */
export async function tellCompanyMembers(input: {
  tenantId: string;
  permission: Permission;
  subject: string;
  text: string;
  /** Named in the log when telling fails. */
  about: Record<string, string>;
}): Promise<void> {
  try {
    const [members, company] = await Promise.all([membersOf(input.tenantId), getCompany(input.tenantId)]);
    const userIds = members.filter((m) => rolePermits(m.role as Role, input.permission)).map((m) => m.userId);
    if (!userIds.length) return;
    await noticeFromProduct({ title: input.subject, content: input.text, userIds });
    const users = await getUsers(userIds);
    // A member of several companies reads which one the mail is about in its subject.
    const greeting = company?.name ? `${company.name}: ` : '';
    await Promise.all(
      users
        .filter((u) => u.email)
        .map((u) => sendMail({ to: u.email, subject: `${greeting}${input.subject}`, text: input.text })),
    );
  } catch (error) {
    log().error('the company could not be told', { tenantId: input.tenantId, ...input.about, error: String(error) });
  }
}
