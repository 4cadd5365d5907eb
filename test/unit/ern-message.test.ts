import fc from 'fast-check';
import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { buildNewReleaseMessage, type BuildOptions } from '../../functions/deliveries/ern/build-message.js';
import { ernParty, PLACEHOLDER_DPID, senderParty } from '../../functions/deliveries/ern/message-parties.js';
import { resourceReferences } from '../../functions/deliveries/ern/references.js';
import type { ErnRelease } from '../../functions/deliveries/ern/types.js';
import { validateErn } from '../../functions/deliveries/ern/validate.js';
import { escapeXml } from '../../functions/deliveries/ern/xml.js';
import { ernRelease, ernTrack, TEST_RECIPIENT, TEST_SENDER } from '../support/ern-release.js';

const NS = { ern: 'http://ddex.net/xml/ern/43' };
const CREATED = '2026-11-24T13:00:00Z';
const options = (action: BuildOptions['action'] = 'insert', extra: Partial<BuildOptions> = {}): BuildOptions => ({
  action,
  messageId: 'DLV-1',
  createdAt: CREATED,
  sender: TEST_SENDER,
  recipient: TEST_RECIPIENT,
  ...extra,
});

/** The message, after checking it validates against the ERN 4.3 schema. */
async function validMessage(release: ErnRelease, opts = options()): Promise<string> {
  const xml = buildNewReleaseMessage(release, opts);
  expect(await validateErn(xml)).toEqual({ valid: true });
  return xml;
}

/** The text of every node an XPath finds in the message. */
function texts(xml: string, xpath: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.find(xpath, NS).map((node) => node.content);
  } finally {
    doc.dispose();
  }
}

