import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, demo, inCompany, signIn } from '../support/api.js';
import { until } from '../support/wait.js';

/**
 * Input the API must refuse or survive: text with a lone UTF-16 surrogate,
 * company ids in other casings or far too long, and logos that are not the raster image they
 * claim to be.
 */
const BAD = 'x\ud800';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

let admin: string;
let companyId: string;
let api: ReturnType<typeof inCompany>;

/** Function code run in the test process against the same local cloud, to store what the API would refuse. */
const db = async () => (await import('../../functions/data/service.js')).getDb().entities;
const bumpList = async (list: string) => (await db()).ListVersion.put({ list, version: ulid() }).go();

let companies = 0;

/** A company made by the admin, and the admin's calls in it. */
async function newCompany(): Promise<{ companyId: string; api: ReturnType<typeof inCompany> }> {
  companies += 1;
  const created = await call('POST', '/api/v1/admin/companies', {
    token: admin,
    body: { name: `Input Safety ${Date.now()}-${companies}` },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const companyId = created.body.company.id as string;
  return { companyId, api: inCompany(admin, companyId) };
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  ({ companyId, api } = await newCompany());
});

/** Uploads a sales report through the drop folder of the company `via` calls in, and waits for its import to finish. */
async function importReport(name: string, via = api): Promise<{ id: string; status: string }> {
  const report = [
    'Store,Period,ISRC,Track,Units,Net,Currency',
    `Shop,2026-05,GBAAA2600101,Song ${name},1,1.25,GBP`,
  ].join('\n');
  const map = await via.post('/royalty_maps', {
    name: `Map ${name}`,
    map: {
      columns: {
        retailer: 'Store',
        pay_period: 'Period',
        isrc: 'ISRC',
        song: 'Track',
        quantity: 'Units',
        subtotal_payable: 'Net',
        subtotal_payable_currency: 'Currency',
      },
    },
  });
  expect(map.status, JSON.stringify(map.body)).toBe(201);
  const upload = await via.post('/royalties/bulk', {
    filename: `${name}.csv`,
    size: Buffer.byteLength(report),
    source_id: map.body.royalty_map.id,
  });
  expect((await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: report })).status).toBe(
    200,
  );
  return until(async () => {
    const imports = (await via.get('/royalty_imports?per_page=100')).body.royalty_imports as {
      id: string;
      filename: string;
      status: string;
    }[];
    const found = imports.find((i) => i.filename === `${name}.csv` && i.status !== 'processing');
    return found;
  }, 60_000);
}

describe('text with a lone surrogate', () => {
  it('is refused by the API with 400 naming the field, in the body and in object keys', async () => {
    const label = await api.post('/labels', { name: BAD });
    expect(label.status).toBe(400);
    expect(label.body).toEqual({
      message: 'Name contains characters that cannot be stored',
      errors: { name: ['Name contains characters that cannot be stored'] },
    });
    const sale = await api.post('/royalties', {
      royalty: { pay_period: '2026-07', retailer: 'Shop', subtotal_payable: '1', currency: 'GBP', song: BAD },
    });
    expect(sale.status).toBe(400);
    expect(sale.body.errors['royalty.song']).toEqual(['Song contains characters that cannot be stored']);
    const key = await api.post('/labels', { name: 'Fine', [`a${BAD}`]: 1 });
    expect(key.status).toBe(400);
    expect(Object.keys(key.body.errors)).toEqual(['ax\ufffd']);
    const listed = await api.get(`/labels?q=${encodeURIComponent('Fine')}`);
    expect(listed.body.total_count).toBe(0);
  });

  it('stored around the API (a label name, a manual sale, an edit) no longer breaks the royalties, and the records can be repaired', async () => {
    // A company of its own: it counts the company's royalty lines, and other cases import reports too.
    const { companyId, api } = await newCompany();
    const entities = await db();
    const { LISTS } = await import('../../functions/data/list-cache.js');
    const first = await importReport(`first-${Date.now()}`, api);
    expect(first.status).toBe('done');
    const line = (await api.get(`/royalties?import_id=${first.id}`)).body.royalties[0] as { id: string };
    expect((await api.patch(`/royalties/${line.id}`, { royalty: { song: 'Edited' } })).status).toBe(200);
    const label = (await api.post('/labels', { name: 'Surrogate Records' })).body.label as { id: string };
    const sale = (
      await api.post('/royalties', {
        royalty: { pay_period: '2026-07', retailer: 'Shop', subtotal_payable: '2', currency: 'GBP', song: 'Live' },
      })
    ).body.royalty as { id: string };

    // What an older version of the API let through, written straight to the table.
    await entities.Label.patch({ tenantId: companyId, labelId: label.id })
      .set({ name: `Surrogate ${BAD}` })
      .go();
    const stored = (await entities.ManualRoyalty.get({ tenantId: companyId, id: sale.id }).go()).data!;
    await entities.ManualRoyalty.patch({ tenantId: companyId, id: sale.id })
      .set({ fields: { ...stored.fields, song: BAD, label_name: BAD }, updatedAt: new Date().toISOString() })
      .go();
    await entities.RoyaltyEdit.patch({ tenantId: companyId, id: line.id })
      .set({ fields: { song: BAD } })
      .go();
    await bumpList(LISTS.tenantLabels(companyId));
    await bumpList(LISTS.royalties(companyId));

    const list = await api.get('/royalties');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.total_count).toBe(2);
    expect((await api.get('/pay_periods')).status).toBe(200);
    expect((await api.get(`/royalties/${sale.id}`)).body.royalty.song).toBe('x\ufffd');
    expect((await api.get(`/royalties/${line.id}`)).status).toBe(200);
    const next = await importReport(`next-${Date.now()}`, api);
    expect(next.status).toBe('done');

    // The repair path: the records are edited like any other.
    expect((await api.patch(`/labels/${label.id}`, { name: 'Repaired Records' })).body.label.name).toBe(
      'Repaired Records',
    );
    const repaired = await api.patch(`/royalties/${sale.id}`, {
      royalty: { song: 'Live again', label_name: 'Repaired Records' },
    });
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200);
    expect(repaired.body.royalty.song).toBe('Live again');
    expect((await api.patch(`/royalties/${line.id}`, { royalty: { song: 'Edited again' } })).body.royalty.song).toBe(
      'Edited again',
    );
  }, 180_000);
});

