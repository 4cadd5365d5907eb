import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidIpiNameNumber } from '../../shared/identifiers.js';
import { toCwrText } from '../../functions/catalogue-exchange/cwr/ascii.js';
import { RECORD_LAYOUTS, fieldsFor, type CwrVersion } from '../../functions/catalogue-exchange/cwr/layouts.js';
import { parseCwrFile } from '../../functions/catalogue-exchange/cwr/parse-file.js';
import { writeCwrFile, type CwrTransaction } from '../../functions/catalogue-exchange/cwr/write-file.js';
import { transactionRecords, type CwrWork } from '../../functions/catalogue-exchange/cwr/work.js';
import {
  songToWork,
  type PublisherSource,
  type PartySource,
  type SongParties,
  type SongSource,
} from '../../functions/catalogue-exchange/cwr/from-song.js';

// Valid IPI name numbers (mod-101 check digits): 00014107338, 01234567846, 00123456790; their
// neighbours with the last digit changed are not.
const VALID_IPIS = ['00014107338', '01234567846', '00123456790'];

const writer = (id: string, name: string, ipi: string, society = '052'): PartySource => ({
  id,
  name,
  ipi_name_number: ipi,
  pr_society: society,
});

function partiesFor(extra: Partial<SongParties> = {}): SongParties {
  const publishers: PublisherSource[] = [
    {
      id: 'pub-1',
      name: 'Ünder Pressure Publishing Ltd',
      ipi_name_number: '00123456790',
      pr_society: '52',
      mr_society: 'MCP',
      sr_society: '44',
    },
    { id: 'pub-2', name: 'Second Music', ipi_name_number: '01234567846', pr_society: '10' },
  ];
  const contributors = [
    writer('w-1', 'Zoë Ærønsen', '00014107338'),
    writer('w-2', 'Jean-Luc Dvořák', '01234567846'),
    writer('w-3', 'Prince', '00123456790', '10'),
  ];
  return {
    contributors: new Map(contributors.map((c) => [c.id, c])),
    publishers: new Map(publishers.map((p) => [p.id, p])),
    recordings: [
      {
        title: 'Café del Mar (Extended Mix)',
        isrc: 'GB-AAA-05-00001',
        length: '00:04:31',
        display_artist: 'Zoë & Friends',
        release: {
          title: 'Summer Hits',
          release_date: '2024-06-01',
          cat_no: 'CAT-001',
          upc: '123456789012',
          label_name: 'Straße Records',
        },
      },
      { title: 'Second take', isrc: 'USRC17607839' },
    ],
    ...extra,
  };
}

const LONG_TITLE = 'A very long title indeed that goes on and on well beyond sixty characters of text';

const song = (overrides: Partial<SongSource> = {}): SongSource => ({
  id: 'song-1',
  title: `Café “Ünïcode” Straße — ${LONG_TITLE}`,
  iswc: 'T-034.524.680-1',
  duration: '00:03:45',
  alternative_titles: 'Crème brûlée\nThe Other Name|Æther',
  artist_name: 'Zoë & Friends',
  film_tv_music: true,
  production_title: 'The Film',
  writers: [
    { contributor_id: 'w-1', share: 33.33 },
    { contributor_id: 'w-2', share: 33.33 },
    { contributor_id: 'w-3', share: 33.34 },
  ],
  publisher_ids: ['pub-1', 'pub-2'],
  ...overrides,
});

function workOf(source: SongSource, version: CwrVersion = '2.1', parties = partiesFor()): CwrWork {
  const check = songToWork(source, parties, version);
  if (!check.ok) throw new Error(check.reasons.join('; '));
  return check.work;
}

const SENDER = { type: 'PB', id: '014107338', name: 'Ünder Pressure Publishing' };
const CREATED = new Date('2026-11-24T15:04:05Z');

