import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import type { EngineContract } from '../../functions/money/earnings/contract-cover.js';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { earningsOf } from '../../functions/money/earnings/preview-figures.js';
import { materialise, NO_CONTRACT_WORDS } from '../../functions/money/earnings/material.js';
import { rowsOf } from '../../functions/money/earnings/allocation.js';
import { exactFromUnits, unitsFromExact } from '../../functions/royalties/ledger/units.js';
import type { StatementCatalogue } from '../../functions/money/earnings/weights.js';
import { ledgerFixture, type Line } from './statement-ledger-fixture.js';
import { accountCsvText } from '../support/account-csv.js';

/**
 * Contracts drive the split: a line a signed contract covers (its release, else its recording's
 * artist, else its label; within the contract's dates) pays the winning term's rate × the label's
 * share to the contract's payees by their shares, and the label keeps the rest. Lines no contract
 * covers keep today's rules.
 */
let fixture: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  fixture = await ledgerFixture();
});
afterAll(() => fixture.close());

const royaltiesOf = (earnings: Awaited<ReturnType<typeof earningsOf>>) =>
  Object.fromEntries(earnings.accounts.map((a) => [`${a.account.type}#${a.account.id}`, a.royalties]));

const terms = (list: RoyaltyTerms['terms']): RoyaltyTerms => ({
  deal_type: 'royalty',
  terms: list,
  packaging_deductions: {},
  escalations: [],
});

function contract(fields: Partial<EngineContract> & Pick<EngineContract, 'id' | 'versions'>): EngineContract {
  return {
    contractable_type: 'release',
    contractable_id: 'REL1',
    status: 'signed',
    start_date: '2026-01-01',
    end_date: null,
    contractee_legal_name: 'The Band Ltd',
    ...fields,
  };
}

const PAYEES_60_40 = [
  { payee_id: 'P1', share: '60' },
  { payee_id: 'P2', share: '40' },
];
/** 25 % of net receipts on every sale, 30 % on streaming in GB (the more specific term wins there). */
const DIGITAL_DEAL = terms([
  { conditions: {}, rate: '25', base: 'net_receipts' },
  { conditions: { channel: 'streaming', territories_in: ['GB'] }, rate: '30', base: 'net_receipts' },
]);
const versionOf = (royalty_terms: RoyaltyTerms, effective_date = '2026-01-01', version = 1) => ({
  version,
  effective_date,
  royalty_terms,
  contract_payees: PAYEES_60_40,
});

/** The recording's own payee split: today's rule, which a contract replaces on the lines it covers. */
const RECORDING: StatementCatalogue['recordings'][number] = {
  id: 'R1',
  title: 'Song',
  recording_payees: [{ payee_id: 'P9', split: 100 }],
};
const line = (fields: Line): Line => ({
  recording_id: 'R1',
  release_id: 'REL1',
  sales_category: 'Streaming',
  territory: 'GB',
  ...fields,
});

