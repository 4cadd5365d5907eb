import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRef } from '../../shared/schemas/statement-views.js';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import { accountKeyOf } from '../../functions/money/accounts/account.js';
import { rowsOf } from '../../functions/money/earnings/allocation.js';
import type { EngineContract } from '../../functions/money/earnings/contract-cover.js';
import { earningsOf } from '../../functions/money/earnings/preview-figures.js';
import type { StatementCatalogue } from '../../functions/money/earnings/weights.js';
import { ledgerFixture, type Line } from './statement-ledger-fixture.js';

/**
 * A reader of one payee's share (its finances page) asks the engine for the lines whose weight sets pay that payee
 * only (allocation.ts `paysAccount`): a line's split depends on its weight set and units alone, so the payee earns
 * exactly what it earns over every line, whether paid through a recording's splits, a release's artists, an
 * artist's membership or a contract's term (on the lines of the contract's release, artist or label).
 */
let fixture: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  fixture = await ledgerFixture();
});
afterAll(() => fixture.close());

const CATALOGUE: Partial<StatementCatalogue> = {
  recordings: [
    {
      id: 'R1',
      recording_payees: [
        { payee_id: 'P1', split: 33.33 },
        { payee_id: 'P2', split: 66.67 },
      ],
    },
    { id: 'R2', recording_payees: [{ payee_id: 'P2', split: 100 }] },
    { id: 'R3', artist_recordings: [{ artist_id: 'A1', payee_share: 100 }] },
    { id: 'R4' },
  ],
  releases: [{ id: 'REL1', title: 'Album', artist_releases: [{ artist_id: 'A1', payee_share: 20 }] }],
  artists: [{ id: 'A1', name: 'Band', artist_members: [{ payee_id: 'M1' }, { payee_id: 'M2', active: true }] }],
  payees: [
    { id: 'P1', name: 'One' },
    { id: 'P2', name: 'Two' },
    { id: 'M1', name: 'Member One' },
    { id: 'M2', name: 'Member Two' },
  ],
};

const LINES: Line[] = [
  { recording_id: 'R1', release_id: 'REL1', label_id: 'L1', label_payable: '10.010000' },
  { recording_id: 'R1', release_id: 'REL1', label_id: 'L1', label_payable: '0.000007', retailer: 'Apple' },
  { recording_id: 'R2', release_id: 'REL1', label_id: 'L1', label_payable: '3.333333' },
  { recording_id: 'R3', release_id: 'REL1', label_id: 'L1', label_payable: '0.000101' },
  { recording_id: null, release_id: 'REL1', label_id: 'L1', label_payable: '1.000001' },
  { recording_id: 'R4', release_id: 'REL1', label_id: 'L1', label_payable: '5.000000' },
  { recording_id: 'R4', release_id: 'REL2', label_id: 'L2', label_payable: '4.000000' },
  { recording_id: null, release_id: null, label_id: null, label_payable: '2.000000' },
];

/** The account's royalties and lines, and how many lines the engine read, with or without `paysAccount`. */
async function earnedBy(account: AccountRef, catalogue: Partial<StatementCatalogue>, ownLines: boolean) {
  const p = await fixture.prepare(
    LINES,
    catalogue,
    { accounts: [account] },
    ownLines ? { paysAccount: accountKeyOf(account) } : {},
  );
  const [row] = await rowsOf(p, `SELECT count(*) AS n FROM ${p.lines}`);
  const earned = (await earningsOf(p)).accounts.find((a) => a.account.id === account.id);
  return { royalties: earned?.royalties, lines: earned?.lines, read: Number(row.n) };
}

