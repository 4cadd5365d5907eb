import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { findRoute, routeKey, type Area } from '../../functions/routes.js';
import type { AuthorizerVerdict } from '../../functions/auth/request-authorizer.js';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyResultV2>;
export type LocalRoute = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;

/** API Gateway's own payload limit: larger requests never reach a Lambda. */
const API_GATEWAY_MAX_BYTES = 10 * 1024 * 1024;

const CORS_HEADERS = {
  'access-control-allow-headers': 'authorization,content-type,x-company-id',
  'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
};

/**
 * The CORS headers of an answer to a request the gateway accepted: its Origin, when it sent one, is one of the
 * app's own (checked before), so it is named back; no other page may read the answer.
 */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin ? { ...CORS_HEADERS, 'access-control-allow-origin': origin, vary: 'origin' } : CORS_HEADERS;
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(req), ...headers });
  res.end(JSON.stringify(body));
}

/**
 * The host names the local cloud answers to: loopback, and the address `npm start --host` opened it on (every
 * address and the name of this machine when that is all interfaces). Anything else is another site: a page's
 * script driving the cloud (its Origin) or a DNS-rebound name pointing at it (its Host).
 */
export function servedHostNames(listenHost: string): ReadonlySet<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', listenHost.toLowerCase()]);
  if (listenHost === '0.0.0.0' || listenHost === '::') {
    names.add(hostname().toLowerCase());
    for (const addresses of Object.values(networkInterfaces()))
      for (const address of addresses ?? []) names.add(address.address.toLowerCase());
  }
  return names;
}

