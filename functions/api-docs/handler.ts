import { areaHandler, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import document from './openapi.json' with { type: 'json' };

/**
 * The API's description for integrators: the OpenAPI 3.1 document generated from the route table
 * and the handlers' own schemas (`npm run openapi`; a unit test fails while it is out of date).
 */
const operations = {
  openApiDocument: operation('public', {
    // It changes only with a deploy, so browsers and proxies may keep it for a while.
    run: async () => reply(200, document, { 'cache-control': 'public, max-age=300' }),
  }),
} satisfies AreaOperations<'api-docs'>;

export const handler = areaHandler('api-docs', operations, planGate);
