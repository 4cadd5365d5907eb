import { beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { MAX_REPORTED_CSV_PROBLEMS } from '../../shared/schemas/promos.js';
import { call, uniqueEmail } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * One member of a mailing list at a time: edited (fields, a new address, an address already on the list refused
 * naming `email`), removed (twice is a no-op answer), out of reach of another company and of a role that may only
 * read promos; a CSV row's every problem reported by row and column, bounded; and each member's last promo mailed.
 */
type Member = {
  email: string;
  name?: string;
  role: string;
  country?: string;
  tags?: string[];
  active?: boolean;
  last_promo: { id: string; title: string; mailed_at: string } | null;
};

let company: OwnCompany;
let other: OwnCompany;

beforeAll(async () => {
  [company, other] = await Promise.all([ownCompany('Mailing members'), ownCompany('Mailing members other')]);
});

const memberPath = (listId: string, email: string) => `/mailing_lists/${listId}/members/${encodeURIComponent(email)}`;

async function listWith(...members: { email: string; name?: string; country?: string; tags?: string[] }[]) {
  const made = await company.api.post('/mailing_lists', { name: `Members ${Date.now()}` });
  expect(made.status).toBe(201);
  const id = made.body.mailing_list.id as string;
  for (const member of members)
    expect((await company.api.post(`/mailing_lists/${id}/members`, member)).status).toBe(200);
  return id;
}

const membersOf = async (listId: string): Promise<Member[]> =>
  (await company.api.get(`/mailing_lists/${listId}`)).body.mailing_list.mailing_list_members;

describe('editing a member', () => {
  it('changes the fields sent, clears an emptied name, and moves the member to a new address', async () => {
    const typo = uniqueEmail('dee.jay-typo');
    const fixed = uniqueEmail('dee.jay');
    const listId = await listWith({ email: typo, name: 'Dee Jay', country: 'GB', tags: ['house'] });
    const renamed = await company.api.patch(memberPath(listId, typo), { name: 'Dee Jay Smith', role: 'radio' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toBe('Member Updated');
    expect(renamed.body.member).toMatchObject({ email: typo, name: 'Dee Jay Smith', role: 'radio', country: 'GB' });

    const moved = await company.api.patch(memberPath(listId, typo), {
      email: ` ${fixed.toUpperCase()} `,
      country: 'fr',
      tags: ['techno', 'press'],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.member).toMatchObject({
      email: fixed,
      name: 'Dee Jay Smith',
      role: 'radio',
      country: 'FR',
      tags: ['techno', 'press'],
    });
    expect((await membersOf(listId)).map((m) => m.email)).toEqual([fixed]);

    const cleared = await company.api.patch(memberPath(listId, fixed), { name: '', country: '', tags: [] });
    expect(cleared.status).toBe(200);
    const [member] = await membersOf(listId);
    expect(member.name).toBeUndefined();
    expect(member.country).toBeUndefined();
    expect(member.tags ?? []).toEqual([]);
    expect(member.role).toBe('radio');
  });

  it('refuses an address already on the list, naming the field, and changes nothing', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const listId = await listWith({ email: first, name: 'First' }, { email: second, name: 'Second' });
    const refused = await company.api.patch(memberPath(listId, first), { email: second, name: 'Changed' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Email ${second} is already on this list`);
    expect(refused.body.errors).toEqual({ email: [`Email ${second} is already on this list`] });
    const members = await membersOf(listId);
    expect(members.map((m) => [m.email, m.name]).sort()).toEqual(
      [
        [first, 'First'],
        [second, 'Second'],
      ].sort(),
    );
  });

  it('refuses bad and over-long input naming each field (400, never a 500), and a member not on the list (404)', async () => {
    const email = uniqueEmail('bounded');
    const listId = await listWith({ email });
    const bad = await company.api.patch(memberPath(listId, email), {
      email: 'not-an-address',
      name: 'x'.repeat(201),
      role: 'wizard',
      country: 'GBRX',
      tags: ['y'.repeat(41)],
    });
    expect(bad.status).toBe(400);
    // Each field named (the API words format and choice problems its own way: shared/issue-text.ts).
    expect(bad.body.errors).toMatchObject({
      email: [expect.any(String)],
      name: ['Name must be under 200 characters'],
      role: [expect.stringMatching(/^Role must be/)],
      country: ['Country must be a country code such as GB (at most 3 letters)'],
    });
    expect(Object.keys(bad.body.errors).some((field) => field.startsWith('tags'))).toBe(true);
    expect((await company.api.patch(memberPath(listId, email), { colour: 'red' })).status).toBe(400);
    const missing = await company.api.patch(memberPath(listId, uniqueEmail('nobody')), { name: 'Nobody' });
    expect(missing.status).toBe(404);
    const longPath = await company.api.patch(memberPath(listId, `${'a'.repeat(300)}@example.test`), { name: 'A' });
    expect(longPath.status).toBe(400);
  });
});

describe('removing a member', () => {
  it('takes one member off the list; removing them again is a no-op answer', async () => {
    const stays = uniqueEmail('stays');
    const goes = uniqueEmail('goes');
    const listId = await listWith({ email: stays }, { email: goes, name: 'Gone Person' });
    const removed = await company.api.del(memberPath(listId, goes));
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ removed: true, message: `Gone Person (${goes}) removed from the list` });
    expect(removed.body.mailing_list.mailing_list_members.map((m: Member) => m.email)).toEqual([stays]);
    const lists = (await company.api.get('/mailing_lists')).body.mailing_lists as {
      id: string;
      member_count: number;
    }[];
    expect(lists.find((l) => l.id === listId)?.member_count).toBe(1);

    const again = await company.api.del(memberPath(listId, goes));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ removed: false, message: `${goes} is not on the list (already removed)` });
    expect((await membersOf(listId)).map((m) => m.email)).toEqual([stays]);
    // The address can be added again afterwards, as a new member.
    expect((await company.api.post(`/mailing_lists/${listId}/members`, { email: goes })).body.outcome).toBe('added');
  });
});

describe('who may reach a member', () => {
  it('another company’s list and member answer 404 and stay as they were', async () => {
    const email = uniqueEmail('private');
    const listId = await listWith({ email, name: 'Private Person' });
    const edit = await other.api.patch(memberPath(listId, email), { name: 'Hijacked' });
    expect(edit.status).toBe(404);
    const remove = await other.api.del(memberPath(listId, email));
    expect(remove.status).toBe(404);
    expect(await membersOf(listId)).toEqual([expect.objectContaining({ email, name: 'Private Person' })]);
  });

  it('a role that may only read promos is refused (403 naming the role)', async () => {
    const email = uniqueEmail('guarded');
    const listId = await listWith({ email, name: 'Guarded' });
    const assistant = await company.member('label_assistant');
    const edit = await assistant.api.patch(memberPath(listId, email), { name: 'Changed' });
    expect(edit).toEqual({ status: 403, body: { message: roleRefusal('label_assistant', 'promotion.write') } });
    const remove = await assistant.api.del(memberPath(listId, email));
    expect(remove.status).toBe(403);
    expect((await assistant.api.get(`/mailing_lists/${listId}`)).status).toBe(200);
    expect(await membersOf(listId)).toEqual([expect.objectContaining({ email, name: 'Guarded' })]);
  });
});

describe('a CSV import', () => {
  it('reports every problem of a bad row, each by row and column, and writes the good rows', async () => {
    const listId = await listWith();
    const good = uniqueEmail('csv-good');
    const csv = [
      'email,name,role,country,tags',
      `${good},Good Person,press,DE,club`,
      `not-an-address,${'n'.repeat(201)},wizard,GBRX,${'t'.repeat(41)}`,
      `,Nameless,dj,,`,
    ].join('\n');
    const imported = await company.api.post(`/mailing_lists/${listId}/members_csv`, { csv });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ added: 1, merged: 0, refused: 2, more_errors: 0 });
    expect(imported.body.errors).toEqual([
      { row: 3, column: 'email', message: 'Email is not a valid address' },
      { row: 3, column: 'name', message: 'Name must be under 200 characters' },
      { row: 3, column: 'role', message: 'Role must be DJ, press, radio or other' },
      { row: 3, column: 'country', message: 'Country must be a country code such as GB (at most 3 letters)' },
      { row: 3, column: 'tags', message: 'Each tag must be under 40 characters' },
      { row: 4, column: 'email', message: 'Email is not a valid address' },
    ]);
    expect((await membersOf(listId)).map((m) => m.email)).toEqual([good]);
  });

  it('reads a list Excel saved with semicolons (its header read as one column: "no email column"), and refuses a lost character', async () => {
    const listId = await listWith();
    const first = uniqueEmail('semicolon');
    const csv = [
      'email;name;role;country;tags',
      `${first};"Dupont, Zoé";press;FR;club`,
      `${uniqueEmail('lost')};Beyonc\uFFFD;dj;;`,
    ].join('\r\n');
    const imported = await company.api.post(`/mailing_lists/${listId}/members_csv`, { csv });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ added: 1, refused: 1 });
    expect(imported.body.errors).toEqual([
      {
        row: 3,
        column: 'name',
        message:
          'Holds a character that was lost before the file was saved (shown as \uFFFD); type it again and save the file as UTF-8',
      },
    ]);
    expect(await membersOf(listId)).toEqual([
      expect.objectContaining({ email: first, name: 'Dupont, Zoé', country: 'FR' }),
    ]);
  });

  it('lists at most the bound of problems and counts the rest', async () => {
    const listId = await listWith();
    const rows = Array.from({ length: 80 }, (_, i) => `bad-${i},name,wizard,`);
    const imported = await company.api.post(`/mailing_lists/${listId}/members_csv`, {
      csv: `email,name,role,country\n${rows.join('\n')}`,
    });
    expect(imported.status).toBe(200);
    // Two problems a row (email and role): 160 in all.
    expect(imported.body.refused).toBe(80);
    expect(imported.body.errors).toHaveLength(MAX_REPORTED_CSV_PROBLEMS);
    expect(imported.body.more_errors).toBe(160 - MAX_REPORTED_CSV_PROBLEMS);
    expect(imported.body.errors[0]).toEqual({ row: 2, column: 'email', message: 'Email is not a valid address' });
  });

  it('keeps the bounds: more than 5000 rows, or a body over 1 MB, is refused before anything is written', async () => {
    const listId = await listWith();
    const rows = await company.api.post(`/mailing_lists/${listId}/members_csv`, {
      csv: `email\n${Array.from({ length: 5001 }, (_, i) => `m${i}@example.test`).join('\n')}`,
    });
    expect(rows.status).toBe(400);
    expect(rows.body.errors.csv[0]).toMatch(/more than 5000 members/);
    const size = await company.api.post(`/mailing_lists/${listId}/members_csv`, {
      csv: `email\n${'x'.repeat(1_000_001)}`,
    });
    // The request's own bound (1 MB of body) comes first: the file is refused before it is read.
    expect(size.status).toBe(413);
    expect(size.body.message).toBe('Request body is larger than 1000000 bytes');
    expect(await membersOf(listId)).toEqual([]);
  });
});

describe('a member’s last promo', () => {
  it('is null until a promo is mailed to them, then names the promo and when', async () => {
    const mailed = uniqueEmail('last-promo');
    const waiting = uniqueEmail('not-yet');
    const listId = await listWith({ email: mailed }, { email: waiting });
    expect((await membersOf(listId)).map((m) => m.last_promo)).toEqual([null, null]);
    const recording = (await company.api.post('/recordings', { title: 'Last Promo Track' })).body.recording;
    const release = await company.api.post('/releases', {
      title: `Last Promo EP ${Date.now()}`,
      release_recordings_attributes: [{ recording_id: recording.id }],
    });
    const promo = await company.api.post('/promos', { release_id: release.body.release.id });
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const sent = await company.api.post(`/promos/${promo.body.promo.id}/send`, { emails: [mailed] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const member = await until(async () => {
      const found = (await membersOf(listId)).find((m) => m.email === mailed);
      return found?.last_promo ? found : undefined;
    });
    expect(member.last_promo).toMatchObject({ id: promo.body.promo.id, title: promo.body.promo.title });
    expect(Date.parse(member.last_promo?.mailed_at ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect((await membersOf(listId)).find((m) => m.email === waiting)?.last_promo).toBeNull();
    // The outbox holds the mail the member's last promo says was sent.
    const mails = (await call<{ mails: { to: string }[] }>('GET', `/_local/outbox?to=${encodeURIComponent(mailed)}`))
      .body.mails;
    expect(mails.some((m) => m.to === mailed)).toBe(true);
  });
});