/** The host name of a Host header or an origin, without port or IPv6 brackets; undefined when unreadable. */
function hostNameOf(value: string, isOrigin: boolean): string | undefined {
  try {
    return new URL(isOrigin ? value : `http://${value}`).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
}

/** Why a request comes from outside the app (another Host or Origin), or undefined when it is the app's own. */
export function foreignRequest(
  headers: { host?: string; origin?: string },
  served: ReadonlySet<string>,
): string | undefined {
  const host = headers.host === undefined ? undefined : hostNameOf(headers.host, false);
  if (!host || !served.has(host)) return 'This host name is not served by the local cloud';
  if (headers.origin !== undefined) {
    const origin = hostNameOf(headers.origin, true);
    if (!origin || !served.has(origin)) return 'Requests from other sites are refused by the local cloud';
  }
  return undefined;
}

const NO_BODY = Buffer.alloc(0);

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  // A request that declares no body (most GETs) has none to wait for: Node drops what is left once answered.
  const length = req.headers['content-length'];
  if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > API_GATEWAY_MAX_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Whether every percent sign in a path starts a complete UTF-8 character (decodeURIComponent agrees). */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** An answer slower than this is late for a person at a screen (and for a browser test waiting on it). */
const SLOW_ANSWER_MS = 5_000;

/** How often a request still without its answer is reported (API Gateway itself would have given up after 30 s). */
export const UNANSWERED_REPORT_MS = 30_000;

/**
 * Reports the route every UNANSWERED_REPORT_MS until the returned function is called: an answer that never comes
 * (a hung handler, a screen left loading) shows in the log, where `reportIfSlow` only tells of answers once given.
 */
export function reportWhileUnanswered(route: string, since: number, warn = console.warn): () => void {
  const timer = setInterval(
    () => warn(`[gateway] ${route} not answered after ${Date.now() - since} ms`),
    UNANSWERED_REPORT_MS,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** One line per late answer, naming the route (never the path: it carries ids) so a slow screen can be traced. */
function reportIfSlow(route: string, status: number, ms: number) {
  if (ms >= SLOW_ANSWER_MS) console.warn(`[gateway] ${route} answered ${status} after ${ms} ms`);
}

function isTextual(contentType: string | undefined) {
  return !contentType || /json|text|xml|x-www-form-urlencoded/.test(contentType);
}

/**
 * The local HTTP API: serves exactly the routes of the route table, runs the HTTP API's request
 * authorizer on every signed-in route (the same code: 401 `{"message":"Unauthorized"}` before any handler
 * runs), builds the APIGatewayProxyEventV2 with its verdict's context and invokes the area's handler. Other paths go to `localRoutes`
 * (config, outbox, Cognito proxy, WebSocket callbacks, the SPA).
 */
export function createGateway(options: {
  handlers: Record<Area, HttpHandler>;
  /** The request authorizer (functions/auth/request-authorizer.ts), given the Authorization header. */
  authorize: (authorization: string | undefined) => Promise<AuthorizerVerdict>;
  localRoutes: LocalRoute[];
  /** The host names it answers to (servedHostNames); others get 403 before anything runs. */
  hostNames: ReadonlySet<string>;
}) {
  // A client sends the same Host and Origin on every request: each pair is judged once (at most a few hundred kept).
  const verdicts = new Map<string, string | undefined>();
  const foreignOnce = (headers: { host?: string; origin?: string }) => {
    const key = JSON.stringify([headers.host, headers.origin]);
    if (verdicts.has(key)) return verdicts.get(key);
    if (verdicts.size >= 256) verdicts.clear();
    const verdict = foreignRequest(headers, options.hostNames);
    verdicts.set(key, verdict);
    return verdict;
  };
  return http.createServer(async (req, res) => {
    // Every answer (API, SPA files, outbox attachments, config, the Cognito proxy) is read as the type it
    // declares: a browser must not guess that an attachment or a text answer is HTML or script and run it.
    res.setHeader('x-content-type-options', 'nosniff');
    const foreign = foreignOnce(req.headers);
    if (foreign) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: foreign }));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    // API Gateway and CloudFront refuse such a path before any code runs; every route below may decode it.
    if (!decodable(url.pathname)) {
      return send(req, res, 400, {
        message: 'The path has a malformed percent-encoding',
        errors: { path: ['has a malformed percent-encoding'] },
      });
    }
    try {
      if (url.pathname.startsWith('/api/')) return await api(req, res, url);
      for (const route of options.localRoutes) if (await route(req, res, url)) return;
      send(req, res, 404, { message: 'Not Found' });
    } catch (error) {
      console.error('[gateway]', error);
      if (!res.headersSent) send(req, res, 500, { message: 'Internal Server Error' });
    }
  });

  async function api(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'OPTIONS') return send(req, res, 204, null);
    const found = findRoute(req.method ?? 'GET', url.pathname);
    if (!found.route)
      return send(req, res, found.methodAllowed ? 404 : 405, {
        message: found.methodAllowed ? 'Not Found' : 'Method Not Allowed',
      });
    const { route, params } = found;
    const body = await readBody(req);
    if (body === 'too-large') return send(req, res, 413, { message: 'Request Entity Too Large' });

    let verdict: AuthorizerVerdict | undefined;
    if (route.auth !== 'public') {
      verdict = await options.authorize(req.headers.authorization);
      if (!verdict.isAuthorized) return send(req, res, 401, { message: 'Unauthorized' });
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
    const textual = isTextual(headers['content-type']);
    const now = new Date();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: routeKey(route),
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: Object.keys(params).length ? params : undefined,
      body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
      isBase64Encoded: body.length > 0 && !textual,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'local',
        http: {
          method: route.method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: routeKey(route),
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
        // Where API Gateway puts a Lambda authorizer's context.
        ...(verdict ? { authorizer: { lambda: verdict.context ?? {} } } : {}),
      } as APIGatewayProxyEventV2['requestContext'],
    };
    const answered = reportWhileUnanswered(routeKey(route), now.getTime());
    const result = (await options.handlers[route.area](event, {
      awsRequestId: event.requestContext.requestId,
    }).finally(answered)) as APIGatewayProxyStructuredResultV2;
    reportIfSlow(routeKey(route), result.statusCode ?? 200, Date.now() - now.getTime());
    res.writeHead(result.statusCode ?? 200, { ...corsHeaders(req), ...(result.headers as Record<string, string>) });
    res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
  }
}
