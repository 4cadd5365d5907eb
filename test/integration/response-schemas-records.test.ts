import { beforeAll, describe, expect, it } from 'vitest';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The record writes against the answers the OpenAPI document declares: a company's catalogue (each collection's
 * create, edit, file upload, delete and bulk delete, and the admin's calls across companies), the reference
 * collections' admin writes and a company's own publishers. Every call is on records this file makes.
 */
let document: ApiDocument;
let world: OwnCompany;
let publishing: OwnCompany;

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('Record answers');
  publishing = await world.sibling('Record answers publishing', { tags: ['Publisher'] });
}, 120_000);

const upload = (field: string, content_type = 'image/png') => ({
  field,
  filename: 'file.png',
  content_type,
  size: 1000,
});

/** Each catalogue collection: where it is made (songs: a publishing company) and a record's fields. */
const COLLECTIONS = [
  { collection: 'artists', singular: 'artist', fields: (n: string) => ({ name: n }), files: 'image' },
  { collection: 'contributors', singular: 'contributor', fields: (n: string) => ({ name: n }) },
  { collection: 'payees', singular: 'payee', fields: (n: string) => ({ name: n }) },
  { collection: 'releases', singular: 'release', fields: (n: string) => ({ title: n }), files: 'image' },
  { collection: 'recordings', singular: 'recording', fields: (n: string) => ({ title: n }) },
  { collection: 'songs', singular: 'song', fields: (n: string) => ({ title: n }), publishing: true },
] as const;

describe('a company’s catalogue writes answer what the document declares', () => {
  it.each(COLLECTIONS)('$collection: create, edit, upload, delete, bulk delete', async (each) => {
    const company = 'publishing' in each ? publishing : world;
    const check = answerChecker(document, company.manager.token, company.companyId);
    const route = `/${each.collection}`;
    const made = await check('POST', route, { body: each.fields(`Answer ${each.singular}`), status: 201 });
    const id = made.body[each.singular].id as string;
    await check('PATCH', `${route}/{id}`, { params: { id }, body: each.fields(`Answer ${each.singular} edited`) });
    if ('files' in each) await check('POST', `${route}/uploads`, { body: upload(each.files) });
    await check('DELETE', `${route}/{id}`, { params: { id } });
    const another = await check('POST', route, { body: each.fields(`Bulk ${each.singular}`), status: 201 });
    const bulk = await check('POST', `${route}/bulk_destroy`, {
      body: { [`${each.singular}_ids`]: [another.body[each.singular].id] },
    });
    expect(bulk.body.deleted).toBe(1);
  });

  it.each(COLLECTIONS)('$collection: the admin’s list, record, create, edit and delete', async (each) => {
    const company = 'publishing' in each ? publishing : world;
    const check = answerChecker(document, world.admin);
    const route = `/admin/${each.collection}`;
    const made = await check('POST', route, {
      body: { ...each.fields(`Admin ${each.singular}`), tenant_id: company.companyId },
      status: 201,
    });
    const id = made.body[each.singular].id as string;
    await check('GET', route, { query: `tenant_id=${company.companyId}`, rows: each.collection });
    await check('GET', `${route}/{id}`, { params: { id } });
    await check('PATCH', `${route}/{id}`, { params: { id }, body: each.fields(`Admin ${each.singular} edited`) });
    await check('DELETE', `${route}/{id}`, { params: { id } });
  });
});

/** A mark of this run, so reference records this file makes do not meet another run's. */
const run = `${Date.now()}`.slice(-6);
const letter = () => String.fromCharCode(77 + Math.floor(Math.random() * 14));