describe('ERN 4.3 NewReleaseMessage: every message validates against the schema', () => {
  it('a one-track release is a Simple Audio Single: the main release only, no track releases', async () => {
    const xml = await validMessage(ernRelease(1));
    expect(texts(xml, '/ern:NewReleaseMessage/@ReleaseProfileVersionId')).toEqual(['SimpleAudioSingle']);
    expect(texts(xml, '//ReleaseList/Release/ReleaseType')).toEqual(['Single']);
    expect(texts(xml, '//TrackRelease')).toHaveLength(0);
    expect(texts(xml, '//DealList/ReleaseDeal/DealReleaseReference')).toEqual(['R0']);
  });

  it('a 40-track album lists 40 sound recordings in order, 40 track releases and the cover', async () => {
    const xml = await validMessage(ernRelease(40));
    expect(texts(xml, '/ern:NewReleaseMessage/@ReleaseProfileVersionId')).toEqual(['Audio']);
    expect(texts(xml, '//ReleaseList/Release/ReleaseType')).toEqual(['Album']);
    expect(texts(xml, '//SoundRecording/ResourceReference')).toEqual(Array.from({ length: 40 }, (_, i) => `A${i + 1}`));
    expect(texts(xml, '//TrackRelease/ReleaseReference')).toHaveLength(40);
    expect(texts(xml, '//Image/Type')).toEqual(['FrontCoverImage']);
    expect(texts(xml, '//Release/ResourceGroup/LinkedReleaseResourceReference')).toEqual(['A41']);
  });

  it('several volumes: one resource sub-group per volume, tracks ordered by volume then position', async () => {
    const tracks = [
      ernTrack(3, { discNumber: 2, position: 1 }),
      ernTrack(1),
      ernTrack(2, { discNumber: 3, position: 1 }),
    ];
    const xml = await validMessage(ernRelease(0, { tracks }));
    expect(texts(xml, '//Release/ResourceGroup/ResourceGroup/SequenceNumber')).toEqual(['1', '2', '3']);
    expect(texts(xml, '//SoundRecording/SoundRecordingEdition/ResourceId/ISRC')).toEqual([
      'GBAAA2600001',
      'GBAAA2600003',
      'GBAAA2600002',
    ]);
  });

  it('featured artists are FeaturedArtist, other roles carry their artistic role', async () => {
    const artists = [
      { id: 'a1', name: 'Main One', role: 'Main' },
      { id: 'a2', name: 'Guest', role: 'Featuring' },
      { id: 'a3', name: 'Mixer', role: 'Remixer' },
    ];
    const release = ernRelease(2, { artists, displayArtist: 'Main One feat. Guest' });
    release.tracks[0] = { ...release.tracks[0], artists, displayArtist: 'Main One feat. Guest' };
    const xml = await validMessage(release);
    expect(texts(xml, '//Release/DisplayArtist/DisplayArtistRole')).toEqual(['MainArtist', 'FeaturedArtist', 'Artist']);
    expect(texts(xml, '//Release/DisplayArtist/ArtisticRole')).toEqual(['Remixer']);
    expect(texts(xml, '//Release/DisplayArtistName')).toEqual(['Main One feat. Guest']);
    // Each artist is one party, however many records name it.
    expect(texts(xml, '//PartyList/Party/PartyName/FullName').filter((n) => n === 'Guest')).toHaveLength(1);
  });

  it('no territories means Worldwide', async () => {
    const xml = await validMessage(ernRelease(3));
    expect(new Set(texts(xml, '//DealTerms/TerritoryCode'))).toEqual(new Set(['Worldwide']));
  });

  it('excluded territories: worldwide less them, or the listed territories less them', async () => {
    const excluded = await validMessage(ernRelease(3, { excludedTerritories: ['US', 'CA'] }));
    expect(texts(excluded, '//DealTerms/TerritoryCode')).toEqual([]);
    expect(new Set(texts(excluded, '//DealTerms/ExcludedTerritoryCode'))).toEqual(new Set(['US', 'CA']));
    const listed = await validMessage(ernRelease(3, { territories: ['GB', 'FR', 'DE'], excludedTerritories: ['FR'] }));
    expect(new Set(texts(listed, '//DealTerms/TerritoryCode'))).toEqual(new Set(['GB', 'DE']));
  });

  it('a release sold nowhere (every listed territory excluded) has no deals: no deal is no availability', async () => {
    const xml = await validMessage(ernRelease(2, { territories: ['GB'], excludedTerritories: ['GB'] }));
    expect(texts(xml, '//DealList')).toHaveLength(0);
  });

  it('a pre-order date adds a pre-order deal from that date to the day before the release date', async () => {
    const release = ernRelease(5, { deal: { ...ernRelease().deal, preOrderDate: '2026-11-20' } });
    const xml = await validMessage(release);
    const preorder = '//ReleaseDeal/Deal/DealTerms[IsPreOrderDeal="true"]';
    expect(texts(xml, `${preorder}/ValidityPeriod/StartDate`)).toEqual(['2026-11-20']);
    // 4.3's dates are inclusive: ending on the release date (2026-12-04) would overlap the release-date deals.
    expect(texts(xml, `${preorder}/ValidityPeriod/EndDate`)).toEqual(['2026-12-03']);
    const released = texts(xml, '//DealTerms[not(IsPreOrderDeal)]/ValidityPeriod/StartDate');
    expect(new Set(released)).toEqual(new Set(['2026-12-04']));
    // A pre-order opened the day before release is a one-day period, start and end the same day.
    const lastMinute = ernRelease(2, { deal: { ...ernRelease().deal, preOrderDate: '2026-12-03' } });
    const oneDay = await validMessage(lastMinute);
    expect(texts(oneDay, `${preorder}/ValidityPeriod/StartDate`)).toEqual(['2026-12-03']);
    expect(texts(oneDay, `${preorder}/ValidityPeriod/EndDate`)).toEqual(['2026-12-03']);
    expect(texts(xml, `${preorder}/UseType`)).toEqual(['PermanentDownload']);
  });

  it('prices: the tier as price code and the wholesale price in the currency', async () => {
    const xml = await validMessage(ernRelease(2));
    expect(texts(xml, '//PriceInformation/PriceCode')).toEqual(['Front']);
    expect(texts(xml, '//PriceInformation/WholesalePricePerUnit')).toEqual(['5.99']);
    expect(texts(xml, '//PriceInformation/WholesalePricePerUnit/@CurrencyCode')).toEqual(['GBP']);
  });

  it('a takedown restates the release with every deal ended the day before the message (ERN 4.3 clause 6.19.4)', async () => {
    const insert = await validMessage(ernRelease(4));
    const takedown = await validMessage(ernRelease(4), options('takedown'));
    const deals = texts(takedown, '//Deal').length;
    expect(deals).toBe(texts(insert, '//Deal').length);
    expect(texts(takedown, '//Deal/DealTerms/ValidityPeriod/EndDate')).toEqual(Array(deals).fill('2026-11-23'));
    expect(texts(insert, '//Deal/DealTerms/ValidityPeriod/EndDate')).toEqual([]);
    // A release taken down before its store date: its deals start and end in the past.
    expect(texts(takedown, '//Deal/DealTerms/ValidityPeriod/StartDate')).toEqual(Array(deals).fill('2026-11-23'));
    // A release on sale since January keeps its start date and ends yesterday.
    const onSale = ernRelease(4, { deal: { ...ernRelease().deal, releaseDate: '2026-01-09' } });
    const live = await validMessage(onSale, options('takedown'));
    expect(new Set(texts(live, '//Deal/DealTerms/ValidityPeriod/StartDate'))).toEqual(new Set(['2026-01-09']));
    expect(new Set(texts(live, '//Deal/DealTerms/ValidityPeriod/EndDate'))).toEqual(new Set(['2026-11-23']));
  });

  it('an update is a full NewReleaseMessage restating every deal (ERN 4 has no update flag)', async () => {
    const insert = await validMessage(ernRelease(4));
    const update = await validMessage(ernRelease(4), options('update', { messageId: 'DLV-2' }));
    expect(update.replaceAll('DLV-2', 'DLV-1')).toBe(insert);
  });

  it('odd releases still validate: no cover, no audio, no artists, no genre, no UPC, no lines', async () => {
    const bare = ernRelease(0, {
      coverArt: null,
      artists: [],
      displayArtist: '',
      genre: undefined,
      upc: undefined,
      catalogueNumber: undefined,
      pLine: undefined,
      cLine: undefined,
      releaseDate: undefined,
      compilation: true,
      explicit: true,
      deal: { streaming: true, download: false },
      tracks: [
        ernTrack(1, {
          audio: null,
          isrc: undefined,
          artists: [],
          displayArtist: '',
          contributors: [],
          rightsholders: [],
        }),
        ernTrack(2, { durationMs: 0, previewStartSeconds: undefined, language: undefined, versionTitle: 'Radio Edit' }),
      ],
    });
    const xml = await validMessage(bare);
    expect(texts(xml, '//Release/ReleaseId/ProprietaryId')).toEqual(['rel1']);
    expect(texts(xml, '//Release/Genre/GenreText')).toEqual(['Unknown']);
    expect(texts(xml, '//Release/DisplayArtistName')).toEqual(['Unknown Artist']);
    expect(texts(xml, '//SoundRecording/DisplayTitleText')).toEqual(['Track 1', 'Track 2 (Radio Edit)']);
    // Deals start on the message's date when the release has none.
    expect(new Set(texts(xml, '//Deal/DealTerms/ValidityPeriod/StartDate'))).toEqual(new Set(['2026-11-24']));
  });

  it('the delivery names and hashes the batch files by resource reference', async () => {
    const release = ernRelease(2);
    const refs = resourceReferences(release);
    expect(refs.map((r) => `${r.reference}:${r.kind}`)).toEqual(['A1:audio', 'A2:audio', 'A3:image']);
    const hash = { algorithm: 'MD5' as const, value: 'db7dd2f3bb9b322646e3f4d7b65b47ab' };
    const xml = await validMessage(
      release,
      options('insert', { fileNames: { A1: 'resources/one.flac', A3: 'resources/cover.jpg' }, hashes: { A3: hash } }),
    );
    expect(texts(xml, '//File/URI')).toEqual([
      'resources/one.flac',
      release.tracks[1].audio?.fileName,
      'resources/cover.jpg',
    ]);
    expect(texts(xml, '//Image//File/HashSum/HashSumValue')).toEqual([hash.value]);
    expect(texts(xml, '//Image//File/HashSum/Algorithm')).toEqual(['MD5']);
  });
});

