import { parse } from 'csv-parse/sync';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningsOf } from '../../functions/money/earnings/preview-figures.js';
import { CSV_COLUMNS, materialise } from '../../functions/money/earnings/material.js';
import { exactFromUnits, unitsFromExact } from '../../functions/royalties/ledger/units.js';
import type { StatementCatalogue } from '../../functions/money/earnings/weights.js';
import { ledgerFixture, type Line } from './statement-ledger-fixture.js';
import { accountCsvText } from '../support/account-csv.js';

/**
 * Who is owed what (docs/statements.md): each line's label share is split in
 * millionths among the recording's payees by the largest-remainder method, the label keeps what
 * the weights leave, and lines nobody is entitled to are listed as unaccountable. Over any period
 * Σ accounts + retained + unaccountable = Σ label_payable, to the unit.
 */
let fixture: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  fixture = await ledgerFixture();
});
afterAll(() => fixture.close());

const royaltiesOf = (earnings: Awaited<ReturnType<typeof earningsOf>>) =>
  Object.fromEntries(earnings.accounts.map((a) => [`${a.account.type}#${a.account.id}`, a.royalties]));

const THREE_WAY = {
  id: 'R1',
  title: 'Song One',
  isrc: 'GBAAA2600001',
  recording_payees: [
    { payee_id: 'P1', split: 33.33 },
    { payee_id: 'P2', split: 33.33 },
    { payee_id: 'P3', split: '33.34' },
  ],
};

describe('the exact split', () => {
  it('splits 33.33/33.33/33.34 of odd amounts by the largest remainder, ties by account key', async () => {
    const p = await fixture.prepare(
      [
        // 10.000001 = 10,000,001 units: floors 3,333,000 / 3,333,000 / 3,334,000, one unit left → P3 (.3334).
        { recording_id: 'R1', label_payable: '10.000001' },
        // 2 units: floors 0, remainders .6666 / .6666 / .6668 → P3 first, then the tie P1 before P2.
        { recording_id: 'R1', label_payable: '0.000002' },
      ],
      { recordings: [THREE_WAY] },
    );
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({
      'Payee#P1': '3.333001',
      'Payee#P2': '3.333000',
      'Payee#P3': '3.334002',
    });
    expect(earnings.totals).toMatchObject({
      lines: 2,
      label_payable: '10.000003',
      allocated: '10.000003',
      retained: '0.000000',
      unaccountable: '0.000000',
    });
  });

  it("docs/statements.md's worked example: £10.01 at an 80 % deal, three payees at 33.33/33.33/33.34", async () => {
    const p = await fixture.prepare(
      [{ recording_id: 'R1', amount: '10.010000', aggregator_payable: '2.002000', label_payable: '8.008000' }],
      { recordings: [THREE_WAY] },
    );
    expect(royaltiesOf(await earningsOf(p))).toEqual({
      'Payee#P1': '2.669067',
      'Payee#P2': '2.669066',
      'Payee#P3': '2.669867',
    });
  });

  it('gives a tie between an account and the label to the label, and splits returns on their absolute value', async () => {
    const p = await fixture.prepare(
      [
        { recording_id: 'R2', label_payable: '0.000001' },
        { recording_id: 'R2', label_payable: '-0.000003' },
        { recording_id: 'R1', label_payable: '-10.000001' },
      ],
      { recordings: [THREE_WAY, { id: 'R2', recording_payees: [{ payee_id: 'P9', split: 50 }] }] },
    );
    const earnings = await earningsOf(p);
    // R2: 1 unit → 0.5 / 0.5, the label first; −3 units → 1.5 / 1.5: P9 −1, retained −2.
    expect(royaltiesOf(earnings)).toMatchObject({
      'Payee#P9': '-0.000001',
      'Payee#P1': '-3.333000',
      'Payee#P3': '-3.334001',
    });
    expect(earnings.totals).toMatchObject({ retained: '-0.000001', label_payable: '-10.000003' });
  });

  it('scales weights over 100 down to 100 and warns', async () => {
    const p = await fixture.prepare([{ recording_id: 'R3', label_payable: '1.000000' }], {
      recordings: [
        {
          id: 'R3',
          title: 'Too Much',
          recording_payees: [
            { payee_id: 'P1', split: 80 },
            { payee_id: 'P2', split: 80 },
          ],
        },
      ],
    });
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '0.500000', 'Payee#P2': '0.500000' });
    expect(earnings.totals.retained).toBe('0.000000');
    expect(earnings.warnings.shares_over_100).toEqual([{ recording_id: 'R3', title: 'Too Much', total: '160.00' }]);
  });
});

