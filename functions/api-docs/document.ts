import { OpenAPIRegistry, OpenApiGeneratorV31, type ZodRequestBody } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Operation } from '../lib/http.js';
import type { AuthRule, Route } from '../routes.js';

/** What each auth rule asks of a caller, in the words an integrator reads. */
const AUTH_WORDS: Record<AuthRule, string> = {
  public: 'Public: no sign-in.',
  user: 'Signed-in user: a bearer token.',
  tenant:
    'Company member: a bearer token and the company in the X-Company-Id header; the member’s role in that company must grant the permission named here (admins may work in any company). Or a company API token whose scope covers that permission: it works in its own company only.',
  admin: 'Platform admins only: a bearer token of an admin.',
  artist_user: 'Artist users only: a bearer token of an artist portal account.',
};

/** The error body every route answers with when it refuses: the one place errors become HTTP answers. */
const errorBody = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error', description: 'Why the request was refused; `errors` names each field that was wrong.' });

const companyHeader = z.object({
  'x-company-id': z.string().meta({ description: 'The id of the company the call works in.' }),
});

/** The names in a route path's `{…}` placeholders, in order. */
function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/** An object schema's fields (a pipe's input's), or undefined for any other shape. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in as z.ZodType);
  return undefined;
}

type ParameterSchema = z.ZodObject | z.ZodPipe;

const isParameterSchema = (schema: z.ZodType): schema is ParameterSchema => objectShape(schema) !== undefined;

/**
 * The path parameters of a route, each as the handler's schema checks it. The handler must check
 * every placeholder of the path and nothing else it requires (an operation shared by a route with
 * `{id}` and one without reads an optional id); a handler without a path schema reads none, so
 * each placeholder is text.
 */
function pathParameters(route: Route, operation: Operation): z.ZodObject | undefined {
  const names = pathParameterNames(route.path);
  const where = `${route.method} ${route.path}`;
  if (!operation.params) {
    return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
  }
  // A record of names takes whatever the path holds.
  if (operation.params instanceof z.ZodRecord) {
    const text = operation.params.valueType as z.ZodType;
    const value = text instanceof z.ZodOptional ? (text.unwrap() as z.ZodType) : text;
    return names.length ? z.object(Object.fromEntries(names.map((name) => [name, value]))) : undefined;
  }
  const shape = objectShape(operation.params);
  if (!shape) throw new Error(`${where}: the handler's path schema is not an object`);
  const missing = names.filter((name) => !(name in shape));
  const required = Object.keys(shape).filter((key) => !names.includes(key) && !shape[key].safeParse(undefined).success);
  if (missing.length || required.length)
    throw new Error(
      `${where}: the handler's path parameters disagree with the path (not checked: ${missing.join(', ') || 'none'}; required but not in the path: ${required.join(', ') || 'none'})`,
    );
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        const field = shape[name];
        return [name, field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field];
      }),
    ),
  );
}

/** The query parameters the handler validates; a query schema of another shape is described as free-form. */
function queryParameters(operation: Operation): ParameterSchema | undefined {
  if (!operation.query) return undefined;
  return isParameterSchema(operation.query) ? operation.query : undefined;
}

function requestBody(operation: Operation): ZodRequestBody | undefined {
  if (operation.rawBody)
    return {
      description: 'Read as sent (a provider’s signed event).',
      content: { 'application/json': { schema: {} } },
    };
  if (!operation.body) return undefined;
  return { required: true, content: { 'application/json': { schema: operation.body } } };
}

/** Route operation names repeat (a record and its edit view share one); the document needs unique ids. */
function operationIds(routes: readonly Route[]): string[] {
  const seen = new Map<string, number>();
  return routes.map((route) => {
    const name = `${route.area}.${route.op}`;
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}.${count}`;
  });
}

/** How a route is described: its auth rule and permission in words and as `x-` fields a client can read. */
function accessOf(route: Route) {
  const permission = route.auth === 'tenant' ? ` Permission: ${route.permission}.` : '';
  return {
    description: `${AUTH_WORDS[route.auth]}${permission}`,
    security: route.auth === 'public' ? [] : [{ bearer: [] }],
    'x-auth-rule': route.auth,
    ...(route.auth === 'tenant' ? { 'x-permission': route.permission } : {}),
  };
}

function responses(route: Route, operation: Operation) {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: errorBody } } });
  const answer = 'The answer, as JSON (a creating call may answer 201).';
  return {
    // The handler's declared answer, where it has one: a test checks real answers against it.
    200: operation.response
      ? { description: answer, content: { 'application/json': { schema: operation.response } } }
      : { description: answer },
    400: error('Input that does not fit: the fields that were wrong, by name.'),
    ...(route.auth === 'public' ? {} : { 401: error('No valid bearer token.'), 403: error('Not allowed.') }),
    404: error('No such record (or not in this company).'),
  };
}

/**
 * The OpenAPI 3.1 document of the API: every route of the route table, each with its auth rule and
 * permission and the zod schemas its handler validates path, query and body with.
 */
export function buildOpenApiDocument(
  routes: readonly Route[],
  operationOf: (route: Route) => Operation,
  info: { title: string; version: string },
) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The access token of a sign-in (Cognito JWT), or on company calls a company API token (`lpt_…`, made by a company manager on the company’s API tokens page, limited to its scope), sent as `Authorization: Bearer <token>`.',
  });
  const ids = operationIds(routes);
  routes.forEach((route, index) => {
    const operation = operationOf(route);
    const query = queryParameters(operation);
    const body = requestBody(operation);
    registry.registerPath({
      method: route.method.toLowerCase() as Lowercase<Route['method']>,
      path: route.path,
      operationId: ids[index],
      tags: [route.area],
      summary: `${route.area}: ${route.op}`,
      ...accessOf(route),
      request: {
        params: pathParameters(route, operation),
        ...(query ? { query } : {}),
        ...(route.auth === 'tenant' ? { headers: companyHeader } : {}),
        ...(body ? { body } : {}),
      },
      responses: responses(route, operation),
    });
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'The Label Platform API. Each operation says who may call it (`x-auth-rule`) and, for company calls, the permission the caller’s role must grant (`x-permission`).',
    },
    servers: [{ url: '/' }],
  });
}