/** Each reference collection and a record of its own (codes a country list does not hold: user-assigned ranges). */
const REFERENCE = [
  {
    collection: 'countries',
    singular: 'country',
    fields: () => ({
      name: `Answerland ${run}`,
      iso_alpha_two: `Q${letter()}`,
      iso_alpha_three: `Q${letter()}${letter()}`,
      iso_numeric: `9${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
    }),
  },
  { collection: 'languages', singular: 'language', fields: () => ({ name: `Answerish ${run}` }) },
  { collection: 'genres', singular: 'genre', fields: () => ({ name: `Answer Core ${run}`, active: false }) },
  {
    collection: 'performer_roles',
    singular: 'performer_role',
    fields: () => ({ description: `Answerer ${run}` }),
    bulkKey: 'performer_roles_ids',
  },
  {
    collection: 'societies',
    singular: 'society',
    fields: () => ({ name: `Answer Society ${run}` }),
    bulkKey: 'societies_ids',
  },
  { collection: 'retailers', singular: 'retailer', fields: () => ({ name: `Answer Shop ${run}`, active: false }) },
  { collection: 'rightsholders', singular: 'rightsholder', fields: () => ({ name: `Answer Rights ${run}` }) },
  { collection: 'publishers', singular: 'publisher', fields: () => ({ name: `Answer Publishing ${run}` }) },
  {
    collection: 'distributors',
    singular: 'distributor',
    fields: () => ({ name: `Answer Distribution ${run}`, active: false }),
    files: upload('logo'),
  },
  {
    collection: 'dsps',
    singular: 'dsp',
    fields: () => ({ name: `Answer Store ${run}`, active: false }),
    files: { field: 'guide', filename: 'guide.pdf', content_type: 'application/pdf', size: 1000 },
  },
] as const;

describe('the reference collections’ admin writes answer what the document declares', () => {
  it.each(REFERENCE)('$collection: create, edit, upload, delete, bulk delete', async (each) => {
    const check = answerChecker(document, world.admin);
    const route = `/${each.collection}`;
    // A country's random codes may meet another run's: a second try draws new ones.
    let made = await check('POST', route, { body: each.fields(), status: 201 }).catch(() => undefined);
    made ??= await check('POST', route, { body: each.fields(), status: 201 });
    const id = made.body[each.singular].id as string;
    await check('PATCH', `${route}/{id}`, { params: { id }, body: {} });
    if (each.collection === 'dsps') await check('PUT', `${route}/{id}`, { params: { id }, body: {} });
    if ('files' in each) await check('POST', `${route}/uploads`, { body: each.files });
    await check('DELETE', `${route}/bulk_destroy`, {
      body: { ['bulkKey' in each ? each.bulkKey : `${each.singular}_ids`]: [id] },
    });
    const again = await check('POST', route, { body: each.fields(), status: 201 }).catch(() => undefined);
    if (again) await check('DELETE', `${route}/{id}`, { params: { id: again.body[each.singular].id } });
    else expect(each.collection, 'only a country’s random codes may clash').toBe('countries');
  });

  it('a picker’s list and the whole list answer their rows without a page', async () => {
    const check = answerChecker(document, world.manager.token);
    await check('GET', '/countries', { query: 'selectable=true', rows: 'countries' });
    await check('GET', '/genres', { query: 'all=true', rows: 'genres' });
  });
});

describe('a company’s own publishers answer what the document declares', () => {
  it('list, record, create, edit and delete', async () => {
    const check = answerChecker(document, world.manager.token, world.companyId);
    const made = await check('POST', '/company_publishers', { body: { name: `Own Publishing ${run}` }, status: 201 });
    const id = made.body.publisher.id as string;
    await check('GET', '/company_publishers', { query: 'q=Own%20Publishing', rows: 'company_publishers' });
    await check('GET', '/company_publishers/{id}', { params: { id } });
    await check('PATCH', '/company_publishers/{id}', { params: { id }, body: { name: `Own Publishing ${run} Ltd` } });
    await check('DELETE', '/company_publishers/{id}', { params: { id } });
  });
});

describe('the admin’s change across releases answers what the document declares', () => {
  it('two releases of the company given a release date together', async () => {
    const made = await Promise.all(
      ['Bulk Answer One', 'Bulk Answer Two'].map((title) => world.api.post('/releases', { title })),
    );
    await answerChecker(document, world.admin)('POST', '/releases/bulk_update', {
      body: { release_ids: made.map((m) => m.body.release.id), release: { release_date: '2027-03-05' } },
    });
  });
});
