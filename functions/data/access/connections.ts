import type { ConnectionItem } from '../entities/connection.js';
import { getDb } from '../service.js';

/** Every query of users' open WebSocket connections, by name. */

const connections = () => getDb().entities.Connection;

/** Records an open connection; `expiresAt` (epoch seconds) lets DynamoDB's TTL sweep it. */
export async function openConnection(userId: string, connectionId: string, expiresAt: number): Promise<void> {
  await connections().put({ userId, connectionId, expiresAt }).go();
}

export async function connectionsOf(userId: string): Promise<ConnectionItem[]> {
  return (await connections().query.byUser({ userId }).go({ pages: 'all' })).data;
}

export async function deleteConnection(userId: string, connectionId: string): Promise<void> {
  await connections().delete({ userId, connectionId }).go();
}

/** Forgets a closed connection, whoever it belonged to ($disconnect knows only its id). */
export async function closeConnection(connectionId: string): Promise<void> {
  const found = await connections().query.byConnection({ connectionId }).go();
  await Promise.all(found.data.map((c) => deleteConnection(c.userId, connectionId)));
}
