import { ulid } from 'ulid';
import { csvRows } from '../../shared/csv-rows.js';
import { REPLACEMENT_CHARACTER } from '../../shared/text-encoding.js';
import {
  LAST_MAILED_PROMOS,
  MAX_MEMBER_CSV_ROWS,
  MAX_REPORTED_CSV_PROBLEMS,
  memberInput,
  type MemberInput,
  type MemberUpdate,
} from '../../shared/schemas/promos.js';
import type { z } from 'zod';
import type { mailingListInput, mailingListUpdate } from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import { getLabel } from '../data/access/labels.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';

/**
 * Mailing lists of DJs, press and radio. A member is keyed by their lower-cased address, so the same
 * address added twice (one by one or in a CSV) is one member, merged. Members who unsubscribed, bounced
 * or complained stay on the list, marked suppressed, and no promo ever mails them again.
 */
async function present(tenantId: string, id: string) {
  const list = await data.getMailingList(tenantId, id);
  if (!list) throw new NotFound('Mailing list');
  const [members, suppressed] = await Promise.all([data.listMembers(tenantId, id), data.suppressedAddresses(tenantId)]);
  const mailed = await lastMailed(
    tenantId,
    members.map((member) => member.email),
  );
  const { tenantId: _tenant, ...fields } = list;
  return {
    ...fields,
    mailing_list_members: members.map(({ tenantId: _t, list_id: _l, ...member }) => ({
      ...member,
      suppressed: suppressed.get(member.email) ?? null,
      last_promo: mailed.found.get(member.email) ?? null,
    })),
    /** True when older sent promos were not read: a member without a last promo was not mailed by the ones read. */
    older_promos_unread: mailed.olderUnread,
  };
}

/** Promos whose recipients are read at once. */
const PROMOS_AT_ONCE = 5;

/**
 * The last promo mailed to each address (by the promos' first sends, newest first) and when: read from the
 * promos' recipients, any list or single address they were sent by. Stops once every address has one, and
 * after the company's last LAST_MAILED_PROMOS sent promos (then `olderUnread` says older ones were not read).
 */