describe('ERN text: escaped, and characters XML cannot carry replaced', () => {
  const odd = ['Rock & Roll <Live> "Quoted" \'Single\'', '🎸🔥 Émoji 🇬🇧', 'مرحبا بالعالم', 'שלום', '中文标题'];

  it('emoji, right-to-left text and & < > " \' come back exactly as written', async () => {
    for (const title of odd) {
      const release = ernRelease(2, { title, displayArtist: title, label: { id: 'l1', name: title } });
      const xml = await validMessage(release);
      expect(texts(xml, '//Release/DisplayTitle/TitleText')).toEqual([title]);
      expect(texts(xml, '//Release/DisplayArtistName')).toEqual([title]);
    }
  });

  it('a lone surrogate or a control character is replaced by U+FFFD, never written as broken XML', async () => {
    const title = `A\uD83Dlone\u0001 and \uDC00 end`;
    const xml = await validMessage(ernRelease(1, { title }));
    expect(texts(xml, '//Release/DisplayTitle/TitleText')).toEqual(['A\uFFFDlone\uFFFD and \uFFFD end']);
    expect(escapeXml('🎸')).toBe('🎸');
    expect(escapeXml('a&b<c>"\'')).toBe('a&amp;b&lt;c&gt;&quot;&apos;');
  });
});

