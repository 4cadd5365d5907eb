import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, signIn } from '../support/api.js';

/** A company's profile, self-billing, files, publisher/rightsholder links, connections and site settings. */
let admin: string;
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
});

async function newCompany(body: object = {}) {
  const created = await call('POST', '/api/v1/admin/companies', {
    token: admin,
    body: { name: `Records Co ${unique()}`, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.company;
}

const patch = (id: string, body: object) => call('PATCH', `/api/v1/admin/companies/${id}`, { token: admin, body });

describe('company records', () => {
  it('keeps the profile, contract date and self-billing dates, refusing an agreement that expires before it starts', async () => {
    const company = await newCompany({
      profile_attributes: { name: 'Records Co Ltd', address: '1 High St', backup_email: 'backup@example.org' },
      contract_date: '2026-01-15',
    });
    expect(company).toMatchObject({
      profile: { name: 'Records Co Ltd', address: '1 High St' },
      contract_date: '2026-01-15',
      self_billing: false,
    });
    const backwards = await patch(company.id, {
      self_billing: true,
      self_billing_created_at: '2026-05-01',
      self_billing_expires_at: '2026-04-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({
      self_billing_expires_at: ['Self billing expires at must be after Self billing created at'],
    });
    const badDate = await patch(company.id, { contract_date: '15/01/2026' });
    expect(badDate.body.errors).toEqual({ contract_date: ['Contract date must be a date (YYYY-MM-DD)'] });
    const ok = await patch(company.id, {
      self_billing: true,
      self_billing_created_at: '2026-05-01',
      self_billing_expires_at: '2027-05-01',
      profile_attributes: { phone_no: '+44 1' },
    });
    expect(ok.body.company).toMatchObject({
      self_billing: true,
      self_billing_expires_at: '2027-05-01',
      profile: { name: 'Records Co Ltd', phone_no: '+44 1' },
    });
  });

  it('links publishers and rightsholders as nested rows, each once', async () => {
    const company = await newCompany();
    const publisher = (
      await call('POST', '/api/v1/publishers', { token: admin, body: { name: `Linked Publisher ${unique()}` } })
    ).body.publisher;
    const holder = (
      await call('POST', '/api/v1/rightsholders', { token: admin, body: { name: `Linked Holder ${unique()}` } })
    ).body.rightsholder;
    const linked = await patch(company.id, {
      company_publishers_attributes: [{ publisher_id: publisher.id }],
      company_rightsholders_attributes: [{ rightsholder_id: holder.id }],
    });
    expect(linked.status).toBe(200);
    const [row] = linked.body.company.company_publishers;
    expect(row).toMatchObject({ publisher_id: publisher.id, publisher: { id: publisher.id, name: publisher.name } });
    expect(linked.body.company.company_rightsholders[0].rightsholder).toMatchObject({ name: holder.name });
    const twice = await patch(company.id, { company_publishers_attributes: [{ publisher_id: publisher.id }] });
    expect(twice.body.errors).toEqual({
      'company_publishers_attributes.1.publisher_id': ['This publisher is already linked to the company'],
    });
    const unlinked = await patch(company.id, { company_publishers_attributes: [{ id: row.id, _destroy: true }] });
    expect(unlinked.body.company.company_publishers).toEqual([]);
    expect(unlinked.body.company.company_rightsholders).toHaveLength(1);
  });

  it('connects distributors with contract terms, active by default', async () => {
    const company = await newCompany();
    const distributor = (
      await call('POST', '/api/v1/distributors', { token: admin, body: { name: `Connected Dist ${unique()}` } })
    ).body.distributor;
    const connected = await patch(company.id, {
      company_distributors_attributes: [
        { distributor_id: distributor.id, contract_start_date: '2026-01-01', base: true },
      ],
    });
    expect(connected.body.company.company_distributors).toEqual([
      expect.objectContaining({
        distributor_id: distributor.id,
        active: true,
        base: true,
        terminated: false,
        contract_start_date: '2026-01-01',
        distributor: { id: distributor.id, name: distributor.name },
      }),
    ]);
    const unknown = await patch(company.id, { company_distributors_attributes: [{ distributor_id: 'nope' }] });
    expect(unknown.body.errors).toEqual({
      'company_distributors_attributes.1.distributor_id': ['Distributor not found'],
    });
  });

  it('accepts site colours as hex or rgba only', async () => {
    const company = await newCompany();
    const saved = await patch(company.id, {
      site_settings_attributes: {
        site_name: 'Records',
        primary_colour: '#1A2B3C',
        secondary_colour: 'rgba(10, 20, 30, 0.5)',
      },
    });
    expect(saved.body.company.site_settings).toMatchObject({
      site_name: 'Records',
      primary_colour: '#1A2B3C',
      secondary_colour: 'rgba(10, 20, 30, 0.5)',
    });
    const named = await patch(company.id, { site_settings_attributes: { primary_colour: 'blue' } });
    expect(named.body.errors).toEqual({
      'site_settings_attributes.primary_colour': ['Primary colour must be a hex or rgba colour'],
    });
  });

  it('uploads a logo under the company’s own prefix only', async () => {
    const [a, b] = [await newCompany(), await newCompany()];
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 3)]);
    const presigned = await call('POST', `/api/v1/admin/companies/${a.id}/uploads`, {
      token: admin,
      body: { field: 'logo', filename: 'a.png', content_type: 'image/png', size: png.length },
    });
    await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: png });
    const other = await patch(b.id, { logo_key: presigned.body.key });
    expect(other.body.errors).toEqual({ logo_key: ['Logo does not belong to this record'] });
    const own = await patch(a.id, { logo_key: presigned.body.key });
    expect(own.body.company.logo).toMatchObject({ filename: 'a.png', size: png.length });
  });
});
