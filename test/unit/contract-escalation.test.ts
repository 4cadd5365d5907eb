import path from 'node:path';
import Big from 'big.js';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blendedRate, type Escalation, piecesOf, unitsIn } from '../../shared/contract-escalation.js';
import type { RoyaltyTerms } from '../../shared/schemas/contracts.js';
import type { EngineContract } from '../../functions/money/earnings/contract-cover.js';
import { earningsOf } from '../../functions/money/earnings/preview-figures.js';
import { materialise } from '../../functions/money/earnings/material.js';
import { rowsOf } from '../../functions/money/earnings/allocation.js';
import { exactFromUnits, unitsFromExact } from '../../functions/royalties/ledger/units.js';
import { ledgerFixture, type Line } from './statement-ledger-fixture.js';
import { accountCsvText } from '../support/account-csv.js';

/**
 * Escalations: once a contract's sales over its life pass a threshold, the rate changes; the sale
 * that crosses it is split exactly where it crosses (the part up to the threshold at the old rate,
 * the rest at the new), and its payees' part is rounded once, so the line still adds up to itself.
 */
const ESCALATE_AT_10K: Escalation[] = [{ threshold_units: 10_000, rate: '20' }];
const pct = (r: { num: bigint; den: bigint }) => new Big(String(r.num)).div(String(r.den)).div(10_000);

describe('a sale that crosses a threshold, by hand', () => {
  it('pays 18 % PPD less 25 % packaging on the CDs up to 10,000 units and 20 % beyond', () => {
    // 9,000 CDs stated before; this sale is 2,000 CDs at a published price to dealer of £8.00, less 25 %
    // packaging: £6.00 a CD. By hand: 1,000 × 6.00 × 18 % = £1,080.00, then 1,000 × 6.00 × 20 % = £1,200.00.
    const pieces = piecesOf('18', ESCALATE_AT_10K, 0, { units: 9_000n, revenue: 0n }, { units: 2_000n, revenue: 0n });
    expect(pieces.map((p) => [p.rate, unitsIn(p, 2_000n)])).toEqual([
      [180_000n, { num: 1_000n, den: 1n }],
      [200_000n, { num: 1_000n, den: 1n }],
    ]);
    const base = new Big('8.00').times(2_000).times(new Big(1).minus('0.25'));
    expect(
      base
        .times(pct(blendedRate(pieces)))
        .div(100)
        .toFixed(2),
    ).toBe('2280.00');
  });

  it('keeps the old rate up to the threshold exactly and the new one from the next unit; a return crosses nothing', () => {
    const at = (before: bigint, units: bigint) =>
      piecesOf('18', ESCALATE_AT_10K, 0, { units: before, revenue: 0n }, { units, revenue: 0n }).map((p) => p.rate);
    expect(at(9_000n, 1_000n)).toEqual([180_000n]);
    expect(at(10_000n, 1n)).toEqual([200_000n]);
    expect(at(10_500n, -600n)).toEqual([200_000n]);
  });

  it('raises only the term it names; a revenue threshold cuts where the revenue reaches it', () => {
    const second: Escalation[] = [{ threshold_revenue: '100.00', rate: '30', term: 2 }];
    const sale = { units: 10n, revenue: 40_000_000n };
    expect(piecesOf('25', second, 0, { units: 0n, revenue: 80_000_000n }, sale).map((p) => p.rate)).toEqual([250_000n]);
    // 80.00 stated before, 40.00 now: the first 20.00 at 25 %, the last 20.00 at 30 %, so 27.5 % overall.
    expect(pct(blendedRate(piecesOf('25', second, 1, { units: 0n, revenue: 80_000_000n }, sale))).toString()).toBe(
      '27.5',
    );
  });
});

describe('the split at a threshold', () => {
  it('is exact and conserves the sale, wherever the threshold falls', () => {
    const rate = fc.integer({ min: 0, max: 1_000_000 }).map((n) => (n / 10_000).toFixed(4));
    fc.assert(
      fc.property(
        rate,
        rate,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.bigInt({ min: 0n, max: 2_000_000n }),
        fc.bigInt({ min: 1n, max: 1_000_000n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        (oldRate, newRate, threshold, before, units, amount) => {
          const pieces = piecesOf(
            oldRate,
            [{ threshold_units: threshold, rate: newRate }],
            0,
            { units: before, revenue: 0n },
            { units, revenue: amount },
          );
          // The pieces cover the sale once: their units add up to it, each a whole number of units.
          const parts = pieces.map((p) => unitsIn(p, units));
          expect(parts.every((u) => u.num % u.den === 0n)).toBe(true);
          expect(parts.reduce((t, u) => t + u.num / u.den, 0n)).toBe(units);
          const below = BigInt(threshold) - before;
          const crossing = below > 0n && below < units;
          // A crossing sale is cut even where the escalated rate equals the old one: its words name the threshold.
          expect(pieces.length).toBe(crossing ? 2 : 1);
          // The mix is exactly old rate × the part below + new rate × the part above, nothing rounded.
          const blend = blendedRate(pieces);
          const old4 = BigInt(new Big(oldRate).times(10_000).toFixed(0));
          const new4 = BigInt(new Big(newRate).times(10_000).toFixed(0));
          const [under, over] = crossing
            ? [below, units - below]
            : before >= BigInt(threshold)
              ? [0n, units]
              : [units, 0n];
          expect(amount * blend.num * units).toBe(amount * (old4 * under + new4 * over) * blend.den);
        },
      ),
      { numRuns: 300 },
    );
  });
});

let fixture: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  fixture = await ledgerFixture();
});
afterAll(() => fixture.close());