describe('whose weights', () => {
  const artists: StatementCatalogue['artists'] = [
    {
      id: 'A1',
      name: 'Band',
      artist_members: [{ payee_id: 'M1' }, { payee_id: 'M2', active: true }, { payee_id: 'M3', active: false }],
    },
    { id: 'A2', name: 'Solo', email: 'solo@example.com' },
  ];

  it('takes artist_recordings × the format share: physical defaults to 0, so the label keeps physical sales', async () => {
    const recording = {
      id: 'R4',
      artist_recordings: [{ artist_id: 'A2', payee_share: 50, digital_royalty_share: 100, physical_royalty_share: 0 }],
    };
    const licensed = {
      id: 'R5',
      artist_recordings: [{ artist_id: 'A2', payee_share: 50, licensing_royalty_share: 40 }],
    };
    const p = await fixture.prepare(
      [
        { recording_id: 'R4', label_payable: '10.000000', sales_category: 'Stream' },
        { recording_id: 'R4', label_payable: '10.000000', sales_format: 'CD' },
        { recording_id: 'R4', label_payable: '10.000000', sales_format: 'Vinyl LP' },
        { recording_id: 'R5', label_payable: '10.000000', sales_category: 'Sync licence' },
        { recording_id: 'R5', label_payable: '10.000000', sales_format: 'Cassette' },
      ],
      { recordings: [recording, licensed], artists },
    );
    const earnings = await earningsOf(p);
    // Digital 50 % × 100 % = 5.00; CD and LP 50 % × 0 %; licensing 50 % × 40 % = 2.00; cassette (no physical share set) 0.
    expect(royaltiesOf(earnings)).toEqual({ 'Artist#A2': '7.000000' });
    // Its lines are the ones it is paid on: not the physical sales it has no share of.
    expect(earnings.accounts[0]).toMatchObject({ name: 'Solo', email: 'solo@example.com', lines: 2 });
    expect(earnings.totals).toMatchObject({ retained: '43.000000', unaccountable: '0.000000' });
  });

  it("pays an artist's weight to its active members' payees in equal parts, else to the Artist account", async () => {
    const p = await fixture.prepare(
      [
        { recording_id: 'R6', label_payable: '0.000101' },
        { recording_id: null, release_id: 'REL1', label_payable: '1.000000' },
      ],
      {
        recordings: [{ id: 'R6', artist_recordings: [{ artist_id: 'A1', payee_share: 100 }] }],
        releases: [
          {
            id: 'REL1',
            title: 'Album',
            artist_releases: [
              { artist_id: 'A2', payee_share: 30 },
              { artist_id: 'A1', payee_share: 20 },
            ],
          },
        ],
        artists,
        payees: [{ id: 'M1', name: 'Member One', email: 'm1@example.com' }],
      },
    );
    const earnings = await earningsOf(p);
    // R6: 101 units, M1 and M2 half each: 50 + 50, the last unit to M1 (key order). REL1: A2 30 %, A1 20 % → 10 % each member.
    expect(royaltiesOf(earnings)).toEqual({
      'Artist#A2': '0.300000',
      'Payee#M1': '0.100051',
      'Payee#M2': '0.100050',
    });
    expect(earnings.accounts.find((a) => a.account.id === 'M1')).toMatchObject({ name: 'Member One', lines: 2 });
    expect(earnings.totals.retained).toBe('0.500000');
  });

  it('lists unmatched lines and recordings with no payee as unaccountable, never dropped', async () => {
    const p = await fixture.prepare(
      [
        {
          recording_id: null,
          release_id: null,
          isrc: 'XX0000000001',
          song: 'Nobody Knows',
          artist: 'Someone',
          label_payable: '1.250000',
        },
        { recording_id: null, release_id: null, isrc: 'XX0000000001', song: 'Nobody Knows', label_payable: '0.750000' },
        { recording_id: 'R7', release_id: 'REL2', label_payable: '3.000000' },
        { recording_id: 'R1', label_payable: '1.000000' },
      ],
      {
        recordings: [THREE_WAY, { id: 'R7', title: 'Orphan', isrc: 'GBAAA2600007', display_artists: 'Ann' }],
        releases: [{ id: 'REL2', title: 'EP', upc: '5012345678900' }],
      },
    );
    const earnings = await earningsOf(p);
    expect(earnings.unaccountable).toEqual([
      {
        recording_id: 'R7',
        release_id: 'REL2',
        title: 'Orphan',
        isrc: 'GBAAA2600007',
        upc: '5012345678900',
        artist: 'Ann',
        lines: 1,
        label_payable: '3.000000',
        reason: 'no_payee',
      },
      {
        recording_id: null,
        release_id: null,
        title: 'Nobody Knows',
        isrc: 'XX0000000001',
        upc: null,
        artist: 'Someone',
        lines: 2,
        label_payable: '2.000000',
        reason: 'unmatched',
      },
    ]);
    expect(earnings.totals).toMatchObject({
      unaccountable: '5.000000',
      allocated: '1.000000',
      label_payable: '6.000000',
    });
    expect(earnings.warnings).toMatchObject({ unmatched_lines: 2, unaccountable_recordings: 2 });
  });

  it('warns of lines without an exchange rate by distributor and currency', async () => {
    const p = await fixture.prepare(
      [
        { recording_id: 'R1', amount: null, label_payable: null, currency: 'USD', delivered_by: 'Orchard' },
        { recording_id: 'R1', amount: null, label_payable: null, currency: 'USD', import_id: 'IMP2' },
        { recording_id: 'R1', label_payable: '1.000000' },
      ],
      {
        recordings: [THREE_WAY],
        imports: [{ id: 'IMP2', source: 'Believe', filename: 'b.csv', payment_date: '2026-02-01' }],
      },
    );
    const earnings = await earningsOf(p);
    expect(earnings.warnings.missing_rates).toEqual([
      { distributor: 'Believe', original_currency: 'USD', lines: 1 },
      { distributor: 'Orchard', original_currency: 'USD', lines: 1 },
    ]);
    expect(earnings.totals.label_payable).toBe('1.000000');
  });
});

