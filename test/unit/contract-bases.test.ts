import fc from 'fast-check';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import type { EngineContract } from '../../functions/money/earnings/contract-cover.js';
import { rowsOf } from '../../functions/money/earnings/allocation.js';
import { materialise } from '../../functions/money/earnings/material.js';
import { earningsOf } from '../../functions/money/earnings/preview-figures.js';
import { dealerPrices, royaltyOnBase } from '../../functions/money/earnings/term-bases.js';
import { exactFromUnits, unitsFromExact } from '../../functions/royalties/ledger/units.js';
import type { StatementCatalogue } from '../../functions/money/earnings/weights.js';
import { ledgerFixture, type Line } from './statement-ledger-fixture.js';
import { accountCsvText } from '../support/account-csv.js';

/**
 * Terms on gross (what the store paid) and on the published price to dealer (units × the release's
 * dealer price), less the packaging deduction of the sales' configuration: the engine pays
 * rate × (base − deduction), rounded once per group of sales to the millionth, out of the label's
 * share, and the label keeps the rest — per line, Σ payees + label kept = the label's share.
 */
let fixture: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  fixture = await ledgerFixture();
});
afterAll(() => fixture.close());

const royaltiesOf = (earnings: Awaited<ReturnType<typeof earningsOf>>) =>
  Object.fromEntries(earnings.accounts.map((a) => [`${a.account.type}#${a.account.id}`, a.royalties]));

const PAYEES_60_40 = [
  { payee_id: 'P1', share: '60' },
  { payee_id: 'P2', share: '40' },
];

function contractOf(royalty_terms: RoyaltyTerms): EngineContract {
  return {
    id: 'C1',
    contractable_type: 'release',
    contractable_id: 'REL1',
    status: 'signed',
    start_date: '2026-01-01',
    end_date: null,
    contractee_legal_name: 'The Band Ltd',
    versions: [{ version: 1, effective_date: '2026-01-01', royalty_terms, contract_payees: PAYEES_60_40 }],
  };
}

const ROYALTY_DEAL: RoyaltyTerms = {
  deal_type: 'royalty',
  terms: [
    { conditions: { configuration: 'CD' }, rate: '18', base: 'ppd' },
    { conditions: { channel: 'streaming' }, rate: '25', base: 'net_receipts' },
    { conditions: { channel: 'download' }, rate: '10', base: 'gross' },
  ],
  packaging_deductions: { CD: '25' },
  escalations: [],
};

const RELEASE: StatementCatalogue['releases'][number] = {
  id: 'REL1',
  title: 'Album',
  products: [
    { format: 'Digital', dealer_price: '' },
    { format: 'CD', dealer_price: 8 },
  ],
};
const catalogue = (releases = [RELEASE]): Partial<StatementCatalogue> => ({
  recordings: [{ id: 'R1', title: 'Song', recording_payees: [{ payee_id: 'P9', split: 100 }] }],
  releases,
  contracts: [contractOf(ROYALTY_DEAL)],
});
const line = (fields: Line): Line => ({ recording_id: 'R1', release_id: 'REL1', territory: 'GB', ...fields });
const cds = (quantity: number, label_payable: string): Line =>
  line({ sales_format: 'CD', sales_category: 'Physical', quantity, label_payable, amount: label_payable });

