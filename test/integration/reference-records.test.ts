import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/** Reference records with links, nested rows, nested objects and files. */
let admin: string;
let manager: string;
let companyId: string;
const unique = () => Math.random().toString(36).slice(2, 8);
const post = async (collection: string, body: object) => {
  const answer = await call('POST', `/api/v1/${collection}`, { token: admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
};

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  const own = await ownCompany('Reference Records');
  manager = own.manager.token;
  companyId = own.companyId;
});

async function countryId(alpha2: string): Promise<string> {
  const found = await call('GET', `/api/v1/countries?q=${alpha2}&per_page=250`, { token: manager });
  return found.body.countries.find((c: { iso_alpha_two: string }) => c.iso_alpha_two === alpha2).id;
}

describe('societies', () => {
  it('keep URL rows whose link text defaults to the society name, edited as nested rows', async () => {
    const name = `Society ${unique()}`;
    const gb = await countryId('GB');
    const created = await post('societies', {
      name,
      code: `C${unique()}`,
      country_id: gb,
      urls_attributes: [{ link: 'https://example.org/a' }, { link: 'https://example.org/b', link_text: 'Members' }],
    });
    expect(created.message).toBe('Society Added');
    const society = created.society;
    expect(society.country).toMatchObject({ id: gb, name: 'United Kingdom' });
    expect(society.urls.map((u: { link_text: string }) => u.link_text)).toEqual([name, 'Members']);

    const [first, second] = society.urls;
    const updated = await call('PATCH', `/api/v1/societies/${society.id}`, {
      token: admin,
      body: {
        urls_attributes: [
          { id: first.id, _destroy: true },
          { id: second.id, link_text: 'Join' },
          { link: 'https://example.org/c' },
          { link: 'https://x.org', _destroy: true },
        ],
      },
    });
    expect(updated.body.message).toBe('Society Updated');
    expect(updated.body.society.urls.map((u: { link: string; link_text: string }) => [u.link, u.link_text])).toEqual([
      ['https://example.org/b', 'Join'],
      ['https://example.org/c', name],
    ]);

    const foreignRow = await call('PATCH', `/api/v1/societies/${society.id}`, {
      token: admin,
      body: { urls_attributes: [{ id: 'not-a-row', link: 'https://a.org' }] },
    });
    expect(foreignRow.status).toBe(400);
    expect(Object.keys(foreignRow.body.errors)).toEqual(['urls_attributes.0.id']);
    const badLink = await call('PATCH', `/api/v1/societies/${society.id}`, {
      token: admin,
      body: { urls_attributes: [{ link: 'example.org' }] },
    });
    expect(badLink.body.errors['urls_attributes.0.link']).toEqual(['Link must start with http:// or https://']);
    const noLink = await call('PATCH', `/api/v1/societies/${society.id}`, {
      token: admin,
      body: { urls_attributes: [{ link_text: 'Nowhere' }] },
    });
    expect(noLink.body.errors).toEqual({ 'urls_attributes.0.link': ['Link is required'] });
    const badCountry = await call('PATCH', `/api/v1/societies/${society.id}`, {
      token: admin,
      body: { country_id: 'nowhere' },
    });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.errors).toEqual({ country_id: ['Country not found'] });
  });

  it('are found by name or code, in lists and pickers, case-insensitively', async () => {
    const code = `Z${unique()}`.toUpperCase();
    const society = (await post('societies', { name: `Findable ${unique()}`, code })).society;
    const byCode = await call('GET', `/api/v1/societies?q=${code.toLowerCase()}`, { token: manager });
    expect(byCode.body.societies.map((s: { id: string }) => s.id)).toEqual([society.id]);
    const picker = await call('GET', `/api/v1/societies?selectable=true&q=${code.toLowerCase()}`, { token: manager });
    expect(picker.body.societies.map((s: { id: string }) => s.id)).toEqual([society.id]);
    const none = await call('GET', `/api/v1/societies?selectable=true&q=zz-no-such-society`, { token: manager });
    expect(none.body).toMatchObject({ societies: [], total_count: 0 });
  });
});

