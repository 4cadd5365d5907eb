import { catalogueStore } from '../../data/access/catalogue.js';
import { tenantCollectionOf, tenantRows } from '../../catalogue/tenant-lists.js';
import { recordOps } from '../../catalogue/tenant-records.js';
import { referenceResource, referenceRows } from '../../reference/reference-lists.js';
import type { Row } from '../../reference/reference-resource.js';
import { required } from '../../lib/required.js';
import type { RecordModel } from './record-importer.js';
import { sameName } from './cells.js';

/**
 * The reads and the write a model importer needs of a company's catalogue collection, through the
 * same record operations the catalogue API uses (guards, list versions, link checks).
 */
export function catalogueRecords(
  collection: 'artists' | 'contributors' | 'payees',
): Pick<RecordModel<unknown>, 'existing' | 'exists' | 'create'> {
  const resource = required(tenantCollectionOf(collection), `catalogue collection ${collection}`);
  const ops = recordOps(resource);
  const store = catalogueStore(resource.entity);
  return {
    existing: (tenantId) => tenantRows(resource, tenantId),
    exists: async (tenantId, id) => Boolean(await store.get({ tenantId, id })),
    create: async (tenantId, id, input) => {
      await ops.create({ tenantId }, input, id);
    },
  };
}

/**
 * Finds a reference record (a society, a country) a cell names, by name or by one of its codes,
 * ignoring case. Answers undefined when none matches.
 */
export async function referenceFinder(collection: string, codeFields: readonly string[]) {
  const rows = await referenceRows(required(referenceResource(collection), `reference collection ${collection}`));
  const index = new Map<string, Row>();
  for (const row of rows) {
    for (const field of ['name', ...codeFields]) {
      const key = sameName(row[field]);
      if (key && !index.has(key)) index.set(key, row);
    }
  }
  return (cell: string) => index.get(sameName(cell));
}
