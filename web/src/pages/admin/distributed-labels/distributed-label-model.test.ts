import { describe, expect, it } from 'vitest';
import {
  dealText,
  distributedLabelPayload,
  distributionStatementsPath,
  emptyDistributedLabel,
  runOutcome,
  validateDistributedLabel,
} from './distributed-label-model';

describe('the distributed label form', () => {
  it('asks for a company and a name on a new label, and a deal of 0 to 100 with two decimals at most', () => {
    expect(validateDistributedLabel(emptyDistributedLabel(), true)).toEqual({
      company_id: 'Company is required',
      name: 'Name is required',
    });
    const label = { ...emptyDistributedLabel('c1'), name: 'North' };
    expect(validateDistributedLabel({ ...label, deal_percentage: '15.5' }, true)).toEqual({});
    // In the words of every deal's one rule (the API's).
    for (const [deal, message] of [
      ['101', 'Deal percentage must be under 100'],
      ['12.345', 'Deal percentage must have at most 2 decimals'],
      ['ten', 'Deal percentage must be a number'],
      ['-1', 'Deal percentage must be at least 0'],
    ])
      expect(validateDistributedLabel({ ...label, deal_percentage: deal }, true)).toEqual({ deal_percentage: message });
  });

  it('sends the deal as the number typed and the company only when new', () => {
    const values = {
      ...emptyDistributedLabel('c1'),
      name: ' North ',
      deal_percentage: '15.50',
      frequency: 'Quarterly',
    };
    expect(distributedLabelPayload(values, true)).toEqual({
      company_id: 'c1',
      name: 'North',
      email: '',
      deal_percentage: 15.5,
      statement_settings: { frequency: 'Quarterly', graphs: true },
    });
    expect(distributedLabelPayload({ ...values, deal_percentage: '' }, false)).not.toHaveProperty('company_id');
    expect(distributedLabelPayload({ ...values, deal_percentage: '' }, false)).not.toHaveProperty('deal_percentage');
  });

  it('shows the deal in percent and filters the statements by company', () => {
    expect(dealText('20.00')).toBe('20.00%');
    expect(dealText(null)).toBe('-');
    expect(distributionStatementsPath({ page: 1, per_page: 20 }, { company: 'c1' })).toContain('company=c1');
  });
});

describe('a generated statement’s outcome', () => {
  const run = { status: 'published', done: 0, skipped: 0, error: null };
  it('says whether it was published, left out as stated already, still being made or failed', () => {
    expect(runOutcome(undefined).type).toBe('info');
    expect(runOutcome({ ...run, status: 'publishing' }).text).toBe('The statement is being made…');
    expect(runOutcome({ ...run, done: 1 }).type).toBe('success');
    expect(runOutcome({ ...run, skipped: 1 })).toEqual({
      type: 'warning',
      text: 'Nothing new to state: another statement covers these months for this label already.',
    });
    expect(runOutcome({ ...run, status: 'failed', error: 'No lines' }).text).toContain('No lines');
  });
});