describe('CWR record layouts', () => {
  it('declares every record as contiguous fields from column 1, in each version', () => {
    for (const type of Object.keys(RECORD_LAYOUTS) as (keyof typeof RECORD_LAYOUTS)[]) {
      for (const version of ['2.1', '2.2'] as const) {
        let next = 1;
        for (const field of fieldsFor(type, version)) {
          expect(field.start, `${type}.${field.name} (${version})`).toBe(next);
          next += field.length;
        }
      }
    }
  });

  it('writes the record widths of CWR 2.1 and 2.2', () => {
    const { text } = writeCwrFile({
      version: '2.1',
      sender: SENDER,
      created: CREATED,
      transactions: [{ type: 'NWR', work: workOf(song()) }],
    });
    const width = (type: string, body: string) => body.split('\r\n').find((l) => l.startsWith(type))?.length;
    expect(width('HDR', text)).toBe(101);
    expect(width('GRH', text)).toBe(28);
    expect(width('NWR', text)).toBe(260);
    expect(width('SPU', text)).toBe(183);
    expect(width('SPT', text)).toBe(58);
    expect(width('SWR', text)).toBe(180);
    expect(width('SWT', text)).toBe(52);
    expect(width('PWR', text)).toBe(110);
    expect(width('ALT', text)).toBe(83);
    expect(width('PER', text)).toBe(118);
    expect(width('REC', text)).toBe(266);
    expect(width('ORN', text)).toBe(301);
    expect(width('GRT', text)).toBe(24);
    expect(width('TRL', text)).toBe(24);
    const v22 = writeCwrFile({
      version: '2.2',
      sender: SENDER,
      created: CREATED,
      transactions: [{ type: 'NWR', work: workOf(song(), '2.2') }],
    }).text;
    expect(width('HDR', v22)).toBe(167);
    expect(width('PWR', v22)).toBe(112);
    expect(width('REC', v22)).toBe(540);
    expect(v22.slice(101, 104)).toBe('2.2');
  });

  it('puts values in the columns the specification gives', () => {
    const { text } = writeCwrFile({
      version: '2.1',
      sender: SENDER,
      created: CREATED,
      transactions: [{ type: 'NWR', work: workOf(song()) }],
    });
    const lines = text.split('\r\n');
    expect(lines[0]?.slice(0, 14)).toBe('HDRPB014107338');
    expect(lines[0]?.slice(59, 86)).toBe('01.102026112415040520261124');
    expect(lines[1]).toBe('GRHNWR0000102.100000000000  ');
    const nwr = lines[2] ?? '';
    expect(nwr.slice(0, 19)).toBe('NWR0000000000000000');
    expect(nwr.slice(19, 79)).toBe('CAFE "UNICODE" STRASSE - A VERY LONG TITLE INDEED THAT GOES ');
    expect(nwr.slice(95, 106)).toBe('T0345246801');
    expect(nwr.slice(126, 136)).toBe('POP000345Y');
    expect(nwr.slice(142, 145)).toBe('ORI');
    const spu = lines[3] ?? '';
    expect(spu.slice(0, 21)).toBe('SPU000000000000000101');
    expect(spu.slice(87, 98)).toBe('00123456790');
    expect(spu.slice(112, 136)).toBe('05202500MCP0500004405000');
  });
});

