import { inject } from 'vitest';
import WebSocket from 'ws';

/** A user's WebSocket to the local cloud's realtime API, collecting the messages pushed to it. */
export function openSocket(token: string): Promise<{ socket: WebSocket; messages: unknown[] }> {
  const url = `${inject('cloudUrl').replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(token)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: unknown[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.once('open', () => resolve({ socket, messages }));
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
  });
}
