import { beforeAll, describe, expect, it } from 'vitest';
import { call, inCompany, newConfirmedUser } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { until } from '../support/wait.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * The royalties API: a report uploaded through a presigned URL into the
 * company's drop folder is imported by the worker; the list answers its lines with sums, chart
 * and filter menus; edits, deletes, manual sales and paid states are overlays; and none of it is
 * visible or changeable from another company.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let importId: string;
const stamp = Date.now();
const retailerA = `Spotify-${stamp}`;
const retailerB = `Apple-${stamp}`;

// Six lines in GBP (the company's currency): 4 at retailer A over two periods, 2 at retailer B.
const report = (a: string, b: string) =>
  [
    'Store,Period,ISRC,Track,Artist,Units,Net,Currency,Country',
    `${a},2026-05,GBAAA2600101,Song One,Ann,10,1.25,GBP,GB`,
    `${a},2026-05,GBAAA2600102,Song Two,Ann,5,0.50,GBP,FR`,
    `${a},2026-06,GBAAA2600101,Song One,Ann,20,2.000001,GBP,GB`,
    `${a},2026-06,GBAAA2600103,Song Three,Bob,1,0.10,GBP,US`,
    `${b},2026-06,GBAAA2600101,Song One,Ann,3,0.33,GBP,GB`,
    `${b},2026-06,GBAAA2600104,Song Four,Bob,7,0.70,GBP,DE`,
  ].join('\n');
const MAP = storeMap({ territory: 'Country' });

beforeAll(async () => {
  const manager = await ownLabelManager('Royalties api');
  api = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);

  importId = await importReport(api, {
    mapName: `Store ${stamp}`,
    map: MAP,
    filename: 'may-june.csv',
    report: report(retailerA, retailerB),
  });
}, 120_000);

/**
 * The same six lines at stores named for `name`, imported on their own: the tests that change lines each change their
 * own import, so the tests that read `importId` find its six lines as imported whichever test ran before. (The same
 * file twice would be refused as a duplicate.)
 */
async function importOwnReport(name: string) {
  const [a, b] = [`Spotify-${name}-${stamp}`, `Apple-${name}-${stamp}`];
  const id = await importReport(api, {
    mapName: `Store ${name} ${stamp}`,
    map: MAP,
    filename: `${name}.csv`,
    report: report(a, b),
  });
  return { importId: id, retailerA: a };
}

