import { beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';

/** The catalogue's missing depth: the new fields and child rows of releases, recordings, products, artists and labels. */
let admin: string;
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let A: string;
let B: string;
const unique = () => Math.random().toString(36).slice(2, 8);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 7)]);

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await ownLabelManager('Catalogue depth');
  A = manager.distributed.id;
  B = manager.publisher.id;
});
const api = (company: string) => inCompany(manager.token, company);

describe('releases', () => {
  it('keep a format (Digital by default), urls, to-dos and images beside the cover art', async () => {
    const created = await api(A).post('/releases', {
      title: `Depth ${unique()}`,
      urls_attributes: [{ link: 'https://example.com/album', link_text: 'Website' }],
      todo_tasks_attributes: [{ body: 'Send the masters' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const release = created.body.release;
    expect(release).toMatchObject({
      release_format: 'Digital',
      urls: [{ link: 'https://example.com/album', link_text: 'Website' }],
      todo_tasks: [{ body: 'Send the masters', done: false }],
      images: [],
    });

    const blank = await api(A).patch(`/releases/${release.id}`, { todo_tasks_attributes: [{ body: '  ' }] });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ 'todo_tasks_attributes.0.body': ['Task Body must not be blank'] });
    const emptied = await api(A).patch(`/releases/${release.id}`, {
      todo_tasks_attributes: [{ id: release.todo_tasks[0].id, body: '' }],
    });
    expect(emptied.body.errors).toEqual({ 'todo_tasks_attributes.0.body': ['Task Body must not be blank'] });
    const badLink = await api(A).patch(`/releases/${release.id}`, { urls_attributes: [{ link: 'example.com' }] });
    expect(badLink.body.errors).toEqual({ 'urls_attributes.0.link': ['Link must start with http:// or https://'] });
    const badFormat = await api(A).patch(`/releases/${release.id}`, { release_format: 'Wax cylinder' });
    expect(badFormat.status).toBe(400);
    expect(Object.keys(badFormat.body.errors)).toEqual(['release_format']);

    const presigned = await api(A).post('/releases/uploads', {
      field: 'image',
      filename: 'back.png',
      content_type: 'image/png',
      size: png.length,
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
    expect(
      (await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: png })).status,
    ).toBe(200);
    const withImage = await api(A).patch(`/releases/${release.id}`, {
      release_format: 'Vinyl',
      images_attributes: [{ image_key: presigned.body.key, type_of: 'Back cover', caption: 'Back' }],
      todo_tasks_attributes: [{ id: release.todo_tasks[0].id, done: true }],
    });
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(200);
    const saved = withImage.body.release;
    expect(saved).toMatchObject({
      release_format: 'Vinyl',
      todo_tasks: [{ body: 'Send the masters', done: true }],
      images: [{ type_of: 'Back cover', caption: 'Back', image: { filename: 'back.png', content_type: 'image/png' } }],
    });
    const image = await fetch(saved.images[0].image.url);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
    // A key of another company's images is not this record's file.
    const stolen = await api(B).patch(
      `/releases/${(await api(B).post('/releases', { title: `B ${unique()}` })).body.release.id}`,
      { images_attributes: [{ image_key: presigned.body.key }] },
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toEqual({
      'images_attributes.0.image_key': ['Image does not belong to this record'],
    });
  });

  it('keep products’ pre-order data, territory pricing and track prices of the release’s own recordings', async () => {
    const track = (await api(A).post('/recordings', { title: `Track ${unique()}` })).body.recording;
    const stray = (await api(A).post('/recordings', { title: `Stray ${unique()}` })).body.recording;
    const product = {
      format: 'Digital',
      pre_order: true,
      pre_order_data: { start_date: '2027-01-01', preview_date: '2027-01-15', instant_gratification: true },
      product_territories_pricing: [{ territory: 'gb', price_tier: 'Mid', retail_price: '7.99' }],
      product_items: [{ recording_id: track.id, price_tier: 'Budget', retail_price: '0.99', sample_start_time: 30 }],
    };
    const created = await api(A).post('/releases', {
      title: `Priced ${unique()}`,
      release_recordings_attributes: [{ recording_id: track.id }],
      products_attributes: [product],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.release.products[0]).toMatchObject({
      pre_order_data: { start_date: '2027-01-01', preview_date: '2027-01-15', instant_gratification: true },
      product_territories_pricing: [{ territory: 'GB', price_tier: 'Mid', retail_price: 7.99 }],
      product_items: [{ recording_id: track.id, price_tier: 'Budget', retail_price: 0.99, sample_start_time: 30 }],
    });

    const strayItem = await api(A).post('/releases', {
      title: `Stray ${unique()}`,
      release_recordings_attributes: [{ recording_id: track.id }],
      products_attributes: [{ product_items: [{ recording_id: stray.id }] }],
    });
    expect(strayItem.status).toBe(400);
    expect(strayItem.body.errors).toEqual({
      'products_attributes.0.product_items.0.recording_id': ['Recording must be one of the release’s recordings'],
    });
    const twice = await api(A).post('/releases', {
      title: `Twice ${unique()}`,
      products_attributes: [{ product_territories_pricing: [{ territory: 'GB' }, { territory: 'gb' }] }],
    });
    expect(twice.body.errors).toEqual({
      'products_attributes.0.product_territories_pricing': ['Territory pricing must not list a country twice'],
    });
    const backwards = await api(A).post('/releases', {
      title: `Backwards ${unique()}`,
      products_attributes: [{ pre_order_data: { start_date: '2027-02-01', preview_date: '2027-01-01' } }],
    });
    expect(backwards.body.errors).toEqual({
      'products_attributes.0.pre_order_data.preview_date': ['Pre-order preview date must not be before its start date'],
    });
    const titles = await api(A).get('/releases?q=Backwards');
    expect(titles.body.releases).toEqual([]);
  });
});

describe('recordings', () => {
  it('keep ident, volume, config, audio analysis, languages and their child rows', async () => {
    const language = (await call('GET', '/api/v1/languages?selectable=true&q=Fren', { token: admin })).body
      .languages[0];
    const created = await api(A).post('/recordings', {
      title: `Deep ${unique()}`,
      ident: 'ID-42',
      volume: '2',
      config: 'video',
      sentiment: '-0.25',
      danceability: 0.8,
      energy: '0.5',
      loudness: '-7.5',
      language_ids: [language.id],
      preview_start: '30',
      preview_length: '45',
      time_signature: '4/4',
      instrumentation: 'Strings',
      repertoire_ownerships_attributes: [{ owner_name: 'Owner Ltd', share: '60', territories: ['gb'] }],
      product_items_attributes: [{ retail_price: '1.29', sample_start_time: '60', sample_length: '30' }],
      recording_identifiers_attributes: [{ type_of: 'GRid', identifier: 'A1-2425G-ABC1234002-M' }],
      urls_attributes: [{ link: 'https://example.com/track' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.recording).toMatchObject({
      ident: 'ID-42',
      volume: 2,
      config: 'video',
      sentiment: -0.25,
      danceability: 0.8,
      energy: 0.5,
      loudness: -7.5,
      language_ids: [language.id],
      languages: [{ id: language.id, name: language.name }],
      preview_start: 30,
      preview_length: 45,
      repertoire_ownerships: [{ owner_name: 'Owner Ltd', share: 60, territories: ['GB'] }],
      product_items: [{ price_tier: 'Front', retail_price: 1.29, sample_start_time: 60, sample_length: 30 }],
      recording_identifiers: [{ type_of: 'GRid', identifier: 'A1-2425G-ABC1234002-M' }],
      urls: [{ link: 'https://example.com/track' }],
    });

    const wrong = await api(A).post('/recordings', {
      title: `Wrong ${unique()}`,
      danceability: 1.5,
      energy: -0.1,
      loudness: 3,
      sentiment: 'happy',
      volume: 0,
      language_ids: ['no-such-language'],
      recording_identifiers_attributes: [{ type_of: 'GRid' }],
      repertoire_ownerships_attributes: [{ owner_name: 'X', start_date: '2026-02-01', end_date: '2026-01-01' }],
    });
    expect(wrong.status).toBe(400);
    // Every field's error at once (schema errors), each in the user's words.
    expect(wrong.body.errors).toMatchObject({
      danceability: ['Danceability must be under 1'],
      energy: ['Energy must be at least 0'],
      loudness: ['Loudness must be under 0'],
      sentiment: ['Sentiment must be a number'],
      volume: ['Volume must be at least 1'],
      'recording_identifiers_attributes.0.identifier': ['Identifier is required'],
      'repertoire_ownerships_attributes.0.end_date': ['End date must not be before the start date'],
    });
    const unknownLanguage = await api(A).post('/recordings', { title: 'Lang', language_ids: ['no-such-language'] });
    expect(unknownLanguage.body.errors).toEqual({ 'language_ids.0': ['Language not found'] });
    const overOwned = await api(A).post('/recordings', {
      title: `Over ${unique()}`,
      repertoire_ownerships_attributes: [
        { owner_name: 'One', share: 60 },
        { owner_name: 'Two', share: 50 },
      ],
    });
    expect(overOwned.body.errors).toEqual({ repertoire_ownerships_attributes: ['Share total must be under 100'] });
    expect(
      (await api(A).get('/recordings?q=Over')).body.recordings.some((r: { title: string }) =>
        r.title.startsWith('Over'),
      ),
    ).toBe(false);
  });

  it('link to songs of their own company, shown from both sides; another company’s song is not found', async () => {
    const song = (await api(B).post('/songs', { title: `Work ${unique()}` })).body.song;
    const linked = await api(B).post('/recordings', {
      title: `Of the work ${unique()}`,
      recording_songs_attributes: [{ song_id: song.id }],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body.recording.recording_songs).toMatchObject([
      { song_id: song.id, song: { id: song.id, name: song.title } },
    ]);
    // The song's side: its recordings.
    const ofSong = await api(B).get(`/recordings?song_id=${song.id}`);
    expect(ofSong.body.recordings.map((r: { id: string }) => r.id)).toEqual([linked.body.recording.id]);

    const twice = await api(B).patch(`/recordings/${linked.body.recording.id}`, {
      recording_songs_attributes: [{ song_id: song.id }],
    });
    expect(twice.body.errors).toEqual({
      'recording_songs_attributes.1.song_id': ['This song is already linked to the recording'],
    });
    const foreign = await api(A).post('/recordings', {
      title: `Foreign ${unique()}`,
      recording_songs_attributes: [{ song_id: song.id }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ 'recording_songs_attributes.0.song_id': ['Song not found'] });
    // Another company's recording is not there at all.
    expect((await api(A).get(`/recordings/${linked.body.recording.id}`)).status).toBe(404);
  });
});

describe('artists', () => {
  it('link to other artists of the company only', async () => {
    const [one, two] = await Promise.all(
      ['One', 'Two'].map(async (n) => (await api(A).post('/artists', { name: `${n} ${unique()}` })).body.artist),
    );
    const linked = await api(A).patch(`/artists/${one.id}`, { linked_ids: [two.id] });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.artist).toMatchObject({
      linked_ids: [two.id],
      linked_artists: [{ id: two.id, name: two.name }],
    });
    const other = (await api(B).post('/artists', { name: `Elsewhere ${unique()}` })).body.artist;
    const foreign = await api(A).patch(`/artists/${one.id}`, { linked_ids: [two.id, other.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ 'linked_ids.1': ['Linked artist not found'] });
    const twice = await api(A).patch(`/artists/${one.id}`, { linked_ids: [two.id, two.id] });
    expect(twice.body.errors).toEqual({ linked_ids: ['Linked artists must not list an artist twice'] });
  });
});

describe('labels', () => {
  it('keep a contract file and distribution and fulfilment agreements', async () => {
    const distributor = (
      await call('POST', '/api/v1/distributors', { token: admin, body: { name: `Depth Dist ${unique()}` } })
    ).body.distributor;
    const label = (await api(A).post('/labels', { name: `Contracted ${unique()}` })).body.label;
    expect(label).toMatchObject({ contract: null, distribution_agreements: [], fulfilment_agreements: [] });
    const pdf = Buffer.from('%PDF-1.4\n% a contract\n');
    const presigned = await api(A).post(`/labels/${label.id}/contract_upload`, {
      filename: 'deal.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
    expect(
      (await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: pdf })).status,
    ).toBe(200);
    const saved = await api(A).patch(`/labels/${label.id}`, {
      contract_key: presigned.body.key,
      distribution_agreements: [
        { distributor_id: distributor.id, contract_start_date: '2026-01-01', contract_end_date: '2028-12-31' },
      ],
      fulfilment_agreements: [{ fulfiller: 'Press & Ship Ltd', contract_start_date: '2026-03-01' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.label).toMatchObject({
      contract: { filename: 'deal.pdf', content_type: 'application/pdf', size: pdf.length },
      distribution_agreements: [
        { distributor_id: distributor.id, distributor: { id: distributor.id, name: distributor.name } },
      ],
      fulfilment_agreements: [{ fulfiller: 'Press & Ship Ltd', contract_start_date: '2026-03-01' }],
    });
    expect(saved.body.label.distribution_agreements[0].id).toEqual(expect.any(String));
    const file = await fetch(saved.body.label.contract.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    const backwards = await api(A).patch(`/labels/${label.id}`, {
      fulfilment_agreements: [{ fulfiller: 'X', contract_start_date: '2026-03-01', contract_end_date: '2026-01-01' }],
    });
    expect(backwards.body.errors).toEqual({
      'fulfilment_agreements.0.contract_end_date': ['Contract end date must not be before the contract start date'],
    });
    const unknown = await api(A).patch(`/labels/${label.id}`, {
      distribution_agreements: [{ distributor_id: 'nope' }],
    });
    expect(unknown.body.errors).toEqual({ 'distribution_agreements.0.distributor_id': ['Distributor not found'] });
    const removed = await api(A).patch(`/labels/${label.id}`, { contract_key: null });
    expect(removed.body.label.contract).toBeNull();
    expect(removed.body.label.distribution_agreements).toHaveLength(1);

    // Another company's label: not there; a member without catalogue.write: refused.
    const other = api(B);
    expect(
      (
        await other.post(`/labels/${label.id}/contract_upload`, {
          filename: 'x.pdf',
          content_type: 'application/pdf',
          size: 5,
        })
      ).status,
    ).toBe(404);
    const { token } = await newConfirmedUser('Depth Intern');
    const member = (await call('GET', '/api/v1/me', { token })).body.user.id as string;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Depth Intern Co ${Date.now()}` } })
    ).body.company.id as string;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: member, role: 'intern' }] },
    });
    const own = (await inCompany(admin, company).post('/labels', { name: 'Intern label' })).body.label;
    const intern = inCompany(token, company);
    const refusal = { status: 403, body: { message: roleRefusal('intern', 'catalogue.write') } };
    const file2 = { filename: 'x.pdf', content_type: 'application/pdf', size: 5 };
    expect(await intern.post(`/labels/${own.id}/contract_upload`, file2)).toEqual(refusal);
    expect(await intern.post('/releases/uploads', { field: 'image', ...file2, content_type: 'image/png' })).toEqual(
      refusal,
    );
  });
});
