import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, inCompany, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { uploadPresigned } from '../support/presigned-upload.js';
import { until } from '../support/wait.js';

/**
 * The admin importer (models, model_attributes, records) and metadata maps:
 * maps' CRUD and their check against the model's attributes, admins only; a file imported into the
 * company the admin chose through a map made on the page (saved as a map) or a saved one, and never
 * into another company.
 */
let admin: string;
let manager: string;
const unique = () => Math.random().toString(36).slice(2, 8);
const asAdmin = (method: string, path: string, body?: object) =>
  call(method, `/api/v1${path}`, { token: admin, ...(body ? { body } : {}) });

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = (await ownLabelManager('Admin importer')).token;
});

async function newCompany(): Promise<string> {
  const created = await asAdmin('POST', '/admin/companies', { name: `Importer Co ${unique()}` });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.company.id as string;
}

/** Uploads a CSV for a company through the importer's presigned PUT. */
async function uploadCsv(companyId: string, csv: string) {
  const bytes = Buffer.from(csv, 'utf8');
  const api = { post: (path: string, body?: object) => asAdmin('POST', path, { ...body, company_id: companyId }) };
  const key = await uploadPresigned(
    api as unknown as ReturnType<typeof inCompany>,
    '/importer/uploads',
    { filename: 'artists.csv', content_type: 'text/csv' },
    bytes,
  );
  return { key, filename: 'artists.csv', size: bytes.length };
}

