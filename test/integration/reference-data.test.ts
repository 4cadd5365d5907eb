import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, signIn } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

let admin: string;
let manager: string;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = (await ownCompany('Reference Data')).manager.token;
});

describe('countries', () => {
  it('holds the full ISO 3166-1 list, paged, sorted and searched on the server', async () => {
    const first = await call('GET', '/api/v1/countries?per_page=25&sort_field=iso_alpha_two&sort_order=asc', {
      token: manager,
    });
    expect(first.status).toBe(200);
    expect(first.body.total_count).toBeGreaterThanOrEqual(249);
    expect(first.body.total_pages).toBe(Math.ceil(first.body.total_count / 25));
    expect(first.body.countries[0].iso_alpha_two).toBe('AD');
    const last = await call(
      'GET',
      `/api/v1/countries?per_page=25&page=${first.body.total_pages}&order=iso_alpha_two%20asc`,
      { token: manager },
    );
    expect(last.body.countries.at(-1).iso_alpha_two).toBe('ZW');
    const uk = await call('GET', '/api/v1/countries?q=gbr', { token: manager });
    expect(uk.body.countries).toEqual([
      expect.objectContaining({ iso_alpha_two: 'GB', iso_alpha_three: 'GBR', iso_numeric: '826' }),
    ]);
  });

  it('is written by admins with the product’s notices and field errors', async () => {
    const bad = await call('POST', '/api/v1/countries', {
      token: admin,
      body: { name: '', iso_alpha_two: 'X1', iso_alpha_three: 'XX', iso_numeric: '12' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: ['Name is required'],
      iso_alpha_two: ['Iso alpha two must be 2 letters'],
      iso_alpha_three: ['Iso alpha three must be 3 letters'],
      iso_numeric: ['Iso numeric must be 3 digits'],
    });
    const added = await call('POST', '/api/v1/countries', {
      token: admin,
      body: { name: 'Testland', iso_alpha_two: 'xt', iso_alpha_three: 'xtl', iso_numeric: '999' },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      message: 'Country Added',
      country: { name: 'Testland', iso_alpha_two: 'XT', iso_alpha_three: 'XTL' },
    });
    const updated = await call('PATCH', `/api/v1/countries/${added.body.country.id}`, {
      token: admin,
      body: { name: 'Testland Republic' },
    });
    expect(updated.body).toMatchObject({
      message: 'Country Updated',
      country: { name: 'Testland Republic', iso_numeric: '999' },
    });
    expect((await call('GET', '/api/v1/countries?q=testland', { token: manager })).body.total_count).toBe(1);
    const deleted = await call('DELETE', `/api/v1/countries/${added.body.country.id}`, { token: admin });
    expect(deleted.body.message).toBe('Country Testland Republic deleted');
    expect((await call('GET', `/api/v1/countries/${added.body.country.id}`, { token: manager })).status).toBe(404);
  });
});

describe('languages', () => {
  it('lists the ISO 639 languages with Instrumental first for pickers', async () => {
    const all = await call('GET', '/api/v1/languages?all=true', { token: manager });
    expect(all.body.languages[0].name).toBe('Instrumental');
    expect(all.body.languages.length).toBeGreaterThan(180);
    const french = all.body.languages.find((l: { iso_alpha_two?: string }) => l.iso_alpha_two === 'fr');
    expect(french).toMatchObject({
      name: 'French',
      iso_alpha_three: 'fra',
      english_iso_alpha_three: 'fre',
      native_name: 'Français',
    });
    const page = await call('GET', '/api/v1/languages?page=1&per_page=20&order=name%20desc', { token: manager });
    expect(page.body.languages).toHaveLength(20);
    expect(page.body.languages[0].name.localeCompare(page.body.languages[19].name)).toBeGreaterThan(0);
  });
});

describe('genres bulk destroy', () => {
  it('deletes exactly the ids given and reports how many', async () => {
    const names = ['Bulk One', 'Bulk Two', 'Bulk Keep'];
    const ids: string[] = [];
    for (const name of names)
      ids.push((await call('POST', '/api/v1/genres', { token: admin, body: { name } })).body.genre.id);
    const created = await call('GET', `/api/v1/genres/${ids[0]}`, { token: manager });
    expect(created.body.genre).toMatchObject({ active: true, base_genre: false });

    const denied = await call('DELETE', '/api/v1/genres/bulk_destroy', { token: manager, body: { genre_ids: ids } });
    expect(denied.status).toBe(403);
    const answer = await call('DELETE', '/api/v1/genres/bulk_destroy', {
      token: admin,
      body: { genre_ids: [ids[0], ids[1], 'no-such-genre'] },
    });
    expect(answer.body).toMatchObject({ message: '2 genres deleted', deleted: 2 });
    const after = await call('GET', '/api/v1/genres?q=bulk', { token: manager });
    expect(after.body.genres.map((g: { name: string }) => g.name)).toEqual(['Bulk Keep']);
    // Genres are shared by every company, and files running beside this one add their own: the two deleted are
    // gone from the full list, the one kept is still in it.
    const listed = (await call('GET', '/api/v1/genres?per_page=1000', { token: manager })).body.genres.map(
      (g: { id: string }) => g.id,
    );
    expect(listed).not.toContain(ids[0]);
    expect(listed).not.toContain(ids[1]);
    expect(listed).toContain(ids[2]);
    expect(
      (await call('DELETE', '/api/v1/genres/bulk_destroy', { token: admin, body: { genre_ids: [] } })).status,
    ).toBe(400);
  });
});

describe('performer roles', () => {
  it('are named by their description and bulk-destroyed with the product’s performer_roles_ids', async () => {
    const added = await call('POST', '/api/v1/performer_roles', {
      token: admin,
      body: { description: 'Theremin', ppl_code: '' },
    });
    expect(added.body).toMatchObject({
      message: 'Performer Role Added',
      performer_role: { description: 'Theremin', active: true },
    });
    const picker = await call('GET', '/api/v1/performer_roles?all=true', { token: manager });
    const names = picker.body.performer_roles.map((r: { description: string }) => r.description);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toContain('Lead Vocals');
    const removed = await call('DELETE', '/api/v1/performer_roles/bulk_destroy', {
      token: admin,
      body: { performer_roles_ids: [added.body.performer_role.id] },
    });
    expect(removed.body.message).toBe('1 performer role deleted');
  });
});

describe('unique reference values', () => {
  it('refuses a second country with a taken code, frees codes on change and delete', async () => {
    const taken = await call('POST', '/api/v1/countries', {
      token: admin,
      body: { name: 'Second Britain', iso_alpha_two: 'gb', iso_alpha_three: 'QQQ', iso_numeric: '998' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ iso_alpha_two: ['ISO alpha two has already been taken'] });
    expect((await call('GET', '/api/v1/countries?q=second%20britain', { token: manager })).body.total_count).toBe(0);

    const created = await call('POST', '/api/v1/countries', {
      token: admin,
      body: { name: 'Uniqueland', iso_alpha_two: 'QU', iso_alpha_three: 'QUN', iso_numeric: '997' },
    });
    expect(created.status).toBe(201);
    const id = created.body.country.id;
    expect(
      (await call('PATCH', `/api/v1/countries/${id}`, { token: admin, body: { iso_alpha_three: 'FRA' } })).status,
    ).toBe(409);
    expect(
      (await call('PATCH', `/api/v1/countries/${id}`, { token: admin, body: { iso_alpha_two: 'QV' } })).status,
    ).toBe(200);
    // QU is free again after the change, and every code is free after the delete.
    const reuse = await call('POST', '/api/v1/countries', {
      token: admin,
      body: { name: 'Requland', iso_alpha_two: 'qu', iso_alpha_three: 'QRE', iso_numeric: '996' },
    });
    expect(reuse.status).toBe(201);
    await call('DELETE', `/api/v1/countries/${reuse.body.country.id}`, { token: admin });
    await call('DELETE', `/api/v1/countries/${id}`, { token: admin });
    const again = await call('POST', '/api/v1/countries', {
      token: admin,
      body: { name: 'Uniqueland', iso_alpha_two: 'QU', iso_alpha_three: 'QUN', iso_numeric: '997' },
    });
    expect(again.status).toBe(201);
    expect((await call('POST', '/api/v1/genres', { token: admin, body: { name: 'uniqueland' } })).status).toBe(201);
    const dupeGenre = await call('POST', '/api/v1/genres', { token: admin, body: { name: ' UNIQUELAND ' } });
    expect(dupeGenre.status).toBe(409);
    expect(dupeGenre.body.errors.name).toEqual(['Name has already been taken']);
  });
});
