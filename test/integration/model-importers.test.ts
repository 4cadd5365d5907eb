import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { ImportContext, MappedRow } from '../../functions/catalogue-exchange/import-model.js';
import { inCompany } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/**
 * The admin importer's model importers against the test cloud: every error
 * of a row named by row and column, duplicates by name and identifiers reported instead of written,
 * a write repeated for the same (import, key) creating one record, and a company's import never
 * reaching another company.
 */
let manager: { token: string };
let A: string;
let B: string;
let importerFor: typeof import('../../functions/catalogue-exchange/importers.js').importerFor;
const tag = Math.random().toString(36).slice(2, 8).padEnd(6, '0');
/** A Spotify artist id: this file's companies hold only its own artists. */
const spotifyId = '4Z8W4fKeB5YxbusRa1b2c3';
const ctx = (tenantId: string, importId = `imp-${tag}-${Math.random()}`): ImportContext => ({
  tenantId,
  userId: 'test-user',
  importId,
});
const row = (cells: Record<string, string>): MappedRow => cells;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  ({ importerFor } = await import('../../functions/catalogue-exchange/importers.js'));
  // This file's own manager with two companies (one distributed, one tagged Publisher).
  const world = await ownCompany('Model Importers', { distributed: true });
  manager = world.manager;
  A = world.companyId;
  B = (await world.sibling('Model Importers Publisher', { tags: ['Publisher'] })).companyId;
});

const listNames = async (company: string, collection: string, q: string) =>
  (await inCompany(manager.token, company).get(`/${collection}?q=${encodeURIComponent(q)}&per_page=100`)).body[
    collection
  ].map((r: { name: string }) => r.name);

describe('artists', () => {
  it('names every error of every row by row and column, and reports duplicates instead of writing them', async () => {
    await inCompany(manager.token, A).post('/artists', { name: `Known ${tag}` });
    const rows = [
      row({ name: `Fresh ${tag}`, email: 'fresh@example.org', isni: '0000 0001 2146 438X', spotify: '4Z8W4fKeB5Yxbu' }),
      row({ name: '', email: 'not-an-email', isni: '0000 0001 2146 4381' }),
      row({ name: `known ${tag}` }),
      row({ name: `Other ${tag}`, isni: '000000012146438x' }),
      row({ name: '', email: '' }),
      row({ name: `Band ${tag}`, config: 'orchestra' }),
    ];
    const plan = await importerFor('artists').plan(ctx(A), rows);
    expect(plan.map((r) => r.rows)).toEqual([[2], [3], [4], [5], [7]]); // the blank row 6 is no record
    expect(plan[0]).toMatchObject({ errors: [], label: `Fresh ${tag} (row 2)` });
    expect(plan[0].duplicate).toBeUndefined();
    expect(plan[1].errors).toEqual([
      { row: 3, field: 'name', message: 'Name is required' },
      { row: 3, field: 'email', message: 'Email: This field must be a valid email' },
      { row: 3, field: 'isni', message: 'ISNI invalid' },
    ]);
    expect(plan[2].duplicate).toBe(`Artist Known ${tag} exists already (same name known ${tag})`);
    expect(plan[3].duplicate).toBe('Same ISNI 000000012146438X as row 2');
    expect(plan[4].errors).toEqual([{ row: 7, field: 'config', message: 'Config must be one of: Individual, Band' }]);
  });

  it('writes a record once however often its chunk is retried, with its identifiers', async () => {
    const rows = [row({ name: `Once ${tag}`, spotify: spotifyId, isni: '0000000121464' })];
    const context = ctx(A);
    const [bad] = await importerFor('artists').plan(context, rows);
    expect(bad.errors).toEqual([{ row: 2, field: 'isni', message: 'ISNI invalid' }]);
    expect(await importerFor('artists').write(context, bad, rows)).toBe(0);
    const good = [row({ name: `Once ${tag}`, spotify: spotifyId })];
    const [record] = await importerFor('artists').plan(context, good);
    const written = await Promise.all([
      importerFor('artists').write(context, record, good),
      importerFor('artists').write(context, record, good),
    ]);
    expect(record.duplicate).toBeUndefined();
    // Written once; each try answers the record as this import's (its chunk's count is added once, by the
    // conditional write that moves the import's progress).
    expect(written.sort()).toEqual([1, 1]);
    expect(await importerFor('artists').write(context, record, good)).toBe(1);
    expect(await listNames(A, 'artists', `Once ${tag}`)).toEqual([`Once ${tag}`]);
    const artist = (await inCompany(manager.token, A).get(`/artists?q=${encodeURIComponent(`Once ${tag}`)}`)).body
      .artists[0];
    const detail = (await inCompany(manager.token, A).get(`/artists/${artist.id}`)).body.artist;
    expect(detail.artist_identifiers).toMatchObject([
      { service: 'Spotify', identifier: `spotify:artist:${spotifyId}` },
    ]);
  });

  it('writes the records of a chunk side by side, as the worker does, losing none to the list-version race', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => row({ name: `Parallel ${i} ${tag}` }));
    const context = ctx(A);
    const plan = await importerFor('artists').plan(context, rows);
    const written = await Promise.all(plan.map((record) => importerFor('artists').write(context, record, rows)));
    expect(written).toEqual(Array(8).fill(1));
    expect(await listNames(A, 'artists', `Parallel`)).toHaveLength(8);
  });

  it('plans and writes in the import’s company only: another company’s records are neither duplicates nor touched', async () => {
    await inCompany(manager.token, B).post('/artists', { name: `Only B ${tag}` });
    const rows = [row({ name: `Only B ${tag}` }), row({ name: `Only A ${tag}` })];
    const context = ctx(A);
    const plan = await importerFor('artists').plan(context, rows);
    expect(plan.map((r) => r.duplicate)).toEqual([undefined, undefined]);
    for (const record of plan) expect(await importerFor('artists').write(context, record, rows)).toBe(1);
    expect(await listNames(A, 'artists', `Only`)).toEqual(expect.arrayContaining([`Only B ${tag}`, `Only A ${tag}`]));
    expect(await listNames(B, 'artists', `Only A ${tag}`)).toEqual([]);
    expect(await listNames(B, 'artists', `Only B ${tag}`)).toEqual([`Only B ${tag}`]);
  });
});