describe("one payee's lines", () => {
  it.each([
    ['a recording’s split', 'P1', 2],
    ['two recordings’ splits', 'P2', 3],
    ['an artist’s membership, on a recording and on a release’s own lines', 'M1', 2],
  ])('pays a payee through %s exactly what every line pays it, reading only those lines', async (_, id, read) => {
    const account: AccountRef = { type: 'Payee', id };
    const all = await earnedBy(account, CATALOGUE, false);
    const own = await earnedBy(account, CATALOGUE, true);
    expect(Number(all.royalties)).toBeGreaterThan(0);
    expect(own.royalties).toBe(all.royalties);
    expect(own.lines).toBe(all.lines);
    expect(all.read).toBe(LINES.length);
    // The lines of the recordings (or, without one, the release) whose weights pay the payee: R1's for P1, …
    expect(own.read).toBe(read);
  });

  it.each([
    ['its label', 'label', 'L1', 6],
    ['its release', 'release', 'REL1', 6],
    // R3's line (its recording's artist), the release's own line (the release's artist), and R1's two (P1's split).
    ['an artist', 'artist', 'A1', 4],
  ])(
    'pays a payee whom a contract on %s pays exactly what every line pays it, reading only the lines it may cover',
    async (_, type, id, read) => {
      const terms: RoyaltyTerms = {
        deal_type: 'royalty',
        terms: [{ conditions: {}, rate: '25', base: 'net_receipts' }],
        packaging_deductions: {},
        escalations: [],
      };
      const contract: EngineContract = {
        id: 'C1',
        contractable_type: type as EngineContract['contractable_type'],
        contractable_id: id,
        status: 'signed',
        start_date: '2026-01-01',
        end_date: null,
        contractee_legal_name: 'One Ltd',
        versions: [
          {
            version: 1,
            effective_date: '2026-01-01',
            royalty_terms: terms,
            contract_payees: [{ payee_id: 'P1', share: '100' }],
          },
        ],
      };
      const catalogue = { ...CATALOGUE, contracts: [contract] };
      const account: AccountRef = { type: 'Payee', id: 'P1' };
      const all = await earnedBy(account, catalogue, false);
      const own = await earnedBy(account, catalogue, true);
      // The contract pays P1 on lines no recording split of its pays it (R2's, the release's own …).
      const withoutContract = await earnedBy(account, CATALOGUE, false);
      expect(all.lines).toBeGreaterThan(withoutContract.lines ?? 0);
      expect(own.royalties).toBe(all.royalties);
      expect(own.lines).toBe(all.lines);
      expect(own.read).toBe(read);
    },
  );

  it('counts an escalation over every line its contract covers, those of recordings the payee has no split of too', async () => {
    // C1 (REL1's, paying P1) steps from 18 % to 20 % after 10,000 CDs; most of them are R2's, whose split pays P2.
    const escalating = (contractId: string, type: 'release' | 'label', subject: string, payee: string) =>
      ({
        id: contractId,
        contractable_type: type,
        contractable_id: subject,
        status: 'signed',
        start_date: '2026-01-01',
        end_date: null,
        contractee_legal_name: 'Band Ltd',
        versions: [
          {
            version: 1,
            effective_date: '2026-01-01',
            royalty_terms: {
              deal_type: 'royalty',
              terms: [{ conditions: {}, rate: '18', base: 'net_receipts' }],
              packaging_deductions: {},
              escalations: [{ threshold_units: 10_000, rate: '20', term: 1 }],
            },
            contract_payees: [{ payee_id: payee, share: '100' }],
          },
        ],
      }) as EngineContract;
    const catalogue = {
      ...CATALOGUE,
      contracts: [escalating('C1', 'release', 'REL1', 'P1'), escalating('C2', 'label', 'L2', 'P2')],
    };
    const cd = (recording: string, release: string, label: string, quantity: number, pay_period: string): Line => ({
      recording_id: recording,
      release_id: release,
      label_id: label,
      sales_format: 'CD',
      sales_category: 'Physical',
      quantity,
      label_payable: `${quantity}.000000`,
      pay_period,
    });
    const lines = [
      cd('R2', 'REL1', 'L1', 9_000, '2026-01'),
      cd('R1', 'REL1', 'L1', 2_000, '2026-02'),
      cd('R4', 'REL2', 'L2', 12_000, '2026-01'),
      cd('R1', 'REL1', 'L1', 500, '2026-03'),
    ];
    const account: AccountRef = { type: 'Payee', id: 'P1' };
    const earned = async (ownLines: boolean) => {
      const p = await fixture.prepare(
        lines,
        catalogue,
        { accounts: [account] },
        ownLines ? { paysAccount: 'Payee#P1' } : {},
      );
      const royalties = (await earningsOf(p)).accounts.find((a) => a.account.id === 'P1')?.royalties;
      return { royalties, positions: p.escalation?.positions.get('C1') };
    };
    const all = await earned(false);
    // The contract covers all of REL1's lines: January's 9,000 CDs (R2's) at 18 %, 1,000 of February's at 18 % and
    // 1,000 at 20 %, March's 500 at 20 %: 1,620 + 180 + 200 + 100.
    expect(all.royalties).toBe('2100.000000');
    expect(await earned(true)).toEqual(all);
  });
});
