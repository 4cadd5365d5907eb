import * as data from '../data/access/promos.js';
import { NotFound } from '../lib/errors.js';

/**
 * List pruning: the members of a list who were sent each of the company's last 3 promos and played
 * none of them. DJs get dozens of promos a week; mailing people who never listen only lowers the
 * label's standing with mail services. Taking them off (inactive) keeps them on the list, shown so,
 * and leaves them out of later sends; it is the label's choice, member by member.
 */
const LAST_PROMOS = 3;

export async function unengagedMembers(tenantId: string, listId: string) {
  if (!(await data.getMailingList(tenantId, listId))) throw new NotFound('Mailing list');
  const promos = (await data.listPromos(tenantId))
    .filter((p) => p.status !== 'draft' && p.sent_at)
    .sort((a, b) => String(b.sent_at).localeCompare(String(a.sent_at)))
    .slice(0, LAST_PROMOS);
  const members = (await data.listMembers(tenantId, listId)).filter((m) => m.active !== false);
  if (promos.length < LAST_PROMOS)
    return { members: [], promos: promos.map(({ id, title }) => ({ id, title })), enough_promos: false };
  // Per promo, the addresses it was mailed to and those that played it.
  const sends = await Promise.all(promos.map((p) => data.listRecipients(tenantId, p.id)));
  const neverPlayed = members.filter((member) =>
    sends.every((recipients) => {
      const row = recipients.find((r) => r.email === member.email);
      return row && row.status === 'mailed' && !(row.play_count ?? 0);
    }),
  );
  return {
    members: neverPlayed.map(({ email, name, role }) => ({ email, name: name ?? null, role })),
    promos: promos.map(({ id, title }) => ({ id, title })),
    enough_promos: true,
  };
}

export async function deactivateMembers(tenantId: string, listId: string, emails: string[]) {
  if (!(await data.getMailingList(tenantId, listId))) throw new NotFound('Mailing list');
  const count = await data.deactivateMembers(tenantId, listId, emails);
  return { message: `${count} ${count === 1 ? 'member' : 'members'} taken off the list’s sends`, deactivated: count };
}
