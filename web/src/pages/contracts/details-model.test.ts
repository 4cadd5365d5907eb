import { describe, expect, it } from 'vitest';
import { contracteeWord, DETAIL_WORDS, detailsChange, detailsForm } from './details-model';

const contract = {
  contractor_legal_name: 'Reel Records Ltd',
  contractee_legal_name: 'Ada Lovelace',
  start_date: '2026-01-01',
  end_date: null,
  metadata: { act_name: 'Ada', revenue_share: '50/50', delivery_date: '2026-03-01', formats: 'All formats' },
};

describe('a draft contract’s details', () => {
  it('sends the metadata whole: words the page does not edit are kept, a blank word is left out', () => {
    const form = { ...detailsForm(contract), act_name: '  The Adas ', formats: ' ', end_date: '2028-12-31' };
    const { change } = detailsChange(contract, form);
    expect(change).toEqual({
      contractor_legal_name: 'Reel Records Ltd',
      contractee_legal_name: 'Ada Lovelace',
      start_date: '2026-01-01',
      end_date: '2028-12-31',
      metadata: { act_name: 'The Adas', revenue_share: '50/50', delivery_date: '2026-03-01' },
    });
  });

  it('shows and edits every word an artist release contract holds: the remixer, the revenue share, the recordings too', () => {
    expect(DETAIL_WORDS.map((word) => word.key)).toEqual(
      expect.arrayContaining([
        'act_name',
        'remixer_name',
        'recordings',
        'record_label',
        'revenue_share',
        'formats',
        'territory',
        'term',
        'release_commitment',
        'other_commitments',
      ]),
    );
    const form = {
      ...detailsForm(contract),
      remixer_name: ' DJ Ada ',
      revenue_share: '60/40',
      recordings: 'Track one; track two',
    };
    expect(detailsForm(contract).revenue_share).toBe('50/50');
    expect(detailsChange(contract, form).change?.metadata).toMatchObject({
      remixer_name: 'DJ Ada',
      revenue_share: '60/40',
      recordings: 'Track one; track two',
    });
  });

  it('says whom the contract is with: an artist, or the payee a file named', () => {
    expect(contracteeWord('artist')).toBe('Artist');
    expect(contracteeWord('payee')).toBe('Payee');
  });

  it('takes the end date away when it is blanked', () => {
    const { change } = detailsChange(
      { ...contract, end_date: '2027-01-01' },
      { ...detailsForm(contract), end_date: '' },
    );
    expect(change?.end_date).toBeNull();
  });

  it('names the field the API would refuse, a document word under its own name', () => {
    const form = detailsForm(contract);
    expect(detailsChange(contract, { ...form, contractee_legal_name: ' ' }).problems).toEqual({
      contractee_legal_name: 'Contractee legal name is required',
    });
    expect(detailsChange(contract, { ...form, act_name: 'x'.repeat(201) }).problems).toHaveProperty('act_name');
    expect(detailsChange(contract, { ...form, delivery_date: '2026-02-30' }).problems).toEqual({
      delivery_date: 'Delivery date must be a whole date (DD/MM/YYYY)',
    });
    expect(detailsChange(contract, { ...form, start_date: '' }).problems).toEqual({
      start_date: 'Start date is required',
    });
    expect(detailsChange(contract, { ...form, end_date: '2025-12-31' }).problems).toEqual({
      end_date: 'End date must be on or after the start date',
    });
  });
});
