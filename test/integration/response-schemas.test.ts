import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { answerChecker } from '../support/declared-answers.js';
import { answerProblems, declaredAnswer } from '../support/openapi-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';
import { importReport, storeMap } from '../support/royalty-report.js';

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
    // A UPC: a smart link is made from it.
    world.api.post('/releases', { title: 'Schema EP', label_id: label.id, upc: '036000291452' }),
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
  await moneyAndToolsRecords();
}, 120_000);

/**
 * The records of the money, contracts, licensing, promo and smart link areas, one of each: a sales report's import
 * (its lines are the royalties list), a published statement and its payment, a contract, a licence, a promo and a
 * smart link of this file's release.
 */
async function moneyAndToolsRecords() {
  const { api } = world;
  const isrc = `GBRSP${String(Date.now()).slice(-7)}`;
  const [payee, recording] = await Promise.all([
    api.post('/payees', { name: 'Schema Payee' }),
    api.post('/recordings', { title: 'Schema Track', isrc }),
  ]);
  expect([payee.status, recording.status]).toEqual([201, 201]);
  ids.recording = recording.body.recording.id;
  const account = { type: 'Payee' as const, id: payee.body.payee.id as string, name: 'Schema Payee' };
  const [royaltyImport, contract, license, promo, smartLink] = await Promise.all([
    importReport(api, {
      mapName: 'Schema map',
      map: storeMap(),
      filename: 'schema-sales.csv',
      report: `Store,Period,ISRC,Track,Artist,Units,Net,Currency\nSpotify,2026-01,${isrc},Schema Track,Schema Artist,10,3.335,GBP\n`,
    }),
    api.post('/contracts', contractBody('25')),
    api.post('/licenses', {
      type: 'outgoing',
      licensee_name: 'Schema Film Co',
      usage: 'Opening titles',
      territory: 'World',
      fee: '10.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'recording', asset_id: ids.recording, split: '100' }],
    }),
    api.post('/promos', { release_id: ids.release }),
    api.post('/smart_links', { smart_link: { release_id: ids.release } }),
    publishHandStatement(world.companyId, world.manager.id, account, ['2026-01', '2026-03'], '12.500000'),
  ]);
  for (const made of [contract, license, promo, smartLink]) expect(made.status, JSON.stringify(made.body)).toBe(201);
  const statements = await api.get(`/statements?statementable_type=Payee&statementable_id=${account.id}`);
  const statementId = statements.body.statements[0].id as string;
  const payment = await api.post('/payments', { statement_ids: [statementId] });
  expect(payment.status, JSON.stringify(payment.body)).toBe(201);
  Object.assign(ids, {
    royaltyImport,
    statement: statementId,
    payment: payment.body.payment.id,
    contract: contract.body.contract.id,
    license: license.body.license.id,
    promo: promo.body.promo.id,
    smartLink: smartLink.body.smart_link.id,
  });
}

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
  ['/api/v1/royalties', () => '/api/v1/royalties'],
  ['/api/v1/royalty_imports/{id}', (own) => `/api/v1/royalty_imports/${own.royaltyImport}`],
  ['/api/v1/statements', () => '/api/v1/statements'],
  ['/api/v1/statements/{id}', (own) => `/api/v1/statements/${own.statement}`],
  ['/api/v1/payments', () => '/api/v1/payments'],
  ['/api/v1/payments/{id}', (own) => `/api/v1/payments/${own.payment}`],
  ['/api/v1/finances', () => '/api/v1/finances?start_date=2026-01-01&end_date=2026-03-31'],
  ['/api/v1/contracts', () => '/api/v1/contracts'],
  ['/api/v1/contracts/{id}', (own) => `/api/v1/contracts/${own.contract}`],
  ['/api/v1/licenses', () => '/api/v1/licenses'],
  ['/api/v1/licenses/{id}', (own) => `/api/v1/licenses/${own.license}`],
  ['/api/v1/promos', () => '/api/v1/promos'],
  ['/api/v1/promos/{id}', (own) => `/api/v1/promos/${own.promo}`],
  ['/api/v1/smart_links', () => '/api/v1/smart_links'],
  ['/api/v1/smart_links/{id}', (own) => `/api/v1/smart_links/${own.smartLink}`],
];

/** A list's rows: every list of the sample holds at least the record this file made, so its row schema is tried. */
const rowsOf = (body: Record<string, unknown>) =>
  Object.values(body).find((value): value is unknown[] => Array.isArray(value) && value.length > 0);

/** An artist's contract of this file's artist at a royalty rate (the same deal, made once in setup and once checked). */
const contractBody = (rate: string) => ({
  contractable_type: 'artist',
  contractable_id: ids.artist,
  type: 'artist_release_contract',
  contractee_type: 'artist',
  contractee_id: ids.artist,
  contractee_legal_name: 'Schema Artist Ltd',
  contractor_legal_name: 'Schema Records Ltd',
  start_date: '2026-01-01',
  royalty_terms: { deal_type: 'royalty', terms: [{ conditions: {}, rate, base: 'net_receipts' }] },
});

