import fc from 'fast-check';
import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { badGenreMapLines, genreMapMessage, parseGenreMap } from '../../shared/dsp-terms.js';
import { releaseInput } from '../../shared/schemas/catalogue.js';
import { dspInput } from '../../shared/schemas/reference.js';
import { buildNewReleaseMessage, type BuildOptions } from '../../functions/deliveries/ern/build-message.js';
import type { ErnRelease, ErnStoreTerms } from '../../functions/deliveries/ern/types.js';
import { validateErn } from '../../functions/deliveries/ern/validate.js';
import { recipientOf, storeTermsOf } from '../../functions/deliveries/store-terms.js';
import { ernRelease, ernTrack, TEST_RECIPIENT, TEST_SENDER } from '../support/ern-release.js';

const CREATED = '2026-11-24T13:00:00Z';
const STORE: ErnStoreTerms = { preOrder: true, instantGratification: true, timedRelease: true, genreMap: {} };
const options = (store: ErnStoreTerms | undefined, action: BuildOptions['action'] = 'insert'): BuildOptions => ({
  action,
  messageId: 'DLV-1',
  createdAt: CREATED,
  sender: TEST_SENDER,
  recipient: TEST_RECIPIENT,
  store,
});

async function validMessage(release: ErnRelease, opts: BuildOptions): Promise<string> {
  const xml = buildNewReleaseMessage(release, opts);
  expect(await validateErn(xml)).toEqual({ valid: true });
  return xml;
}

function texts(xml: string, xpath: string): string[] {
  const doc = XmlDocument.fromString(xml);
  try {
    return doc.find(xpath, { ern: 'http://ddex.net/xml/ern/43' }).map((node) => node.content);
  } finally {
    doc.dispose();
  }
}

/** A five-track album on pre-order from 20 November, tracks 2 and 4 instant-gratification ones. */
const preOrderAlbum = (extra: Partial<ErnRelease['deal']> = {}) =>
  ernRelease(5, {
    deal: { ...ernRelease().deal, preOrderDate: '2026-11-20', ...extra },
    tracks: [1, 2, 3, 4, 5].map((n) => ernTrack(n, { instantGratification: n === 2 || n === 4 })),
  });
const PREORDER = '//ReleaseDeal/Deal/DealTerms[IsPreOrderDeal="true"]';

