import { ulid } from 'ulid';
import { csvRows } from '../../shared/csv-rows.js';
import { MAX_MEMBER_CSV_ROWS, memberInput, type MemberInput } from '../../shared/schemas/promos.js';
import type { z } from 'zod';
import type { mailingListInput, mailingListUpdate } from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import { InvalidField, NotFound } from '../lib/errors.js';

/**
 * Mailing lists of DJs, press and radio. A member is keyed by their lower-cased address, so the same
 * address added twice (one by one or in a CSV) is one member, merged. Members who unsubscribed, bounced
 * or complained stay on the list, marked suppressed, and no promo ever mails them again.
 */
async function present(tenantId: string, id: string) {
  const list = await data.getMailingList(tenantId, id);
  if (!list) throw new NotFound('Mailing list');
  const [members, suppressed] = await Promise.all([data.listMembers(tenantId, id), data.suppressedAddresses(tenantId)]);
  const { tenantId: _tenant, ...fields } = list;
  return {
    ...fields,
    mailing_list_members: members.map(({ tenantId: _t, list_id: _l, ...member }) => ({
      ...member,
      suppressed: suppressed.get(member.email) ?? null,
    })),
  };
}

export async function listMailingLists(tenantId: string) {
  const [lists, counts] = [await data.listMailingLists(tenantId), new Map<string, number>()];
  for (const list of lists) counts.set(list.id, (await data.listMembers(tenantId, list.id)).length);
  return {
    mailing_lists: lists.map(({ tenantId: _t, ...list }) => ({ ...list, member_count: counts.get(list.id) ?? 0 })),
    total_count: lists.length,
    total_pages: 1,
  };
}

export const getMailingList = async (tenantId: string, id: string) => ({
  mailing_list: await present(tenantId, id),
});

export async function createMailingList(tenantId: string, input: z.output<typeof mailingListInput>) {
  const id = ulid();
  await data.createMailingList(tenantId, id, { ...input, active: input.active ?? true });
  return { mailing_list: await present(tenantId, id), message: 'Mailing List Added' };
}

export async function updateMailingList(tenantId: string, id: string, input: z.output<typeof mailingListUpdate>) {
  if (!(await data.patchMailingList(tenantId, id, input))) throw new NotFound('Mailing list');
  return { mailing_list: await present(tenantId, id), message: 'Mailing List Updated' };
}

async function requireList(tenantId: string, id: string) {
  if (!(await data.getMailingList(tenantId, id))) throw new NotFound('Mailing list');
}

const memberFields = (member: MemberInput) => ({
  role: member.role,
  ...(member.name ? { name: member.name } : {}),
  ...(member.country ? { country: member.country.toUpperCase() } : {}),
  ...(member.tags ? { tags: member.tags } : {}),
});

export async function addMember(tenantId: string, listId: string, member: MemberInput) {
  await requireList(tenantId, listId);
  const outcome = await data.upsertMember(tenantId, listId, member.email, memberFields(member));
  return { outcome, mailing_list: await present(tenantId, listId) };
}

/**
 * A CSV of members (columns email, name, role, country, tags — tags split on ;), read whole before
 * anything is written: bounded to MAX_MEMBER_CSV_ROWS rows, each row checked with the member schema.
 * Good rows are written (duplicates merged), bad ones answered by row number with what is wrong.
 */
export async function importMembers(tenantId: string, listId: string, csv: string) {
  await requireList(tenantId, listId);
  const rows = csvRows(csv);
  if (!rows.length) throw new InvalidField('csv', 'The file has no members (a header row and one row per member)');
  if (!('email' in rows[0])) throw new InvalidField('csv', 'The file has no email column');
  if (rows.length > MAX_MEMBER_CSV_ROWS)
    throw new InvalidField('csv', `The file has more than ${MAX_MEMBER_CSV_ROWS} members; split it`);
  const errors: { row: number; message: string }[] = [];
  const good = new Map<string, MemberInput>();
  rows.forEach((row, index) => {
    const parsed = memberInput.safeParse({
      email: row.email ?? '',
      ...(row.name ? { name: row.name } : {}),
      ...(row.role ? { role: row.role.trim().toLowerCase() } : {}),
      ...(row.country ? { country: row.country } : {}),
      ...(row.tags
        ? {
            tags: row.tags
              .split(';')
              .map((t) => t.trim())
              .filter(Boolean),
          }
        : {}),
    });
    // Row 1 is the header, so the first member is on row 2, as a spreadsheet numbers it.
    if (!parsed.success) errors.push({ row: index + 2, message: parsed.error.issues[0]?.message ?? 'Invalid row' });
    else good.set(parsed.data.email, { ...good.get(parsed.data.email), ...parsed.data });
  });
  let added = 0;
  let merged = 0;
  for (const member of good.values()) {
    const outcome = await data.upsertMember(tenantId, listId, member.email, memberFields(member));
    if (outcome === 'added') added += 1;
    else merged += 1;
  }
  merged += rows.length - errors.length - good.size;
  return { added, merged, errors, mailing_list: await present(tenantId, listId) };
}