describe('answers against the API description', () => {
  it.each(SAMPLE)('GET %s answers what the document declares', async (route, pathOf) => {
    expect(declaredAnswer(document, 'GET', route), 'the route declares its answer').toBeDefined();
    const answer = await call('GET', pathOf(ids), { token: world.manager.token, company: world.companyId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answerProblems(document, 'GET', route, answer.body)).toEqual([]);
    if (!route.endsWith('}') && route !== '/api/v1/finances')
      expect(rowsOf(answer.body), 'rows of its own').toBeDefined();
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

describe('the tools’ writes answer what the document declares', () => {
  it('a contract made, edited, its document and signed copy’s upload link, deleted; another signed and amended', async () => {
    const check = answerChecker(document, world.manager.token, world.companyId);
    const made = await check('POST', '/contracts', {
      body: contractBody('20'),
      status: 201,
    });
    const params = { id: made.body.contract.id as string };
    await check('PATCH', '/contracts/{id}', { params, body: { contractor_legal_name: 'Schema Records Limited' } });
    await check('POST', '/contracts/{id}/update_contract', { params });
    await check('GET', '/contracts/{id}/document', { params });
    const signed = { filename: 'signed.pdf', content_type: 'application/pdf', size: 1000 };
    await check('POST', '/contracts/{id}/signed_copy_upload', { params, body: signed });
    await check('DELETE', '/contracts/{id}', { params });
    // Only a signed contract is amended: a contract of this test's own is signed, then amended (the file's first
    // contract stays as the reads above find it).
    const second = await world.api.post('/contracts', contractBody('25'));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const first = { id: second.body.contract.id as string };
    await check('PATCH', '/contracts/{id}', { params: first, body: { status: 'signed' } });
    await check('POST', '/contracts/{id}/amendments', {
      params: first,
      body: {
        effective_date: '2026-06-01',
        royalty_terms: { deal_type: 'royalty', terms: [{ conditions: {}, rate: '30', base: 'net_receipts' }] },
      },
    });
  });

  it('a licence, a promo, a smart link and a payment: made or edited, moved, deleted', async () => {
    const check = answerChecker(document, world.manager.token, world.companyId);
    // A smart link and a payment (of a statement) of this test's own: it edits and deletes them, and the reads
    // above must find the file's own as they were made.
    const { api } = world;
    const link = await api.post('/smart_links', { smart_link: { release_id: ids.release } });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const smartLinkId = link.body.smart_link.id as string;
    const payee = await api.post('/payees', { name: 'Schema Paid Payee' });
    expect(payee.status, JSON.stringify(payee.body)).toBe(201);
    const account = { type: 'Payee' as const, id: payee.body.payee.id as string, name: 'Schema Paid Payee' };
    await publishHandStatement(world.companyId, world.manager.id, account, ['2026-01', '2026-03'], '7.500000');
    const statements = await api.get(`/statements?statementable_type=Payee&statementable_id=${account.id}`);
    const statementId = statements.body.statements[0].id as string;
    const paid = await api.post('/payments', { statement_ids: [statementId] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const paymentId = paid.body.payment.id as string;
    const licence = await check('POST', '/licenses', {
      body: {
        type: 'incoming',
        licensee_name: 'Schema Sync Co',
        usage: 'Trailer',
        territory: 'World',
        fee: '5.00',
        fee_currency: 'GBP',
        assets: [{ asset_type: 'recording', asset_id: ids.recording, split: '100' }],
      },
      status: 201,
    });
    const licenceId = { id: licence.body.license.id as string };
    await check('PATCH', '/licenses/{id}', { params: licenceId, body: { usage: 'Teaser' } });
    await check('POST', '/licenses/{id}/status', { params: licenceId, body: { status: 'quoted' } });
    await check('DELETE', '/licenses/{id}', { params: licenceId });
    const promo = await check('POST', '/promos', { body: { release_id: ids.release }, status: 201 });
    await check('PATCH', '/promos/{id}', { params: { id: promo.body.promo.id }, body: { title: 'Schema Promo' } });
    await check('PATCH', '/smart_links/{id}', {
      params: { id: smartLinkId },
      body: { smart_link: { title: 'Schema' } },
    });
    await check('PATCH', '/payments/{id}', { params: { id: paymentId }, body: { payment_reference: 'SCHEMA-1' } });
    // Made again after their delete.
    await check('DELETE', '/smart_links/{id}', { params: { id: smartLinkId } });
    await check('POST', '/smart_links', { body: { smart_link: { release_id: ids.release } }, status: 201 });
    await check('DELETE', '/payments/{id}', { params: { id: paymentId } });
    await check('POST', '/payments', { body: { statement_ids: [statementId] }, status: 201 });
  });
});
