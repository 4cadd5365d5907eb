import { describe, expect, it } from 'vitest';
import {
  type DealDraft,
  dealFieldsOf,
  dealOf,
  deductionRowsOf,
  EMPTY_TERM,
  escalationRowsOf,
  type TermRow,
  termRowOf,
} from './deal-model';

const fields = dealFieldsOf({ deal_type: 'royalty', terms: [], packaging_deductions: {}, escalations: [] });
const term = (patch: Partial<TermRow>, key = 'a') => ({ key, values: { ...EMPTY_TERM, ...patch } });
const draft = (patch: Partial<DealDraft>): DealDraft => ({
  fields,
  terms: [],
  deductions: [],
  escalations: [],
  ...patch,
});

describe('the deal the contract page saves', () => {
  it('sends every part of a deal as the API takes it', () => {
    const result = dealOf(
      draft({
        fields: {
          ...fields,
          advance: '1,500.00',
          recoupable_costs: '2000',
          recoupable_costs_percent: '50',
          cross_collateral_group: ' Album deal ',
          reserve_percent: '20',
          reserve_periods: '2',
        },
        terms: [
          term({ rate: '18', configuration: 'CD', territories_in: 'gb, ie' }, 'cd'),
          term(
            { rate: '25', base: 'net_receipts', channel: 'streaming', store: 'Spotify', territories_out: 'US' },
            's',
          ),
        ],
        deductions: [{ configuration: 'CD', percent: '25' }],
        escalations: [{ term: 's', threshold: 'units', after: '100000', rate: '30' }],
      }),
    );
    expect(result.errors).toBeNull();
    expect(result.deal).toEqual({
      deal_type: 'royalty',
      advance: '1500.00',
      recoupable_costs: '2000',
      recoupable_costs_percent: '50',
      cross_collateral_group: 'Album deal',
      reserve: { percent: '20', release_periods: 2 },
      terms: [
        { rate: '18', base: 'ppd', conditions: { configuration: 'CD', territories_in: ['GB', 'IE'] } },
        {
          rate: '25',
          base: 'net_receipts',
          conditions: { channel: 'streaming', store: 'Spotify', territories_out: ['US'] },
        },
      ],
      packaging_deductions: { CD: '25' },
      escalations: [{ rate: '30', term: 2, threshold_units: 100000 }],
    });
  });

  it('reads a saved deal back into the same rows', () => {
    const saved = dealOf(
      draft({
        terms: [term({ rate: '18', configuration: 'CD' }, 'one'), term({ rate: '20' }, 'two')],
        deductions: [{ configuration: 'CD', percent: '25' }],
        escalations: [{ term: 'two', threshold: 'revenue', after: '5000.00', rate: '22' }],
      }),
    ).deal;
    if (!saved) throw new Error('the deal should save');
    expect(saved.terms.map(termRowOf)).toEqual([
      { ...EMPTY_TERM, rate: '18', configuration: 'CD' },
      { ...EMPTY_TERM, rate: '20' },
    ]);
    expect(deductionRowsOf(saved)).toEqual([{ configuration: 'CD', percent: '25' }]);
    expect(escalationRowsOf(saved, ['one', 'two'])).toEqual([
      { term: 'two', threshold: 'revenue', after: '5000.00', rate: '22' },
    ]);
  });

  it("names each field the API would refuse, in the schema's words", () => {
    const result = dealOf(
      draft({
        fields: { ...fields, advance: 'a lot', reserve_percent: '20', reserve_periods: '' },
        terms: [term({ rate: '180' }), term({ rate: '12', territories_in: 'GBR1' }, 'b')],
        deductions: [
          { configuration: 'CD', percent: 'x' },
          { configuration: 'cd', percent: '10' },
          { configuration: '', percent: '5' },
        ],
        escalations: [{ term: 'gone', threshold: 'units', after: '', rate: '30' }],
      }),
    );
    expect(result.deal).toBeNull();
    expect(result.errors).toEqual({
      advance: 'Advance must be an amount such as 1500.00',
      reserve_periods: 'Release periods must be a number',
      'terms.0.rate': 'Rate must be a percentage between 0 and 100',
      'terms.1.territories_in': 'Each territory is a code such as GB or IE',
      'deductions.0.percent': 'Packaging deduction must be a percentage between 0 and 100',
      'deductions.1.configuration': 'cd has a deduction already',
      'deductions.2.configuration': 'Configuration is required',
      'escalations.0.term': 'Its term is removed: choose another',
      'escalations.0.after': 'Say after how many units the rate rises',
    });
  });

  it('says what the schema cannot: two terms for the same sales', () => {
    const result = dealOf(
      draft({ terms: [term({ rate: '18', configuration: 'CD' }), term({ rate: '20', configuration: 'cd' }, 'b')] }),
    );
    expect(result.errors).toEqual({ terms: 'Terms 1 and 2 apply to the same sales: make one more specific' });
  });
});