describe('CWR round trip', () => {
  for (const version of ['2.1', '2.2'] as const) {
    it(`parses what it wrote back to the same works, field by field (${version})`, () => {
      const transactions: CwrTransaction[] = [
        { type: 'NWR', work: workOf(song(), version) },
        {
          type: 'NWR',
          work: workOf(
            song({
              id: 'song-2',
              title: 'Plain',
              iswc: '',
              film_tv_music: false,
              writers: [{ contributor_id: 'w-3', share: 100 }],
              publisher_ids: ['pub-1'],
            }),
            version,
            partiesFor({ recordings: [] }),
          ),
        },
        { type: 'REV', work: workOf(song({ id: 'song-3', title: 'Revised', alternative_titles: '' }), version) },
      ];
      const { text, counts } = writeCwrFile({ version, sender: SENDER, created: CREATED, transactions });
      const parsed = parseCwrFile(text);
      expect(parsed.errors).toEqual([]);
      expect(parsed.version).toBe(version);
      expect(parsed.header).toMatchObject({
        sender_type: 'PB',
        sender_id: '014107338',
        sender_name: 'UNDER PRESSURE PUBLISHING',
        creation_date: '20261124',
        creation_time: '150405',
      });
      expect(parsed.groups.map((g) => [g.transactionType, g.groupId, g.transactions.length])).toEqual([
        ['NWR', 1, 2],
        ['REV', 2, 1],
      ]);
      const works = parsed.groups.flatMap((g) => g.transactions.map((t) => ({ type: t.type, work: t.work })));
      expect(works).toEqual(transactions);
      // Record by record too: every field the writer set reads back as it was set.
      const written = transactions.flatMap((t) => transactionRecords(t.type, t.work));
      const read = parsed.groups.flatMap((g) => g.transactions.flatMap((t) => t.records));
      expect(read.map((r) => r.type)).toEqual(written.map((r) => r.type));
      read.forEach((record, i) => {
        for (const [name, value] of Object.entries(written[i]?.values ?? {})) {
          if (
            version === '2.1' &&
            ['recording_title', 'display_artist', 'publisher_sequence'].includes(name) &&
            record.type !== 'SPU'
          )
            continue;
          expect(record.values[name], `${record.type}.${name}`).toBe(
            /^\d+$/.test(value) && /share|sequence/.test(name)
              ? value.padStart(record.values[name]?.length ?? 0, '0')
              : value,
          );
        }
      });
      expect(counts).toEqual({ groups: 2, transactions: 3, records: Number(parsed.trailer?.record_count) });
    });
  }

  it('keeps shares summing to 100 for many writers and two publishers', () => {
    const work = workOf(
      song({ writers: [13.5, 20, 16.5, 25, 25].map((share, i) => ({ contributor_id: `w-${(i % 3) + 1}`, share })) }),
    );
    const pr = [...work.writers.map((w) => w.prShare), ...work.publishers.map((p) => p.prShare)];
    const sum = (values: string[]) => values.reduce((t, v) => t + Math.round(Number(v) * 100), 0);
    expect(sum(pr)).toBe(10000);
    expect(sum(work.publishers.map((p) => p.mrShare))).toBe(10000);
    expect(sum(work.publishers.map((p) => p.srShare))).toBe(10000);
    expect(work.writers.map((w) => w.prShare)).toEqual(['6.75', '10.00', '8.25', '12.50', '12.50']);
    expect(work.writers[0]?.publisherIpNumbers).toEqual(work.publishers.map((p) => p.ipNumber));
  });

  it('transliterates to upper-case ASCII and cuts texts at their field width', () => {
    expect(toCwrText('Zoë Ærønsen — “Straße”…')).toEqual({ text: 'ZOE AERONSEN - "STRASSE"...', unmapped: [] });
    // The umlauts keep their letter; another script is never spelled in Latin in a title, nor an emoji.
    expect(toCwrText('Björk, Dvořák & Łukasz')).toEqual({ text: 'BJORK, DVORAK & LUKASZ', unmapped: [] });
    expect(toCwrText('Мир').unmapped).toEqual(['М', 'и', 'р']);
    expect(toCwrText('Love 🎵').unmapped).toEqual(['🎵']);
    // A letter typed with a combining accent reads as its letter.
    expect(toCwrText('Cafe\u0301 Nin\u0303o')).toEqual({ text: 'CAFE NINO', unmapped: [] });
    const work = workOf(song());
    // Cut at 60 columns; the space at the cut is dropped (it reads back as padding).
    expect(work.title).toBe('CAFE "UNICODE" STRASSE - A VERY LONG TITLE INDEED THAT GOES');
    expect(work.alternativeTitles).toEqual(['CREME BRULEE', 'THE OTHER NAME', 'AETHER']);
    expect(work.writers.map((w) => [w.firstName, w.lastName])).toEqual([
      ['ZOE', 'AERONSEN'],
      ['JEAN-LUC', 'DVORAK'],
      ['', 'PRINCE'],
    ]);
    expect(work.recordings[0]).toMatchObject({
      ean: '0123456789012',
      isrc: 'GBAAA0500001',
      releaseDate: '20240601',
      albumLabel: 'STRASSE RECORDS',
      duration: '000431',
      recordingTitle: '',
    });
    expect(work.origin).toEqual({ intendedPurpose: 'FIL', productionTitle: 'THE FILM' });
  });
});