describe('royalties list', () => {
  it('answers the lines with the four sums, the chart by period and the filter menus', async () => {
    const list = await api.get(`/royalties?import_id=${importId}&per_page=5`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total_count: 6, total_pages: 2, total_sum: '4.880001' });
    expect(list.body.royalties).toHaveLength(5);
    // aggregator + label = total, to the smallest unit.
    const cents = (v: string) => BigInt(v.replace('.', ''));
    expect(cents(list.body.aggregator_sum) + cents(list.body.label_sum)).toBe(cents(list.body.total_sum));
    expect(list.body.pay_periods).toEqual([
      { pay_period: '2026-05', total: '1.750000', lines: 2 },
      { pay_period: '2026-06', total: '3.130001', lines: 4 },
    ]);
    expect(list.body.retailers).toEqual(expect.arrayContaining([retailerA, retailerB]));
    expect(list.body.artists).toEqual(expect.arrayContaining(['Ann', 'Bob']));
    expect(list.body.royalties[0].sales_category).toBe('Stream');
    // None of the ISRCs is in the catalogue: every line is kept, and counted unmatched on the import.
    expect((await api.get(`/royalty_imports/${importId}`)).body.royalty_import).toMatchObject({
      filename: 'may-june.csv',
      unmatched_lines: 6,
      rejected_count: 0,
    });
    // Newest period first by default.
    expect(list.body.royalties[0].pay_period).toBe('2026-06');
  });

  it('filters by retailer, period, artist and text, and sorts', async () => {
    const byRetailer = await api.get(`/royalties?import_id=${importId}&by_retailer=${retailerB}`);
    expect(byRetailer.body).toMatchObject({ total_count: 2, total_sum: '1.030000' });
    const byPeriod = await api.get(`/royalties?import_id=${importId}&start_date=2026-05-01&end_date=2026-05-31`);
    expect(byPeriod.body).toMatchObject({ total_count: 2, total_sum: '1.750000' });
    const byArtist = await api.get(`/royalties?import_id=${importId}&by_artist=Bob`);
    expect(byArtist.body.total_count).toBe(2);
    const byText = await api.get(`/royalties?import_id=${importId}&q=song%20three`);
    expect(byText.body.royalties.map((r: { song: string }) => r.song)).toEqual(['Song Three']);
    const byIsrc = await api.get(`/royalties?import_id=${importId}&q=GB-AAA-26-00104`);
    expect(byIsrc.body.total_count).toBe(1);
    const sorted = await api.get(`/royalties?import_id=${importId}&sort_field=amount&sort_order=asc&per_page=5`);
    expect(sorted.body.royalties.map((r: { amount: string }) => r.amount).slice(0, 2)).toEqual([
      '0.100000',
      '0.330000',
    ]);
    const bad = await api.get('/royalties?start_date=last-week');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.start_date).toBeDefined();
  });

  it('asks for a label on label royalties: No Label Selected', async () => {
    const answer = await api.get('/label_royalties');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('No Label Selected');
  });

  it("names what a call lacks, or a link it cannot follow, in the user's words (never a field's key)", async () => {
    const noRelease = await api.get('/release_royalties');
    expect(noRelease.status).toBe(400);
    expect(noRelease.body).toEqual({ message: 'Release is required', errors: { release_id: ['Release is required'] } });
    const noDeliverer = await api.post('/royalties/deliverer_pay_periods', { delivered_by: ' ' });
    expect(noDeliverer.status).toBe(400);
    expect(noDeliverer.body.errors).toEqual({ delivered_by: ['Delivered by is required'] });
    const [line] = (await api.get(`/royalties?import_id=${importId}`)).body.royalties as { id: string }[];
    const elsewhere = await api.patch(`/royalties/${line.id}`, { royalty: { label_id: 'no-such-label' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual({ label_id: ['Label not found in this company'] });
    // A report's upload says its limit as people read sizes, not a count of bytes.
    const tooBig = await api.post('/royalties/bulk', { filename: ' ', size: 6_000_000_000, source_id: 'any' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors).toEqual({ filename: ['Filename is required'], size: ['Size must be under 5.0 GB'] });
  });
});

describe('exchange rates', () => {
  it('refuses what the rate form refuses, in its words: a currency into itself, a rate that is not positive', async () => {
    const rate = { distributor: `Rates ${stamp}`, payment_date: '2026-06-30', original_currency: 'USD' };
    const same = await api.post('/exchange_rates', { ...rate, target_currency: 'usd', rate: '1' });
    expect(same.status).toBe(400);
    expect(same.body.errors).toEqual({ target_currency: ['Choose a different currency to convert into'] });
    const zero = await api.post('/exchange_rates', { ...rate, target_currency: 'GBP', rate: '0.000' });
    expect(zero.body.errors).toEqual({ rate: ['Rate must be a positive number with at most 6 decimal places'] });
    const added = await api.post('/exchange_rates', { ...rate, target_currency: 'GBP', rate: '0.79' });
    expect(added.status).toBe(201);
    expect((await api.del(`/exchange_rates/${added.body.exchange_rate.id}`)).status).toBe(200);
  });
});

describe('changing royalties', () => {
  it('marks lines paid and artist paid by ids and by filter, the newest change winning', async () => {
    const { importId, retailerA } = await importOwnReport('paid-states');
    const lines = (await api.get(`/royalties?import_id=${importId}&sort_field=line&sort_order=asc`)).body.royalties as {
      id: string;
    }[];
    const paid = await api.patch('/royalties/mark_as_paid', { ids: [lines[0].id, lines[1].id] });
    expect(paid.body.updated).toBe(2);
    expect((await api.get(`/royalties?import_id=${importId}&state=paid`)).body.total_count).toBe(2);

    await api.patch('/royalties/mark_as_paid', { filter: { import_id: importId, by_retailer: retailerA } });
    expect((await api.get(`/royalties?import_id=${importId}&state=paid`)).body).toMatchObject({
      total_count: 4,
      total_sum: '3.850001',
    });
    await api.patch('/royalties/mark_as_unpaid', { ids: [lines[0].id] });
    expect((await api.get(`/royalties?import_id=${importId}&state=unpaid`)).body.total_count).toBe(3);

    await api.patch('/royalties/mark_as_artist_paid', { filter: { import_id: importId } });
    expect((await api.get(`/royalties?import_id=${importId}&state=artist_unpaid`)).body.total_count).toBe(0);
    await api.patch('/royalties/mark_as_artist_unpaid', { filter: { import_id: importId, by_artist: 'Bob' } });
    expect((await api.get(`/royalties?import_id=${importId}&state=artist_unpaid`)).body.total_count).toBe(2);

    const bad = await api.patch('/royalties/mark_as_paid', { ids: ['not an id'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.ids).toBeDefined();
  });

  it('edits a line (Royalty Updated), deletes one, and adds a manual sale (Royalty Added)', async () => {
    const { importId } = await importOwnReport('edits');
    const lines = (await api.get(`/royalties?import_id=${importId}&sort_field=line&sort_order=asc`)).body.royalties as {
      id: string;
      amount: string;
    }[];
    const edited = await api.patch(`/royalties/${lines[2].id}`, { royalty: { territory: 'ie', amount: '3.000001' } });
    expect(edited.body).toMatchObject({
      message: 'Royalty Updated',
      royalty: { territory: 'IE', amount: '3.000001', edited: true },
    });
    expect((await api.get(`/royalties/${lines[2].id}`)).body.royalty.territory).toBe('IE');
    const badEdit = await api.patch(`/royalties/${lines[2].id}`, { royalty: { amount: 'lots' } });
    expect(badEdit.status).toBe(400);
    expect(badEdit.body.errors['royalty.amount']).toBeDefined();
    // Emptying: null empties a description or identifier; setting it again brings a value back; a line's money cannot be emptied.
    const before = (await api.get(`/royalties/${lines[2].id}`)).body.royalty;
    expect(before.isrc).toBeTruthy();
    const emptied = await api.patch(`/royalties/${lines[2].id}`, { royalty: { isrc: null, territory: null } });
    expect(emptied.body).toMatchObject({
      message: 'Royalty Updated',
      royalty: { isrc: null, territory: null, amount: '3.000001' },
    });
    const again = await api.patch(`/royalties/${lines[2].id}`, { royalty: { territory: 'fr' } });
    expect(again.body.royalty).toMatchObject({ isrc: null, territory: 'FR', amount: '3.000001' });
    expect(
      (await api.patch(`/royalties/${lines[2].id}`, { royalty: { amount: null } })).body.errors['royalty.amount'],
    ).toBeDefined();

    expect((await api.del(`/royalties/${lines[5].id}`)).status).toBe(200);
    expect((await api.get(`/royalties/${lines[5].id}`)).status).toBe(404);
    // 4.880001 + 1 (edit) − 0.70 (deleted)
    expect((await api.get(`/royalties?import_id=${importId}`)).body).toMatchObject({
      total_count: 5,
      total_sum: '5.180001',
    });

    const sale = await api.post('/royalties', {
      royalty: {
        pay_period: '2026-07',
        retailer: `Shop-${Date.now()}`,
        subtotal_payable: '12.5',
        currency: 'gbp',
        quantity: 2,
        song: 'Live',
        territory: 'GB',
      },
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({
      message: 'Royalty Added',
      royalty: { amount: '12.500000', manual: true, pay_period: '2026-07' },
    });
    const withSale = await api.get(`/royalties?by_retailer=${sale.body.royalty.retailer}`);
    expect(withSale.body).toMatchObject({ total_count: 1, total_sum: '12.500000' });

    const noRate = await api.post('/royalties', {
      royalty: { pay_period: '2026-07', retailer: 'Shop', subtotal_payable: '1', currency: 'JPY' },
    });
    expect(noRate.status).toBe(400);
    expect(noRate.body.errors.currency).toBeDefined();
    const missing = await api.post('/royalties', {
      royalty: { retailer: 'Shop', subtotal_payable: '1', currency: 'GBP' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors['royalty.pay_period']).toBeDefined();
  });
});

describe('a manual sale of a catalogue recording', () => {
  it('takes its release, label and words from the catalogue where left blank, and the label’s deal', async () => {
    const label = (await api.post('/labels', { name: `Sale Label ${stamp}`, deal_percentage: 60 })).body.label;
    const track = (await api.post('/recordings', { title: `Sold Track ${stamp}`, isrc: 'GBSAL2600001' })).body
      .recording;
    const release = (
      await api.post('/releases', {
        title: `Sold EP ${stamp}`,
        upc: '5012345678900',
        label_id: label.id,
        release_recordings_attributes: [{ recording_id: track.id }],
      })
    ).body.release;
    const sale = await api.post('/royalties', {
      royalty: {
        pay_period: '2026-07',
        retailer: `Merch-${stamp}`,
        subtotal_payable: '10.00',
        currency: 'GBP',
        recording_id: track.id,
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.royalty).toMatchObject({
      recording_id: track.id,
      release_id: release.id,
      label_id: label.id,
      song: `Sold Track ${stamp}`,
      album: `Sold EP ${stamp}`,
      isrc: 'GBSAL2600001',
      upc: '5012345678900',
      label_name: `Sale Label ${stamp}`,
      amount: '10.000000',
      // The label's 60 % deal, not the company's.
      label_payable: '6.000000',
    });
    // What the user typed stands.
    const typed = await api.post('/royalties', {
      royalty: {
        pay_period: '2026-07',
        retailer: `Merch-${stamp}`,
        subtotal_payable: '1.00',
        currency: 'GBP',
        recording_id: track.id,
        song: 'Live at the Hall',
      },
    });
    expect(typed.body.royalty).toMatchObject({ song: 'Live at the Hall', release_id: release.id });
  });

  it('of a label alone is listed under the label’s name', async () => {
    const label = (await api.post('/labels', { name: `Label Sale ${stamp}` })).body.label;
    const sale = await api.post('/royalties', {
      royalty: {
        pay_period: '2026-07',
        retailer: `Shop-${stamp}`,
        subtotal_payable: '2.00',
        currency: 'GBP',
        label_id: label.id,
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.royalty).toMatchObject({ label_id: label.id, label_name: `Label Sale ${stamp}` });
  });
});

describe('DDEX DSR reports', () => {
  it('are read without a map, and flagged when the footer disagrees with the lines', async () => {
    const tsv = (records: string[][]) => `${records.map((r) => r.join('\t')).join('\n')}\n`;
    const dsr = tsv([
      [
        'HEAD',
        'dsrf/1.1.2/1.6/1.0',
        'BasicAudioProfile',
        '1.4',
        'MSG-1',
        '2026-05-15T03:15:00Z',
        '1',
        '1',
        '2026-04-01',
        '2026-04-30',
        'PADPIDA2010000001X',
        'Streamio',
        'StreamioPremium',
        'PADPIDA2020000002Y',
        'Northern Lights Records',
      ],
      [
        'SY01.03',
        'SUM-1',
        'Streamio',
        'PADPIDA2010000001X',
        'SubscriptionModel',
        'OnDemandStream',
        'GB',
        'StreamioPremium',
        '300',
        '1200',
        'GBP',
        '1.00',
      ],
      [
        'RE01.03',
        'B1',
        'R1',
        'DSP-REL-1',
        '',
        'NLR001',
        '5060000000016',
        'Ada',
        '',
        'Night Songs',
        '',
        'Album',
        'Northern Lights',
      ],
      ['AS02.04', 'B1', 'A1', 'DSP-RES-1', 'GBAAA2600001', 'First Light', '', 'Ada', '', 'PT3M', 'SoundRecording'],
      ['SU02.03', 'B1', 'SUM-1', 'T1', '', 'A1', 'true', '300', '', '', 'OnDemandStream'],
      ['FOOT', '9', '9', '1', '1', '1'],
    ]);
    const sourceId = (await api.get('/royalty_maps')).body.royalty_maps[0].id;
    const upload = await api.post('/royalties/bulk', {
      filename: 'streamio.tsv',
      size: Buffer.byteLength(dsr),
      source_id: sourceId,
    });
    expect((await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: dsr })).status).toBe(200);
    const done = await until(
      async () =>
        (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
          (i: { filename: string; status: string }) => i.filename.endsWith('streamio.tsv') && i.status !== 'processing',
        ),
      60_000,
    );
    expect(done).toMatchObject({
      status: 'done',
      flagged: true,
      problems: ['The footer says 9 lines; the file has 6.'],
    });
    const lines = await api.get(`/royalties?import_id=${done.id}`);
    expect(lines.body).toMatchObject({
      total_count: 1,
      total_sum: '1.000000',
      retailers: expect.arrayContaining(['Streamio']),
    });
  });
});

describe('another company', () => {
  it('sees none of the lines, imports, maps or sums, and cannot change them', async () => {
    const line = (await api.get(`/royalties?import_id=${importId}`)).body.royalties[0] as { id: string };
    const theirs = await other.get('/royalties?per_page=1000');
    expect(theirs.status).toBe(200);
    expect(theirs.body.royalties.some((r: { import_id: string }) => r.import_id === importId)).toBe(false);
    expect(theirs.body.retailers).not.toContain(retailerA);
    expect((await other.get(`/royalties?import_id=${importId}`)).body).toMatchObject({
      total_count: 0,
      total_sum: '0.000000',
    });
    expect((await other.get(`/royalties/${line.id}`)).status).toBe(404);
    expect((await other.patch(`/royalties/${line.id}`, { royalty: { territory: 'US' } })).status).toBe(404);
    expect((await other.del(`/royalties/${line.id}`)).status).toBe(404);
    expect((await other.patch('/royalties/mark_as_paid', { ids: [line.id] })).body.updated).toBe(0);
    expect((await api.get(`/royalties/${line.id}`)).body.royalty.territory).not.toBe('US');
    expect((await other.get(`/royalty_imports/${importId}`)).status).toBe(404);
    expect((await other.del(`/royalty_imports/${importId}`)).status).toBe(404);
    expect(
      (await other.get('/royalty_imports')).body.royalty_imports.some((i: { id: string }) => i.id === importId),
    ).toBe(false);
    const maps = (await api.get('/royalty_maps')).body.royalty_maps as { id: string }[];
    expect((await other.get(`/royalty_maps/${maps[0].id}`)).status).toBe(404);
    expect((await other.post('/royalties/bulk', { filename: 'x.csv', size: 10, source_id: maps[0].id })).status).toBe(
      400,
    );

    // A user of neither company is refused outright.
    const stranger = await newConfirmedUser('Royalty Stranger');
    const refused = await call('GET', '/api/v1/royalties', {
      token: stranger.token,
      company: (await ownLabelManager('Royalties api')).distributed.id,
    });
    expect(refused.status).toBe(403);
  });
});
