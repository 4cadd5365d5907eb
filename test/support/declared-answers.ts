import { expect } from 'vitest';
import { type ApiAnswer, call } from './api.js';
import { answerProblems, declaredAnswer } from './openapi-answers.js';

/** The served OpenAPI document, as the answer checks read it. */
export type ApiDocument = Parameters<typeof answerProblems>[0];

/** The document the API serves (a test file reads it once). */
export async function servedDocument(): Promise<ApiDocument> {
  const served = await call('GET', '/api/v1/openapi.json');
  expect(served.status).toBe(200);
  return served.body;
}

/**
 * Checks one real answer against the answer its route declares: the route declares one, the call succeeded with
 * `status`, and the body fits the schema. `rows` names a list's collection: it must hold a row, so the row's
 * schema is tried (a list of nothing fits any row schema).
 */
export function expectDeclared(
  document: ApiDocument,
  method: string,
  route: string,
  answer: ApiAnswer,
  options: { status?: number; rows?: string } = {},
) {
  const where = `${method} ${route}`;
  expect(declaredAnswer(document, method, route), `${where} declares its answer`).toBeDefined();
  expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(options.status ?? 200);
  expect(answerProblems(document, method, route, answer.body), where).toEqual([]);
  if (options.rows) {
    const rows = (answer.body as Record<string, unknown>)[options.rows];
    expect(Array.isArray(rows) && rows.length > 0, `${where}: rows of its own under ${options.rows}`).toBe(true);
  }
}

type CheckOptions = {
  /** The path's placeholders: `{ id }` fills `{id}`. */
  params?: Record<string, string>;
  /** A query string, without its `?`. */
  query?: string;
  body?: unknown;
  status?: number;
  rows?: string;
};

/**
 * Calls as one user (in one company, when given) and checks the answer against its route's declared answer. The route
 * is named as the document names it without `/api/v1` (`/artists/{id}`); the answer is returned for the next call.
 */
export function answerChecker(document: ApiDocument, token: string, company?: string) {
  return async (method: string, route: string, options: CheckOptions = {}): Promise<ApiAnswer> => {
    const filled = route.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = options.params?.[name];
      if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    const answer = await call(method, `/api/v1${filled}${options.query ? `?${options.query}` : ''}`, {
      token,
      ...(company ? { company } : {}),
      ...(options.body !== undefined ? { body: options.body } : {}),
    });
    expectDeclared(document, method, `/api/v1${route}`, answer, options);
    return answer;
  };
}
