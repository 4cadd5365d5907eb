import { getDb } from '../service.js';
import type { Guard } from '../unique-guards.js';
import { referenceStore, type ReferenceEntityName, type StoredRecord } from './records.js';

/**
 * The reference data's queries beyond the generic collection store (`referenceStore` in
 * records.ts, which every reference collection reads and writes through): seeding.
 */

export { referenceStore } from './records.js';

const markers = () => getDb().entities.UniqueValue;
/** A seed marker is a guard item in the `seed` scope: written once a seed has run. */
const marker = (name: string) => ({ scope: 'seed', value: name });

/** Whether the named seed (`reference:countries`, `demo-catalogue-v1`) has run. */
export async function isSeeded(name: string): Promise<boolean> {
  return Boolean((await markers().get(marker(name)).go()).data);
}

/** Records that the named seed has run; fails when it is marked already. */
export async function markSeeded(name: string): Promise<void> {
  await markers()
    .create({ ...marker(name), ownerId: 'seed' })
    .go();
}

/** Every country's id and ISO alpha-2 code (seeds name countries by code). */
export async function countryCodes(): Promise<{ id: string; iso_alpha_two: string }[]> {
  return (
    await getDb()
      .entities.Country.query.all({})
      .go({ pages: 'all', attributes: ['id', 'iso_alpha_two'] })
  ).data;
}

/** Puts seeded records with the guard items of their unique fields, without a transaction. */
export async function putSeedRecords(
  entity: ReferenceEntityName,
  records: StoredRecord[],
  guards: readonly (Guard & { ownerId: string })[],
): Promise<void> {
  await referenceStore(entity).putMany(records);
  if (guards.length)
    await markers()
      .put(guards.map((g) => ({ scope: g.scope, value: g.value, ownerId: g.ownerId })))
      .go();
}
