import {
  createRealtimeBus,
  parseRealtimeFrame,
  PING_INTERVAL_MS,
  reconnectDelay,
  type RealtimeHandler,
} from './realtime-bus';

export type { RealtimeHandler } from './realtime-bus';

const bus = createRealtimeBus();

/** Subscribe to pushed messages of one type ('*' for all); returns the unsubscribe function. */
export const subscribeRealtime = (type: string, handler: RealtimeHandler) => bus.subscribe(type, handler);

type Options = { url: string; getToken: () => Promise<string | null> };

let socket: WebSocket | null = null;
let options: Options | null = null;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let pingTimer: ReturnType<typeof setInterval> | undefined;

function clearTimers() {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  if (pingTimer) clearInterval(pingTimer);
  reconnectTimer = undefined;
  pingTimer = undefined;
}

async function open() {
  if (!options) return;
  const current = options;
  const token = await current.getToken();
  if (!token || options !== current) return;
  const ws = new WebSocket(`${current.url}${current.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`);
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    pingTimer = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
    }, PING_INTERVAL_MS);
  };
  ws.onmessage = (event) => {
    const message = parseRealtimeFrame(event.data);
    if (message) bus.dispatch(message);
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    clearTimers();
    if (!options) return;
    reconnectTimer = setTimeout(() => void open(), reconnectDelay(attempt));
    attempt += 1;
  };
}

/** Opens the per-user WebSocket (token in the query: browsers cannot set headers on it). */
export function connectRealtime(next: Options): void {
  disconnectRealtime();
  options = next;
  attempt = 0;
  void open();
}

export function disconnectRealtime(): void {
  options = null;
  clearTimers();
  const ws = socket;
  socket = null;
  if (ws && ws.readyState <= WebSocket.OPEN) ws.close();
}
