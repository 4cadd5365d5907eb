import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../lib/clients.js';

/** An item to fetch: its entity's `get(key)` and the entity to parse the answer with. */
export type ItemRef<T> = {
  get: { params: () => Record<string, unknown> };
  parse: (input: { Item: Record<string, unknown> }) => { data: T | null };
};

/**
 * Reads several items of any entities in ONE BatchGetItem round trip, answering in the order
 * asked (null where absent). Used on hot paths such as the per-request auth check.
 */
export async function getMany<T extends unknown[]>(
  refs: { [K in keyof T]: ItemRef<T[K]> },
): Promise<{ [K in keyof T]: T[K] | null }> {
  const params = refs.map((ref) => ref.get.params() as { TableName: string; Key: Record<string, string> });
  const table = params[0].TableName;
  const response = await dynamoClient().send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: params.map((p) => p.Key) } } }),
  );
  let items = response.Responses?.[table] ?? [];
  // Unprocessed keys are rare for a handful of small items; fetch them again until none are left.
  let unprocessed = response.UnprocessedKeys?.[table]?.Keys;
  while (unprocessed?.length) {
    const retry = await dynamoClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: unprocessed } } }));
    items = items.concat(retry.Responses?.[table] ?? []);
    unprocessed = retry.UnprocessedKeys?.[table]?.Keys;
  }
  return params.map((p, i) => {
    const item = items.find((candidate) => Object.entries(p.Key).every(([name, value]) => candidate[name] === value));
    return item ? refs[i].parse({ Item: item }).data : null;
  }) as { [K in keyof T]: T[K] | null };
}
