import { beforeAll, describe, expect, it } from 'vitest';
import { PLAN_FEATURES, PLAN_LIMITS } from '../../shared/plans.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The platform's own pages against the answers the OpenAPI document declares: a company's plan, its subscription's
 * state and usage (any member reads it), the admins' plans (a plan of this file's own, hidden from companies, made,
 * read, listed, edited and deleted; no card provider is involved), and the help panel's texts (a page of its own).
 */
let document: ApiDocument;
let world: OwnCompany;

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('Plan answers');
}, 60_000);

describe('plans answer what the document declares', () => {
  it('a company’s plan, its subscription’s state and what it uses', async () => {
    await answerChecker(document, world.manager.token, world.companyId)('GET', '/company/plan');
  });

  it('the admins’ plans: made, read, listed as plans, products and prices, edited, deleted', async () => {
    const admin = answerChecker(document, world.admin);
    const id = `plan_answers_${Date.now()}`;
    await admin('POST', '/subscriptions', {
      body: {
        id,
        name: 'Answers plan',
        amount: 1250,
        currency: 'gbp',
        interval: 'month',
        features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])),
        limits: Object.fromEntries(PLAN_LIMITS.map((l) => [l, null])),
      },
      status: 201,
    });
    await admin('GET', '/subscriptions/{id}', { params: { id } });
    await admin('GET', '/subscriptions', { rows: 'subscriptions' });
    await admin('GET', '/subscriptions/list_products', { rows: 'products' });
    await admin('GET', '/subscriptions/retrieve_plans', { rows: 'plans' });
    await admin('PATCH', '/subscriptions/{id}', { params: { id }, body: { name: 'Answers plan 2' } });
    await admin('DELETE', '/subscriptions/{id}', { params: { id } });
  });

  it('the help panel’s texts: a page’s help saved, listed, reset', async () => {
    const admin = answerChecker(document, world.admin);
    const page = `AnswersHelp${Date.now()}`;
    await admin('PUT', '/admin/site_help/{page}', {
      params: { page },
      body: { title: 'Answers help', topics: [{ topic: 'What this page is', text: 'It answers.' }] },
    });
    const listed = await answerChecker(document, world.manager.token)('GET', '/site_help', { rows: 'site_help' });
    expect(listed.body.site_help.map((h: { page: string }) => h.page)).toContain(page);
    await admin('DELETE', '/admin/site_help/{page}', { params: { page } });
  });

  it('the admin importer’s models, a model’s attributes, an upload link; a metadata map made, listed, read, edited, deleted', async () => {
    const admin = answerChecker(document, world.admin);
    await admin('GET', '/importer', { rows: 'models' });
    await admin('POST', '/model_attributes', { body: { model: 'releases' }, rows: 'attributes' });
    await admin('POST', '/importer/uploads', {
      body: { company_id: world.companyId, filename: 'answers.csv', content_type: 'text/csv', size: 100 },
    });
    const source = `Answers Source ${Date.now()}`;
    const made = await admin('POST', '/metadata_maps', {
      body: { model_type: 'artists', source_service: source, map: { 'Artist Name': 'name' } },
      status: 201,
    });
    const params = { id: made.body.metadata_map.id as string };
    await admin('GET', '/metadata_maps', { query: `q=${encodeURIComponent(source)}`, rows: 'metadata_maps' });
    await admin('GET', '/metadata_maps/{id}', { params });
    await admin('GET', '/metadata_maps/{id}/edit', { params });
    await admin('PATCH', '/metadata_maps/{id}', { params, body: { notes: 'Edited by the answers test' } });
    await admin('DELETE', '/metadata_maps/{id}', { params });
  });
});
