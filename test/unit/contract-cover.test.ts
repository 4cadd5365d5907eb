import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import {
  contractIndex,
  coverOf,
  type EngineContract,
  type LineFacts,
} from '../../functions/money/earnings/contract-cover.js';

/**
 * coverOf keeps what it found for the rest of its index's computation (the contract of a subject in a month, the term
 * of a contract version for a kind of sale). Whatever order the lines come in, each gets the cover a fresh index gives
 * it: the release's contract before the artist's and the label's, the version in force in its month, the term for its
 * channel, format, territory and store.
 */
const terms = (rate: string): RoyaltyTerms => ({
  deal_type: 'royalty',
  terms: [
    { conditions: { channel: 'streaming', territories_in: ['GB'] }, rate: '30', base: 'net_receipts' },
    { conditions: { channel: 'streaming', store: 'Spotify' }, rate: '28', base: 'net_receipts' },
    { conditions: { channel: 'physical' }, rate: '18', base: 'net_receipts' },
    { conditions: {}, rate, base: 'net_receipts' },
  ],
  packaging_deductions: {},
  escalations: [],
});
const version = (n: number, effective_date: string, rate: string) => ({
  version: n,
  effective_date,
  royalty_terms: terms(rate),
  contract_payees: [{ payee_id: `P${n}`, share: '100' }],
});
const CONTRACTS: EngineContract[] = [
  {
    id: 'release-1',
    contractable_type: 'release',
    contractable_id: 'REL1',
    status: 'signed',
    start_date: '2026-02-01',
    versions: [version(1, '2026-02-01', '20'), version(2, '2026-04-01', '22')],
  },
  {
    id: 'artist-a',
    contractable_type: 'artist',
    contractable_id: 'A',
    status: 'signed',
    start_date: '2026-01-01',
    end_date: '2026-05-31',
    versions: [version(1, '2026-01-01', '15')],
  },
  {
    id: 'label-1',
    contractable_type: 'label',
    contractable_id: 'L1',
    status: 'terminated',
    start_date: '2025-06-01',
    versions: [version(1, '2025-06-01', '10')],
  },
];
const ARTISTS = {
  recordings: new Map([
    ['R1', ['A']],
    ['R2', ['B']],
  ]),
  releases: new Map([['REL2', ['A']]]),
};
const fresh = () => contractIndex(CONTRACTS, ARTISTS.recordings, ARTISTS.releases);

const line = fc.record<LineFacts>({
  recording_id: fc.constantFrom('R1', 'R2', null),
  release_id: fc.constantFrom('REL1', 'REL2', null),
  label_id: fc.constantFrom('L1', 'L2', null),
  pay_period: fc.constantFrom('2025-12', '2026-01', '2026-03', '2026-04', '2026-06', null),
  territory: fc.constantFrom('GB', 'US', null),
  retailer: fc.constantFrom('Spotify', 'Deezer', null),
  sales_format: fc.constantFrom('CD', null),
  sales_category: fc.constantFrom('Streaming', 'Download', null),
  cls: fc.constantFrom('digital', 'physical'),
});

it('gives each line of a computation the cover a fresh look gives it, in any order', () => {
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 60 }), (lines) => {
      const shared = fresh();
      for (const facts of lines) {
        const kept = coverOf(shared, facts);
        const alone = coverOf(fresh(), facts);
        expect(kept && { contract: kept.contract.id, version: kept.version.version, term: kept.term_index }).toEqual(
          alone && { contract: alone.contract.id, version: alone.version.version, term: alone.term_index },
        );
      }
    }),
    { numRuns: 300 },
  );
});

it('keeps the months, the subjects and the sales of one contract apart', () => {
  const index = fresh();
  const sale = { territory: 'US', retailer: 'Deezer', sales_format: null, sales_category: 'Streaming', cls: 'digital' };
  const of = (facts: Partial<LineFacts>) => {
    const cover = coverOf(index, {
      recording_id: 'R1',
      release_id: 'REL1',
      label_id: 'L1',
      pay_period: '2026-03',
      ...sale,
      ...facts,
    } as LineFacts);
    return cover && [cover.contract.id, cover.version.version, cover.term_index];
  };
  // The release's contract, its first version in March and its amendment from April; the catch-all term.
  expect(of({})).toEqual(['release-1', 1, 3]);
  expect(of({ pay_period: '2026-04' })).toEqual(['release-1', 2, 3]);
  // The same subject and month, other sales: GB streaming, Spotify, a CD.
  expect(of({ territory: 'GB' })).toEqual(['release-1', 1, 0]);
  expect(of({ retailer: 'Spotify' })).toEqual(['release-1', 1, 1]);
  expect(of({ cls: 'physical', sales_format: 'CD', sales_category: null })).toEqual(['release-1', 1, 2]);
  // Before the release's contract: the artist's; after the artist's ended too: the label's (terminated, still bound).
  expect(of({ pay_period: '2026-01' })).toEqual(['artist-a', 1, 3]);
  expect(of({ pay_period: '2025-12' })).toEqual(['label-1', 1, 3]);
  // Another label, before every contract: none.
  expect(of({ label_id: 'L2', pay_period: '2025-12' })).toBeNull();
});
