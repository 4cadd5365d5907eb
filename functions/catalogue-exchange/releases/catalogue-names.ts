import { normaliseIsrc, normaliseUpc } from '../../../shared/identifiers.js';
import { tenantLabelSummaries } from '../../catalogue/labels.js';
import { tenantCollectionOf, tenantRows } from '../../catalogue/tenant-lists.js';
import { referenceResource, referenceRows } from '../../reference/reference-lists.js';
import type { Row } from '../../reference/reference-resource.js';
import { required } from '../../lib/required.js';
import { importMemo } from '../imported-ids.js';
import type { ImportContext } from '../import-model.js';

/**
 * What a release sheet's names resolve against, read once per plan: the company's labels, artists,
 * writers (contributors), and its releases' UPCs and catalogue numbers and recordings' ISRCs (to
 * find duplicates); the reference genres, languages, countries and publishers (the shared ones and
 * the company's own). Names match case-insensitively.
 */
export type CatalogueNames = {
  labels: Map<string, string>;
  artists: Map<string, string>;
  contributors: Map<string, string>;
  genres: Map<string, string>;
  languages: Map<string, string>;
  countries: Map<string, string>;
  /** ISO 3166-1 alpha-2 codes of the reference countries. */
  territories: Set<string>;
  publishers: Map<string, string>;
  upcs: Set<string>;
  catNos: Set<string>;
  /** Per label id, the catalogue number of its latest release that has one (what an empty one follows). */
  lastCatNos: Map<string, string>;
  isrcs: Set<string>;
};

/** The lookup key of a name or code. */
export const nameKey = (name: string) => name.trim().toLowerCase();

function byNames(rows: readonly Row[], fields: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const row of rows)
    for (const field of fields) {
      const value = row[field];
      if (typeof value === 'string' && value.trim() && !map.has(nameKey(value))) map.set(nameKey(value), row.id);
    }
  return map;
}

const tenantList = (collection: string, tenantId: string) =>
  tenantRows(required(tenantCollectionOf(collection), collection), tenantId);
const referenceList = (collection: string) => referenceRows(required(referenceResource(collection), collection));
/** Per label, the catalogue number of its latest release that has one, as the release form predicts from. */
function lastCatalogueNumbers(releases: readonly Row[]): Map<string, string> {
  const last = new Map<string, { catNo: string; at: string }>();
  for (const r of releases) {
    if (typeof r.label_id !== 'string' || typeof r.cat_no !== 'string' || !r.cat_no) continue;
    const at = String(r.created_at ?? '');
    const known = last.get(r.label_id);
    if (!known || at > known.at) last.set(r.label_id, { catNo: r.cat_no, at });
  }
  return new Map([...last].map(([label, { catNo }]) => [label, catNo]));
}

const texts = (rows: readonly Row[], field: string, normalise: (v: string) => string) =>
  new Set(rows.flatMap((r) => (typeof r[field] === 'string' && r[field] ? [normalise(r[field] as string)] : [])));

export async function loadCatalogueNames(tenantId: string): Promise<CatalogueNames> {
  const [labels, artists, contributors, releases, recordings, genres, languages, countries, publishers] =
    await Promise.all([
      tenantLabelSummaries(tenantId),
      tenantList('artists', tenantId),
      tenantList('contributors', tenantId),
      tenantList('releases', tenantId),
      tenantList('recordings', tenantId),
      referenceList('genres'),
      referenceList('languages'),
      referenceList('countries'),
      referenceList('publishers'),
    ]);
  // A publisher of another company is not this company's to use.
  const usable = publishers.filter((p) => !p.tenant_id || p.tenant_id === tenantId);
  return {
    labels: byNames(labels as unknown as Row[], ['name']),
    artists: byNames(artists, ['name']),
    contributors: byNames(contributors, ['name']),
    genres: byNames(genres, ['name']),
    languages: byNames(languages, ['name', 'iso_alpha_two', 'iso_alpha_three']),
    countries: byNames(countries, ['name', 'iso_alpha_two', 'iso_alpha_three']),
    territories: texts(countries, 'iso_alpha_two', (v) => v.toUpperCase()),
    publishers: byNames(usable, ['name']),
    upcs: texts(releases, 'upc', normaliseUpc),
    catNos: texts(releases, 'cat_no', nameKey),
    lastCatNos: lastCatalogueNumbers(releases),
    isrcs: texts(recordings, 'isrc', normaliseIsrc),
  };
}

/**
 * The names an import's writes resolve against, read once per import in a warm worker. Names the
 * import itself created resolve to the same derived ids whether or not they are in it yet.
 */
const namesByImport = importMemo<Promise<CatalogueNames>>();
export function namesForImport(ctx: ImportContext): Promise<CatalogueNames> {
  return namesByImport.get(ctx.importId, () => {
    const names = loadCatalogueNames(ctx.tenantId);
    names.catch(() => namesByImport.forget(ctx.importId));
    return names;
  });
}