describe('contributors, payees and labels', () => {
  it('contributors: the society by name or code; one not found is a row error', async () => {
    const rows = [
      row({ name: `Writer ${tag}`, society: 'prs for music' }),
      row({ name: `Writer Two ${tag}`, society: 'Nowhere Society' }),
      row({ name: `Writer ${tag}` }),
    ];
    const context = ctx(A);
    const plan = await importerFor('contributors').plan(context, rows);
    expect(plan[0].errors).toEqual([]);
    expect(plan[1].errors).toEqual([{ row: 3, field: 'society', message: 'Society Nowhere Society not found' }]);
    expect(plan[2].duplicate).toBe(`Same name writer ${tag} as row 2`);
    expect(await importerFor('contributors').write(context, plan[0], rows)).toBe(1);
    // Again, as after a crash: nothing written twice, and the record still counts as this import's.
    expect(await importerFor('contributors').write(context, plan[0], rows)).toBe(1);
    const found = (await inCompany(manager.token, A).get(`/contributors?q=${encodeURIComponent(`Writer ${tag}`)}`)).body
      .contributors;
    expect(found).toHaveLength(1);
    expect(found[0].society).toMatchObject({ name: 'PRS for Music' });
  });

  it('payees: money and yes/no columns read as the form reads them, bad ones named', async () => {
    const rows = [
      row({ name: `Payee ${tag}`, minimum_payout: '25.50', self_billing: 'Y', vat_registered: 'no', vat_rate: '20' }),
      row({ name: `Payee Two ${tag}`, minimum_payout: '12.345', self_billing: 'maybe', vat_rate: '120' }),
    ];
    const context = ctx(A);
    const plan = await importerFor('payees').plan(context, rows);
    expect(plan[0].errors).toEqual([]);
    expect(plan[1].errors).toEqual([
      { row: 3, field: 'minimum_payout', message: 'Minimum payout must be an amount with up to 2 decimals' },
      { row: 3, field: 'self_billing', message: 'Self billing must be Y or N' },
      { row: 3, field: 'vat_rate', message: 'VAT rate must be a number from 0 to 100 with up to 2 decimals' },
    ]);
    expect(await importerFor('payees').write(context, plan[0], rows)).toBe(1);
    // Again, as after a crash: nothing written twice, and the record still counts as this import's.
    expect(await importerFor('payees').write(context, plan[0], [rows[0]])).toBe(1);
    const payees = (await inCompany(manager.token, A).get(`/payees?q=${encodeURIComponent(`Payee ${tag}`)}`)).body
      .payees;
    expect(payees).toHaveLength(1);
    expect(payees[0]).toMatchObject({ minimum_payout: '25.50', self_billing: true, vat_registered: false });
  });

  it('labels: country by name or code, duplicates by name, written once', async () => {
    const rows = [
      row({ name: `Imprint ${tag}`, country: 'gb', deal_percentage: '70', active: 'Y' }),
      row({ name: `Imprint Two ${tag}`, country: 'Atlantis', deal_percentage: 'seventy' }),
      row({ name: `IMPRINT ${tag}` }),
    ];
    const context = ctx(A);
    const plan = await importerFor('labels').plan(context, rows);
    expect(plan[0].errors).toEqual([]);
    expect(plan[1].errors).toEqual([
      { row: 3, field: 'deal_percentage', message: 'Deal percentage must be a number' },
      { row: 3, field: 'country', message: 'Country Atlantis not found' },
    ]);
    expect(plan[2].duplicate).toBe(`Same name imprint ${tag} as row 2`);
    expect(await importerFor('labels').write(context, plan[0], rows)).toBe(1);
    // Again, as after a crash: nothing written twice, and the record still counts as this import's.
    expect(await importerFor('labels').write(context, plan[0], rows)).toBe(1);
    const labels = (await inCompany(manager.token, A).get(`/labels?q=${encodeURIComponent(`Imprint ${tag}`)}`)).body
      .labels;
    expect(labels).toHaveLength(1);
    expect(labels[0]).toMatchObject({ name: `Imprint ${tag}`, country_id: 'GB', active: true });
    const again = await importerFor('labels').plan(ctx(A), [rows[0]]);
    expect(again[0].duplicate).toBe(`Label Imprint ${tag} exists already (same name imprint ${tag})`);
  });
});