describe('message parties', () => {
  it('a DPID is sent only in its DDEX form; anything else is the placeholder', async () => {
    expect(ernParty(' Demo DSP ', 'padpida2007050901u')).toEqual({ dpid: 'PADPIDA2007050901U', name: 'Demo DSP' });
    expect(ernParty('Demo DSP', 'not-a-dpid')).toEqual({ dpid: PLACEHOLDER_DPID, name: 'Demo DSP' });
    expect(ernParty('  ')).toEqual({ dpid: PLACEHOLDER_DPID, name: 'Unknown' });
    const saved = process.env.DDEX_SENDER_DPID;
    process.env.DDEX_SENDER_DPID = 'PADPIDA2026112401A';
    try {
      expect(senderParty('Aurora Records')).toEqual({ dpid: 'PADPIDA2026112401A', name: 'Aurora Records' });
    } finally {
      if (saved === undefined) delete process.env.DDEX_SENDER_DPID;
      else process.env.DDEX_SENDER_DPID = saved;
    }
    const xml = await validMessage(ernRelease(1), options('insert', { recipient: ernParty('Demo DSP') }));
    expect(texts(xml, '//MessageRecipient/PartyId')).toEqual([PLACEHOLDER_DPID]);
  });
});

describe('validateErn', () => {
  it('a message that breaks the schema names its first error with the line', async () => {
    const xml = buildNewReleaseMessage(ernRelease(2), options()).replace(
      '<ReleaseType>Single</ReleaseType>',
      '<ReleaseType>Singel</ReleaseType>',
    );
    const result = await validateErn(xml);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.firstError).toMatch(/^line \d+: /);
    expect(result.firstError).toContain('ReleaseType');
    expect(result.firstError).toContain('Singel');
  });

  it('a value outside an allowed value set is named without the whole set', async () => {
    const xml = buildNewReleaseMessage(ernRelease(2), options()).replaceAll(
      '<TerritoryCode>Worldwide</TerritoryCode>',
      '<TerritoryCode>ZZ</TerritoryCode>',
    );
    const result = await validateErn(xml);
    expect(result).toMatchObject({ valid: false });
    if (result.valid) return;
    expect(result.firstError).toMatch(/^line \d+: Element 'TerritoryCode': .*'ZZ' is not an allowed value\.?$/);
    expect(result.firstError.length).toBeLessThan(200);
  });

  it('a message missing a required element is refused, naming it', async () => {
    const xml = buildNewReleaseMessage(ernRelease(2), options()).replace(/<MessageId>DLV-1<\/MessageId>/, '');
    const result = await validateErn(xml);
    expect(result).toMatchObject({ valid: false, firstError: expect.stringContaining('MessageId') });
  });

  it('text that is not XML is refused as not well-formed', async () => {
    const result = await validateErn('<ern:NewReleaseMessage><unclosed>');
    expect(result).toMatchObject({ valid: false, firstError: expect.stringContaining('not well-formed') });
  });
});

