/**
 * A sparse index of one entity's items while they are in some states only: a job not finished, a send still to
 * start. A write that puts an item in one of `states` writes its index keys, and a write that moves it out removes
 * them, in that same write (ElectroDB's index condition). Finding them is one query per state, where a scan read
 * every item of every company: the admins' Jobs page did eight such scans and the promo schedule one a minute, and
 * as the table grew each took longer and held up everything else the database was asked.
 *
 * The index's partition is the state (its items are few: only those not finished) and it has no sort key of its own;
 * ElectroDB's entity prefix on the sort key keeps each entity's items apart. A write that sets the state must set it
 * whole (ElectroDB refuses a write that names the attribute without a value).
 */
export function inStatesIndex<const A extends string>(index: 'gsi3' | 'gsi4', attribute: A, states: readonly string[]) {
  const condition = (item: Partial<Record<A, unknown>>) => states.includes(item[attribute] as string);
  IN_STATES.set(condition, { index, attribute, states });
  return {
    index,
    pk: { field: `${index}pk`, composite: [attribute] as [A] },
    sk: { field: `${index}sk`, composite: [] as [] },
    condition,
  };
}

/** The items in each of `states`, read one query per state (the index's partition is the state). */
export async function inEachState<S extends string, T>(
  states: readonly S[],
  read: (state: S) => Promise<readonly T[]>,
): Promise<T[]> {
  return (await Promise.all(states.map(read))).flat();
}

export type InStates = { index: string; attribute: string; states: readonly string[] };

/** Each such index's states, by its condition: how `inStatesOf` tells these indexes among an entity's. */
const IN_STATES = new WeakMap<object, InStates>();

/** The in-states indexes among an entity's index definitions (its ElectroDB schema's `indexes`). */
export function inStatesOf(indexes: Record<string, { condition?: unknown }>): InStates[] {
  return Object.values(indexes).flatMap((definition) => {
    const found = typeof definition.condition === 'function' ? IN_STATES.get(definition.condition) : undefined;
    return found ? [found] : [];
  });
}
