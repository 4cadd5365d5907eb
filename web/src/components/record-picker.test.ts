import { describe, expect, it } from 'vitest';
import { pickerSource } from './record-picker';

describe('picker sources', () => {
  it('search reference collections on the server by the typed text (selectable=true)', () => {
    expect(pickerSource('societies').path('prs & co')).toBe('/societies?selectable=true&q=prs%20%26%20co');
    expect(pickerSource('genres').path('')).toBe('/genres?selectable=true');
    expect(pickerSource('performer_roles').nameField).toBe('description');
  });

  it('describe societies by their code, so a code typed into the picker shows why a row matched', () => {
    expect(pickerSource('societies').describe?.({ code: '052' })).toBe('052');
    expect(pickerSource('countries').describe).toBeUndefined();
  });

  it('name releases and recordings by title and show their codes and artists', () => {
    expect(pickerSource('recordings').nameField).toBe('title');
    expect(pickerSource('recordings').describe?.({ isrc: 'GBAAA0500001', display_artists: 'Ada & Bo' })).toBe(
      'GBAAA0500001 · Ada & Bo',
    );
    expect(pickerSource('releases').describe?.({ cat_no: 'AUR001' })).toBe('AUR001');
  });

  it('load labels from the current company and companies from the admin list', () => {
    expect(pickerSource('labels').path('aur')).toBe('/labels?selectable=true&q=aur');
    expect(pickerSource('companies')).toMatchObject({ key: 'companies' });
    expect(pickerSource('companies').path('x')).toBe('/admin/companies?q=x');
    expect(pickerSource('companies').path('')).toBe('/admin/companies');
  });
});
