import { getCompany, membersOf } from '../data/access/companies.js';
import { getUsers } from '../data/access/users.js';
import { log } from '../lib/logger.js';
import { appLink, sendMail } from '../lib/mail.js';
import { noticeFromProduct } from '../notices/notices.js';
import { rolePermits } from '../../shared/permissions.js';
import type { Role } from '../../shared/constants.js';

type Decision = { tenantId: string; releaseId: string; title: string; to: 'accepted' | 'rejected'; reasons: string[] };

/** The decision in words: its subject and its text (with the reasons of a rejection, one a line). */
function decisionWords(d: Pick<Decision, 'title' | 'to' | 'reasons' | 'releaseId'>): {
  subject: string;
  text: string;
} {
  const link = appLink(`/user/releases/${d.releaseId}`);
  if (d.to === 'accepted')
    return {
      subject: `Release approved: ${d.title}`,
      text: `"${d.title}" passed quality control. It can now be delivered to stores.\n\n${link}`,
    };
  return {
    subject: `Release rejected: ${d.title}`,
    text:
      `"${d.title}" did not pass quality control, for these reasons:\n` +
      `${d.reasons.map((r) => `- ${r}`).join('\n')}\n\n` +
      `Fix them and send the release to quality control again.\n\n${link}`,
  };
}

/**
 * Tells the release's company an admin approved or rejected it: an inbox notice (and a push to their open tabs)
 * and an e-mail, to every member whose role changes the catalogue (those who can act on it). Sent after the
 * decision is written; a failure to tell is logged and never undoes the decision (the release page shows it too).
 */
export async function tellQualityControlDecision(decision: Decision): Promise<void> {
  try {
    const [members, company] = await Promise.all([membersOf(decision.tenantId), getCompany(decision.tenantId)]);
    const userIds = members.filter((m) => rolePermits(m.role as Role, 'catalogue.write')).map((m) => m.userId);
    if (!userIds.length) return;
    const { subject, text } = decisionWords(decision);
    await noticeFromProduct({ title: subject, content: text, userIds });
    const users = await getUsers(userIds);
    const greeting = company?.name ? `${company.name}: ` : '';
    await Promise.all(
      users.filter((u) => u.email).map((u) => sendMail({ to: u.email, subject: `${greeting}${subject}`, text })),
    );
  } catch (error) {
    log().error('the quality control decision could not be told', {
      tenantId: decision.tenantId,
      releaseId: decision.releaseId,
      error: String(error),
    });
  }
}
