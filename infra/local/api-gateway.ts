import type { Server } from 'node:http';
import { AREAS, type Area } from '../../functions/routes.js';
import { httpEntry } from '../functions.js';
import { createGateway, type HttpHandler, type LocalRoute } from './gateway.js';

/**
 * The local HTTP API, for the local cloud and for a process that serves only the API (the
 * restarted API process of bench:royalties): imports every area's handler and builds the gateway
 * with the HTTP API's own request authorizer (functions/auth/request-authorizer.ts). Call it once the environment holds the
 * endpoints: the handlers' SDK clients read them when imported, which is why the import is here.
 */
export async function createApiGateway(options: {
  issuer: string;
  clientId: string;
  localRoutes: LocalRoute[];
  hostNames: ReadonlySet<string>;
}) {
  const handlers = Object.fromEntries(
    await Promise.all(
      AREAS.map(async (area) => [
        area,
        (await import(/* @vite-ignore */ `../../${httpEntry(area)}`)).handler as HttpHandler,
      ]),
    ),
  ) as Record<Area, HttpHandler>;
  const { createJwtCheck } = await import('../../functions/lib/jwt.js');
  const { createRequestAuthorizer } = await import('../../functions/auth/request-authorizer.js');
  return createGateway({
    handlers,
    authorize: createRequestAuthorizer(createJwtCheck({ issuer: options.issuer, clientId: options.clientId })),
    localRoutes: options.localRoutes,
    hostNames: options.hostNames,
  });
}

/** Resolves once `server` listens on `port` (0: any free port), rejects when it cannot. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
}