describe('property: random releases always make a valid message', () => {
  const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
  // Any UTF-16 code unit: lone surrogates, control characters, U+FFFE …
  const raw = fc
    .string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 20 })
    .map((s) => `x${s}`);
  // Codes the schema does not know ('ZZ', 'EU') and lower case come from older or imported data.
  const country = fc.constantFrom('GB', 'US', 'FR', 'DE', 'JP', 'BR', 'NG', 'IN', 'AU', 'CA', 'ZZ', 'EU', 'gb');
  const date = fc
    .date({ min: new Date('2000-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const oddDate = fc.oneof(date, fc.constantFrom('2026-02-30', '2026-13-01', 'soon', ''));
  const role = fc.constantFrom('Main', 'Featuring', 'Remixer', 'Producer', 'With', 'Vs', 'Composer', 'Conductor');
  const artist = fc.record({ id: fc.constantFrom('a1', 'a2', 'a3', 'a4'), name: fc.oneof(text, raw), role });
  const track = fc.record({
    n: fc.integer({ min: 1, max: 999 }),
    title: fc.oneof(text, raw),
    artists: fc.array(artist, { maxLength: 3 }),
    discNumber: fc.integer({ min: 1, max: 4 }),
    position: fc.integer({ min: 1, max: 60 }),
    durationMs: fc.integer({ min: 0, max: 4 * 3_600_000 }),
    audio: fc.boolean(),
    explicit: fc.boolean(),
    versionTitle: fc.option(text, { nil: undefined }),
    language: fc.option(fc.oneof(fc.constantFrom('en', 'fr', 'yue', 'zh-Hant', 'es-419'), raw), { nil: undefined }),
    instantGratification: fc.boolean(),
  });
  const release = fc.record({
    title: fc.oneof(text, raw),
    tracks: fc.array(track, { minLength: 1, maxLength: 12 }),
    territories: fc.uniqueArray(country, { maxLength: 4 }),
    excluded: fc.uniqueArray(country, { maxLength: 3 }),
    releaseDate: fc.option(oddDate, { nil: undefined }),
    preOrderDate: fc.option(oddDate, { nil: undefined }),
    currency: fc.constantFrom('GBP', 'EUR', 'usd', 'XYZ', ''),
    wholesale: fc.constantFrom('0.99', '12', '1e3', '-1', ''),
    year: fc.integer({ min: -5, max: 20_000 }),
    streaming: fc.boolean(),
    download: fc.boolean(),
    cover: fc.boolean(),
    upc: fc.option(fc.stringMatching(/^\d{12,13}$/), { nil: undefined }),
    language: fc.oneof(fc.constantFrom('en', 'ja-Jpan', 'pt-BR'), raw),
    action: fc.constantFrom('insert', 'update', 'takedown') as fc.Arbitrary<BuildOptions['action']>,
    releaseTime: fc.option(fc.oneof(fc.constantFrom('00:00', '12:30', '23:59', '24:00'), raw), { nil: undefined }),
    // The receiving store's terms (its DSP record), or none: every deal the release has.
    store: fc.option(
      fc.record({
        preOrder: fc.boolean(),
        instantGratification: fc.boolean(),
        timedRelease: fc.boolean(),
        genreMap: fc.dictionary(fc.constantFrom('pop', 'indie pop', 'rock'), fc.oneof(text, raw)),
      }),
      { nil: undefined },
    ),
  });

  it('validates for any shape, text, territory set, dates and action', async () => {
    await fc.assert(
      fc.asyncProperty(release, async (r) => {
        const input = ernRelease(0, {
          title: r.title,
          language: r.language,
          upc: r.upc,
          pLine: { year: r.year, text: '℗ Label' },
          originalReleaseDate: r.preOrderDate,
          territories: r.territories,
          excludedTerritories: r.excluded,
          releaseDate: r.releaseDate,
          coverArt: r.cover ? ernRelease().coverArt : null,
          deal: {
            releaseDate: r.releaseDate,
            preOrderDate: r.preOrderDate,
            releaseTime: r.releaseTime,
            priceTier: 'Mid',
            currency: r.currency,
            wholesalePrice: r.wholesale,
            streaming: r.streaming,
            download: r.download,
          },
          tracks: r.tracks.map((t, i) =>
            ernTrack(i + 1, {
              title: t.title,
              artists: t.artists,
              displayArtist: t.artists.map((a) => a.name).join(' & '),
              discNumber: t.discNumber,
              position: t.position,
              durationMs: t.durationMs,
              explicit: t.explicit,
              versionTitle: t.versionTitle,
              language: t.language,
              instantGratification: t.instantGratification,
              ...(t.audio ? {} : { audio: null }),
            }),
          ),
        });
        const result = await validateErn(buildNewReleaseMessage(input, options(r.action, { store: r.store })));
        expect(result).toEqual({ valid: true });
      }),
      { numRuns: 150 },
    );
  });
});
