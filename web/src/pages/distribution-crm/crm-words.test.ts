import { describe, expect, it } from 'vitest';
import { clientsEmptyParts, clientsEmptyText } from './crm-words';

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

  it('links the words naming the Distribution CRM page, and nothing where the page itself can onboard', () => {
    const parts = clientsEmptyParts({ filtered: false, canOnboard: false });
    expect(parts.link).toEqual({ words: 'Distribution CRM page', href: '/distribution/crm' });
    expect(`${parts.before}${parts.link?.words}${parts.after}`).toBe(
      clientsEmptyText({ filtered: false, canOnboard: false }),
    );
    expect(clientsEmptyParts({ filtered: false, canOnboard: true }).link).toBeUndefined();
    expect(clientsEmptyParts({ filtered: true, canOnboard: false }).link).toBeUndefined();
  });
});
