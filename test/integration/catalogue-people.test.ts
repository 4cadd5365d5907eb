import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';

/** Artists, contributors and payees of a company, and that no company sees another's. */
let admin: string;
let manager: OwnLabelManager;
let A: string; // the file's distributed company
let B: string; // the same manager's publisher company
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Catalogue People');
  A = manager.distributed.id;
  B = manager.publisher.id;
});

const as = (company: string) => inCompany(manager.token, company);

describe('contributors and payees', () => {
  it('keep a contributor’s society and a payee’s statement settings with their defaults', async () => {
    const society = (await call('GET', '/api/v1/societies?q=prs', { token: admin })).body.societies[0];
    const contributor = await as(A).post('/contributors', { name: `Writer ${unique()}`, society_id: society.id });
    expect(contributor.status).toBe(201);
    expect(contributor.body).toMatchObject({
      message: 'Contributor Added',
      contributor: { society: { id: society.id, name: 'PRS for Music' }, tenant_id: A },
    });
    const payee = await as(A).post('/payees', { name: `Payee ${unique()}`, email: 'pay@example.org' });
    expect(payee.body).toMatchObject({
      message: 'Payee Added',
      payee: { statement_settings: { default_summaries: [], formats: [], frequency: '', graphs: false } },
    });
    const monthly = await as(A).patch(`/payees/${payee.body.payee.id}`, {
      statement_settings_attributes: { frequency: 'Monthly', formats: ['PDF'] },
    });
    expect(monthly.body).toMatchObject({
      message: 'Payee Updated',
      payee: { statement_settings: { frequency: 'Monthly', formats: ['PDF'], graphs: false } },
    });
    const badEmail = await as(A).post('/payees', { name: 'X', email: 'nope' });
    expect(badEmail.body.errors).toEqual({ email: ['This field must be a valid email'] });
  });
});