async function lastMailed(tenantId: string, emails: string[]) {
  const found = new Map<string, { id: string; release_id: string; title: string; mailed_at: string }>();
  const wanted = new Set(emails);
  const sent = wanted.size
    ? (await data.listPromos(tenantId))
        .filter((promo) => promo.status !== 'draft' && promo.sent_at)
        .sort((a, b) => String(b.sent_at).localeCompare(String(a.sent_at)))
    : [];
  const read = sent.slice(0, LAST_MAILED_PROMOS);
  for (let start = 0; start < read.length && found.size < wanted.size; start += PROMOS_AT_ONCE) {
    const batch = read.slice(start, start + PROMOS_AT_ONCE);
    const recipients = await Promise.all(batch.map((promo) => data.listRecipients(tenantId, promo.id)));
    batch.forEach((promo, index) => {
      for (const recipient of recipients[index]) {
        if (!wanted.has(recipient.email) || found.has(recipient.email)) continue;
        if (recipient.status !== 'mailed' || !recipient.mailed_at) continue;
        found.set(recipient.email, {
          id: promo.id,
          release_id: promo.release_id,
          title: promo.title,
          mailed_at: recipient.mailed_at,
        });
      }
    });
  }
  return { found, olderUnread: sent.length > read.length && found.size < wanted.size };
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

/** A list's label is one of the company's own: another company's, or none by that id, is refused on the field. */
async function checkListLabel(tenantId: string, labelId: string | undefined): Promise<void> {
  if (labelId && !(await getLabel(tenantId, labelId)))
    throw new InvalidField('label_id', 'Label not found in this company');
}

export async function createMailingList(tenantId: string, input: z.output<typeof mailingListInput>) {
  await checkListLabel(tenantId, input.label_id);
  const id = ulid();
  await data.createMailingList(tenantId, id, { ...input, active: input.active ?? true });
  return { mailing_list: await present(tenantId, id), message: 'Mailing List Added' };
}

export async function updateMailingList(tenantId: string, id: string, input: z.output<typeof mailingListUpdate>) {
  await checkListLabel(tenantId, input.label_id);
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

/** The words of an address already on the list, in an edit that would make it twice. */
const alreadyOnList = (email: string) => `Email ${email} is already on this list`;

/**
 * Edits one member: the fields sent change (an empty name or country, or no tags, clears them). A new address
 * moves the member to it, keeping what else they had (taken off the list's sends stays so); an address already
 * on the list is refused naming `email` (409).
 */
export async function updateMember(tenantId: string, listId: string, email: string, change: MemberUpdate) {
  await requireList(tenantId, listId);
  const before = await data.getMember(tenantId, listId, email);
  if (!before) throw new NotFound('Member');
  const to = change.email ?? before.email;
  if (to !== before.email && (await data.getMember(tenantId, listId, to)))
    throw new Conflict(alreadyOnList(to), { email: [alreadyOnList(to)] });
  const cleared = (value: string | undefined, stored: string | undefined) =>
    value === undefined ? stored : value || undefined;
  const tags = change.tags === undefined ? before.tags : change.tags;
  const written = await data.replaceMember(
    before,
    {
      email: to,
      role: change.role ?? before.role,
      active: before.active,
      name: cleared(change.name, before.name),
      country: cleared(change.country, before.country)?.toUpperCase(),
      tags: tags?.length ? tags : undefined,
    },
    alreadyOnList(to),
  );
  if (!written) throw new NotFound('Member');
  const mailingList = await present(tenantId, listId);
  const member = mailingList.mailing_list_members.find((m) => m.email === to);
  return { message: 'Member Updated', member, mailing_list: mailingList };
}

/**
 * Takes one member off the list. A member already gone is no error: the answer says so (`removed: false`),
 * so a second click, or two people removing the same member, changes nothing and fails nothing.
 */
export async function removeMember(tenantId: string, listId: string, email: string) {
  await requireList(tenantId, listId);
  const before = await data.getMember(tenantId, listId, email);
  const removed = before ? await data.removeMember(tenantId, listId, email) : false;
  const who = before?.name ? `${before.name} (${email})` : email;
  return {
    removed,
    message: removed ? `${who} removed from the list` : `${email} is not on the list (already removed)`,
    mailing_list: await present(tenantId, listId),
  };
}

export async function addMember(tenantId: string, listId: string, member: MemberInput) {
  await requireList(tenantId, listId);
  const outcome = await data.upsertMember(tenantId, listId, member.email, memberFields(member));
  return { outcome, mailing_list: await present(tenantId, listId) };
}

const LOST_CHARACTER = `Holds a character that was lost before the file was saved (shown as ${REPLACEMENT_CHARACTER}); type it again and save the file as UTF-8`;

/** The CSV's columns, as the file's header names them (a member field's problem is said under its column). */
const CSV_COLUMNS = ['email', 'name', 'role', 'country', 'tags'] as const;

/**
 * A CSV of members (columns email, name, role, country, tags — tags split on ;), read whole before
 * anything is written: bounded to MAX_MEMBER_CSV_ROWS rows (and 1 MB by the request's schema), each row
 * checked with the member schema. Good rows are written (duplicates merged); every problem of a bad row is
 * answered with its row number and column, up to MAX_REPORTED_CSV_PROBLEMS problems (the rest are counted in
 * `more_errors`), and `refused` counts the rows not read.
 */
export async function importMembers(tenantId: string, listId: string, csv: string) {
  await requireList(tenantId, listId);
  const rows = csvRows(csv);
  if (!rows.length) throw new InvalidField('csv', 'The file has no members (a header row and one row per member)');
  if (!('email' in rows[0])) throw new InvalidField('csv', 'The file has no email column');
  if (rows.length > MAX_MEMBER_CSV_ROWS)
    throw new InvalidField('csv', `The file has more than ${MAX_MEMBER_CSV_ROWS} members; split it`);
  const errors: { row: number; column: string; message: string }[] = [];
  let problems = 0;
  let refused = 0;
  const good = new Map<string, MemberInput>();
  rows.forEach((row, index) => {
    // A character lost before the file was sent (a wrong encoding upstream) would be stored as "Beyonc�".
    const lost = CSV_COLUMNS.find((column) => row[column]?.includes(REPLACEMENT_CHARACTER));
    if (lost) {
      refused += 1;
      problems += 1;
      if (errors.length < MAX_REPORTED_CSV_PROBLEMS)
        errors.push({ row: index + 2, column: lost, message: LOST_CHARACTER });
      return;
    }
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
    if (parsed.success) {
      good.set(parsed.data.email, { ...good.get(parsed.data.email), ...parsed.data });
      return;
    }
    refused += 1;
    // Each problem once per column (three over-long tags are one "tags" problem), in the columns' order.
    const byColumn = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const column = String(issue.path[0] ?? 'email');
      if (!byColumn.has(column)) byColumn.set(column, issue.message);
    }
    for (const column of CSV_COLUMNS) {
      const message = byColumn.get(column);
      if (message === undefined) continue;
      problems += 1;
      // Row 1 is the header, so the first member is on row 2, as a spreadsheet numbers it.
      if (errors.length < MAX_REPORTED_CSV_PROBLEMS) errors.push({ row: index + 2, column, message });
    }
  });
  let added = 0;
  let merged = 0;
  for (const member of good.values()) {
    const outcome = await data.upsertMember(tenantId, listId, member.email, memberFields(member));
    if (outcome === 'added') added += 1;
    else merged += 1;
  }
  merged += rows.length - refused - good.size;
  return {
    added,
    merged,
    refused,
    errors,
    more_errors: problems - errors.length,
    mailing_list: await present(tenantId, listId),
  };
}