describe('a contract’s terms split the label’s share', () => {
  it('pays 30 % on GB streaming and 25 % elsewhere, 60/40 between the payees, the label keeping the rest', async () => {
    const p = await fixture.prepare(
      [
        // GB streaming: 30 % of 10.00 = 3.00 → P1 1.80, P2 1.20; the label keeps 7.00.
        line({ label_payable: '10.000000' }),
        // US streaming: 25 % of 10.00 = 2.50 → P1 1.50, P2 1.00; the label keeps 7.50.
        line({ label_payable: '10.000000', territory: 'US' }),
        // A CD in GB: not streaming, so 25 % of 4.00 = 1.00 → P1 0.60, P2 0.40.
        line({ label_payable: '4.000000', sales_category: 'Physical', sales_format: 'CD' }),
      ],
      { recordings: [RECORDING], contracts: [contract({ id: 'C1', versions: [versionOf(DIGITAL_DEAL)] })] },
    );
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '3.900000', 'Payee#P2': '2.600000' });
    expect(earnings.totals).toMatchObject({
      label_payable: '24.000000',
      allocated: '6.500000',
      retained: '17.500000',
      unaccountable: '0.000000',
    });
  });

  it('keeps today’s rules for lines no contract covers: another release, a period before it starts, a draft', async () => {
    const p = await fixture.prepare(
      [
        line({ release_id: 'REL2', label_payable: '10.000000' }),
        line({ pay_period: '2025-12', label_payable: '5.000000' }),
      ],
      {
        recordings: [RECORDING],
        contracts: [
          contract({ id: 'C1', versions: [versionOf(DIGITAL_DEAL)] }),
          contract({ id: 'C2', contractable_id: 'REL2', status: 'draft', versions: [versionOf(DIGITAL_DEAL)] }),
        ],
      },
    );
    // Both lines follow the recording's split: P9 100 %.
    expect(royaltiesOf(await earningsOf(p))).toEqual({ 'Payee#P9': '15.000000' });
  });

  it('computes months no contract is in force for as if there were none, with the same figures', async () => {
    const lines = [
      line({ pay_period: '2025-11', label_payable: '10.000000' }),
      line({ pay_period: '2025-12', label_payable: '5.000000', territory: 'US' }),
    ];
    const catalogue = {
      recordings: [RECORDING],
      contracts: [
        // Starts in January; the other ended before November; a draft binds nobody.
        contract({ id: 'C1', versions: [versionOf(DIGITAL_DEAL)] }),
        contract({ id: 'C2', start_date: '2025-01-01', end_date: '2025-10-31', versions: [versionOf(DIGITAL_DEAL)] }),
        contract({ id: 'C3', start_date: '2025-01-01', status: 'draft', versions: [versionOf(DIGITAL_DEAL)] }),
      ],
    };
    const before = await fixture.prepare(lines, catalogue, { start_pay_period: '2025-11', end_pay_period: '2025-12' });
    expect(before.contracts).toBe(false);
    expect(royaltiesOf(await earningsOf(before))).toEqual({ 'Payee#P9': '15.000000' });
    // A month of either end in force, or no bound at all: the contracts' work is done.
    for (const scope of [
      { start_pay_period: '2025-10', end_pay_period: '2025-12' },
      { start_pay_period: '2025-11', end_pay_period: '2026-01' },
      { start_pay_period: '', end_pay_period: '' },
    ]) {
      const p = await fixture.prepare(lines, catalogue, scope);
      expect(p.contracts, JSON.stringify(scope)).toBe(true);
      expect(royaltiesOf(await earningsOf(p))).toEqual({ 'Payee#P9': '15.000000' });
    }
  });

  it('prefers the release’s contract to the artist’s, and the artist’s to the label’s', async () => {
    const label = contract({
      id: 'CL',
      contractable_type: 'label',
      contractable_id: 'L1',
      versions: [
        {
          ...versionOf(terms([{ conditions: {}, rate: '10', base: 'net_receipts' }])),
          contract_payees: [{ payee_id: 'PL', share: '100' }],
        },
      ],
    });
    const artist = contract({
      id: 'CA',
      contractable_type: 'artist',
      contractable_id: 'A1',
      versions: [
        {
          ...versionOf(terms([{ conditions: {}, rate: '20', base: 'net_receipts' }])),
          contract_payees: [{ payee_id: 'PA', share: '100' }],
        },
      ],
    });
    const release = contract({
      id: 'CR',
      versions: [
        {
          ...versionOf(terms([{ conditions: {}, rate: '50', base: 'net_receipts' }])),
          contract_payees: [{ payee_id: 'PR', share: '100' }],
        },
      ],
    });
    const p = await fixture.prepare(
      [
        line({ label_id: 'L1', label_payable: '1.000000' }), // REL1: the release's contract, 50 %
        line({ label_id: 'L1', release_id: 'REL9', label_payable: '1.000000' }), // the artist's, 20 %
        line({ label_id: 'L1', recording_id: 'R2', release_id: 'REL9', label_payable: '1.000000' }), // the label's, 10 %
      ],
      {
        recordings: [
          { ...RECORDING, artist_recordings: [{ artist_id: 'A1', payee_share: 100 }] },
          { id: 'R2', recording_payees: [{ payee_id: 'P9', split: 100 }] },
        ],
        contracts: [label, artist, release],
      },
    );
    expect(royaltiesOf(await earningsOf(p))).toEqual({
      'Payee#PR': '0.500000',
      'Payee#PA': '0.200000',
      'Payee#PL': '0.100000',
    });
  });

  it('applies an amendment from its effective month, and pays nothing when no term covers the sale', async () => {
    const amended = contract({
      id: 'C1',
      versions: [
        versionOf(terms([{ conditions: { channel: 'streaming' }, rate: '20', base: 'net_receipts' }])),
        versionOf(terms([{ conditions: { channel: 'streaming' }, rate: '40', base: 'net_receipts' }]), '2026-03-15', 2),
      ],
    });
    const p = await fixture.prepare(
      [
        line({ pay_period: '2026-02', label_payable: '10.000000' }), // version 1: 20 % → 2.00
        line({ pay_period: '2026-03', label_payable: '10.000000' }), // version 2: 40 % → 4.00
        line({ pay_period: '2026-03', label_payable: '10.000000', sales_category: 'Download' }), // no term: the label keeps it
      ],
      { recordings: [RECORDING], contracts: [amended] },
    );
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '3.600000', 'Payee#P2': '2.400000' });
    expect(earnings.totals).toMatchObject({ retained: '24.000000', unaccountable: '0.000000' });
  });

  it('does not guess a term on the price to dealer without a dealer price: the line is listed as nobody’s, not paid by today’s rules', async () => {
    const p = await fixture.prepare([line({ label_payable: '10.000000' })], {
      recordings: [RECORDING],
      contracts: [contract({ id: 'C1', versions: [versionOf(terms([{ conditions: {}, rate: '18', base: 'ppd' }]))] })],
    });
    const earnings = await earningsOf(p);
    expect(earnings.accounts).toEqual([]);
    expect(earnings.totals.unaccountable).toBe('10.000000');
    expect(earnings.unaccountable).toMatchObject([
      { recording_id: 'R1', label_payable: '10.000000', reason: 'no_dealer_price' },
    ]);
  });

  it('splits each line exactly: Σ payees + label kept = the label’s share, to the millionth (property)', async () => {
    const rate = fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 10_000).toFixed(4));
    const units = fc.bigInt({ min: -50_000_000n, max: 50_000_000n });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(units, fc.constantFrom('GB', 'US', 'FR'), fc.constantFrom('Streaming', 'Download', 'CD')), {
          minLength: 1,
          maxLength: 12,
        }),
        rate,
        rate,
        fc.integer({ min: 1, max: 999_999 }),
        async (lines, general, specific, firstShare) => {
          const share = (firstShare / 10_000).toFixed(4);
          const rest = ((1_000_000 - firstShare) / 10_000).toFixed(4);
          const deal = terms([
            { conditions: {}, rate: general, base: 'net_receipts' },
            { conditions: { channel: 'streaming', territories_in: ['GB'] }, rate: specific, base: 'net_receipts' },
          ]);
          const p = await fixture.prepare(
            lines.map(([u, territory, kind]) =>
              line({
                label_payable: exactFromUnits(u),
                territory,
                sales_category: kind === 'CD' ? 'Physical' : kind,
                sales_format: kind === 'CD' ? 'CD' : null,
              }),
            ),
            {
              recordings: [RECORDING],
              contracts: [
                contract({
                  id: 'C1',
                  versions: [
                    {
                      ...versionOf(deal),
                      contract_payees: [
                        { payee_id: 'P1', share },
                        { payee_id: 'P2', share: rest },
                      ],
                    },
                  ],
                }),
              ],
            },
          );
          // Every line's split is one (split, units) row of the engine: its parts add up to its units.
          const uneven = await rowsOf(p, 'SELECT sid, ua FROM st_split GROUP BY ALL HAVING sum(share) <> ua');
          expect(uneven).toEqual([]);
          const { totals } = await earningsOf(p);
          const total = lines.reduce((t, [u]) => t + u, 0n);
          expect(totals.label_payable).toBe(exactFromUnits(total));
          const sum = [totals.allocated, totals.retained, totals.unaccountable].reduce(
            (t, x) => t + unitsFromExact(x),
            0n,
          );
          expect(sum).toBe(total);
          expect(totals.unaccountable).toBe('0.000000');
        },
      ),
      { numRuns: Number(process.env.CONTRACT_RUNS ?? 15) },
    );
  }, 120_000);

  it('names on each statement line the term that applied, and says so when no contract did', async () => {
    const p = await fixture.prepare(
      [
        line({ label_payable: '10.000000' }),
        line({ label_payable: '10.000000', territory: 'US' }),
        line({ label_payable: '10.000000', pay_period: '2025-12' }),
      ],
      {
        recordings: [{ ...RECORDING, recording_payees: [{ payee_id: 'P1', split: 100 }] }],
        contracts: [contract({ id: 'C1', type: 'artist_release_contract', versions: [versionOf(DIGITAL_DEAL)] })],
      },
    );
    const earnings = await earningsOf(p);
    const material = await materialise(p, earnings, path.join(fixture.dir, 'contract-material'));
    const p1 = material.get('Payee#P1');
    const rows = parse(accountCsvText(p1), { columns: true }) as Record<string, string>[];
    const byTerm = Object.fromEntries(rows.map((r) => [r.term, r.share]));
    // The contract is named as the contracts list names it. 2025-12 is before the contract: the recording's own split (P1 100 %) and the words say no contract applied.
    expect(byTerm).toEqual({
      'Artist release contract with The Band Ltd: 30% of net receipts, on streaming sales in GB': '1.800000',
      'Artist release contract with The Band Ltd: 25% of net receipts, on all sales': '1.500000',
      [NO_CONTRACT_WORDS]: '10.000000',
    });
    expect(p1?.summaries.term?.map((r) => [r.label, r.amount])).toEqual([
      [NO_CONTRACT_WORDS, '10.000000'],
      ['Artist release contract with The Band Ltd: 30% of net receipts, on streaming sales in GB', '1.800000'],
      ['Artist release contract with The Band Ltd: 25% of net receipts, on all sales', '1.500000'],
    ]);
    // What the payee earned under the contract, which its statement recoups from first: not the line the contract did not cover.
    expect(p1?.contracts).toEqual([{ contract_id: 'C1', earned: '3.300000', physical: '0.000000' }]);
  });

  it('counts a payee’s physical sales under a contract apart, leaving returns out (what a reserve is held on)', async () => {
    const p = await fixture.prepare(
      [
        line({ label_payable: '10.000000', sales_category: 'CD', sales_format: 'CD' }),
        line({ label_payable: '-4.000000', quantity: -1, sales_category: 'CD', sales_format: 'CD' }),
        line({ label_payable: '10.000000' }),
      ],
      {
        recordings: [RECORDING],
        contracts: [
          contract({ id: 'C1', versions: [versionOf(terms([{ conditions: {}, rate: '50', base: 'net_receipts' }]))] }),
        ],
      },
    );
    const earnings = await earningsOf(p);
    const material = await materialise(p, earnings, path.join(fixture.dir, 'contract-physical'));
    // P1 has 60 % of the 50 %: 3.00 on the CD sale, −1.20 on its return, 3.00 on the stream.
    expect(material.get('Payee#P1')?.contracts).toEqual([
      { contract_id: 'C1', earned: '4.800000', physical: '3.000000' },
    ]);
  });
});
