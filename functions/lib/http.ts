import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { z } from 'zod';
import { MAX_BODY_BYTES } from '../../shared/constants.js';
import { jsonDepth, MAX_JSON_DEPTH } from './json-depth.js';
import { ROUTES, routeKey, type Area, type AuthRule, type OperationName, type Route } from '../routes.js';
import {
  authorize,
  type CallerContext,
  type Claims,
  type PlanGate,
  type PublicContext,
  type TenantContext,
} from './auth-context.js';
import { BadRequest, HttpError, isLostRace, LOST_RACE_MESSAGE, NotFound, PayloadTooLarge } from './errors.js';
import { canonicalCompanyId } from './company-id.js';
import { parseOrThrow } from './validation.js';
import { humanizeField } from '../../shared/messages.js';
import { logChange } from './activity-log.js';
import { authorizeApiToken, bearerApiToken } from './api-token-auth.js';

/** What the auth rule proves about a request, by the kind of operation that runs behind it. */
type ContextOf = {
  public: PublicContext;
  user: CallerContext;
  admin: CallerContext;
  artist_user: CallerContext;
  tenant: TenantContext;
};

/** An operation's kind is the auth rule it is written for: it decides what `run` receives. */
export type OperationKind = AuthRule;

/** What an operation receives: validated input plus who is asking and, for tenant operations, in which company. */
type Request<K extends OperationKind, B, Q, P> = ContextOf[K] & {
  body: B;
  query: Q;
  params: P;
  headers: Record<string, string | undefined>;
  sourceIp?: string;
  /** The body's text exactly as sent ('' when none): what a signature over the body is checked against. */
  rawBody: string;
};

/** An answer with its own status; `headers` adds response headers (Cache-Control: no-store on a never-cached call). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };
export const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});

/** An answer that is not JSON (a calendar feed): its text and content type, sent as they are. */
type TextReply = { status: number; text: string; contentType: string };
export const textReply = (text: string, contentType: string): TextReply => ({ status: 200, text, contentType });

/** An operation as the area's map holds it: its kind, its schemas and its `run`, input types erased. */
export type Operation<K extends OperationKind = OperationKind> = {
  readonly kind: K;
  /** The body is not JSON to validate but text the operation reads itself (`rawBody`): a provider's webhook. */
  rawBody?: true;
  /** Cached lists this tenant operation reads; their versions come with the auth check. */
  lists?: (tenantId: string) => string[];
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** What a 200/201 answer's JSON holds: the API description declares it and a test checks answers against it. */
  response?: z.ZodType;
  /**
   * Written as a method so an operation typed by its schemas fits the map: a method's parameter is
   * compared both ways, and areaHandler only hands it input its own schemas produced.
   */
  run(request: Request<K, unknown, unknown, unknown>): Promise<unknown>;
};

type Definition<K extends OperationKind, B, Q, P> = {
  rawBody?: true;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  response?: z.ZodType;
  run: (request: Request<K, B, Q, P>) => Promise<unknown>;
} & (K extends 'tenant' ? { lists?: (tenantId: string) => string[] } : { lists?: never });

/**
 * Declares an operation of a kind ('tenant', 'user', 'admin', 'artist_user', 'public'): the kind
 * types what `run` receives (a tenant operation gets `tenantId` and `caller`, a user or admin one
 * `caller`) and the schemas type its input. areaHandler refuses at start-up a route whose auth
 * rule does not serve the operation's kind.
 */
export function operation<K extends OperationKind, B = undefined, Q = Record<string, never>, P = Record<string, never>>(
  kind: K,
  definition: Definition<K, B, Q, P>,
): Operation<K> {
  return { ...definition, kind } as Operation<K>;
}

/** The `{id}` path parameter every record route takes (royalty line ids are the longest, up to 80 characters). */
export const idParams = z.strictObject({ id: z.string().min(1).max(80) });

/** An area's handler map: exactly the operations functions/operation-names.ts declares for it. */
export type AreaOperations<A extends Area> = { readonly [N in OperationName<A>]: Operation };

/**
 * Joins the operation maps a generic resource generates for each collection. Their names are
 * built at run time, so the type is asserted here and areaHandler checks at start-up that every
 * route of the area finds its operation.
 */
