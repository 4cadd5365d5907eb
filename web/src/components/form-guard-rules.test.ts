import { describe, expect, it } from 'vitest';
import { errorSummary, mustConfirmLeaving } from './form-guard-rules';

describe('error summary', () => {
  it('lists each field message once, as a link to its field, in the form order', () => {
    expect(
      errorSummary({ name: 'Name is required', email: 'This field must be a valid email', website: undefined }),
    ).toEqual([
      { field: 'name', text: 'Name is required' },
      { field: 'email', text: 'This field must be a valid email' },
    ]);
    expect(errorSummary({ 'urls.0.link': 'Link is required', 'urls.1.link': 'Link is required' })).toHaveLength(1);
  });

  it('puts a general failure first, but not when it repeats a field message', () => {
    expect(errorSummary({}, 'The server could not be reached')).toEqual([
      { field: null, text: 'The server could not be reached' },
    ]);
    expect(errorSummary({ retailer: 'Retailer is required' }, 'Retailer is required')).toEqual([
      { field: 'retailer', text: 'Retailer is required' },
    ]);
    expect(
      errorSummary({ company_users: 'Users has an error' }, 'Company could not be saved Users has an error'),
    ).toEqual([{ field: 'company_users', text: 'Users has an error' }]);
  });

  it('shows errors keyed "form" without a field link, and nothing when all is well', () => {
    expect(errorSummary({ form: 'ids or filter is required' })).toEqual([
      { field: null, text: 'ids or filter is required' },
    ]);
    expect(errorSummary({}, null)).toEqual([]);
    expect(errorSummary({}, '  ')).toEqual([]);
  });
});

describe('leaving a form with unsaved changes', () => {
  const base = { dirty: true, saving: false, from: '/user/labels/new', to: '/user/royalties' };

  it('asks before leaving for another page when there are changes', () => {
    expect(mustConfirmLeaving(base)).toBe(true);
  });

  it('lets the user go when nothing changed, while a save moves on, or when only the query changes', () => {
    expect(mustConfirmLeaving({ ...base, dirty: false })).toBe(false);
    expect(mustConfirmLeaving({ ...base, saving: true })).toBe(false);
    expect(mustConfirmLeaving({ ...base, to: base.from })).toBe(false);
  });
});