describe('metadata maps', () => {
  it('are created, read, listed, updated and deleted with every spec field', async () => {
    const company = await newCompany();
    const source = `Source ${unique()}`;
    const created = await asAdmin('POST', '/metadata_maps', {
      map: { 'Artist Name': 'name', 'E-mail': 'email', Ignored: '' },
      model_type: 'artists',
      mapable_type: 'Company',
      mapable_id: company,
      notes: 'Their yearly roster',
      source_service: source,
      target_service: 'Label Platform',
      type: 'import',
      year: 2025,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Metadata Map Added',
      metadata_map: {
        map: { 'Artist Name': 'name', 'E-mail': 'email' },
        model_type: 'artists',
        mapable_type: 'Company',
        mapable: { id: company },
        notes: 'Their yearly roster',
        source_service: source,
        target_service: 'Label Platform',
        type: 'import',
        year: 2025,
      },
    });
    const id = created.body.metadata_map.id;
    expect((await asAdmin('GET', `/metadata_maps/${id}`)).body.metadata_map.id).toBe(id);
    expect((await asAdmin('GET', `/metadata_maps/${id}/edit`)).body.metadata_map.id).toBe(id);
    const listed = await asAdmin('GET', `/metadata_maps?q=${encodeURIComponent(source)}&per_page=5&order=year desc`);
    expect(listed.body).toMatchObject({ total_count: 1, total_pages: 1 });
    expect(listed.body.metadata_maps[0]).toMatchObject({ id, title: `${source} → artists (2025)` });

    const updated = await asAdmin('PATCH', `/metadata_maps/${id}`, { notes: '', map: { Name: 'name', ISNI: 'isni' } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      message: 'Metadata Map Updated',
      metadata_map: { map: { Name: 'name', ISNI: 'isni' } },
    });
    expect(updated.body.metadata_map.notes).toBeUndefined();
    expect(updated.body.metadata_map.year).toBe(2025);

    const deleted = await asAdmin('DELETE', `/metadata_maps/${id}`);
    expect(deleted.body.message).toBe(`Metadata map ${source} → artists (2025) deleted`);
    expect((await asAdmin('GET', `/metadata_maps/${id}`)).status).toBe(404);
  });

  it('refuses targets that are not attributes of the model, an attribute mapped twice, and an owner not found', async () => {
    const wrong = await asAdmin('POST', '/metadata_maps', {
      map: { Name: 'name', UPC: 'upc', Title: 'name' },
      model_type: 'artists',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      map: ['Column UPC: upc is not an attribute of Artists', 'Name is mapped from two columns: Name and Title'],
    });
    const empty = await asAdmin('POST', '/metadata_maps', { map: {}, model_type: 'labels' });
    expect(empty.body.errors).toEqual({ map: ['Map must name at least one column'] });
    const noModel = await asAdmin('POST', '/metadata_maps', { map: { Name: 'name' } });
    expect(noModel.status).toBe(400);
    expect(Object.keys(noModel.body.errors)).toEqual(['model_type']);
    const noOwner = await asAdmin('POST', '/metadata_maps', {
      map: { UPC: 'upc' },
      model_type: 'releases',
      mapable_type: 'Company',
      mapable_id: 'no-such-company',
    });
    expect(noOwner.body.errors).toEqual({ mapable_id: ['Company not found'] });

    const made = await asAdmin('POST', '/metadata_maps', { map: { UPC: 'upc' }, model_type: 'releases' });
    expect(made.status).toBe(201);
    // The stored model decides what an update's map may name.
    const patched = await asAdmin('PATCH', `/metadata_maps/${made.body.metadata_map.id}`, { map: { Name: 'name' } });
    expect(patched.body.errors).toEqual({ map: ['Column Name: name is not an attribute of Releases'] });
  });

  it('are for admins only: a label user is refused', async () => {
    for (const [method, path] of [
      ['GET', '/metadata_maps'],
      ['POST', '/metadata_maps'],
      ['GET', '/importer'],
      ['POST', '/model_attributes'],
      ['POST', '/importer/preview'],
      ['POST', '/importer'],
    ] as const) {
      const refused = await call(method, `/api/v1${path}`, {
        token: manager,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe('You must be an Admin to do that');
    }
  });
});

describe('the admin importer', () => {
  it('lists the models and their attributes', async () => {
    const models = await asAdmin('GET', '/importer');
    expect(models.body.models.map((m: { model: string }) => m.model)).toEqual(
      expect.arrayContaining(['artists', 'contributors', 'payees', 'labels', 'releases', 'recordings']),
    );
    const attributes = await asAdmin('POST', '/model_attributes', { model: 'artists' });
    expect(attributes.body.attributes[0]).toEqual({ name: 'name', label: 'Name', required: true });
    expect(attributes.body.attributes.map((a: { name: string }) => a.name)).toContain('isni');
    expect((await asAdmin('POST', '/model_attributes', { model: 'songs' })).status).toBe(400);
  });

  it('imports a file into the chosen company through the page’s map, saves the map, and reads with it again', async () => {
    const A = await newCompany();
    const B = await newCompany();
    const tag = unique();
    const file = await uploadCsv(
      A,
      `Artist Name,E-mail,ISNI Code\nFirst ${tag},first@example.org,0000 0001 2146 438X\n,bad-mail,\nSecond ${tag},,\n`,
    );
    const column_map = { 'artist name': 'name', 'e-mail': 'email', 'isni code': 'isni' };
    const preview = await asAdmin('POST', '/importer/preview', { company_id: A, model: 'artists', file, column_map });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ company_id: A, valid: 2, invalid: 1, duplicates: 0, rows: 3 });
    expect(preview.body.records.flatMap((r: { errors: unknown[] }) => r.errors)).toEqual([
      { row: 3, field: 'name', message: 'Name is required' },
      { row: 3, field: 'email', message: 'Email: This field must be a valid email' },
    ]);

    // The file is A's: another company cannot read it, and an unknown company is 404.
    const intoB = await asAdmin('POST', '/importer/preview', { company_id: B, model: 'artists', file, column_map });
    expect(intoB.status).toBe(404);
    const startB = await asAdmin('POST', '/importer', {
      company_id: B,
      model: 'artists',
      file,
      column_map,
      import_id: preview.body.import_id,
    });
    expect(startB.status).toBe(404);
    expect(
      (
        await asAdmin('POST', '/importer/uploads', {
          company_id: 'nope',
          filename: 'a.csv',
          content_type: 'text/csv',
          size: 3,
        })
      ).status,
    ).toBe(404);

    const started = await asAdmin('POST', '/importer', {
      company_id: A,
      model: 'artists',
      file,
      column_map,
      import_id: preview.body.import_id,
      save_map: { source_service: `Roster ${tag}`, year: 2026 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toMatchObject({
      import_id: preview.body.import_id,
      message: 'Import started',
      metadata_map: { model_type: 'artists', mapable_type: 'Company', mapable: { id: A }, type: 'import', year: 2026 },
    });
    const job = await until(async () => {
      const got = (await inCompany(admin, A).get(`/catalogue_imports/${preview.body.import_id}`)).body.import;
      return got && (got.status === 'done' || got.status === 'failed') ? got : undefined;
    }, 60_000);
    expect(job).toMatchObject({ status: 'done', added: 2, message: '2 records were added' });
    const names = async (company: string) =>
      (await inCompany(admin, company).get(`/artists?q=${tag}`)).body.artists
        .map((a: { name: string }) => a.name)
        .sort();
    expect(await names(A)).toEqual([`First ${tag}`, `Second ${tag}`]);
    expect(await names(B)).toEqual([]);

    // The saved map reads the next file of the source: the same artists are now duplicates.
    const again = await asAdmin('POST', '/importer/preview', {
      company_id: A,
      model: 'artists',
      file,
      metadata_map_id: started.body.metadata_map.id,
    });
    expect(again.body).toMatchObject({ valid: 0, invalid: 1, duplicates: 2, column_map });
    const wrongModel = await asAdmin('POST', '/importer/preview', {
      company_id: A,
      model: 'labels',
      file,
      metadata_map_id: started.body.metadata_map.id,
    });
    expect(wrongModel.body.errors).toEqual({ metadata_map_id: ['This map reads artists, not labels'] });
  });
});