describe("ERN deal terms follow the store's DSP record", () => {
  it('a store without pre-orders gets no pre-order deal, no instant tracks and no visibility date', async () => {
    const xml = await validMessage(preOrderAlbum(), options({ ...STORE, preOrder: false }));
    expect(texts(xml, PREORDER)).toHaveLength(0);
    expect(texts(xml, '//InstantGratificationResourceList')).toHaveLength(0);
    expect(texts(xml, '//ReleaseVisibility')).toHaveLength(0);
    expect(texts(xml, '//Release/ReleaseVisibilityReference')).toHaveLength(0);
    // The ordinary deals still start on the release date.
    expect(new Set(texts(xml, '//DealTerms/ValidityPeriod/StartDate'))).toEqual(new Set(['2026-12-04']));
  });

  it('a store with pre-orders and instant gratification: the IG tracks are listed and sold from the pre-order date', async () => {
    const xml = await validMessage(preOrderAlbum(), options({ ...STORE, timedRelease: false }));
    expect(texts(xml, `${PREORDER}/ValidityPeriod/StartDate`)).toEqual(['2026-11-20']);
    expect(texts(xml, `${PREORDER}/InstantGratificationResourceList/DealResourceReference`)).toEqual(['A2', 'A4']);
    // The IG tracks' own releases (R2, R4) have a download deal from the pre-order date to the day before the
    // release date, when their release-date deals take over (4.3's dates are inclusive).
    const instant = '//ReleaseDeal[not(DealReleaseReference="R1")][DealReleaseReference="R2"]';
    expect(texts(xml, `${instant}/DealReleaseReference`)).toEqual(['R2', 'R4']);
    expect(texts(xml, `${instant}/Deal/DealTerms/ValidityPeriod/StartDate`)).toEqual(['2026-11-20']);
    expect(texts(xml, `${instant}/Deal/DealTerms/ValidityPeriod/EndDate`)).toEqual(['2026-12-03']);
    expect(texts(xml, `${PREORDER}/ValidityPeriod/EndDate`)).toEqual(['2026-12-03']);
    expect(texts(xml, `${instant}/Deal/DealTerms/UseType`)).toEqual(['PermanentDownload']);
    // The release may be shown from the day the pre-order opens.
    expect(texts(xml, '//Release/ReleaseVisibilityReference')).toEqual(['V1']);
    expect(texts(xml, '//ReleaseVisibility/VisibilityReference')).toEqual(['V1']);
    expect(texts(xml, '//ReleaseVisibility/ReleaseDisplayStartDateTime')).toEqual(['2026-11-20T00:00:00Z']);
  });

  it('a store with pre-orders but no instant gratification: the pre-order deal names no tracks', async () => {
    const xml = await validMessage(preOrderAlbum(), options({ ...STORE, instantGratification: false }));
    expect(texts(xml, PREORDER)).toHaveLength(1);
    expect(texts(xml, '//InstantGratificationResourceList')).toHaveLength(0);
    expect(texts(xml, '//ReleaseDeal')).toHaveLength(2);
  });

  it('a single (no track releases) lists its instant track in the pre-order deal only', async () => {
    const single = ernRelease(1, {
      deal: { ...ernRelease().deal, preOrderDate: '2026-11-20' },
      tracks: [ernTrack(1, { instantGratification: true })],
    });
    const xml = await validMessage(single, options(STORE));
    expect(texts(xml, `${PREORDER}/InstantGratificationResourceList/DealResourceReference`)).toEqual(['A1']);
    expect(texts(xml, '//ReleaseDeal')).toHaveLength(1);
  });

  it('timed release: deals start at the release time (UTC) on the release date; the pre-order ends then', async () => {
    const xml = await validMessage(preOrderAlbum({ releaseTime: '09:30' }), options(STORE));
    const timed = texts(xml, '//DealTerms[not(IsPreOrderDeal)]/ValidityPeriod/StartDateTime');
    expect(timed.filter((t) => t === '2026-12-04T09:30:00Z').length).toBeGreaterThan(0);
    expect(texts(xml, `${PREORDER}/ValidityPeriod/StartDateTime`)).toEqual(['2026-11-20T00:00:00Z']);
    expect(texts(xml, `${PREORDER}/ValidityPeriod/EndDateTime`)).toEqual(['2026-12-04T09:30:00Z']);
    // A store without timed releases gets the release date alone.
    const untimed = await validMessage(
      preOrderAlbum({ releaseTime: '09:30' }),
      options({ ...STORE, timedRelease: false }),
    );
    expect(texts(untimed, '//ValidityPeriod/StartDateTime')).toHaveLength(0);
  });

  it('a takedown ignores the release time and states no visibility date', async () => {
    const xml = await validMessage(preOrderAlbum({ releaseTime: '09:30' }), options(STORE, 'takedown'));
    expect(texts(xml, '//ValidityPeriod/StartDateTime')).toHaveLength(0);
    expect(texts(xml, '//ReleaseVisibility')).toHaveLength(0);
    expect(new Set(texts(xml, '//ValidityPeriod/EndDate'))).toEqual(new Set(['2026-11-23']));
  });

  it("the store's genre words replace ours where its map has them (case aside); others are sent as they are", async () => {
    const release = ernRelease(3, {
      genre: { genre: 'Pop', subGenre: 'Indie Pop' },
      tracks: [ernTrack(1), ernTrack(2, { genre: { genre: 'Jazz' } }), ernTrack(3, { genre: { genre: 'Folk' } })],
    });
    const map = parseGenreMap('pop = Pop/Rock\nINDIE POP=Alternative\njazz = Jazz & Blues');
    const xml = await validMessage(release, options({ ...STORE, genreMap: map }));
    expect(texts(xml, '//Release/Genre/GenreText')).toEqual(['Pop/Rock']);
    expect(texts(xml, '//Release/Genre/SubGenre')).toEqual(['Alternative']);
    expect(texts(xml, '//TrackRelease/Genre/GenreText')).toEqual(['Pop/Rock', 'Jazz & Blues', 'Folk']);
  });

  it('the recipient is the store under its DDEX party id, else the placeholder', () => {
    const dsp = { name: 'Store', ddex_party_id: 'padpida2014120301u' };
    expect(recipientOf(dsp)).toEqual({ dpid: 'PADPIDA2014120301U', name: 'Store' });
    expect(recipientOf({ name: 'Store' }).dpid).toBe('PADPIDA0000000000X');
    expect(storeTermsOf({ name: 'S', pre_order: true, genre_map: 'Pop = Pop/Rock' })).toEqual({
      preOrder: true,
      instantGratification: false,
      timedRelease: false,
      genreMap: { pop: 'Pop/Rock' },
    });
  });

  it('property: any store terms, release time and instant tracks still make a valid message', async () => {
    const terms = fc.record({
      preOrder: fc.boolean(),
      instantGratification: fc.boolean(),
      timedRelease: fc.boolean(),
      genreMap: fc.constantFrom<Record<string, string>[]>({}, { pop: 'Pop/Rock', 'indie pop': 'Alt & <Indie>' }),
    });
    const shape = fc.record({
      store: fc.option(terms, { nil: undefined }),
      tracks: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      preOrderDate: fc.constantFrom(undefined, '2026-11-20', '2026-12-10', 'soon'),
      releaseDate: fc.constantFrom(undefined, '2026-12-04', '2026-02-30'),
      releaseTime: fc.constantFrom(undefined, '00:00', '09:30', '23:59', '24:00', '9:5', ''),
      territories: fc.constantFrom<string[][]>([], ['GB'], ['ZZ']),
      streaming: fc.boolean(),
      download: fc.boolean(),
      action: fc.constantFrom('insert', 'update', 'takedown') as fc.Arbitrary<BuildOptions['action']>,
    });
    await fc.assert(
      fc.asyncProperty(shape, async (s) => {
        const release = ernRelease(0, {
          releaseDate: s.releaseDate,
          territories: s.territories,
          deal: {
            ...ernRelease().deal,
            releaseDate: s.releaseDate,
            preOrderDate: s.preOrderDate,
            releaseTime: s.releaseTime,
            streaming: s.streaming,
            download: s.download,
          },
          tracks: s.tracks.map((ig, i) => ernTrack(i + 1, { instantGratification: ig })),
        });
        expect(await validateErn(buildNewReleaseMessage(release, options(s.store, s.action)))).toEqual({ valid: true });
      }),
      { numRuns: 120 },
    );
  });
});