describe('scopes and kinds', () => {
  const lines: Line[] = [
    {
      recording_id: 'R1',
      label_id: 'L1',
      label_payable: '4.000000',
      aggregator_payable: '1.000000',
      pay_period: '2026-01',
    },
    {
      recording_id: 'R1',
      label_id: 'L2',
      label_payable: '2.000000',
      aggregator_payable: '0.500000',
      pay_period: '2026-02',
    },
    {
      recording_id: null,
      release_id: null,
      label_payable: '0.300000',
      aggregator_payable: '0.100000',
      pay_period: '2026-02',
    },
    { recording_id: 'R1', label_id: 'L1', label_payable: '9.000000', pay_period: '2026-04' },
  ];
  const catalogue = {
    recordings: [THREE_WAY],
    labels: [
      { id: 'L1', name: 'One Records', email: 'one@example.com' },
      { id: 'L2', name: 'Two Records' },
    ],
  };

  it('distribution statements: each label is owed its lines’ label share exactly, with the distributor fee', async () => {
    const p = await fixture.prepare(lines, catalogue, {
      kind: 'distribution',
      start_pay_period: '2026-01',
      end_pay_period: '2026-03',
    });
    const earnings = await earningsOf(p);
    expect(earnings.accounts).toEqual([
      expect.objectContaining({
        account: { type: 'Label', id: 'L1' },
        name: 'One Records',
        royalties: '4.000000',
        aggregator_fee: '1.000000',
        label_ids: ['L1'],
      }),
      expect.objectContaining({
        account: { type: 'Label', id: 'L2' },
        royalties: '2.000000',
        aggregator_fee: '0.500000',
      }),
    ]);
    expect(earnings.totals).toEqual({
      lines: 3,
      label_payable: '6.300000',
      allocated: '6.000000',
      retained: '0.000000',
      unaccountable: '0.300000',
      aggregator_payable: '1.600000',
    });
  });

  it("a label's run counts its own lines and the unmatched ones, never another label's", async () => {
    const p = await fixture.prepare(lines, catalogue, {
      label_ids: ['L1'],
      start_pay_period: '2026-01',
      end_pay_period: '2026-03',
    });
    const earnings = await earningsOf(p);
    expect(earnings.totals).toMatchObject({ lines: 2, label_payable: '4.300000', unaccountable: '0.300000' });
    expect(earnings.accounts.every((a) => a.label_ids.join() === 'L1')).toBe(true);
  });

  it('answers exactly the accounts a run names, with zeros for one without earnings', async () => {
    const p = await fixture.prepare(
      lines,
      { ...catalogue, payees: [{ id: 'P8', name: 'Quiet' }] },
      {
        accounts: [
          { type: 'Payee', id: 'P3' },
          { type: 'Payee', id: 'P8' },
        ],
      },
    );
    const earnings = await earningsOf(p);
    expect(earnings.accounts.map((a) => [a.account.id, a.name, a.royalties, a.lines])).toEqual([
      ['P3', 'P3', '5.001000', 3],
      ['P8', 'Quiet', '0.000000', 0],
    ]);
    // The totals still cover every account of the scope.
    expect(earnings.totals.allocated).toBe('15.000000');
  });
});