export function generatedOperations<N extends string>(
  maps: readonly Readonly<Record<string, Operation>>[],
): Record<N, Operation> {
  return Object.fromEntries(maps.flatMap((map) => Object.entries(map))) as Record<N, Operation>;
}

/**
 * The route rules an operation of each kind may sit behind: its own, or for a user operation a
 * stricter rule that still proves a signed-in caller (the admin-only edit view of a record
 * anyone signed in reads).
 */
const SERVED_BY: Record<OperationKind, readonly AuthRule[]> = {
  public: ['public'],
  user: ['user', 'admin', 'artist_user'],
  tenant: ['tenant'],
  admin: ['admin'],
  artist_user: ['artist_user'],
};

/**
 * The start-up check of an area's handler: every route of the area finds its operation and its
 * auth rule serves the operation's kind (a tenant operation behind a user route would run
 * without a company). Throws, so a wrong table fails the Lambda's cold start and the tests.
 */
export function checkRouting(
  area: Area,
  operations: Readonly<Record<string, Operation>>,
  routes: readonly Route[] = ROUTES,
): void {
  const problems = routes
    .filter((route) => route.area === area)
    .flatMap((route) => {
      const op = operations[route.op];
      if (!op) return [`${routeKey(route)}: no operation ${route.op}`];
      if (SERVED_BY[op.kind].includes(route.auth)) return [];
      return [`${routeKey(route)}: a ${route.auth} route cannot serve the ${op.kind} operation ${route.op}`];
    });
  if (problems.length)
    throw new Error(`The ${area} area's routes do not match its operations:\n${problems.join('\n')}`);
}

/**
 * Transport parameters every tenant call may carry; they never reach an operation's schema, unless
 * the company came in the header and the operation's query declares the parameter itself.
 */
const TRANSPORT_QUERY = new Set(['company_id']);
const queryDeclares = (schema: z.ZodType | undefined, name: string) =>
  schema instanceof z.ZodObject && name in schema.shape;

const ROUTE_BY_KEY = new Map(ROUTES.map((route) => [routeKey(route), route]));

function json(status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    // nosniff: the answer is JSON even where a browser would guess otherwise (a name that looks like HTML).
    headers: { ...headers, 'content-type': 'application/json', 'x-content-type-options': 'nosniff' },
    body: JSON.stringify(body ?? null),
  };
}

/** The body's text as sent (base64 undone), within the size limit; '' when there is none. */
function readRawBody(event: APIGatewayProxyEventV2): string {
  if (!event.body) return '';
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) throw new PayloadTooLarge(MAX_BODY_BYTES);
  return raw;
}

function parseBody(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  // Bounded before parsing, so nothing that walks the body later can run out of stack.
  if (jsonDepth(raw) > MAX_JSON_DEPTH) {
    const message = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;
    throw new BadRequest(message, { body: [message] });
  }
  try {
    return JSON.parse(raw);
  } catch {
    throw new BadRequest('Malformed JSON in request body', { body: ['Malformed JSON in request body'] });
  }
}

/**
 * The sign-in's claims the gateway verified: the Lambda REQUEST authorizer's context (`authorizer.lambda`), or the
 * JWT authorizer's claims (`authorizer.jwt.claims`, the shape an event built by hand may still use). A context
 * without a subject (an API token let through) carries no sign-in.
 */
function verifiedClaims(event: APIGatewayProxyEventV2): Claims {
  const authorizer = (
    event.requestContext as { authorizer?: { jwt?: { claims?: Claims }; lambda?: Record<string, unknown> | null } }
  ).authorizer;
  if (authorizer?.jwt?.claims) return authorizer.jwt.claims;
  const context = authorizer?.lambda;
  return context && typeof context.sub === 'string' ? context : undefined;
}

function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? headers[name.toLowerCase()];
}

/**
 * Every area handler built in this process, by area, with its operations: the API description
 * (functions/api-docs) reads the same schemas the handlers validate with, so it cannot disagree with them.
 */
const BUILT_AREAS = new Map<Area, Readonly<Record<string, Operation>>>();

