import type { DspConnectionStatus } from '../../../../shared/distribution';

type Store = { id: string; name: string };
type Connection = { dsp_id: string; status: DspConnectionStatus };

/** A store the company is not connected to, with where its request stands (none asked yet: null). */
export type UnconnectedStore = Store & { request: 'requested' | 'pending' | 'declined' | 'disconnected' | null };

/**
 * The stores a release's Distribution tab offers, split the way a label acts on them: the ones its
 * company is connected to (it can deliver there now), then the others, which it can ask to be
 * connected to (or is waiting for). Each part in name order.
 */
export function storeChoices(
  stores: readonly Store[],
  connections: readonly Connection[],
): { connected: Store[]; others: UnconnectedStore[] } {
  const statusOf = new Map(connections.map((c) => [c.dsp_id, c.status]));
  const byName = <T extends Store>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name));
  const connected = stores.filter((s) => statusOf.get(s.id) === 'connected');
  const others = stores
    .filter((s) => statusOf.get(s.id) !== 'connected')
    .map((s) => ({ ...s, request: (statusOf.get(s.id) ?? null) as UnconnectedStore['request'] }));
  return { connected: byName([...connected]), others: byName(others) };
}

/** Whether the company may ask for the store (again): nothing asked yet, or the last answer was no. */
export const mayRequest = (store: UnconnectedStore): boolean =>
  store.request === null || store.request === 'declined' || store.request === 'disconnected';