describe('CWR checks: songs that fail are reported with the reason, not written', () => {
  const reasons = (source: SongSource, parties = partiesFor()) => {
    const check = songToWork(source, parties, '2.1');
    return check.ok ? [] : check.reasons;
  };

  it('refuses titles with no ASCII form', () => {
    expect(reasons(song({ title: '你好 Love' }))).toEqual(['Title has characters CWR cannot carry: 你好']);
  });

  it('refuses writers whose shares do not add up to 100', () => {
    expect(
      reasons(
        song({
          writers: [
            { contributor_id: 'w-1', share: 50 },
            { contributor_id: 'w-2', share: 40 },
          ],
        }),
      ),
    ).toEqual(["Writers' shares add up to 90%, not 100%"]);
  });

  it('checks the ISWC check digit', () => {
    expect(reasons(song({ iswc: 'T-034.524.680-1' }))).toEqual([]);
    expect(reasons(song({ iswc: 'T-034.524.680-2' }))).toEqual(['ISWC T-034.524.680-2 is not valid']);
  });

  it('checks IPI name numbers (mod 101) of writers and publishers', () => {
    for (const ipi of VALID_IPIS) expect(isValidIpiNameNumber(ipi), ipi).toBe(true);
    for (const ipi of ['00014107339', '01234567847', '0012345679', '0012345679A'])
      expect(isValidIpiNameNumber(ipi), ipi).toBe(false);
    const parties = partiesFor();
    const bad = new Map(parties.contributors);
    bad.set('w-1', writer('w-1', 'Zoë Ærønsen', '00014107339'));
    bad.set('w-2', writer('w-2', 'No Number', ''));
    expect(reasons(song(), { ...parties, contributors: bad })).toEqual([
      'Writer Zoë Ærønsen: IPI name number 00014107339 is not valid',
      'Writer No Number has no IPI name number',
    ]);
  });

  it('needs writers, a publisher and, for film music, a production title', () => {
    expect(reasons(song({ writers: [], publisher_ids: [], production_title: '' }))).toEqual([
      'The song has no writers',
      'The song has no publisher',
      'Music for film, TV or adverts needs a production title',
    ]);
  });
});

describe('CWR parser checks the counts', () => {
  it('reports a GRT or TRL count that does not match the records', () => {
    const { text } = writeCwrFile({
      version: '2.1',
      sender: SENDER,
      created: CREATED,
      transactions: [{ type: 'NWR', work: workOf(song()) }],
    });
    const lines = text.split('\r\n');
    const trl = lines.findIndex((l) => l.startsWith('TRL'));
    const grt = lines.findIndex((l) => l.startsWith('GRT'));
    // The group's records are GRH (line 2) to GRT; the file's are every line.
    expect(lines[grt]).toBe(`GRT000010000000100000${String(grt).padStart(3, '0')}`);
    expect(lines[trl]).toBe(`TRL000010000000100000${String(trl + 1).padStart(3, '0')}`);
    lines[trl] = 'TRL000010000000200000999';
    const parsed = parseCwrFile(lines.join('\r\n'));
    expect(parsed.errors.map((e) => e.message)).toEqual([
      'TRL transaction count is 2, counted 1',
      `TRL record count is 999, counted ${trl + 1}`,
    ]);
  });
});

