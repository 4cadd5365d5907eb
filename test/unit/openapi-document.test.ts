import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../functions/api-docs/document.js';
import { currentDocument, DOCUMENT_FILE, documentText } from '../../functions/api-docs/generate.js';
import { operation } from '../../functions/lib/http.js';
import { ROUTES, type Route } from '../../functions/routes.js';

type Document = Awaited<ReturnType<typeof currentDocument>>;
type OperationObject = { 'x-auth-rule'?: string; 'x-permission'?: string; parameters?: { name: string; in: string }[] };

/**
 * How many operations declare their answer at least (a response-schema test checks each against real answers).
 * Raise it when you declare more; it never goes down.
 */
const DECLARED_ANSWERS_FLOOR = 597;

let document: Document;
beforeAll(async () => {
  document = await currentDocument();
}, 120_000);

const operationOf = (doc: Document, route: Pick<Route, 'method' | 'path'>) =>
  (doc.paths?.[route.path] as Record<string, OperationObject> | undefined)?.[route.method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('describes every route of the route table, with its auth rule and permission', () => {
    for (const route of ROUTES) {
      const described = operationOf(document, route);
      expect(described, `${route.method} ${route.path}`).toBeDefined();
      expect(described?.['x-auth-rule'], route.path).toBe(route.auth);
      expect(described?.['x-permission'], route.path).toBe(route.auth === 'tenant' ? route.permission : undefined);
    }
    const described = Object.values(document.paths ?? {}).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(described).toBe(ROUTES.length);
  });

  it('is a valid OpenAPI 3.1 document for a maintained validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator resolves references in place, so it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  }, 60_000);

  it('is the one the API serves: regenerate it with `npm run openapi` after a route or schema changed', async () => {
    expect(await readFile(DOCUMENT_FILE, 'utf8')).toBe(documentText(document));
  });

  it('declares the answers of at least as many operations as before: the count only grows', () => {
    const operations = Object.values(document.paths ?? {}).flatMap((item) => Object.values(item ?? {}));
    const declared = operations.filter(
      (op) => (op as { responses?: Record<string, { content?: unknown }> }).responses?.['200']?.content,
    ).length;
    expect(
      declared,
      `${declared} of ${operations.length} operations declare their answer; raise DECLARED_ANSWERS_FLOOR to it`,
    ).toBeGreaterThanOrEqual(DECLARED_ANSWERS_FLOOR);
  });

  it('takes each route’s body and query from its handler’s own schemas', () => {
    const signUp = operationOf(document, { method: 'POST', path: '/api/v1/signup' }) as {
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    };
    expect(Object.keys(signUp.requestBody?.content['application/json'].schema.properties ?? {})).toContain('email');
    const tenantList = operationOf(document, { method: 'GET', path: '/api/v1/labels' });
    expect(tenantList?.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(['query page', 'query per_page', 'header x-company-id']),
    );
  });

  it('refuses a handler whose path parameters are not its route’s', () => {
    const route = ROUTES.find((r) => r.path === '/api/v1/promos/{id}/recipients/{recipientId}/revoke') as Route;
    const onlyId = operation('tenant', {
      params: z.strictObject({ id: z.string() }),
      run: async () => ({}),
    });
    expect(() => buildOpenApiDocument([route], () => onlyId, { title: 't', version: '1' })).toThrow(
      /path parameters disagree with the path \(not checked: recipientId/,
    );
    const extra = operation('tenant', {
      params: z.strictObject({ id: z.string(), recipientId: z.string(), other: z.string() }),
      run: async () => ({}),
    });
    expect(() => buildOpenApiDocument([route], () => extra, { title: 't', version: '1' })).toThrow(
      /required but not in the path: other/,
    );
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('answers the document without a sign-in', async () => {
    const { handler } = await import('../../functions/api-docs/handler.js');
    const event = {
      routeKey: 'GET /api/v1/openapi.json',
      rawPath: '/api/v1/openapi.json',
      headers: {},
      requestContext: { http: { method: 'GET', path: '/api/v1/openapi.json', sourceIp: '127.0.0.1' } },
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const answer = await handler(event, {} as Context);
    expect(answer.statusCode).toBe(200);
    const served = JSON.parse(answer.body ?? '{}') as Document;
    expect(served.info.title).toBe('Label Platform API');
    expect(Object.keys(served.paths ?? {})).toContain('/api/v1/openapi.json');
  });
});
