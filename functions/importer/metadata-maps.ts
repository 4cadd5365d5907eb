import { ulid } from 'ulid';
import type { ExchangeModel } from '../../shared/catalogue-exchange/model-attributes.js';
import { mapProblems, type MetadataMapInput } from '../../shared/schemas/metadata-map.js';
import * as store from '../data/access/metadata-maps.js';
import { getCompany } from '../data/access/companies.js';
import type { MetadataMapItem } from '../data/entities/metadata-map.js';
import { BadRequest, InvalidField, NotFound } from '../lib/errors.js';
import { listAnswer, pageOfQuery, type SortSpec } from '../lib/list-query.js';
import { referenceResource, referenceRows } from '../reference/reference-lists.js';
import { required } from '../lib/required.js';

/**
 * Metadata maps: the admin importer's saved column maps. A map's
 * targets must be attributes of its model; its owner (`mapable_type` + `mapable_id`) must exist.
 */

type MapPair = { column: string; attribute: string };
const FIELDS = ['mapable_type', 'mapable_id', 'notes', 'source_service', 'target_service', 'type'] as const;

/** The owner a map names, as `{ id, name }`, or null when it names none (or one deleted since). */
async function mapableOf(
  type: string | undefined,
  id: string | undefined,
): Promise<{ id: string; name: string } | null> {
  if (!type || !id) return null;
  if (type === 'Company') {
    const company = await getCompany(id);
    return company ? { id, name: company.name } : null;
  }
  const collection = type === 'Distributor' ? 'distributors' : 'dsps';
  const rows = await referenceRows(required(referenceResource(collection), collection), true);
  const found = rows.find((r) => r.id === id);
  return found ? { id, name: String(found.name) } : null;
}

function present(item: MetadataMapItem, mapable: { id: string; name: string } | null) {
  const { createdAt, updatedAt, map, ...fields } = item;
  return {
    ...fields,
    map: Object.fromEntries(map.map((p) => [p.column, p.attribute])),
    mapable,
    created_at: createdAt ?? '',
    updated_at: updatedAt ?? createdAt ?? '',
  };
}

/** How lists and pickers name a map: its source, model and year ("FUGA → Releases (2024)"). */
function mapTitle(item: Pick<MetadataMapItem, 'source_service' | 'model_type' | 'year'>): string {
  const source = item.source_service || 'Map';
  return `${source} → ${item.model_type}${item.year ? ` (${item.year})` : ''}`;
}

async function load(id: string): Promise<MetadataMapItem> {
  const found = await store.getMetadataMap(id);
  if (!found) throw new NotFound('Metadata map');
  return found;
}

export async function getMetadataMap(id: string) {
  const item = await load(id);
  return { metadata_map: present(item, await mapableOf(item.mapable_type, item.mapable_id)) };
}

/** The column map of a saved map, for the importer (404 when it does not exist). */
export async function columnMapOf(id: string): Promise<{ model: string; map: Record<string, string> }> {
  const item = await load(id);
  return { model: item.model_type, map: Object.fromEntries(item.map.map((p) => [p.column, p.attribute])) };
}

export type MetadataMapListQuery = {
  page: number;
  per_page: number;
  sort: SortSpec<string>;
  q?: string;
  model_type?: string;
};

export async function listMetadataMaps(query: MetadataMapListQuery) {
  const rows = (await store.listMetadataMaps())
    .filter((m) => !query.model_type || m.model_type === query.model_type)
    .map((m) => ({ ...present(m, null), title: mapTitle(m) }));
  const page = pageOfQuery(rows, query, {
    searchFields: ['title', 'source_service', 'target_service', 'notes', 'model_type', 'type'],
    tieBreaker: 'id',
  });
  return listAnswer('metadata_maps', page);
}

/** Checks a whole map (input over what is stored) and turns it into the stored fields. */
async function checked(input: Partial<MetadataMapInput>, before?: MetadataMapItem) {
  const model = required(input.model_type ?? before?.model_type, 'model_type') as ExchangeModel;
  const map = input.map ?? (before ? Object.fromEntries(before.map.map((p) => [p.column, p.attribute])) : {});
  const problems = mapProblems(model, map);
  if (problems.length) throw new BadRequest(problems[0], { map: problems });
  const mapableType = input.mapable_type ?? before?.mapable_type;
  const mapableId = input.mapable_id ?? before?.mapable_id;
  if (mapableType && !mapableId) throw new InvalidField('mapable_id', `Choose the ${mapableType} the map belongs to`);
  if (mapableType && mapableId && !(await mapableOf(mapableType, mapableId)))
    throw new InvalidField('mapable_id', `${mapableType} not found`);
  const pairs: MapPair[] = Object.entries(map)
    .filter(([, attribute]) => attribute !== '')
    .map(([column, attribute]) => ({ column, attribute }));
  const set: Record<string, unknown> = { map: pairs, model_type: model };
  const remove: string[] = [];
  for (const field of FIELDS) {
    if (!(field in input)) continue;
    const value = input[field];
    if (value === '' || value === undefined) remove.push(field);
    else set[field] = value;
  }
  if ('year' in input) {
    if (input.year === '' || input.year === undefined) remove.push('year');
    else set.year = input.year;
  }
  return { set, remove };
}

export async function createMetadataMap(input: MetadataMapInput) {
  const id = ulid();
  const { set } = await checked(input);
  await store.createMetadataMap({ ...(set as Omit<Parameters<typeof store.createMetadataMap>[0], 'id'>), id });
  return { ...(await getMetadataMap(id)), message: 'Metadata Map Added' };
}

export async function updateMetadataMap(id: string, input: Partial<MetadataMapInput>) {
  const before = await load(id);
  const { set, remove } = await checked(input, before);
  await store.patchMetadataMap(id, set, remove as never);
  return { ...(await getMetadataMap(id)), message: 'Metadata Map Updated' };
}

export async function deleteMetadataMap(id: string) {
  const item = await load(id);
  await store.deleteMetadataMap(id);
  return { message: `Metadata map ${mapTitle(item)} deleted` };
}