describe('links between records', () => {
  it('answer the linked names and refuse deleting a record others still link to', async () => {
    const society = (await post('societies', { name: `Linked Society ${unique()}` })).society;
    const holder = await post('rightsholders', {
      name: `Holder ${unique()}`,
      email: 'rights@example.org',
      society_id: society.id,
      society_code: 'R-1',
      type_of: 'video',
    });
    expect(holder).toMatchObject({
      message: 'Rightsholder Added',
      rightsholder: { type_of: 'video', society: { id: society.id, name: society.name } },
    });

    const refused = await call('DELETE', `/api/v1/societies/${society.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Society ${society.name} is used by 1 rightsholder`);
    const bulkRefused = await call('DELETE', '/api/v1/societies/bulk_destroy', {
      token: admin,
      body: { societies_ids: [society.id] },
    });
    expect(bulkRefused.status).toBe(409);

    expect((await call('DELETE', `/api/v1/rightsholders/${holder.rightsholder.id}`, { token: admin })).status).toBe(
      200,
    );
    const deleted = await call('DELETE', '/api/v1/societies/bulk_destroy', {
      token: admin,
      body: { societies_ids: [society.id] },
    });
    expect(deleted.body).toMatchObject({ message: '1 society deleted', deleted: 1 });
  });

  it('validate enum fields with their allowed values', async () => {
    const retailer = await call('POST', '/api/v1/retailers', {
      token: admin,
      body: { name: 'Bad Shop', status: 'Closed', type_of: 'Online only' },
    });
    expect(retailer.status).toBe(400);
    expect(retailer.body.errors.status).toEqual(['Status must be one of: Live, Out of Business, Non Payer']);
    const holder = await call('POST', '/api/v1/rightsholders', {
      token: admin,
      body: { name: 'Bad Holder', type_of: 'film', email: 'nope' },
    });
    expect(holder.body.errors).toMatchObject({
      type_of: ['Type of must be one of: Audio, Video'],
      email: ['This field must be a valid email'],
    });
  });

  it('give retailers their defaults, distributor and country', async () => {
    const distributor = (await post('distributors', { name: `Retail Dist ${unique()}` })).distributor;
    const retailer = await post('retailers', {
      name: `Shop ${unique()}`,
      distributor_id: distributor.id,
      type_of: 'Mailorder',
      country_id: await countryId('DE'),
    });
    expect(retailer.message).toBe('Retailer Added');
    expect(retailer.retailer).toMatchObject({
      status: 'Live',
      active: true,
      type_of: 'Mailorder',
      distributor: { id: distributor.id },
      country: { name: 'Germany' },
    });
    const closed = await call('PATCH', `/api/v1/retailers/${retailer.retailer.id}`, {
      token: admin,
      body: { status: 'Out of Business', active: false },
    });
    expect(closed.body).toMatchObject({
      message: 'Retailer Updated',
      retailer: { status: 'Out of Business', active: false },
    });
    const picker = await call(
      'GET',
      `/api/v1/retailers?selectable=true&q=${encodeURIComponent(retailer.retailer.name)}`,
      { token: manager },
    );
    expect(picker.body.retailers).toEqual([]);
  });

  it('link publishers to societies, a company and a country of origin, with one URL', async () => {
    const society = (await post('societies', { name: `Pub Society ${unique()}` })).society;
    const companies = await call('GET', '/api/v1/admin/companies', { token: admin });
    const company = companies.body.companies[0];
    const publisher = await post('publishers', {
      name: `Publisher ${unique()}`,
      mechanical_society_id: society.id,
      performing_society_id: society.id,
      company_id: company.id,
      country_id: await countryId('FR'),
      url_attributes: { link: 'https://pub.example.org', link_text: 'Site' },
    });
    expect(publisher.publisher).toMatchObject({
      active: true,
      mechanical_society: { id: society.id },
      performing_society: { id: society.id },
      society: null,
      company: { id: company.id, name: company.name },
      country_of_origin: { name: 'France' },
      url: { link: 'https://pub.example.org', link_text: 'Site' },
    });
    const badCompany = await call('PATCH', `/api/v1/publishers/${publisher.publisher.id}`, {
      token: admin,
      body: { company_id: 'no-company' },
    });
    expect(badCompany.body.errors).toEqual({ company_id: ['Company not found'] });
  });
});

