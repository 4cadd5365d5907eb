import { inStatesOf } from '../entities/in-states-index.js';
import { getDb } from '../service.js';

/** What this module needs of an ElectroDB entity: a filtered scan and a whole-item put. */
type ScannableEntity = {
  scan: {
    where(build: (attributes: Record<string, unknown>, op: { eq(a: unknown, v: string): string }) => string): {
      go(options: { pages: 'all'; data: 'raw' }): Promise<{ data: { Items?: Record<string, unknown>[] } }>;
    };
  };
  put(item: Record<string, unknown>): { go(): Promise<unknown> };
  parse(raw: { Item: Record<string, unknown> }): { data: Record<string, unknown> | null };
  schema: { indexes: Record<string, { condition?: unknown }> };
};

/**
 * Items a table kept from before these indexes were written in such a state, without the index's keys: written
 * again as they are, so the index finds them. `npm start` keeps its data between versions, and the local cloud
 * resumes unfinished jobs through these indexes on start, so it runs this first; the cloud is not serving yet, so
 * no worker writes the items meanwhile. A table made by this version finds nothing to write. Answers how many.
 * `only` limits it to one index (each is a scan of the whole table).
 */
export async function indexItemsInStates(only?: { entity: string; attribute: string }): Promise<number> {
  const entities = getDb().entities as unknown as Record<string, ScannableEntity>;
  let written = 0;
  const all = Object.entries(entities).flatMap(([entity, model]) =>
    inStatesOf(model.schema.indexes).map((found) => ({ entity, model, ...found })),
  );
  const chosen = all.filter((i) => !only || (i.entity === only.entity && i.attribute === only.attribute));
  for (const { model, attribute, states, index } of chosen) {
    const { data } = await model.scan
      .where((a, op) => states.map((state) => op.eq(a[attribute], state)).join(' OR '))
      .go({ pages: 'all', data: 'raw' });
    // Items written by this version carry the index's keys already.
    for (const raw of data.Items ?? []) {
      if (raw[`${index}pk`] !== undefined) continue;
      const item = model.parse({ Item: raw }).data;
      if (item) await model.put(item).go();
      written += item ? 1 : 0;
    }
  }
  return written;
}
