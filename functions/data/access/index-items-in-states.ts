import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ENV } from '../../../infra/resources.js';
import { dynamoClient, requireEnv } from '../../lib/clients.js';
import { inStatesOf } from '../entities/in-states-index.js';
import { getDb } from '../service.js';

/** What this module needs of an ElectroDB entity: its name, its indexes, and to read and write a whole item. */
type IndexedEntity = {
  schema: { model: { entity: string }; indexes: Record<string, { condition?: unknown }> };
  parse(raw: { Item: Record<string, unknown> }): { data: Record<string, unknown> | null };
  put(item: Record<string, unknown>): { go(): Promise<unknown> };
};

/**
 * Items a table kept from before these indexes were written in such a state, without the index's keys: written
 * again as they are, so the index finds them. `npm start` keeps its data between versions, and the local cloud
 * resumes unfinished jobs through these indexes on start, so a start that had to add an index to a kept table runs
 * this first; the cloud is not serving yet, so no worker writes the items meanwhile. Answers how many.
 * `only` limits it to one index (each is a scan of the whole table); `pageSize` caps the items a scan page reads.
 */
export async function indexItemsInStates(
  only?: { entity: string; attribute: string },
  pageSize?: number,
): Promise<number> {
  const entities = getDb().entities as unknown as Record<string, IndexedEntity>;
  const chosen = Object.entries(entities)
    .flatMap(([entity, model]) => inStatesOf(model.schema.indexes).map((found) => ({ entity, model, ...found })))
    .filter((i) => !only || (i.entity === only.entity && i.attribute === only.attribute));
  let written = 0;
  for (const { model, attribute, states, index } of chosen) {
    for await (const raw of itemsWithoutIndex(model.schema.model.entity, attribute, states, `${index}pk`, pageSize)) {
      const item = model.parse({ Item: raw }).data;
      if (!item) continue;
      await model.put(item).go();
      written += 1;
    }
  }
  return written;
}

/** The entity's items in one of `states` that lack the index's key, page by page through the whole table. */
async function* itemsWithoutIndex(
  entity: string,
  attribute: string,
  states: readonly string[],
  key: string,
  pageSize: number | undefined,
) {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoClient().send(
      new ScanCommand({
        TableName: requireEnv(ENV.table),
        FilterExpression: `#entity = :entity AND #state IN (${states.map((_, i) => `:s${i}`).join(', ')}) AND attribute_not_exists(#key)`,
        ExpressionAttributeNames: { '#entity': '__edb_e__', '#state': attribute, '#key': key },
        ExpressionAttributeValues: {
          ':entity': entity,
          ...Object.fromEntries(states.map((state, i) => [`:s${i}`, state])),
        },
        ExclusiveStartKey: start,
        Limit: pageSize,
      }),
    );
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}
