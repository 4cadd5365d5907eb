import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { ENV } from '../../infra/resources.js';
import { closeConnection, openConnection } from '../data/access/connections.js';
import { callerFromClaims } from '../lib/auth-context.js';
import { requireEnv } from '../lib/clients.js';
import { createJwtCheck } from '../lib/jwt.js';

type WebsocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const CONNECTION_TTL_SECONDS = 24 * 60 * 60;
let verify: ReturnType<typeof createJwtCheck> | undefined;

/**
 * Realtime area: the WebSocket API's $connect (the browser passes its access token as
 * ?token=, since browsers cannot set headers on a WebSocket), $disconnect and $default.
 */
export async function handler(event: WebsocketEvent): Promise<APIGatewayProxyResultV2> {
  const { routeKey, connectionId } = event.requestContext;
  if (routeKey === '$connect') {
    verify ??= createJwtCheck({ issuer: requireEnv(ENV.jwtIssuer), clientId: requireEnv(ENV.userPoolClientId) });
    const claims = await verify(event.queryStringParameters?.token);
    if (!claims) return { statusCode: 401, body: 'Unauthorized' };
    try {
      const { user } = await callerFromClaims(claims);
      await openConnection(user.userId, connectionId, Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS);
      return { statusCode: 200, body: 'Connected' };
    } catch {
      return { statusCode: 401, body: 'Unauthorized' };
    }
  }
  if (routeKey === '$disconnect') {
    await closeConnection(connectionId);
    return { statusCode: 200, body: 'Disconnected' };
  }
  // $default: the SPA sends {"type":"ping"} to keep idle connections open.
  return { statusCode: 200, body: JSON.stringify({ type: 'pong' }) };
}
