import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ENV } from '../../infra/resources.js';
import { connectionsOf, deleteConnection } from '../data/access/connections.js';
import { requireEnv } from '../lib/clients.js';

let client: ApiGatewayManagementApiClient | undefined;
function management() {
  client ??= new ApiGatewayManagementApiClient({
    endpoint: requireEnv(ENV.websocketEndpoint),
    ...(process.env[ENV.dynamoEndpoint]
      ? {
          region: process.env.AWS_REGION ?? 'eu-west-2',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  return client;
}

/** A record event pushed to the SPA, e.g. `{ type: 'record', model: 'Recording', record }`. */
export type PushMessage = { type: string } & Record<string, unknown>;

/**
 * Sends a message to every open connection of a user. A connection API Gateway reports gone
 * (410) is removed; the others still get the message. Returns how many received it.
 */
export async function pushToUser(userId: string, message: PushMessage): Promise<number> {
  const connections = await connectionsOf(userId);
  const data = Buffer.from(JSON.stringify(message));
  const results = await Promise.all(
    connections.map(async ({ connectionId }) => {
      try {
        await management().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
        return 1;
      } catch (error) {
        if (error instanceof GoneException || (error as { name?: string }).name === 'GoneException') {
          await deleteConnection(userId, connectionId);
          return 0;
        }
        throw error;
      }
    }),
  );
  return results.reduce<number>((a, b) => a + b, 0);
}
