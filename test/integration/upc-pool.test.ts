import { beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { gtinCheckDigit } from '../../shared/identifiers.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';

/** A company's UPC pool: import with check digits, link the next free code. */
let admin: string;
const unique = () => Math.random().toString(36).slice(2, 8);
/** `count` consecutive valid UPC-As from a random 11-digit start, so reruns never collide. */
function codes(count: number): string[] {
  const start = Math.floor(Math.random() * 9e9) * 10;
  return Array.from({ length: count }, (_, i) => {
    const body = String(start + i).padStart(11, '0');
    return `${body}${gtinCheckDigit(body)}`;
  });
}

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
});

async function newCompany() {
  const created = await call('POST', '/api/v1/admin/companies', {
    token: admin,
    body: { name: `Upc Co ${unique()}`, distributed: true },
  });
  return created.body.company.id as string;
}

describe('UPC pool', () => {
  it('imports a list only when every line is right, naming each bad line, and lists the pool', async () => {
    const company = await newCompany();
    const api = inCompany(admin, company);
    const [a, b, c] = codes(3);
    const wrong = `${a.slice(0, 11)}${(Number(a[11]) + 1) % 10}`;
    const refused = await api.post('/distribution_upcs/import', { upcs: `${a}\n${wrong}\n\n${b}\n${a}` });
    expect(refused).toEqual({
      status: 400,
      body: {
        message: 'No UPCs were imported: 2 lines have problems',
        errors: {
          upcs: [
            `Line 2: ${wrong} has a wrong check digit (it should be ${a[11]})`,
            `Line 5: ${a} is listed twice (first on line 1)`,
          ],
        },
      },
    });
    expect((await api.get('/distribution_upcs')).body.total_count).toBe(0);

    const imported = await api.post('/distribution_upcs/import', { upcs: [a, b] });
    expect(imported).toEqual({ status: 201, body: { imported: 2, message: '2 UPCs imported' } });
    const again = await api.post('/distribution_upcs/import', { upcs: `${c}\n0${b}` });
    expect(again.status).toBe(400);
    expect(again.body.errors.upcs).toEqual([`Line 2: 0${b} is already in the pool`]);
    expect((await api.get('/distribution_upcs')).body.total_count).toBe(2);
    const empty = await api.post('/distribution_upcs/import', { upcs: '\n \n' });
    expect(empty.body.errors).toEqual({ upcs: ['Enter at least one UPC'] });

    const listed = await api.get('/distribution_upcs?status=free&order=upc%20desc');
    expect(listed.body).toMatchObject({ total_count: 2, free_count: 2 });
    expect(listed.body.distribution_upcs.map((u: { upc: string }) => u.upc)).toEqual([a, b].sort().reverse());
  });

  it('refuses a code already on one of the company’s releases', async () => {
    const company = await newCompany();
    const api = inCompany(admin, company);
    const [used] = codes(1);
    expect((await api.post('/releases', { title: `Has a code ${unique()}`, upc: used })).status).toBe(201);
    const refused = await api.post('/distribution_upcs/import', { upcs: used });
    expect(refused.body.errors).toEqual({ upcs: [`Line 1: ${used} is already the UPC of a release`] });
  });

  it('links the next free code to a release, never a release that has one, and says when the pool is empty', async () => {
    const company = await newCompany();
    const api = inCompany(admin, company);
    const [first, second] = codes(2);
    await api.post('/distribution_upcs/import', { upcs: [second, first] });
    const release = (await api.post('/releases', { title: `Needs a code ${unique()}`, upc: 'assign' })).body.release;
    const linked = await api.post('/distribution_upcs/link_to_release', { release_id: release.id });
    expect(linked).toEqual({ status: 200, body: { upc: first, message: `UPC ${first} linked to ${release.title}` } });
    const stored = (await api.get(`/releases/${release.id}`)).body.release;
    expect(stored.upc).toBe(first);
    expect(stored.release_identifiers).toEqual([expect.objectContaining({ type_of: 'UPC', value: first })]);
    const pool = (await api.get('/distribution_upcs?status=linked')).body.distribution_upcs;
    expect(pool).toEqual([expect.objectContaining({ upc: first, status: 'linked', release_id: release.id })]);

    const has = await api.post('/distribution_upcs/link_to_release', { release_id: release.id });
    expect(has.body.errors).toEqual({ release_id: [`This release already has the UPC ${first}`] });
    const other = (await api.post('/releases', { title: `Second ${unique()}` })).body.release;
    expect((await api.post('/distribution_upcs/link_to_release', { release_id: other.id })).body.upc).toBe(second);
    const third = (await api.post('/releases', { title: `Third ${unique()}` })).body.release;
    const none = await api.post('/distribution_upcs/link_to_release', { release_id: third.id });
    expect(none).toEqual({
      status: 400,
      body: {
        message: 'There are no free UPCs left in the pool; import more first',
        errors: { upc: ['There are no free UPCs left in the pool; import more first'] },
      },
    });
  });

  it('gives 20 concurrent links 20 different codes', async () => {
    const company = await newCompany();
    const api = inCompany(admin, company);
    const pool = codes(25);
    await api.post('/distribution_upcs/import', { upcs: pool });
    const releases = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) => (await api.post('/releases', { title: `Rush ${i} ${unique()}` })).body.release,
      ),
    );
    const answers = await Promise.all(
      releases.map((r) => api.post('/distribution_upcs/link_to_release', { release_id: r.id })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const given = answers.map((a) => a.body.upc as string);
    expect(new Set(given).size).toBe(20);
    expect([...given].sort()).toEqual([...pool].sort().slice(0, 20));
    const stored = await Promise.all(releases.map(async (r) => (await api.get(`/releases/${r.id}`)).body.release.upc));
    expect(stored).toEqual(given);
    expect((await api.get('/distribution_upcs?status=free')).body.total_count).toBe(5);
  });

  it('links one code to a release asked for twice at once, the other ask refused or told it has one', async () => {
    const company = await newCompany();
    const api = inCompany(admin, company);
    await api.post('/distribution_upcs/import', { upcs: codes(5) });
    const release = (await api.post('/releases', { title: `Twice ${unique()}` })).body.release;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api.post('/distribution_upcs/link_to_release', { release_id: release.id })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect([400, 409]).toContain(lost.status);
      expect(Object.keys(lost.body.errors)).toEqual(['release_id']);
    }
    expect((await api.get(`/releases/${release.id}`)).body.release.upc).toBe(won[0].body.upc);
    const linked = (await api.get('/distribution_upcs?status=linked')).body.distribution_upcs;
    expect(linked).toEqual([expect.objectContaining({ upc: won[0].body.upc, release_id: release.id })]);
  });

  it('keeps another company’s pool and releases out of reach, and refuses roles that may not deliver', async () => {
    const [mine, theirs] = [await newCompany(), await newCompany()];
    await inCompany(admin, theirs).post('/distribution_upcs/import', { upcs: codes(2) });
    const theirRelease = (await inCompany(admin, theirs).post('/releases', { title: `Theirs ${unique()}` })).body
      .release;
    await inCompany(admin, mine).post('/distribution_upcs/import', { upcs: codes(1) });
    const { token } = await newConfirmedUser('Upc Member');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const setRole = (role: string) =>
      call('PATCH', `/api/v1/admin/companies/${mine}`, {
        token: admin,
        body: { company_users: [{ user_id: userId, role }] },
      });
    await setRole('label_assistant');
    const member = inCompany(token, mine);
    expect((await member.get('/distribution_upcs')).body.total_count).toBe(1);
    expect((await member.post('/distribution_upcs/link_to_release', { release_id: theirRelease.id })).status).toBe(404);
    expect((await inCompany(token, theirs).get('/distribution_upcs')).status).toBe(403);
    await setRole('accounting');
    expect(await member.post('/distribution_upcs/import', { upcs: codes(1) })).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'delivery.write') },
    });
    expect((await member.post('/distribution_upcs/link_to_release', { release_id: 'x' })).status).toBe(403);
    expect((await member.get('/distribution_upcs')).status).toBe(403);
  });
});
