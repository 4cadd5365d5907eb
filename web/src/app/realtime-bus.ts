/** A message pushed by the server over the per-user WebSocket. */
export type RealtimeMessage = { type: string; [key: string]: unknown };
export type RealtimeHandler = (message: RealtimeMessage) => void;

/**
 * The event bus realtime messages are dispatched on. Subscribe to one `type`, or to '*' for
 * every message; returns the unsubscribe function.
 */
export function createRealtimeBus() {
  const handlers = new Map<string, Set<RealtimeHandler>>();
  return {
    subscribe(type: string, handler: RealtimeHandler): () => void {
      const set = handlers.get(type) ?? new Set<RealtimeHandler>();
      set.add(handler);
      handlers.set(type, set);
      return () => {
        set.delete(handler);
      };
    },
    dispatch(message: RealtimeMessage): void {
      for (const key of [message.type, '*']) {
        for (const handler of handlers.get(key) ?? []) {
          try {
            handler(message);
          } catch (error) {
            console.error('[realtime] a subscriber failed', error);
          }
        }
      }
    },
  };
}

/** Parses an incoming frame; anything that is not a JSON object with a string type is ignored. */
export function parseRealtimeFrame(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string')
      return parsed as RealtimeMessage;
  } catch {
    // Not JSON: ignored.
  }
  return null;
}

/** Reconnect backoff: 1 s, 2 s, 4 s … capped at 60 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, attempt));
}

/** The socket keeps idle connections open with a ping every 5 minutes. */
export const PING_INTERVAL_MS = 5 * 60 * 1000;
