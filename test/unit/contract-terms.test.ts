import { describe, expect, it } from 'vitest';
import {
  defaultMetadata,
  payeeSplitError,
  specificity,
  termTieError,
  termWords,
  winningTerm,
} from '../../shared/contract-terms.js';
import type { RoyaltyTerm } from '../../shared/schemas/contracts.js';

const term = (rate: string, conditions: RoyaltyTerm['conditions'] = {}, base: RoyaltyTerm['base'] = 'ppd') => ({
  rate,
  base,
  conditions,
});

describe('term words', () => {
  it('says a term the way the editor and the document print it', () => {
    expect(termWords(term('18.00', { configuration: 'CD', territories_in: ['GB'] }), { CD: '25' })).toBe(
      '18% of the published price to dealer, less 25% packaging, on CD sales in GB',
    );
  });
  it('covers every condition and base', () => {
    expect(
      termWords(term('50', { channel: 'streaming', store: 'Spotify', territories_out: ['US', 'CA'] }, 'net_receipts')),
    ).toBe('50% of net receipts, on streaming sales through Spotify outside US and CA');
    expect(termWords(term('12.5', {}, 'gross'))).toBe('12.5% of gross receipts, on all sales');
  });
  it('leaves packaging out when the configuration has none', () => {
    expect(termWords(term('18', { configuration: 'Vinyl' }), { CD: '25' })).toBe(
      '18% of the published price to dealer, on Vinyl sales',
    );
  });
});

describe('which term wins', () => {
  const general = term('15');
  const cd = term('18', { configuration: 'CD' });
  const cdGb = term('20', { configuration: 'CD', territories_in: ['GB'] });

  it('counts conditions', () => {
    expect(specificity({})).toBe(0);
    expect(specificity(cdGb.conditions)).toBe(2);
  });
  it('picks the most specific matching term, whatever the order', () => {
    expect(winningTerm([general, cdGb, cd], { configuration: 'CD', territory: 'GB' })).toBe(cdGb);
    expect(winningTerm([cdGb, cd, general], { configuration: 'CD', territory: 'FR' })).toBe(cd);
    expect(winningTerm([cd, cdGb, general], { configuration: 'MP3', territory: 'GB' })).toBe(general);
    expect(winningTerm([cd], { configuration: 'MP3' })).toBeUndefined();
  });
  it('does not apply a term to the territories it excludes', () => {
    const notUs = term('10', { territories_out: ['US'] });
    expect(winningTerm([notUs], { territory: 'US' })).toBeUndefined();
    expect(winningTerm([notUs], { territory: 'GB' })).toBe(notUs);
  });
  it('refuses two terms with the same conditions, naming them', () => {
    expect(termTieError([general, cd, term('19', { configuration: 'cd' })])).toBe(
      'Terms 2 and 3 apply to the same sales: make one more specific',
    );
    expect(
      termTieError([term('1', { territories_in: ['GB', 'FR'] }), term('2', { territories_in: ['FR', 'GB'] })]),
    ).toBe('Terms 1 and 2 apply to the same sales: make one more specific');
    expect(termTieError([general, cd, cdGb])).toBeNull();
  });
});

describe('payee splits', () => {
  it('must add up to exactly 100 %', () => {
    expect(
      payeeSplitError([
        { payee_id: 'a', share: '33.3333' },
        { payee_id: 'b', share: '33.3333' },
        { payee_id: 'c', share: '33.3334' },
      ]),
    ).toBeNull();
    expect(
      payeeSplitError([
        { payee_id: 'a', share: '60' },
        { payee_id: 'b', share: '30' },
      ]),
    ).toBe('Payee shares must add up to 100% (they add up to 90%)');
    expect(
      payeeSplitError([
        { payee_id: 'a', share: '50' },
        { payee_id: 'a', share: '50' },
      ]),
    ).toBe('A payee is listed twice');
  });
});

it('starts a contract with the product defaults', () => {
  expect(defaultMetadata('2026-01-15')).toEqual({
    formats: 'Digital',
    territory: 'World',
    term: 'Life of Copyright',
    delivery_date: '2026-02-14',
    release_commitment: 'Release within 12 months of signing',
  });
});