describe('a term on the published price to dealer, less packaging', () => {
  it('pays 18 % of 1,000 CDs × £8.00 less 25 % packaging: £1,080.00, 60/40, the label keeping the rest', async () => {
    // Base: 1,000 × 8.00 = 8,000.00; less 25 % packaging: 6,000.00; × 18 % = 1,080.00.
    // P1 60 % = 648.00, P2 40 % = 432.00; the label's share was 6,500.00, so it keeps 5,420.00.
    const p = await fixture.prepare([cds(1000, '6500.000000')], catalogue());
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '648.000000', 'Payee#P2': '432.000000' });
    expect(earnings.totals).toMatchObject({
      label_payable: '6500.000000',
      allocated: '1080.000000',
      retained: '5420.000000',
      unaccountable: '0.000000',
    });
    const material = await materialise(p, earnings, path.join(fixture.dir, 'ppd-material'));
    const rows = parse(accountCsvText(material.get('Payee#P1')), { columns: true }) as Record<string, string>[];
    // The line names the term, its base, its deduction and the dealer price it used.
    expect(rows.map((r) => [r.term, r.share])).toEqual([
      [
        'Contract with The Band Ltd: 18% of the published price to dealer, less 25% packaging, on CD sales; dealer price 8.00',
        '648.000000',
      ],
    ]);
  });

  it('splits the group’s royalty over its lines by their label share, exactly', async () => {
    // Two CD lines of one group: 300 + 700 units, label shares 1,950.00 + 4,550.00. Royalty 1,080.00 as above,
    // divided 30/70 by label share: 324.00 and 756.00; P1 gets 60 % of each.
    const p = await fixture.prepare([cds(300, '1950.000000'), cds(700, '4550.000000')], catalogue());
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '648.000000', 'Payee#P2': '432.000000' });
  });

  it('takes a return back at the same rate: the royalty mirrors the sale', async () => {
    const p = await fixture.prepare([cds(1000, '6500.000000'), cds(-100, '-650.000000')], catalogue());
    // Net 900 units in one group: 900 × 8.00 × 75 % × 18 % = 972.00.
    expect((await earningsOf(p)).totals.allocated).toBe('972.000000');
  });

  it('says so when the release has no dealer price for the sales’ format, and pays nobody on them', async () => {
    const p = await fixture.prepare([cds(10, '65.000000')], catalogue([{ ...RELEASE, products: [] }]));
    const earnings = await earningsOf(p);
    expect(earnings.accounts).toEqual([]);
    expect(earnings.unaccountable).toMatchObject([
      { recording_id: 'R1', label_payable: '65.000000', reason: 'no_dealer_price' },
    ]);
  });

  it('finds the dealer price by the product of the sales’ configuration, letter case aside, never another format’s', () => {
    const price = dealerPrices([
      RELEASE,
      { id: 'REL2', products: [{ format: 'Vinyl', dealer_price: '12.5' }] },
      {
        id: 'REL3',
        products: [
          { format: 'Vinyl', dealer_price: 12 },
          { format: 'CD', dealer_price: 7 },
        ],
      },
    ]);
    expect(price('REL1', 'cd')).toBe(8_000_000n);
    expect(price('REL2', 'CD')).toBeNull();
    expect(price('REL3', 'Cassette')).toBeNull();
    expect(price('REL1', 'Digital')).toBeNull();
    expect(price(null, 'CD')).toBeNull();
    // Sales that name no configuration: the release's only priced product.
    expect(price('REL2', null)).toBe(12_500_000n);
    expect(price('REL3', null)).toBeNull();
  });

  it('rounds the royalty once, half away from zero, to the millionth', () => {
    const rate = { num: 180_000n, den: 1n }; // 18 %
    const sales = (units: bigint, label: bigint) => ({ units, label, gross: label });
    // 3 units × 0.000007 × 18 % = 0.00000378 → 0.000004; the return mirrors it.
    expect(royaltyOnBase({ base: 'ppd' }, rate, 0n, sales(3n, 1_000n), 7n)).toEqual({
      kind: 'paid',
      base: 21n,
      royalty: 4n,
    });
    expect(royaltyOnBase({ base: 'ppd' }, rate, 0n, sales(-3n, -1_000n), 7n)).toMatchObject({ royalty: -4n });
    expect(royaltyOnBase({ base: 'ppd' }, rate, 0n, sales(3n, 0n), 7_000_000n)).toEqual({ kind: 'no_label_share' });
  });
});