describe('CWR round trip (property)', () => {
  // Texts as a work holds them: upper-case ASCII, no space at either end, at most the field's width.
  const text = (max: number) =>
    fc
      .string({ unit: fc.constantFrom(..."ABCXYZ0123456789 -'&().,!?".split('')), maxLength: max })
      .map((s) => s.trim());
  const digits = (length: number) =>
    fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: length, maxLength: length });
  const percent = fc.integer({ min: 0, max: 10000 }).map((n) => (n / 100).toFixed(2));
  const ipNumber = fc.string({
    unit: fc.constantFrom(...'ABCDEFGHJK0123456789'.split('')),
    minLength: 9,
    maxLength: 9,
  });
  const date = fc
    .date({ min: new Date('1950-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10).replaceAll('-', ''));
  const publisher = fc.record({
    ipNumber,
    name: text(45),
    ipiNameNumber: digits(11),
    prSociety: fc.constantFrom('', '052', '010', 'MCP'),
    mrSociety: fc.constantFrom('', '044'),
    srSociety: fc.constantFrom('', '044'),
    prShare: percent,
    mrShare: percent,
    srShare: percent,
  });
  const work = (version: CwrVersion) =>
    fc.array(publisher, { minLength: 1, maxLength: 3 }).chain((publishers) =>
      fc.record({
        title: text(60).filter((t) => t.length > 0),
        submitterWorkNumber: ipNumber,
        iswc: fc.constantFrom('', 'T0345246801'),
        duration: fc.constantFrom('', '000345', '013000'),
        distributionCategory: fc.constantFrom('POP', 'SER'),
        recorded: fc.constantFrom('Y' as const, 'N' as const),
        grandRights: fc.constantFrom('Y' as const, 'N' as const),
        alternativeTitles: fc.array(text(60), { maxLength: 3 }),
        performers: fc.array(text(45), { maxLength: 2 }),
        publishers: fc.constant(publishers),
        writers: fc.array(
          fc.record({
            ipNumber,
            lastName: text(45),
            firstName: text(30),
            designation: fc.constantFrom('CA', 'C', 'A'),
            ipiNameNumber: digits(11),
            prSociety: fc.constantFrom('', '052'),
            prShare: percent,
            mrShare: percent,
            srShare: percent,
            publisherIpNumbers: fc.subarray(publishers.map((p) => p.ipNumber)),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        recordings: fc.array(
          fc.record({
            releaseDate: fc.oneof(fc.constant(''), date),
            duration: fc.constantFrom('', '000431'),
            albumTitle: text(60),
            albumLabel: text(60),
            catalogueNumber: text(18),
            ean: fc.constantFrom('', '0123456789012'),
            isrc: fc.constantFrom('', 'GBAAA0500001'),
            recordingTitle: version === '2.2' ? text(60) : fc.constant(''),
            displayArtist: version === '2.2' ? text(60) : fc.constant(''),
          }),
          { maxLength: 3 },
        ),
        origin: fc.option(fc.record({ intendedPurpose: fc.constantFrom('FIL', 'COM'), productionTitle: text(60) }), {
          nil: null,
        }),
      }),
    );

  for (const version of ['2.1', '2.2'] as const) {
    it(`reads back any work it writes (${version})`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.constantFrom('NWR' as const, 'REV' as const), work(version)), {
            minLength: 1,
            maxLength: 4,
          }),
          (pairs) => {
            // Writers' publishers are distinct IP numbers of the work's publishers (as PWR names them).
            const transactions = pairs.map(([type, w]) => ({ type, work: w }));
            const { text: file } = writeCwrFile({ version, sender: SENDER, created: CREATED, transactions });
            const parsed = parseCwrFile(file);
            expect(parsed.errors).toEqual([]);
            const read = parsed.groups.flatMap((g) => g.transactions.map((t) => ({ type: t.type, work: t.work })));
            const expected = [
              ...transactions.filter((t) => t.type === 'NWR'),
              ...transactions.filter((t) => t.type === 'REV'),
            ];
            expect(read).toEqual(expected);
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});