describe('the DSP record: DDEX party id and genre map', () => {
  const parse = (fields: Record<string, unknown>) => dspInput.safeParse({ name: 'Store', ...fields });
  const messages = (fields: Record<string, unknown>) => {
    const result = parse(fields);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('a DPID is PADPIDA and 11 letters or digits; blank is allowed', () => {
    expect(parse({ ddex_party_id: 'PADPIDA2014120301U' }).success).toBe(true);
    expect(parse({ ddex_party_id: '' }).success).toBe(true);
    for (const bad of ['PADPIDA123', 'XADPIDA2014120301U', 'PADPIDA2014120301U1', 'PADPIDA20141203-1U'])
      expect(messages({ ddex_party_id: bad })).toEqual([
        'DDEX party ID must be PADPIDA followed by 11 letters or digits',
      ]);
  });

  it('a genre map is "ours = theirs" a line, every bad line named', () => {
    expect(parse({ genre_map: 'Pop = Pop/Rock\n\nJazz=Jazz' }).success).toBe(true);
    expect(badGenreMapLines('Pop = Pop/Rock\nJazz\n = Folk\na=b=c')).toEqual([2, 3, 4]);
    expect(messages({ genre_map: 'Pop = Pop/Rock\nJazz' })).toEqual([genreMapMessage([2])]);
    expect(genreMapMessage([2])).toBe('Genre map: Line 2 must read "our genre = the store\'s genre"');
    expect(genreMapMessage([2, 4])).toBe('Genre map: Lines 2, 4 must read "our genre = the store\'s genre"');
  });
});

describe('the release: a release time and instant-gratification tracks', () => {
  it('a release time is HH:MM (UTC) on a product; a track may be marked instant gratification', () => {
    const parse = (release_time: string) =>
      releaseInput.safeParse({ title: 'R', products_attributes: [{ format: 'Digital', release_time }] });
    expect(parse('09:30').success).toBe(true);
    expect(parse('').success).toBe(true);
    for (const bad of ['24:00', '9:30', 'noon']) {
      const result = parse(bad);
      expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(['Release time must be HH:MM']);
    }
    const rows = [{ recording_id: 'r1', instant_gratification: true }];
    expect(releaseInput.safeParse({ title: 'R', release_recordings_attributes: rows }).success).toBe(true);
  });
});