describe('the material of a published run', () => {
  it("writes a report's text into the statement CSV so that no spreadsheet runs it as a formula", async () => {
    const p = await fixture.prepare(
      [
        {
          recording_id: 'R1',
          release_id: 'REL1',
          label_payable: '-2.000000',
          retailer: '=HYPERLINK("http://evil.example","Spotify")',
          territory: "=cmd|' /C calc'!A0",
          sales_format: '@SUM(1+1)',
          pay_period: '2026-01',
        },
      ],
      { recordings: [THREE_WAY], releases: [{ id: 'REL1', title: '+Album' }] },
    );
    const earnings = await earningsOf(p);
    const material = await materialise(p, earnings, path.join(fixture.dir, 'formula-material'));
    const csv = accountCsvText(material.get('Payee#P1'));
    const [row] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      retailer: `'=HYPERLINK("http://evil.example","Spotify")`,
      territory: "'=cmd|' /C calc'!A0",
      sales_format: "'@SUM(1+1)",
      release: "'+Album",
      // Figures stay plain numbers, negative ones included.
      label_payable: '-2.000000',
    });
    const cells = csv.split('\n').slice(1).join('\n');
    expect(cells).not.toMatch(/(^|,)"?[=+@]/m);
  });

  it('writes each account a CSV of its lines that adds up to its royalties, with summaries and provenance', async () => {
    const p = await fixture.prepare(
      [
        {
          recording_id: 'R1',
          release_id: 'REL1',
          label_payable: '10.000001',
          aggregator_payable: '2.500000',
          retailer: 'Spotify',
          territory: 'GB',
          pay_period: '2026-01',
        },
        {
          recording_id: 'R1',
          release_id: 'REL1',
          label_payable: '0.000002',
          retailer: 'Apple',
          territory: 'FR',
          pay_period: '2026-02',
          currency: 'EUR',
          exchange_rate: '0.850000',
        },
        {
          recording_id: 'R1',
          release_id: 'REL1',
          label_payable: '-0.500000',
          retailer: 'Spotify',
          manual_id: 'manual-01J0000000000000000000000A',
          pay_period: '2026-02',
        },
      ],
      {
        recordings: [THREE_WAY],
        releases: [{ id: 'REL1', title: 'First Album' }],
        imports: [{ id: 'IMP1', source: 'The Orchard', filename: 'jan.csv', payment_date: '2026-03-01' }],
      },
    );
    const earnings = await earningsOf(p);
    const dir = path.join(fixture.dir, 'material');
    const material = await materialise(p, earnings, dir);
    expect([...material.keys()]).toEqual(['Payee#P1', 'Payee#P2', 'Payee#P3']);
    for (const account of earnings.accounts) {
      const m = material.get(`Payee#${account.account.id}`);
      if (!m) throw new Error('no material');
      const [header, ...rows] = accountCsvText(m).trim().split('\n');
      expect(header).toBe(CSV_COLUMNS.join(','));
      const share = CSV_COLUMNS.indexOf('share');
      const total = rows.reduce((t, row) => t + unitsFromExact(row.split(',')[share]), 0n);
      expect(exactFromUnits(total)).toBe(account.royalties);
      expect(m.lines_total).toBe(account.royalties);
      expect(rows).toHaveLength(3);
    }
    const p3 = material.get('Payee#P3');
    const csv = accountCsvText(p3);
    expect(csv).toContain(
      'IMP1-2,2026-01,Spotify,GB,,First Album,Song One,,,1,GBP,1.000000,10.000001,10.000001,33.340000,' +
        'No contract: the shares set on the recording or release,3.334001',
    );
    expect(csv).toContain('manual-01J0000000000000000000000A,2026-02,Spotify');
    expect(p3?.summaries.store).toEqual([
      { value: 'Spotify', label: 'Spotify', lines: 2, quantity: 2, amount: '3.167301' },
      { value: 'Apple', label: 'Apple', lines: 1, quantity: 1, amount: '0.000001' },
    ]);
    expect(p3?.summaries.track).toEqual([
      { value: 'R1', label: 'Song One (GBAAA2600001)', lines: 3, quantity: 3, amount: '3.167302' },
    ]);
    expect(p3?.summaries.release?.[0]).toMatchObject({ value: 'REL1', label: 'First Album' });
    expect(p3?.provenance).toEqual([
      {
        import_id: 'IMP1',
        source: 'The Orchard',
        filename: 'jan.csv',
        pay_periods: ['2026-01'],
        original_currency: 'GBP',
        exchange_rate: '1.000000',
        rate_date: '2026-03-01',
        distributor_fee: '2.500000',
        lines: 1,
        amount: '3.334001',
      },
      expect.objectContaining({
        import_id: 'IMP1',
        original_currency: 'EUR',
        exchange_rate: '0.850000',
        amount: '0.000001',
      }),
      expect.objectContaining({
        import_id: null,
        source: 'Manual sales',
        filename: null,
        pay_periods: ['2026-02'],
        amount: '-0.166700',
      }),
    ]);
  });

  it('counts every line in the summaries, lines alike in every column included', async () => {
    const alike = { recording_id: 'R1', release_id: 'REL1', retailer: 'Spotify', territory: 'GB', quantity: 3 };
    const p = await fixture.prepare(
      [
        { ...alike, label_payable: '1.000000' },
        { ...alike, label_payable: '2.000000' },
        { ...alike, label_payable: '2.000000' },
        { ...alike, label_payable: '4.000000', retailer: 'Apple' },
      ],
      { recordings: [THREE_WAY], releases: [{ id: 'REL1', title: 'First Album' }] },
    );
    const material = await materialise(p, await earningsOf(p), path.join(fixture.dir, 'alike-material'));
    const p1 = material.get('Payee#P1');
    expect(p1?.lines).toBe(4);
    expect(p1?.summaries.store).toEqual([
      { value: 'Spotify', label: 'Spotify', lines: 3, quantity: 9, amount: '1.666500' },
      { value: 'Apple', label: 'Apple', lines: 1, quantity: 3, amount: '1.333200' },
    ]);
    expect(p1?.summaries.period).toEqual([
      { value: '2026-01', label: '2026-01', lines: 4, quantity: 12, amount: '2.999700' },
    ]);
  });

  it("lists each account's lines month by month, whatever order DuckDB's partitioned writes keep", async () => {
    // Enough rows for DuckDB to write partitions in parts: at this size an ORDER BY alone left some accounts'
    // first month partly after their last (material.ts, accountCsvParts).
    const recordings = Array.from({ length: 60 }, (_, r) => ({
      id: `R${r}`,
      title: `Song ${r}`,
      recording_payees: [
        { payee_id: `P${r}`, split: 50 },
        { payee_id: `Q${r}`, split: 50 },
      ],
    }));
    const months = ['2026-01', '2026-02', '2026-03'];
    const lines: Line[] = Array.from({ length: 150_000 }, (_, i) => ({
      recording_id: `R${i % 60}`,
      label_payable: `${(i % 997) + 1}.000000`,
      pay_period: months[Math.floor(i / 7) % 3],
    }));
    const p = await fixture.prepare(lines, { recordings }, { start_pay_period: '2026-01', end_pay_period: '2026-03' });
    const earnings = await earningsOf(p);
    const material = await materialise(p, earnings, path.join(fixture.dir, 'months-material'));
    expect(material.size).toBe(120);
    const period = CSV_COLUMNS.indexOf('pay_period');
    const outOfOrder = [...material.values()].filter((m) => {
      const periods = accountCsvText(m)
        .trim()
        .split('\n')
        .slice(1)
        .map((row) => row.split(',')[period]);
      expect(periods).toHaveLength(m.lines);
      return periods.some((month, i) => i > 0 && month < periods[i - 1]);
    });
    expect(outOfOrder.map((m) => m.account.id)).toEqual([]);
    // 150,000 lines through DuckDB: about 6 s alone, several times that beside a full run's busiest files.
  }, 60_000);
});