/** The operations of an area whose handler module was imported in this process (undefined before). */
export function builtOperations(area: Area): Readonly<Record<string, Operation>> | undefined {
  return BUILT_AREAS.get(area);
}

/**
 * Builds an area's Lambda handler: finds the route by its routeKey, enforces its auth rule,
 * parses and validates the input with the operation's zod schemas, runs the operation and
 * maps errors to HTTP in this one place. Unknown input never gives a 500. `plans` (functions/plans/gate.ts)
 * refuses what the company's plan does not include.
 */
export function areaHandler<A extends Area>(area: A, operations: AreaOperations<A>, plans: PlanGate) {
  const byName: Readonly<Record<string, Operation>> = operations;
  checkRouting(area, byName);
  BUILT_AREAS.set(area, byName);
  const base = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const route: Route | undefined = ROUTE_BY_KEY.get(event.routeKey);
    if (!route || route.area !== area) throw new NotFound('Route');
    const op = byName[route.op];
    if (!op) throw new NotFound('Route');

    const rawText = readRawBody(event);
    const rawBody = op.rawBody ? undefined : parseBody(rawText);
    const query = { ...(event.queryStringParameters ?? {}) } as Record<string, string | undefined>;
    const headerCompany = header(event, 'x-company-id');
    const requestedCompany = canonicalCompanyId(headerCompany ?? query.company_id);
    // A call that names its company in the header may also pass company_id to an operation that
    // asks for it (the distributor's GET company_labels?company_id names a client company).
    for (const name of TRANSPORT_QUERY) if (!(headerCompany && queryDeclares(op.query, name))) delete query[name];

    const claims = verifiedClaims(event);
    // A company's API token reaches the handler without claims (the authorizer passes it on); it is checked here.
    const apiToken = claims ? undefined : bearerApiToken(header(event, 'authorization'));
    const auth = apiToken
      ? await authorizeApiToken(route, apiToken, requestedCompany, plans, op.lists)
      : await authorize(route, claims, requestedCompany, plans, op.lists);

    const params = op.params ? parseOrThrow(op.params, event.pathParameters ?? {}) : {};
    const parsedQuery = op.query ? parseOrThrow(op.query, query) : rejectUnknownQuery(query);
    const body = op.rawBody
      ? undefined
      : op.body
        ? parseOrThrow(op.body, rawBody ?? {})
        : rejectUnexpectedBody(rawBody);

    const sourceIp = event.requestContext?.http?.sourceIp;
    const headers = event.headers ?? {};
    const result = await op.run({ ...auth, body, query: parsedQuery, params, headers, sourceIp, rawBody: rawText });
    // A presigned upload counts against the company's storage; the URL is only answered if it fits the plan.
    if ('tenantId' in auth) await plans.afterRun(route, auth.tenantId, auth.caller.user.role === 'admin', body);
    if ('caller' in auth) await logChange(auth.caller.user.userId, route, sourceIp);
    if (result && typeof result === 'object' && 'text' in result && 'contentType' in result) {
      const { status, text, contentType } = result as TextReply;
      return {
        statusCode: status,
        headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff' },
        body: text,
      };
    }
    if (result && typeof result === 'object' && 'status' in result && 'body' in result) {
      const { status, body: replyBody, headers } = result as Reply;
      return json(status, replyBody, headers);
    }
    return json(200, result);
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(base).onError(async (request) => {
    request.response = errorResponse(request.error);
  });
}

/**
 * A call that takes no query is refused one in the words a body's unknown field is ("From is not a known field"): each
 * field's entry a whole sentence naming it, like every other field error.
 */
function rejectUnknownQuery(query: Record<string, string | undefined>) {
  const refusals = Object.keys(query).map((key) => [
    key,
    `${humanizeField(key, { keepId: true })} is not a known field`,
  ]);
  if (refusals.length)
    throw new BadRequest(refusals[0][1], Object.fromEntries(refusals.map(([key, text]) => [key, [text]])));
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
    return json(
      error.status,
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    );
  }
  // A conditional write that lost a race with another request (ElectroDB wraps the SDK's error as `cause`).
  if (isLostRace(error)) return json(409, { message: LOST_RACE_MESSAGE });
  console.error(error);
  return json(500, { message: 'Something went wrong on our side; the request was not completed' });
}