describe('a term on gross receipts', () => {
  it('pays 10 % of what the store paid, before the distributor’s cut', async () => {
    // Store paid 100.00, the label's share 70.00 (the distributor kept 30.00): 10 % of 100.00 = 10.00, 6.00 / 4.00.
    const p = await fixture.prepare(
      [line({ sales_category: 'Download', amount: '100.000000', label_payable: '70.000000' })],
      catalogue(),
    );
    const earnings = await earningsOf(p);
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '6.000000', 'Payee#P2': '4.000000' });
    expect(earnings.totals).toMatchObject({ retained: '60.000000', unaccountable: '0.000000' });
  });
});

describe('packaging on a term on net receipts', () => {
  it('reduces the label’s share by the deduction before the rate applies', async () => {
    const deal: RoyaltyTerms = {
      ...ROYALTY_DEAL,
      terms: [{ conditions: {}, rate: '20', base: 'net_receipts' }],
      packaging_deductions: { Vinyl: '20' },
    };
    const p = await fixture.prepare(
      [
        line({ sales_format: 'Vinyl', sales_category: 'Physical', label_payable: '100.000000' }),
        line({ sales_category: 'Streaming', label_payable: '100.000000' }),
      ],
      { ...catalogue(), contracts: [contractOf(deal)] },
    );
    // Vinyl: 20 % × (100.00 less 20 %) = 16.00; streaming (no packaging): 20 % × 100.00 = 20.00.
    expect((await earningsOf(p)).totals.allocated).toBe('36.000000');
  });
});

describe('conservation with gross and PPD bases (property)', () => {
  it('per line, Σ payees + label kept = the label’s share, to the millionth', async () => {
    const cents = fc.integer({ min: 1, max: 5_000_000 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom('CD', 'Download'),
            fc.integer({ min: -50, max: 500 }),
            cents,
            fc.integer({ min: 0, max: 100 }),
            fc.constantFrom('GB', 'US'),
          ),
          { minLength: 1, maxLength: 10 },
        ),
        fc.integer({ min: 1, max: 999_999 }),
        async (sales, firstShare) => {
          const lines = sales.map(([kind, quantity, labelCents, cut, territory]) => {
            // A return is negative throughout; the store paid the label's share plus the distributor's cut.
            const sign = quantity < 0 ? -1n : 1n;
            const label = sign * BigInt(labelCents) * 10_000n;
            const gross = (label * BigInt(100 + cut)) / 100n;
            return line({
              territory,
              quantity,
              sales_format: kind === 'CD' ? 'CD' : null,
              sales_category: kind === 'CD' ? 'Physical' : 'Download',
              label_payable: exactFromUnits(label),
              amount: exactFromUnits(gross),
            });
          });
          const share = (firstShare / 10_000).toFixed(4);
          const rest = ((1_000_000 - firstShare) / 10_000).toFixed(4);
          const contract = contractOf(ROYALTY_DEAL);
          contract.versions = contract.versions.map((v) => ({
            ...v,
            contract_payees: [
              { payee_id: 'P1', share },
              { payee_id: 'P2', share: rest },
            ],
          }));
          const p = await fixture.prepare(lines, { ...catalogue(), contracts: [contract] });
          const uneven = await rowsOf(p, 'SELECT sid, ua FROM st_split GROUP BY ALL HAVING sum(share) <> ua');
          expect(uneven).toEqual([]);
          const { totals } = await earningsOf(p);
          const total = lines.reduce((t, l) => t + unitsFromExact(String(l.label_payable)), 0n);
          expect(totals.label_payable).toBe(exactFromUnits(total));
          const parts = [totals.allocated, totals.retained, totals.unaccountable];
          expect(parts.reduce((t, x) => t + unitsFromExact(x), 0n)).toBe(total);
        },
      ),
      { numRuns: Number(process.env.CONTRACT_RUNS ?? 15) },
    );
  }, 120_000);
});
