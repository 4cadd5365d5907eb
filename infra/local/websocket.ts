import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { LocalRoute } from './gateway.js';

import type { handler as realtimeHandler } from '../../functions/realtime/handler.js';

type WsHandler = typeof realtimeHandler;
type WsEvent = Parameters<WsHandler>[0];

/**
 * The local WebSocket API: upgrades on /cable invoke the realtime handler's $connect,
 * messages its $default and closes its $disconnect, with API Gateway's event shape. The
 * returned route serves `/_ws/@connections/{id}` for @aws-sdk/client-apigatewaymanagementapi
 * (POST sends, GET describes, DELETE closes; an unknown id is 410 GoneException).
 */
export function attachWebSocketApi(server: Server, handler: WsHandler): { route: LocalRoute; close: () => void } {
  const sockets = new Map<string, { socket: WebSocket; connectedAt: number }>();
  const wss = new WebSocketServer({ noServer: true });

  /** API Gateway's WebSocket event, with the fields the realtime handler reads (the rest are AWS bookkeeping). */
  const event = (routeKey: string, connectionId: string, extra: Record<string, unknown> = {}): WsEvent =>
    ({
      requestContext: {
        routeKey,
        connectionId,
        eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
        stage: 'live',
        domainName: 'localhost',
        apiId: 'local',
        requestId: randomUUID(),
        connectedAt: sockets.get(connectionId)?.connectedAt ?? Date.now(),
      },
      isBase64Encoded: false,
      ...extra,
    }) as WsEvent;

  server.on('upgrade', async (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/cable') return socket.destroy();
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16);
    const answer = (await handler(
      event('$connect', connectionId, { queryStringParameters: Object.fromEntries(url.searchParams) }),
    ).catch(() => ({
      statusCode: 500,
    }))) as APIGatewayProxyStructuredResultV2;
    if ((answer.statusCode ?? 200) !== 200) {
      socket.write(`HTTP/1.1 ${answer.statusCode} Unauthorized\r\n\r\n`);
      return socket.destroy();
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, { socket: ws, connectedAt: Date.now() });
      ws.on(
        'message',
        (data) => void handler(event('$default', connectionId, { body: data.toString() })).catch(() => undefined),
      );
      ws.on('close', () => {
        sockets.delete(connectionId);
        void handler(event('$disconnect', connectionId)).catch(() => undefined);
      });
    });
  });

  const route: LocalRoute = async (req, res, url) => {
    const match = /^\/_ws\/@connections\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    const entry = sockets.get(decodeURIComponent(match[1]));
    if (!entry) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'Gone' }));
      return true;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      entry.socket.send(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      entry.socket.close();
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ConnectedAt: new Date(entry.connectedAt).toISOString(),
          LastActiveAt: new Date().toISOString(),
        }),
      );
    }
    return true;
  };
  return { route, close: () => wss.close() };
}