const CD_DEAL: RoyaltyTerms = {
  deal_type: 'royalty',
  terms: [
    { conditions: { configuration: 'CD' }, rate: '18', base: 'net_receipts' },
    { conditions: {}, rate: '25', base: 'net_receipts' },
  ],
  packaging_deductions: {},
  escalations: [{ threshold_units: 10_000, rate: '20', term: 1 }],
};
const contract = (stated?: EngineContract['stated']): EngineContract => ({
  id: 'C1',
  contractable_type: 'release',
  contractable_id: 'REL1',
  status: 'signed',
  start_date: '2026-01-01',
  end_date: null,
  contractee_legal_name: 'The Band Ltd',
  versions: [
    {
      version: 1,
      effective_date: '2026-01-01',
      royalty_terms: CD_DEAL,
      contract_payees: [{ payee_id: 'P1', share: '100' }],
    },
  ],
  ...(stated ? { stated } : {}),
});
const cd = (fields: Line): Line => ({
  recording_id: 'R1',
  release_id: 'REL1',
  territory: 'GB',
  sales_category: 'Physical',
  sales_format: 'CD',
  ...fields,
});
const royaltiesOf = (earnings: Awaited<ReturnType<typeof earningsOf>>) =>
  Object.fromEntries(earnings.accounts.map((a) => [`${a.account.type}#${a.account.id}`, a.royalties]));

describe('escalations in the statements', () => {
  const LINES = [
    cd({ pay_period: '2026-01', quantity: 9_000, label_payable: '9000.000000' }),
    // Crosses 10,000: 1,000 CDs (£1,000.00) at 18 % and 1,000 (£1,000.00) at 20 %.
    cd({ pay_period: '2026-02', quantity: 2_000, label_payable: '2000.000000' }),
    cd({ pay_period: '2026-03', quantity: 500, label_payable: '500.000000' }),
    // A stream: term 2, which the escalation does not raise; its units still count towards the threshold.
    cd({
      pay_period: '2026-01',
      quantity: 100,
      label_payable: '10.000000',
      sales_category: 'Streaming',
      sales_format: null,
    }),
  ];

  it('pays the old rate to the threshold, the exact mix on the sale that crosses it, then the new rate', async () => {
    // 9,100 units in January, so the threshold falls 900 units into February's 2,000: 900 × 18 % + 1,100 × 20 %.
    const p = await fixture.prepare(LINES, { contracts: [contract()] });
    const earnings = await earningsOf(p);
    // 1620.00 + 2.50 + (0.18 × 900 + 0.20 × 1100 = 382.00) + 100.00
    expect(royaltiesOf(earnings)).toEqual({ 'Payee#P1': '2104.500000' });
    const material = await materialise(p, earnings, path.join(fixture.dir, 'escalation'));
    const rows = parse(accountCsvText(material.get('Payee#P1')), {
      columns: true,
    }) as Record<string, string>[];
    expect(Object.fromEntries(rows.map((r) => [r.pay_period + r.sales_format, [r.term, r.share]]))).toEqual({
      '2026-01CD': ['Contract with The Band Ltd: 18% of net receipts, on CD sales', '1620.000000'],
      // A line without a format names its sales category, as the statement's By format table does.
      '2026-01Streaming': ['Contract with The Band Ltd: 25% of net receipts, on all sales', '2.500000'],
      '2026-02CD': [
        'Contract with The Band Ltd: 18% of net receipts, on CD sales; split: 900 units at 18%, then 1,100 units at 20% (after 10,000 units)',
        '382.000000',
      ],
      '2026-03CD': [
        'Contract with The Band Ltd: 18% of net receipts, on CD sales; escalated to 20% (after 10,000 units)',
        '100.000000',
      ],
    });
    // What publishing stores, so the next statements count from it: the contract's sales by month.
    expect(material.get('Payee#P1')?.contracts[0]?.positions).toEqual([
      { period: '2026-01', units: '9100', revenue: '9010.000000' },
      { period: '2026-02', units: '2000', revenue: '2000.000000' },
      { period: '2026-03', units: '500', revenue: '500.000000' },
    ]);
  });

  it('counts from what was stated before the period, so a later statement agrees with one over the whole life', async () => {
    const p = await fixture.prepare(
      LINES,
      { contracts: [contract({ '2026-01': { units: '9100', revenue: '9010.000000' } })] },
      { start_pay_period: '2026-02', end_pay_period: '2026-03' },
    );
    expect(royaltiesOf(await earningsOf(p))).toEqual({ 'Payee#P1': '482.000000' });
  });

  it('keeps every line whole: payees and the label add up to the label’s share, to the millionth', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.bigInt({ min: 1n, max: 9_999_999_999n })), {
          minLength: 1,
          maxLength: 6,
        }),
        async (sales) => {
          const lines = sales.map(([quantity, u], i) =>
            cd({ pay_period: `2026-0${1 + (i % 6)}`, territory: `T${i}`, quantity, label_payable: exactFromUnits(u) }),
          );
          const p = await fixture.prepare(lines, { contracts: [contract()] });
          expect(await rowsOf(p, 'SELECT sid, ua FROM st_split GROUP BY ALL HAVING sum(share) <> ua')).toEqual([]);
          const { totals } = await earningsOf(p);
          const total = sales.reduce((t, [, u]) => t + u, 0n);
          expect(unitsFromExact(totals.allocated) + unitsFromExact(totals.retained)).toBe(total);
        },
      ),
      { numRuns: 10 },
    );
  }, 60_000);
});
