import { describe, expect, it } from 'vitest';
import { REFERENCE_CONFIGS } from './reference-config';
import { afterSave, emptyValues, recordTitle, recordToValues, reloadFromState, savedNotice, toPayload, validateValues } from './reference-model';

const { countries, languages, genres } = REFERENCE_CONFIGS;
const country = { name: 'United Kingdom', iso_alpha_two: 'GB', iso_alpha_three: 'GBR', iso_numeric: '826' };

describe('reference form model', () => {
  it('prefills the add form with an empty record and the field defaults', () => {
    expect(emptyValues(countries)).toEqual({ name: '', iso_alpha_two: '', iso_alpha_three: '', iso_numeric: '' });
    expect(emptyValues(genres)).toEqual({ name: '', active: true, base_genre: false });
    expect(Object.keys(emptyValues(languages))).toEqual(['name', 'native_name', 'family', 'iso_alpha_two', 'iso_alpha_three', 'english_iso_alpha_three', 'macro_iso_alpha_three', 'notes']);
  });

  it('maps a record to form values: missing or null text blank, missing flags defaulted, extra fields dropped', () => {
    const record = { id: 'l1', created_at: 'x', name: 'Welsh', family: null, iso_alpha_two: 'cy' };
    const values = recordToValues(languages, record);
    expect(values.name).toBe('Welsh');
    expect(values.family).toBe('');
    expect(values.notes).toBe('');
    expect(values).not.toHaveProperty('id');
    expect(recordToValues(genres, { id: 'g1', name: 'Jazz', base_genre: true })).toEqual({ name: 'Jazz', active: true, base_genre: true });
    expect(recordToValues(genres, { id: 'g2', name: 'Pop', active: false, base_genre: false }).active).toBe(false);
  });

  it('sends only the config fields, text trimmed, blanks as empty strings', () => {
    expect(toPayload(countries, { ...country, name: '  France ', extra: 'no' })).toEqual({ ...country, name: 'France' });
    expect(toPayload(languages, { ...emptyValues(languages), name: 'Welsh', family: ' ' }).family).toBe('');
    expect(toPayload(genres, { name: 'Jazz', active: false, base_genre: true })).toEqual({ name: 'Jazz', active: false, base_genre: true });
  });

  it('validates a country with the spec messages', () => {
    expect(validateValues(countries, emptyValues(countries))).toEqual({
      name: 'Name is required',
      iso_alpha_two: 'ISO alpha two is required',
      iso_alpha_three: 'ISO alpha three is required',
      iso_numeric: 'ISO numeric is required',
    });
    expect(validateValues(countries, { ...country, iso_alpha_two: 'GBR', iso_alpha_three: 'G1R', iso_numeric: '82' })).toEqual({
      iso_alpha_two: 'ISO alpha two must be 2 letters',
      iso_alpha_three: 'ISO alpha three must be 3 letters',
      iso_numeric: 'ISO numeric must be 3 digits',
    });
    expect(validateValues(countries, { ...country, iso_alpha_two: 'gb' })).toEqual({});
  });

  it('lets a language leave its codes blank but checks filled ones', () => {
    const values = { ...emptyValues(languages), name: 'Welsh' };
    expect(validateValues(languages, values)).toEqual({});
    expect(validateValues(languages, { ...values, iso_alpha_two: 'cym', macro_iso_alpha_three: 'c1' })).toEqual({
      iso_alpha_two: 'ISO alpha two must be 2 letters',
      macro_iso_alpha_three: 'Macro ISO alpha three must be 3 letters',
    });
    expect(validateValues(languages, { ...values, name: ' ' })).toEqual({ name: 'Name is required' });
  });

  it('requires a genre name only', () => {
    expect(validateValues(genres, emptyValues(genres))).toEqual({ name: 'Name is required' });
    expect(validateValues(genres, { name: 'Jazz', active: false, base_genre: true })).toEqual({});
  });

  it('notifies "<Singular> Added/Updated" and returns to the list, reloading languages as spec 1 §9 says', () => {
    expect(savedNotice(countries, true)).toBe('Country Added');
    expect(savedNotice(countries, false)).toBe('Country Updated');
    expect(savedNotice(genres, true)).toBe('Genre Added');
    expect(savedNotice(languages, false)).toBe('Language Updated');
    expect(afterSave(countries, false)).toEqual({ to: '/admin/countries' });
    expect(afterSave(languages, true)).toEqual({ to: '/admin/languages' });
    expect(afterSave(languages, false)).toEqual({ to: '/admin/languages', state: { reload: { per_page: 20, sort: { field: 'name', order: 'desc' } } } });
  });

  it('reads a reload request from the location state only when well formed', () => {
    const reload = { per_page: 20, sort: { field: 'name', order: 'desc' } };
    expect(reloadFromState({ reload })).toEqual(reload);
    expect(reloadFromState(null)).toBeUndefined();
    expect(reloadFromState({ reload: { per_page: '20', sort: reload.sort } })).toBeUndefined();
    expect(reloadFromState({ reload: { per_page: 20, sort: { field: 'name', order: 'up' } } })).toBeUndefined();
  });

  it('names a record by its title field, else its id', () => {
    expect(recordTitle(countries, { id: 'c1', name: 'France' })).toBe('France');
    expect(recordTitle(countries, { id: 'c1', name: '' })).toBe('c1');
  });
});
