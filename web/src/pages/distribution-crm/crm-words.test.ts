import { describe, expect, it } from 'vitest';
import { clientsEmptyText } from './crm-words';

describe('an empty clients table', () => {
  it('says "no match" only while a filter is set, and points at Onboard only where the page has it', () => {
    expect(clientsEmptyText({ filtered: true, canOnboard: true })).toBe('No client company matches the filters');
    expect(clientsEmptyText({ filtered: true, canOnboard: false })).toBe('No client company matches the filters');
    expect(clientsEmptyText({ filtered: false, canOnboard: true })).toBe(
      'No client companies yet: choose Onboard client company to add one',
    );
    expect(clientsEmptyText({ filtered: false, canOnboard: false })).toBe(
      'No client companies yet: onboard one on the Distribution CRM page',
    );
  });
});