describe('distributors and DSPs', () => {
  it('link DSPs to distributors once each, with an inactive note, and protect linked DSPs', async () => {
    const dsp = await post('dsps', {
      name: `DSP ${unique()}`,
      pre_order: true,
      technical_specification_attributes: { delivery_format: 'DDEX ERN 4.3', server_password: 's3cret' },
    });
    expect(dsp.message).toBe('DSP Added');
    expect(dsp.dsp).toMatchObject({
      active: true,
      pre_order: true,
      timed_release: false,
      technical_specification: { delivery_format: 'DDEX ERN 4.3', server_password_set: true },
    });
    expect(dsp.dsp.technical_specification).not.toHaveProperty('server_password');

    const put = await call('PUT', `/api/v1/dsps/${dsp.dsp.id}`, {
      token: admin,
      body: { technical_specification_attributes: { delivery_format: 'DDEX ERN 3.8', server_password: '' } },
    });
    expect(put.body).toMatchObject({
      message: 'DSP Updated',
      dsp: { technical_specification: { delivery_format: 'DDEX ERN 3.8', server_password_set: true } },
    });

    // How we deliver to a store (its server, login and folder) is the admins' only: a member or a new sign-up
    // reads the store, never its technical specification, in the list or one by one.
    const stranger = await newConfirmedUser('Dsp Reader');
    for (const token of [manager, stranger.token]) {
      const one = await call('GET', `/api/v1/dsps/${dsp.dsp.id}`, { token });
      expect(one.status).toBe(200);
      expect(one.body.dsp.name).toBe(dsp.dsp.name);
      expect(one.body.dsp).not.toHaveProperty('technical_specification');
      const list = await call('GET', `/api/v1/dsps?q=${encodeURIComponent(dsp.dsp.name)}`, { token });
      expect(list.body.dsps.map((d: { id: string }) => d.id)).toEqual([dsp.dsp.id]);
      expect(list.body.dsps[0]).not.toHaveProperty('technical_specification');
    }
    const asAdmin = await call('GET', `/api/v1/dsps/${dsp.dsp.id}`, { token: admin });
    expect(asAdmin.body.dsp.technical_specification.delivery_format).toBe('DDEX ERN 3.8');

    const distributor = await post('distributors', {
      name: `Distributor ${unique()}`,
      distributor_dsps_attributes: [{ dsp_id: dsp.dsp.id }],
    });
    expect(distributor.message).toBe('Distributor Added');
    const link = distributor.distributor.distributor_dsps[0];
    expect(link).toMatchObject({ dsp_id: dsp.dsp.id, active: true, dsp: { id: dsp.dsp.id, name: dsp.dsp.name } });

    const twice = await call('PATCH', `/api/v1/distributors/${distributor.distributor.id}`, {
      token: admin,
      body: { distributor_dsps_attributes: [{ dsp_id: dsp.dsp.id }] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({
      'distributor_dsps_attributes.1.dsp_id': ['This DSP is already linked to the distributor'],
    });
    const unknownDsp = await call('PATCH', `/api/v1/distributors/${distributor.distributor.id}`, {
      token: admin,
      body: { distributor_dsps_attributes: [{ dsp_id: 'nope' }] },
    });
    expect(unknownDsp.body.errors).toEqual({ 'distributor_dsps_attributes.1.dsp_id': ['DSP not found'] });

    const paused = await call('PATCH', `/api/v1/distributors/${distributor.distributor.id}`, {
      token: admin,
      body: { distributor_dsps_attributes: [{ id: link.id, active: false, inactive_note: 'Contract renegotiation' }] },
    });
    expect(paused.body.distributor.distributor_dsps).toEqual([
      expect.objectContaining({ id: link.id, active: false, inactive_note: 'Contract renegotiation' }),
    ]);

    const refused = await call('DELETE', `/api/v1/dsps/${dsp.dsp.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`DSP ${dsp.dsp.name} is used by 1 distributor`);
    await call('PATCH', `/api/v1/distributors/${distributor.distributor.id}`, {
      token: admin,
      body: { distributor_dsps_attributes: [{ id: link.id, _destroy: true }] },
    });
    expect((await call('DELETE', `/api/v1/dsps/${dsp.dsp.id}`, { token: admin })).body.message).toBe(
      `DSP ${dsp.dsp.name} deleted`,
    );
  });

  it('carry a logo and a guide uploaded through presigned PUTs', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const presigned = await call('POST', '/api/v1/distributors/uploads', {
      token: admin,
      body: { field: 'logo', filename: 'logo.png', content_type: 'image/png', size: png.length },
    });
    expect(presigned.status).toBe(200);
    expect(
      (await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: png })).status,
    ).toBe(200);
    const distributor = await post('distributors', { name: `Logo Dist ${unique()}`, logo_key: presigned.body.key });
    expect(distributor.distributor.logo).toMatchObject({
      filename: 'logo.png',
      size: png.length,
      content_type: 'image/png',
    });
    expect(Buffer.from(await (await fetch(distributor.distributor.logo.url)).arrayBuffer()).equals(png)).toBe(true);

    const wrongField = await call('POST', '/api/v1/distributors/uploads', {
      token: admin,
      body: { field: 'guide', filename: 'g.pdf', content_type: 'application/pdf', size: 10 },
    });
    expect(wrongField.status).toBe(400);
    const notImage = await call('POST', '/api/v1/distributors/uploads', {
      token: admin,
      body: { field: 'logo', filename: 'a.pdf', content_type: 'application/pdf', size: 10 },
    });
    expect(notImage.body.errors).toHaveProperty('content_type');
    const guideKeyOnDistributor = await call('PATCH', `/api/v1/distributors/${distributor.distributor.id}`, {
      token: admin,
      body: { logo_key: 'guides/dsps/x.pdf' },
    });
    expect(guideKeyOnDistributor.body.errors).toEqual({ logo_key: ['Logo does not belong to this record'] });

    const pdf = Buffer.from('%PDF-1.4 delivery guide');
    const guideUpload = await call('POST', '/api/v1/dsps/uploads', {
      token: admin,
      body: { field: 'guide', filename: 'Delivery Guide.pdf', content_type: 'application/pdf', size: pdf.length },
    });
    await fetch(guideUpload.body.url, { method: 'PUT', headers: guideUpload.body.headers, body: pdf });
    const dsp = await post('dsps', { name: `Guided DSP ${unique()}`, guide_key: guideUpload.body.key });
    expect(dsp.dsp.guide).toMatchObject({ filename: 'Delivery_Guide.pdf', content_type: 'application/pdf' });
    const removed = await call('PATCH', `/api/v1/dsps/${dsp.dsp.id}`, { token: admin, body: { guide_key: null } });
    expect(removed.body.dsp.guide).toBeNull();
  });

  it('refuse to delete a distributor a company is linked to, or a DSP a company is connected to', async () => {
    const distributor = (await post('distributors', { name: `Linked Dist ${unique()}` })).distributor;
    const linked = await call('POST', `/api/v1/companies/${companyId}/distributors`, {
      token: admin,
      body: { company_distributor: { distributor_id: distributor.id } },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const refused = await call('DELETE', `/api/v1/distributors/${distributor.id}`, { token: admin });
    expect(refused).toEqual({
      status: 409,
      body: { message: `Distributor ${distributor.name} is used by 1 company` },
    });
    expect(
      (
        await call('DELETE', '/api/v1/distributors/bulk_destroy', {
          token: admin,
          body: { distributor_ids: [distributor.id] },
        })
      ).status,
    ).toBe(409);
    // The company's distribution page still names it.
    const page = await call('GET', `/api/v1/companies/${companyId}/distribution`, { token: admin });
    expect(page.body.company_distributors.map((r: { distributor_name: string }) => r.distributor_name)).toEqual([
      distributor.name,
    ]);

    const dsp = (await post('dsps', { name: `Connected DSP ${unique()}` })).dsp;
    const connected = await call('POST', `/api/v1/companies/${companyId}/dsp_connections`, {
      token: admin,
      body: { dsp_connection: { dsp_id: dsp.id, status: 'connected' } },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(await call('DELETE', `/api/v1/dsps/${dsp.id}`, { token: admin })).toEqual({
      status: 409,
      body: { message: `DSP ${dsp.name} is used by 1 store connection` },
    });
    expect((await call('GET', `/api/v1/dsps/${dsp.id}`, { token: manager })).status).toBe(200);
  });

  it('bulk-destroy distributors by distributor_ids, exactly the ids given', async () => {
    const keep = (await post('distributors', { name: `Keep Dist ${unique()}` })).distributor;
    const a = (await post('distributors', { name: `Gone Dist ${unique()}` })).distributor;
    const b = (await post('distributors', { name: `Gone Dist ${unique()}` })).distributor;
    const answer = await call('DELETE', '/api/v1/distributors/bulk_destroy', {
      token: admin,
      body: { distributor_ids: [a.id, b.id] },
    });
    expect(answer.body).toMatchObject({ message: '2 distributors deleted', deleted: 2 });
    expect((await call('GET', `/api/v1/distributors/${keep.id}`, { token: manager })).status).toBe(200);
    expect((await call('GET', `/api/v1/distributors/${a.id}`, { token: manager })).status).toBe(404);
    const taken = await call('POST', '/api/v1/distributors', { token: admin, body: { name: keep.name.toUpperCase() } });
    expect(taken.body.errors).toEqual({ name: ['Name has already been taken'] });
  });
});

describe('seeded starting set', () => {
  it('holds the major DSPs, distributors with their countries, and collecting societies', async () => {
    const spotify = await call('GET', '/api/v1/dsps?selectable=true&q=spoti', { token: manager });
    expect(spotify.body.dsps).toEqual([
      expect.objectContaining({ name: 'Spotify', active: true, url: 'https://www.spotify.com' }),
    ]);
    const orchard = await call('GET', '/api/v1/distributors?q=orchard', { token: manager });
    expect(orchard.body.distributors[0]).toMatchObject({
      name: 'The Orchard',
      country: { name: 'United States of America' },
    });
    const prs = await call('GET', '/api/v1/societies?q=prs', { token: manager });
    expect(prs.body.societies[0]).toMatchObject({ name: 'PRS for Music', country: { name: 'United Kingdom' } });
  });
});