describe('the company id', () => {
  it('in another letter casing is the same company, not a second tenant', async () => {
    const lower = inCompany(admin, companyId.toLowerCase());
    const created = await lower.post('/labels', { name: `Casing ${Date.now()}` });
    expect(created.status).toBe(201);
    expect(created.body.label.company_id).toBe(companyId);
    expect((await api.get(`/labels/${created.body.label.id}`)).status).toBe(200);
    const viaQuery = await call('GET', `/api/v1/labels?company_id=${companyId.toLowerCase()}`, { token: admin });
    expect(viaQuery.body.total_count).toBe((await api.get('/labels')).body.total_count);
  });

  it('in ten concurrent casings gives the royalties list and its siblings without a 500, one ledger for all', async () => {
    expect((await importReport(`casings-${Date.now()}`)).status).toBe('done');
    const casings = Array.from({ length: 10 }, (_, i) =>
      [...companyId].map((c, j) => ((i >> (j % 4)) & 1 ? c.toLowerCase() : c)).join(''),
    );
    const paths = ['/royalties', '/pay_periods', '/royalties/all_pay_periods', '/pay_periods/years'];
    const answers = await Promise.all(casings.flatMap((id) => paths.map((path) => inCompany(admin, id).get(path))));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const lists = answers.filter((_, i) => i % paths.length === 0);
    expect(new Set(lists.map((a) => a.body.total_count)).size).toBe(1);
  }, 90_000);

  it('that is malformed or far too long is refused with 400 on company_id', async () => {
    for (const id of ['x'.repeat(3000), 'not-a-company', `${companyId}X`]) {
      const answer = await inCompany(admin, id).get('/labels');
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual({ company_id: ['Company id is not valid'] });
    }
  });
});

describe('logos', () => {
  const uploadLogo = async (labelId: string, bytes: Buffer, contentType = 'image/png') => {
    const presigned = await api.post(`/labels/${labelId}/logo_upload`, {
      filename: 'logo.png',
      content_type: contentType,
      size: bytes.length,
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
    expect(
      (await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: new Uint8Array(bytes) }))
        .status,
    ).toBe(200);
    return presigned.body.key as string;
  };

  it('are raster images only: an SVG is refused when asking to upload', async () => {
    const label = (await api.post('/labels', { name: `Svg ${Date.now()}` })).body.label;
    const refused = await api.post(`/labels/${label.id}/logo_upload`, {
      filename: 'logo.svg',
      content_type: 'image/svg+xml',
      size: SVG.length,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.content_type).toBeDefined();
  });

  it("that claim image/png but are SVG leave no label behind, with one message in the user's words", async () => {
    const name = `Half Saved ${Date.now()}`;
    const key = await uploadLogo('new', SVG);
    const refused = await api.post('/labels', { name, logo_key: key });
    expect(refused.status).toBe(400);
    // The worker may have deleted the file already; either way the logo is named as the user knows it.
    expect(refused.body.message).toMatch(
      /^Logo (must be a PNG, JPEG, GIF or WebP image|was not uploaded; upload the file again)$/,
    );
    expect(refused.body.errors).toEqual({ logo_key: [refused.body.message] });
    expect((await api.get(`/labels?q=${encodeURIComponent(name)}`)).body.total_count).toBe(0);
  });

  it('of a new label are saved with it in one request', async () => {
    const key = await uploadLogo('new', PNG);
    const created = await api.post('/labels', { name: `With Logo ${Date.now()}`, logo_key: key });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.label.logo).toMatchObject({ content_type: 'image/png', size: PNG.length });
    const image = await fetch(created.body.label.logo.url);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('stored as SVG before logos were raster only are served as a download, not as an image', async () => {
    const label = (await api.post('/labels', { name: `Old Svg ${Date.now()}` })).body.label;
    // Outside logos/, so the uploads worker (which now deletes an SVG under logos/) leaves it for this test.
    const key = `legacy/${companyId}/labels/${label.id}/old.svg`;
    const { s3Client } = await import('../../functions/lib/clients.js');
    await s3Client().send(
      new PutObjectCommand({ Bucket: process.env.UPLOADS_BUCKET, Key: key, Body: SVG, ContentType: 'image/svg+xml' }),
    );
    await (await db()).Label.patch({ tenantId: companyId, labelId: label.id })
      .set({ logo: { key, content_type: 'image/svg+xml', size: SVG.length, filename: 'old.svg' } })
      .go();
    const logo = (await api.get(`/labels/${label.id}`)).body.label.logo;
    const served = await fetch(logo.url);
    expect(served.status, await served.clone().text()).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
  });
});
