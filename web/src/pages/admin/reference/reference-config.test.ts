import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../../app/route-table';
import { idParam, REFERENCE_CONFIGS, referenceConfigForPath } from './reference-config';

/** The sort fields the API accepts per collection (the backend's list rules). */
const API_SORT_FIELDS: Record<string, string[]> = {
  countries: ['name', 'iso_alpha_two', 'iso_alpha_three', 'iso_numeric'],
  languages: ['name', 'iso_alpha_two', 'iso_alpha_three', 'family'],
  genres: ['name', 'active', 'base_genre'],
  performer_roles: ['description', 'ppl_code', 'active'],
};

/** bulk_destroy body keys as spec 1 §7 spells them (performer roles irregularly). */
const SPEC_IDS_KEYS: Record<string, string> = {
  countries: 'country_ids',
  languages: 'language_ids',
  genres: 'genre_ids',
  performer_roles: 'performer_roles_ids',
};

describe('reference configs', () => {
  it('has a config for every route showing a reference page, whose id parameter the route names', () => {
    const routes = ROUTE_TABLE.filter((r) => r.page?.startsWith('admin-reference-'));
    expect(routes).toHaveLength(4 * Object.keys(REFERENCE_CONFIGS).length);
    for (const route of routes) {
      const config = referenceConfigForPath(route.path);
      expect(config, route.path).toBeDefined();
      if (route.page === 'admin-reference-list') expect(route.path).toBe(`/admin/${config!.collection}`);
      if (route.page === 'admin-reference-detail') expect(route.path).toBe(`/admin/${config!.collection}/:${idParam(config!)}`);
    }
  });

  it('keeps the API naming: answer keys, bulk id key, sortable columns', () => {
    for (const [collection, config] of Object.entries(REFERENCE_CONFIGS)) {
      expect(config.collection).toBe(collection);
      expect(config.idsKey).toBe(SPEC_IDS_KEYS[collection]);
      const names = config.fields.map((f) => f.name);
      expect(names).toContain(config.titleField);
      for (const column of config.columns) expect(names, column.field).toContain(column.field);
      for (const column of config.columns.filter((c) => c.sortable)) expect(API_SORT_FIELDS[collection], column.field).toContain(column.field);
      expect(API_SORT_FIELDS[collection]).toContain(config.defaultSort.field);
    }
  });

  it('finds the collection from any of its admin paths and nothing else', () => {
    expect(referenceConfigForPath('/admin/countries/:countryId/edit')?.singular).toBe('country');
    expect(referenceConfigForPath('/admin/genres')?.singular).toBe('genre');
    expect(referenceConfigForPath('/admin/societies')).toBeUndefined();
    expect(referenceConfigForPath('/user/countries')).toBeUndefined();
    expect(idParam({ ...REFERENCE_CONFIGS.genres, singular: 'performer_role' })).toBe('performerRoleId');
  });
});
