/**
 * The SPA's reference configs against what the API serves: a cross-check of both sides, so it
 * lives with the unit tests rather than in web/ (web never imports functions/).
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../web/src/app/route-table';
import { REFERENCE_RESOURCES } from '../../functions/reference/collections';
import { CATALOGUE_CONFIGS } from '../../web/src/pages/catalogue/catalogue-configs';
import {
  idParam,
  REFERENCE_CONFIGS,
  referenceConfigForPath,
} from '../../web/src/pages/admin/reference/reference-config';

/** What the API serves per collection: its sort fields and bulk_destroy key (functions/reference/collections.ts). */
const API = Object.fromEntries(
  REFERENCE_RESOURCES.map((r) => [
    r.collection,
    { sortFields: r.sortFields as readonly string[], bulkKey: r.bulkKey ?? `${r.singular}_ids`, singular: r.singular },
  ]),
);

/** bulk_destroy body keys as the API spells them (performer roles and societies irregularly). */
const SPEC_IDS_KEYS: Record<string, string> = {
  countries: 'country_ids',
  languages: 'language_ids',
  genres: 'genre_ids',
  performer_roles: 'performer_roles_ids',
  distributors: 'distributor_ids',
  societies: 'societies_ids',
};

describe('reference configs', () => {
  it('has a config for every route showing a reference page, whose id parameter the route names', () => {
    const routes = ROUTE_TABLE.filter((r) => r.page?.startsWith('admin-reference-'));
    const adminRoutes = routes.filter((r) => r.path.startsWith('/admin/'));
    expect(adminRoutes).toHaveLength(
      4 * (Object.keys(REFERENCE_CONFIGS).length + ['artists', 'contributors', 'releases', 'recordings'].length),
    );
    // Four pages per collection, plus an artist's releases and recordings shown on the artist's page.
    expect(routes.filter((r) => r.path.startsWith('/user/'))).toHaveLength(
      4 * Object.keys(CATALOGUE_CONFIGS).length + 2,
    );
    expect(routes.filter((r) => r.path.startsWith('/distribution/')).map((r) => r.path)).toEqual([
      '/distribution/distributors',
      '/distribution/distributors/new',
      '/distribution/distributors/:distributorId',
      '/distribution/distributors/:distributorId/edit',
      '/distribution/distributors/:distributorId/dsps',
      // The catalogue's release and recording pages across companies (the distribution area).
      '/distribution/releases',
      '/distribution/releases/:releaseId',
      '/distribution/releases/:releaseId/edit',
      '/distribution/recordings',
      '/distribution/dsps',
      '/distribution/dsps/new',
      '/distribution/dsps/:dspId',
      '/distribution/dsps/:dspId/edit',
    ]);
    for (const route of routes) {
      const config = referenceConfigForPath(route.path);
      expect(config, route.path).toBeDefined();
      const area = `/${route.path.split('/')[1]}`;
      if (route.page === 'admin-reference-list') expect(route.path).toBe(`${area}/${config!.collection}`);
      if (route.page === 'admin-reference-detail')
        expect(route.path).toMatch(
          new RegExp(`^${area}/${config!.collection}/:${idParam(config!)}(/dsps|/releases|/recordings)?$`),
        );
    }
  });

  it('keeps the API naming: answer keys, bulk id key, sortable columns', () => {
    expect(Object.keys(REFERENCE_CONFIGS).sort()).toEqual(Object.keys(API).sort());
    for (const [collection, config] of Object.entries(REFERENCE_CONFIGS)) {
      expect(config.collection).toBe(collection);
      expect(config.singular).toBe(API[collection].singular);
      expect(config.idsKey).toBe(API[collection].bulkKey);
      if (SPEC_IDS_KEYS[collection]) expect(config.idsKey).toBe(SPEC_IDS_KEYS[collection]);
      const names = config.fields.map((f) => f.name);
      expect(names).toContain(config.titleField);
      for (const column of config.columns) expect(names, column.field).toContain(column.field);
      for (const column of config.columns.filter((c) => c.sortable))
        expect(API[collection].sortFields, column.field).toContain(column.field);
      expect(API[collection].sortFields).toContain(config.defaultSort.field);
    }
  });

  it('finds the collection from any of its admin paths and nothing else', () => {
    expect(referenceConfigForPath('/admin/countries/:countryId/edit')?.singular).toBe('country');
    expect(referenceConfigForPath('/admin/genres')?.singular).toBe('genre');
    expect(referenceConfigForPath('/distribution/dsps/:dspId/edit')?.singular).toBe('dsp');
    expect(referenceConfigForPath('/admin/users')).toBeUndefined();
    expect(referenceConfigForPath('/user/countries')).toBeUndefined();
    expect(idParam({ ...REFERENCE_CONFIGS.genres, singular: 'performer_role' })).toBe('performerRoleId');
  });
});
