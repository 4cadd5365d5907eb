import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { answerProblems, declaredAnswer } from '../support/openapi-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The API's answers against the responses its OpenAPI document declares: a sample of GET routes
 * (a list and a record of each area that declares its answers), called on data this file makes, and
 * each answer checked with a JSON Schema validator. A handler that answers otherwise fails here.
 */
type Document = Parameters<typeof answerProblems>[0];

let document: Document;
let world: OwnCompany;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const served = await call('GET', '/api/v1/openapi.json');
  expect(served.status).toBe(200);
  document = served.body;
  world = await ownCompany('Response schemas');
  const label = await world.label('Schema Records');
  const [artist, release, token] = await Promise.all([
    world.api.post('/artists', { name: 'Schema Artist' }),
    world.api.post('/releases', { title: 'Schema EP', label_id: label.id }),
    world.api.post('/company/api_tokens', {
      name: 'Schema check',
      access: 'read',
      areas: ['catalogue'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    }),
  ]);
  expect([artist.status, release.status, token.status]).toEqual([201, 201, 201]);
  Object.assign(ids, { label: label.id, artist: artist.body.artist.id, release: release.body.release.id });
  const country = await call('GET', '/api/v1/countries?per_page=5', { token: world.manager.token });
  ids.country = country.body.countries[0].id;
});

/** The sample: the route as the document names it, and the path called (with this file's own ids). */
const SAMPLE: [string, (ids: Record<string, string>) => string][] = [
  ['/api/v1/labels', () => '/api/v1/labels'],
  ['/api/v1/labels/{id}', (own) => `/api/v1/labels/${own.label}`],
  ['/api/v1/artists', () => '/api/v1/artists'],
  ['/api/v1/artists/{id}', (own) => `/api/v1/artists/${own.artist}`],
  ['/api/v1/releases', () => '/api/v1/releases'],
  ['/api/v1/releases/{id}', (own) => `/api/v1/releases/${own.release}`],
  ['/api/v1/countries', () => '/api/v1/countries'],
  ['/api/v1/countries/{id}', (own) => `/api/v1/countries/${own.country}`],
  ['/api/v1/company/api_tokens', () => '/api/v1/company/api_tokens'],
];

describe('answers against the API description', () => {
  it.each(SAMPLE)('GET %s answers what the document declares', async (route, pathOf) => {
    expect(declaredAnswer(document, 'GET', route), 'the route declares its answer').toBeDefined();
    const answer = await call('GET', pathOf(ids), { token: world.manager.token, company: world.companyId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answerProblems(document, 'GET', route, answer.body)).toEqual([]);
  });

  it('the check fails an answer that disagrees with the declared schema', async () => {
    const answer = await call('GET', `/api/v1/labels/${ids.label}`, {
      token: world.manager.token,
      company: world.companyId,
    });
    const { name: _name, ...withoutName } = answer.body.label;
    expect(answerProblems(document, 'GET', '/api/v1/labels/{id}', { label: withoutName })).toEqual([
      expect.stringContaining("must have required property 'name'"),
    ]);
    expect(answerProblems(document, 'GET', '/api/v1/labels', { labels: 'not a list' }).length).toBeGreaterThan(0);
  });
});