/**
 * The rule written out independently: per line, each payee's floor(|units| × weight / total),
 * the label's part the rest of 100 % (nothing above 100 %, then the total is the denominator),
 * the units left one each to the largest remainders, the label first, then by payee key.
 */
function referenceSplit(units: bigint, weights: Map<string, bigint>): Map<string, bigint> {
  const total = [...weights.values()].reduce((a, b) => a + b, 0n);
  const den = total > 10_000n ? total : 10_000n;
  const abs = units < 0n ? -units : units;
  const parties = [
    { key: '', w: den - total },
    ...[...weights].sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, w]) => ({ key, w })),
  ].filter((x) => x.w > 0n);
  const shares = parties.map((x) => ({ key: x.key, whole: (abs * x.w) / den, rem: (abs * x.w) % den }));
  let left = abs - shares.reduce((t, s) => t + s.whole, 0n);
  for (const s of [...shares].sort((a, b) => (a.rem === b.rem ? 0 : a.rem > b.rem ? -1 : 1))) {
    if (left <= 0n) break;
    s.whole += 1n;
    left -= 1n;
  }
  return new Map(shares.map((s) => [s.key, units < 0n ? -s.whole : s.whole]));
}

describe('reconciliation to the unit (property)', () => {
  const payee = fc.constantFrom('P0', 'P1', 'P2', 'P3', 'P4');
  // Splits in hundredths of a percent: 0, over 100 together, or none at all.
  const recording = fc.array(
    fc.record({
      payee_id: payee,
      split: fc.oneof(fc.constantFrom(0, 2_500, 3_333, 3_334, 5_000), fc.integer({ min: 0, max: 7_000 })),
    }),
    {
      maxLength: 4,
    },
  );
  const line = fc.record({
    recording: fc.integer({ min: -1, max: 3 }),
    // A few units (where ties are common) or up to ±5,000.00.
    units: fc.oneof(fc.bigInt({ min: -30n, max: 30n }), fc.bigInt({ min: -5_000_000_000n, max: 5_000_000_000n })),
  });

  it('Σ shares + retained = label_payable per line and over the period, as the rule says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recording, { minLength: 4, maxLength: 4 }),
        fc.array(line, { minLength: 1, maxLength: 30 }),
        async (splits, lines) => {
          const recordings = splits.map((payees, i) => ({
            id: `R${i}`,
            recording_payees: payees.map((x) => ({
              payee_id: x.payee_id,
              split: exactFromUnits(BigInt(x.split) * 10_000n),
            })),
          }));
          const p = await fixture.prepare(
            lines.map((l) => ({
              recording_id: l.recording < 0 ? null : `R${l.recording}`,
              label_payable: exactFromUnits(l.units),
            })),
            { recordings },
          );
          const earnings = await earningsOf(p);
          const expected = new Map<string, bigint>();
          let retained = 0n;
          let unaccountable = 0n;
          let labelPayable = 0n;
          for (const l of lines) {
            labelPayable += l.units;
            const payees = l.recording < 0 ? [] : splits[l.recording];
            if (!payees.length) {
              unaccountable += l.units;
              continue;
            }
            const weights = new Map<string, bigint>();
            for (const x of payees) weights.set(x.payee_id, (weights.get(x.payee_id) ?? 0n) + BigInt(x.split));
            const shares = referenceSplit(l.units, weights);
            let sum = 0n;
            for (const [key, share] of shares) {
              sum += share;
              if (key) expected.set(`Payee#${key}`, (expected.get(`Payee#${key}`) ?? 0n) + share);
              else retained += share;
            }
            expect(sum).toBe(l.units);
          }
          const actual = royaltiesOf(earnings);
          for (const [key, units] of expected) expect(actual[key]).toBe(exactFromUnits(units));
          expect(earnings.totals.retained).toBe(exactFromUnits(retained));
          expect(earnings.totals.unaccountable).toBe(exactFromUnits(unaccountable));
          expect(earnings.totals.label_payable).toBe(exactFromUnits(labelPayable));
          const allocated = Object.values(actual).reduce((t, v) => t + unitsFromExact(v), 0n);
          expect(allocated + retained + unaccountable).toBe(labelPayable);
        },
      ),
      { numRuns: 40 },
    );
    // 40 DuckDB round trips: seconds on a quiet machine, more on a loaded CI runner.
  }, 60_000);
});
