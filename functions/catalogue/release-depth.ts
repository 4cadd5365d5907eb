import { InvalidField } from '../lib/errors.js';
import type { StoredRow } from '../lib/nested-attributes.js';

/**
 * Rules across the catalogue's deeper rows that need the whole record: a product's
 * track prices name recordings on the release; a recording's repertoire ownership shares may
 * not add up to more than 100.
 */

const PRODUCT_ITEM_NOT_ON_RELEASE = 'Recording must be one of the release’s recordings';

const rowsOf = (record: Record<string, unknown>, field: string) => (record[field] as StoredRow[] | undefined) ?? [];

/** Each product item prices a track of this release: a recording no longer on it (or never) is refused. */
export function refuseStrayProductItems(record: Record<string, unknown>): void {
  const onRelease = new Set(rowsOf(record, 'release_recordings').map((row) => row.recording_id));
  for (const [p, product] of rowsOf(record, 'products').entries()) {
    const items = (product.product_items as { recording_id?: string }[] | undefined) ?? [];
    for (const [i, item] of items.entries()) {
      if (!onRelease.has(item.recording_id))
        throw new InvalidField(`products_attributes.${p}.product_items.${i}.recording_id`, PRODUCT_ITEM_NOT_ON_RELEASE);
    }
  }
}
