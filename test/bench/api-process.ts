/**
 * A restarted API process for bench:royalties: serves only the HTTP API (every area's handler
 * behind the local gateway with its JWT check, as infra/local/cloud.ts builds it) against the
 * emulators of a local cloud already running, whose environment (`cloud.env`) it is given. It
 * starts no emulator, worker, scheduler or seed, so its memory and first answers are those of
 * an API process that has served nothing yet. Prints `listening <port>` once it listens.
 *   node --import tsx test/bench/api-process.ts
 */
import type { AddressInfo } from 'node:net';
import { ENV } from '../../infra/resources.js';
import { createApiGateway, listen } from '../../infra/local/api-gateway.js';
import { servedHostNames } from '../../infra/local/gateway.js';
import { requireEnv } from '../../functions/lib/clients.js';

const server = await createApiGateway({
  issuer: requireEnv(ENV.jwtIssuer),
  clientId: requireEnv(ENV.userPoolClientId),
  localRoutes: [],
  hostNames: servedHostNames('127.0.0.1'),
});
await listen(server, 0, '127.0.0.1');
console.log(`listening ${(server.address() as AddressInfo).port}`);

// The bench ends the process with SIGTERM: close the server so the exit is clean.
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
