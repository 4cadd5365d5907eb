import { appLink } from '../lib/mail.js';
import { tellCompanyMembers } from '../notices/tell-company.js';

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
 * decision is written; a failure to tell never undoes the decision (the release page shows it too).
 */
export async function tellQualityControlDecision(decision: Decision): Promise<void> {
  await tellCompanyMembers({
    tenantId: decision.tenantId,
    permission: 'catalogue.write',
    ...decisionWords(decision),
    about: { releaseId: decision.releaseId },
  });
}
