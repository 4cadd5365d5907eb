import { beforeAll, describe, expect, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * The admin royalties: every company's lines in one list through the
 * engine seam (DuckDB locally, Athena in AWS), with a company column, paging and filters; detail, new
 * and edit act in the line's company. Admins only; a line asked for under another company is a 404.
 */
type Api = ReturnType<typeof inCompany>;
let manager: Api;
let admin: Api;
let managerToken: string;
let companyId: string;
let otherCompanyId: string;
let importId: string;
const retailer = `AdminStore-${Date.now()}`;
const REPORT = [
  'Store,Period,ISRC,Track,Artist,Units,Net,Currency',
  `${retailer},2026-05,GBAAA2600101,Admin Song One,Ann,10,1.25,GBP`,
  `${retailer},2026-06,GBAAA2600102,Admin Song Two,Ann,5,0.50,GBP`,
  `${retailer},2026-06,GBAAA2600103,Admin Song Three,Bob,1,0.10,GBP`,
  `${retailer},2026-04,GBAAA2600104,Admin Song Four,Bob,1,0.05,GBP`,
  `${retailer},2026-04,GBAAA2600105,Admin Song Five,Bob,1,0.05,GBP`,
  `${retailer},2026-03,GBAAA2600106,Admin Song Six,Bob,1,0.05,GBP`,
].join('\n');
const MAP = storeMap();

beforeAll(async () => {
  const own = await ownCompany('Admin royalties');
  const other = await own.sibling('Admin royalties other');
  managerToken = own.manager.token;
  companyId = own.companyId;
  otherCompanyId = other.companyId;
  manager = own.api;
  admin = inCompany(own.admin, companyId);
  importId = await importReport(manager, {
    mapName: `Admin store ${Date.now()}`,
    map: MAP,
    filename: 'admin-list.csv',
    report: REPORT,
  });
}, 120_000);

describe('admin royalties list', () => {
  it('lists the lines of every company with their company, newest period first, paged and filtered', async () => {
    const list = await admin.get(`/admin/royalties?by_retailer=${retailer}&per_page=5`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total_count: 6, total_pages: 2, engine: 'duckdb' });
    expect(list.body.sums.amount).toBe('2.000000');
    expect(list.body.royalties).toHaveLength(5);
    expect(list.body.royalties[0]).toMatchObject({ company_id: companyId, pay_period: '2026-06', retailer });
    expect(list.body.royalties[0].company_name).toEqual(expect.any(String));
    const second = await admin.get(`/admin/royalties?by_retailer=${retailer}&per_page=5&page=2`);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.royalties.map((r: { song: string }) => r.song)).toEqual(['Admin Song Six']);
    const other = await admin.get(`/admin/royalties?by_retailer=${retailer}&company=${otherCompanyId}`);
    expect(other.body.total_count).toBe(0);
    const searched = await admin.get(`/admin/royalties?q=admin%20song%20three&company=${companyId}`);
    expect(searched.status, JSON.stringify(searched.body)).toBe(200);
    expect(searched.body.royalties.map((r: { id: string }) => r.id)).toEqual([`${importId}-4`]);
  });

  it('refuses a user who is not an admin, and a bad filter with its field', async () => {
    const refused = await call('GET', '/api/v1/admin/royalties', { token: managerToken });
    expect(refused.status).toBe(403);
    const bad = await admin.get('/admin/royalties?start_date=May');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.start_date).toBeDefined();
  });
});

describe('admin royalty detail, edit and new', () => {
  it('shows and edits a line in its company; under another or an unknown company it is a 404', async () => {
    const id = `${importId}-2`;
    const detail = await admin.get(`/admin/royalties/${companyId}/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.royalty).toMatchObject({ id, company_id: companyId, song: 'Admin Song One' });
    // The page names the line's company; an id is not a name.
    expect(detail.body.royalty.company_name).toMatch(/^Admin royalties/);
    expect((await admin.get(`/admin/royalties/${otherCompanyId}/${id}`)).status).toBe(404);
    expect((await admin.get(`/admin/royalties/no-such-company/${id}`)).status).toBe(404);
    const edited = await admin.patch(`/admin/royalties/${companyId}/${id}`, {
      royalty: { song: 'Renamed by admin' },
      marks: ['mark_as_paid'],
    });
    expect(edited.status).toBe(200);
    const seen = (await manager.get(`/royalties/${id}`)).body.royalty;
    expect(seen).toMatchObject({ song: 'Renamed by admin', paid: true });
    const badMark = await admin.patch(`/admin/royalties/${companyId}/${id}`, { royalty: {}, marks: ['pay_twice'] });
    expect(badMark.status).toBe(400);
    const refused = await call('PATCH', `/api/v1/admin/royalties/${companyId}/${id}`, {
      token: managerToken,
      body: { royalty: { song: 'x' } },
    });
    expect(refused.status).toBe(403);
  });

  it('adds a manual sale in the chosen company, and names a missing company', async () => {
    const sale = { pay_period: '2026-06', retailer, subtotal_payable: '3.00', currency: 'GBP' };
    const created = await admin.post('/admin/royalties', { company_id: companyId, royalty: sale });
    expect(created.status).toBe(201);
    const lines = await manager.get(`/royalties?by_retailer=${retailer}`);
    expect(lines.body.total_count).toBe(7);
    const missing = await admin.post('/admin/royalties', { royalty: sale });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.company_id).toBeDefined();
    expect((await admin.post('/admin/royalties', { company_id: 'no-such-company', royalty: sale })).status).toBe(404);
  });
});
