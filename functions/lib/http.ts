import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { MAX_BODY_BYTES } from '../../shared/constants.js';
import { ROUTES, routeKey, type Area, type Route } from '../routes.js';
import { authorize, type AuthContext, type Claims } from './auth-context.js';
import { canonicalCompanyId } from './company-id.js';
import { BadRequest, HttpError, NotFound, PayloadTooLarge } from './errors.js';
import { parseOrThrow } from './validation.js';
import { logChange } from './activity-log.js';

/** What an operation receives: validated input plus who is asking and in which tenant. */
export type Request<B, Q, P> = AuthContext & {
  body: B;
  query: Q;
  params: P;
  headers: Record<string, string | undefined>;
  sourceIp?: string;
};

export type Reply = { status: number; body: unknown };
export const reply = (status: number, body: unknown): Reply => ({ status, body });

export type Operation = {
  /** Cached lists this tenant operation reads; their versions come with the auth check. */
  lists?: (tenantId: string) => string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  run: (request: Request<any, any, any>) => Promise<unknown>;
};

/** Declares an operation; the schemas type the request the operation's `run` receives. */
export function operation<B = undefined, Q = Record<string, never>, P = Record<string, never>>(definition: {
  lists?: (tenantId: string) => string[];
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  run: (request: Request<B, Q, P>) => Promise<unknown>;
}): Operation {
  return definition as Operation;
}

/** Transport parameters every tenant call may carry; they never reach an operation's schema. */
const TRANSPORT_QUERY = new Set(['company_id']);

const ROUTE_BY_KEY = new Map(ROUTES.map((route) => [routeKey(route), route]));

function json(status: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return { statusCode: status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? null) };
}

function readBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequest('Malformed JSON in request body', { body: ['Malformed JSON in request body'] });
  }
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? headers[name.toLowerCase()];
}

/**
 * Builds an area's Lambda handler: finds the route by its routeKey, enforces its auth rule,
 * parses and validates the input with the operation's zod schemas, runs the operation and
 * maps errors to HTTP in this one place. Unknown input never gives a 500.
 */
export function areaHandler(area: Area, operations: Record<string, Operation>) {
  const base = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const route: Route | undefined = ROUTE_BY_KEY.get(event.routeKey);
    if (!route || route.area !== area) throw new NotFound('Route');
    const op = operations[route.op];
    if (!op) throw new NotFound('Route');

    const rawBody = readBody(event);
    const query = { ...(event.queryStringParameters ?? {}) } as Record<string, string | undefined>;
    const requestedCompany = canonicalCompanyId(header(event, 'x-company-id') ?? query.company_id);
    for (const name of TRANSPORT_QUERY) delete query[name];

    const claims = (event.requestContext as { authorizer?: { jwt?: { claims?: Claims } } }).authorizer?.jwt?.claims;
    const auth = await authorize(route.auth, claims, requestedCompany, op.lists);

    const params = op.params ? parseOrThrow(op.params, event.pathParameters ?? {}) : {};
    const parsedQuery = op.query ? parseOrThrow(op.query, query) : rejectUnknownQuery(query);
    const body = op.body ? parseOrThrow(op.body, rawBody ?? {}) : rejectUnexpectedBody(rawBody);

    const sourceIp = event.requestContext?.http?.sourceIp;
    const result = await op.run({ ...auth, body, query: parsedQuery, params, headers: event.headers ?? {}, sourceIp });
    if (auth.caller) await logChange(auth.caller.user.userId, route, sourceIp);
    if (result && typeof result === 'object' && 'status' in result && 'body' in result) {
      const { status, body: replyBody } = result as Reply;
      return json(status, replyBody);
    }
    return json(200, result);
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(base).onError(async (request) => {
    request.response = errorResponse(request.error);
  });
}

function rejectUnknownQuery(query: Record<string, string | undefined>) {
  const unknown = Object.keys(query);
  if (unknown.length) throw new BadRequest(`${unknown[0]} is not a known parameter`, Object.fromEntries(unknown.map((k) => [k, ['is not a known parameter']])));
  return {};
}

function rejectUnexpectedBody(body: unknown) {
  if (body !== undefined && !(typeof body === 'object' && body !== null && Object.keys(body).length === 0)) {
    throw new BadRequest('This call takes no request body', { body: ['This call takes no request body'] });
  }
  return undefined;
}

/** The one place errors become HTTP answers: `{ message, errors? }`. */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    return json(error.status, error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
  }
  const name = (error as { name?: string } | null)?.name;
  if (name === 'TransactionCanceledException' || name === 'ConditionalCheckFailedException') {
    return json(409, { message: 'The record was changed by someone else; reload and try again' });
  }
  console.error(error);
  return json(500, { message: 'Something went wrong on our side; the request was not completed' });
}