describe('artists', () => {
  it('keep identifiers with their outbound links, members from the company’s contributors, and URLs', async () => {
    const contributor = (await as(A).post('/contributors', { name: `Member ${unique()}` })).body.contributor;
    const payee = (await as(A).post('/payees', { name: `Member Payee ${unique()}` })).body.payee;
    const created = await as(A).post('/artists', {
      name: `The Band ${unique()}`,
      config: 'band',
      artist_identifiers_attributes: [
        { service: 'Spotify', identifier: 'spotify:artist:4Z8W4fKeB5YxbusRsdQVPb' },
        { service: 'Anghami', identifier: '123' },
        { service: 'RYM', identifier: 'the-band' },
        { service: 'ISNI', identifier: '0000 0001 2146 438X' },
        { service: 'Deezer', new: true },
      ],
      artist_members_attributes: [
        {
          contributor_id: contributor.id,
          membership_type: 'main',
          roles: ['Lead Vocalist', 'Guitar'],
          payee_id: payee.id,
        },
      ],
      urls_attributes: [{ link: 'https://theband.example.org', link_text: 'Artist Website' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const artist = created.body.artist;
    expect(created.body.message).toBe('Artist Added');
    expect(artist.artist_identifiers.map((i: { service: string; link: string | null }) => [i.service, i.link])).toEqual(
      [
        ['Spotify', 'https://open.spotify.com/artist/4Z8W4fKeB5YxbusRsdQVPb'],
        ['Anghami', null],
        ['RYM', 'No Link'],
        ['ISNI', 'https://isni.org/isni/000000012146438X'],
        ['Deezer', 'No Link'],
      ],
    );
    expect(artist.artist_members[0]).toMatchObject({
      membership_type: 'main',
      roles: ['Lead Vocalist', 'Guitar'],
      active: true,
      contributor: { id: contributor.id },
      payee: { id: payee.id },
    });

    const refused = await as(A).del(`/contributors/${contributor.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Contributor ${contributor.name} is used by 1 artist`);
  });

  it('refuse identifier rows that break the rules, with the field named', async () => {
    const bad = await as(A).post('/artists', {
      name: 'Rule Breaker',
      artist_identifiers_attributes: [
        { service: 'ISNI', identifier: '0000 0001 2146 4381' },
        { service: 'Spotify', identifier: 'not-a-spotify-id' },
        { service: 'Deezer', identifier: '42', new: true },
        { service: 'MySpace', identifier: 'x' },
      ],
      // The form sends what the user left empty as '': both required fields of a member say so.
      artist_members_attributes: [{ contributor_id: 'c1' }, { contributor_id: '', membership_type: '' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'artist_identifiers_attributes.0.identifier': ['ISNI invalid'],
      'artist_identifiers_attributes.1.identifier': ['Spotify identifier must look like spotify:artist:<id>'],
      'artist_identifiers_attributes.2.new': ['New can only be ticked while the identifier is empty'],
      'artist_identifiers_attributes.3.service': [expect.stringContaining('Service must be one of')],
      'artist_members_attributes.0.membership_type': ['Membership type is required'],
      'artist_members_attributes.1.contributor_id': ['Contributor is required'],
      'artist_members_attributes.1.membership_type': ['Membership type is required'],
    });
    expect((await as(A).get('/artists?q=rule%20breaker')).body.total_count).toBe(0);
  });

  it('page, sort and search on the server; pickers match names case-insensitively', async () => {
    const tag = unique();
    for (const name of [`Zeta ${tag}`, `alpha ${tag}`, `Mid ${tag}`]) await as(A).post('/artists', { name });
    const sorted = await as(A).get(`/artists?q=${tag}&sort_field=name&sort_order=asc&per_page=5`);
    expect(sorted.body.artists.map((a: { name: string }) => a.name)).toEqual([
      `alpha ${tag}`,
      `Mid ${tag}`,
      `Zeta ${tag}`,
    ]);
    const picker = await as(A).get(`/artists?selectable=true&q=ALPHA%20${tag}`);
    expect(picker.body.artists.map((a: { name: string }) => a.name)).toEqual([`alpha ${tag}`]);
  });
});

describe('tenancy', () => {
  it('never reads, changes, links or deletes another company’s records, and bulk destroy keeps to the company', async () => {
    const theirs = (await as(B).post('/contributors', { name: `Publisher Writer ${unique()}` })).body.contributor;
    const ours = (await as(A).post('/contributors', { name: `Label Writer ${unique()}` })).body.contributor;
    expect((await as(A).get(`/contributors/${theirs.id}`)).status).toBe(404);
    expect((await as(A).patch(`/contributors/${theirs.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await as(A).del(`/contributors/${theirs.id}`)).status).toBe(404);
    const linked = await as(A).post('/artists', {
      name: 'Linker',
      artist_members_attributes: [{ contributor_id: theirs.id, membership_type: 'main' }],
    });
    expect(linked.status).toBe(400);
    expect(linked.body.errors).toEqual({ 'artist_members_attributes.0.contributor_id': ['Contributor not found'] });
    expect(
      (await as(A).get(`/contributors?selectable=true&q=${encodeURIComponent(theirs.name)}`)).body.contributors,
    ).toEqual([]);
    const moved = await as(A).patch(`/contributors/${ours.id}`, { tenant_id: B });
    expect(moved.body.errors).toEqual({ tenant_id: ['Only an admin can move a record to another company'] });

    const bulk = await as(A).post('/contributors/bulk_destroy', { contributor_ids: [ours.id, theirs.id] });
    expect(bulk.body).toMatchObject({ message: '1 contributor deleted', deleted: 1 });
    expect((await as(B).get(`/contributors/${theirs.id}`)).status).toBe(200);

    const outsider = await newConfirmedUser('Outsider');
    expect((await call('GET', '/api/v1/contributors', { token: outsider.token, company: A })).status).toBe(403);
  });

  it('lets admins list across companies, create in one, and move an artist to another', async () => {
    const created = await call('POST', '/api/v1/admin/artists', {
      token: admin,
      body: { name: `Admin Artist ${unique()}`, tenant_id: A },
    });
    expect(created.status).toBe(201);
    const artist = created.body.artist;
    const listed = await call('GET', `/api/v1/admin/artists?q=${encodeURIComponent(artist.name)}`, { token: admin });
    expect(listed.body.artists).toEqual([
      expect.objectContaining({ id: artist.id, tenant_id: A, company_name: manager.distributed.name }),
    ]);
    const moved = await call('PATCH', `/api/v1/admin/artists/${artist.id}`, { token: admin, body: { tenant_id: B } });
    expect(moved.body).toMatchObject({ message: 'Artist Updated', artist: { id: artist.id, tenant_id: B } });
    expect((await as(A).get(`/artists/${artist.id}`)).status).toBe(404);
    expect((await as(B).get(`/artists/${artist.id}`)).status).toBe(200);
    const payee = (await as(A).post('/payees', { name: `Unmovable ${unique()}` })).body.payee;
    const refused = await call('PATCH', `/api/v1/admin/payees/${payee.id}`, { token: admin, body: { tenant_id: B } });
    expect(refused.body.errors).toEqual({ tenant_id: ['Tenant ID is not a known field'] });
  });
});
