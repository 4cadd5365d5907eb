import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route } from '../../functions/routes.js';
import { call, inCompany } from '../support/api.js';
import { answerChecker, servedDocument } from '../support/declared-answers.js';
import { ownLabelManager, type OwnCompany } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';
import { until } from '../support/wait.js';

/**
 * A payee's statements by secure link (docs/artist-portal.md, "Payees by link"): a label makes a 30-day,
 * revocable link to one payee's page, answered once; the page shows that payee's name, the label, its account's
 * balance as the label's accounting page computes it, and its published statements with their PDF and CSV. Two
 * payees of one company, each with a published statement: P's token opens P's pages only. Generic over the route
 * table's payee token routes.
 */
let own: OwnCompany;
let api: ReturnType<typeof inCompany>;
let other: ReturnType<typeof inCompany>;
let companyName: string;
const stamp = Date.now();

type Side = { payeeId: string; name: string; statementId: string; token: string; linkId: string };
let P: Side;
let Q: Side;

const payeeRoutes = ROUTES.filter((r) => r.area === 'artist-portal' && r.path.includes('/payee_home/'));
const pathOf = (route: Route, ids: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? `missing-${name}`));
const idsOf = (s: Side) => ({ payeeId: s.payeeId, statementId: s.statementId });
const withToken = (path: string, token?: string) =>
  call('GET', token === undefined ? path : `${path}?token=${encodeURIComponent(token)}`);

async function payeeWithStatement(name: string, userId: string): Promise<Omit<Side, 'token' | 'linkId'>> {
  const payeeId = (await api.post('/payees', { name })).body.payee.id as string;
  await publishHandStatement(
    own.companyId,
    userId,
    { type: 'Payee', id: payeeId, name },
    ['2026-01', '2026-03'],
    '7.500000',
  );
  const listed = await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=100`);
  return { payeeId, name, statementId: String(listed.body.statements[0].id) };
}

async function linkOf(side: Omit<Side, 'token' | 'linkId'>): Promise<Side> {
  const made = await api.post(`/payees/${side.payeeId}/portal_link`);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { ...side, token: made.body.token, linkId: made.body.link.id };
}

beforeAll(async () => {
  const manager = await ownLabelManager('Payee Portal');
  own = manager.own;
  companyName = own.name;
  api = own.api;
  other = inCompany(manager.token, manager.publisher.id);
  const userId = String((await call('GET', '/api/v1/me', { token: manager.token })).body.user.id);
  P = await linkOf(await payeeWithStatement(`Producer P ${stamp}`, userId));
  Q = await linkOf(await payeeWithStatement(`Mixer Q ${stamp}`, userId));
}, 400_000);

describe("a payee's link", () => {
  it('answers the whole link once; the list names it by its last four characters', async () => {
    const made = await api.post(`/payees/${P.payeeId}/portal_link`);
    expect(made.status).toBe(201);
    expect(made.body.message).toBe('Payee Link Created');
    expect(made.body.url).toContain(`/payees/${P.payeeId}?token=${made.body.token}`);
    const days = (Date.parse(made.body.link.expires_at) - Date.now()) / (24 * 3600 * 1000);
    expect(Math.round(days)).toBe(30);
    const listed = await api.get(`/payees/${P.payeeId}/portal_links`);
    expect(listed.status).toBe(200);
    const links = listed.body.links as { id: string; hint: string }[];
    expect(links.map((l) => l.id)).toEqual(expect.arrayContaining([made.body.link.id, P.linkId]));
    expect(links.find((l) => l.id === made.body.link.id)?.hint).toBe(made.body.token.slice(-4));
    expect(JSON.stringify(listed.body)).not.toContain(made.body.token);
    // Only the payee's links: not Q's.
    expect(links.map((l) => l.id)).not.toContain(Q.linkId);
  });

  it("shows the payee's name, the label, the balance the label computes and the statements", async () => {
    const home = await withToken(`/api/v1/payee_home/${P.payeeId}`, P.token);
    expect(home.status).toBe(200);
    expect(home.body.payee).toEqual({ id: P.payeeId, name: P.name, company_name: companyName });
    const label = (await api.get(`/payees/${P.payeeId}/accounting`)).body;
    expect(home.body.balance).toEqual({
      currency: label.currency,
      balance: label.balance,
      last_closing_balance: label.last_closing_balance,
      pending: label.pending,
    });
    expect(home.body.balance.last_closing_balance).toBe('7.50');

    const statements = (await withToken(`/api/v1/payee_home/${P.payeeId}/statements`, P.token)).body.statements;
    expect(statements.map((s: { id: string }) => s.id)).toEqual([P.statementId]);
    const labelStatement = (await api.get(`/statements/${P.statementId}`)).body.statement;
    expect(statements[0]).toMatchObject({ payable: '7.50', paid_out: labelStatement.payout.total, payee_name: P.name });
    expect(JSON.stringify(statements)).not.toContain(Q.statementId);

    const pdf = await until(async () => {
      const answer = await withToken(`/api/v1/payee_home/${P.payeeId}/statements/${P.statementId}/pdf`, P.token);
      return answer.status === 200 ? answer : undefined;
    }, 60_000);
    const file = await fetch(pdf.body.url);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    const csv = await withToken(`/api/v1/payee_home/${P.payeeId}/statements/${P.statementId}/csv`, P.token);
    const labelsCsv = await (await fetch((await api.get(`/statements/${P.statementId}/csv`)).body.url)).text();
    expect(await (await fetch(csv.body.url)).text()).toBe(labelsCsv);
  }, 120_000);

  it("answers 404 for another payee's id or statement, an unknown token, or an artist's page", async () => {
    expect(payeeRoutes.length).toBe(4);
    for (const route of payeeRoutes) {
      for (const ids of [idsOf(Q), { ...idsOf(P), statementId: Q.statementId }]) {
        const path = pathOf(route, ids);
        if (path === pathOf(route, idsOf(P))) continue; // the route takes no statement id
        expect((await withToken(path, P.token)).status, path).toBe(404);
      }
      expect((await withToken(pathOf(route, idsOf(P)), `unknown-${stamp}`)).status, route.path).toBe(404);
    }
    // A payee's token opens no artist's page.
    expect((await withToken(`/api/v1/artist_home/${P.payeeId}`, P.token)).status).toBe(404);
  });

  it('refuses a missing token (400, field token) and a revoked link (403, in words)', async () => {
    const missing = await withToken(`/api/v1/payee_home/${P.payeeId}`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.token).toBeDefined();

    const { LINK_REFUSED } = await import('../../functions/artist-portal/scope.js');
    const fresh = await linkOf(P);
    expect((await withToken(`/api/v1/payee_home/${P.payeeId}`, fresh.token)).status).toBe(200);
    const revoked = await api.del(`/payees/${P.payeeId}/portal_links/${fresh.linkId}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('Payee Link Revoked');
    for (const route of payeeRoutes) {
      const answer = await withToken(pathOf(route, idsOf(P)), fresh.token);
      expect(answer.status, route.path).toBe(403);
      expect(answer.body.message).toBe(LINK_REFUSED);
    }
    const listed = (await api.get(`/payees/${P.payeeId}/portal_links`)).body.links as {
      id: string;
      revoked_at: string;
    }[];
    expect(listed.find((l) => l.id === fresh.linkId)?.revoked_at).toBeTruthy();
    // Another payee's link id is not this payee's to revoke.
    expect((await api.del(`/payees/${P.payeeId}/portal_links/${Q.linkId}`)).status).toBe(404);
    // The first link still works.
    expect((await withToken(`/api/v1/payee_home/${P.payeeId}`, P.token)).status).toBe(200);
  });
});

describe('who may make, list and revoke them', () => {
  it('needs money rights to make or revoke a link; a read-only role lists', async () => {
    const assistant = await own.member('label_assistant', 'Payee portal assistant');
    expect((await assistant.api.get(`/payees/${P.payeeId}/portal_links`)).status).toBe(200);
    for (const answer of [
      await assistant.api.post(`/payees/${P.payeeId}/portal_link`),
      await assistant.api.del(`/payees/${P.payeeId}/portal_links/${P.linkId}`),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('does not allow you to change royalties, statements and payments');
    }
    expect((await withToken(`/api/v1/payee_home/${P.payeeId}`, P.token)).status).toBe(200);
  });

  it("keeps another company's payees out: 404", async () => {
    expect((await other.post(`/payees/${P.payeeId}/portal_link`)).status).toBe(404);
    expect((await other.get(`/payees/${P.payeeId}/portal_links`)).status).toBe(404);
    expect((await other.del(`/payees/${P.payeeId}/portal_links/${P.linkId}`)).status).toBe(404);
  });
});

describe('the answers the OpenAPI document declares', () => {
  it("the label's links of a payee and the link's pages", async () => {
    const document = await servedDocument();
    const label = answerChecker(document, own.manager.token, own.companyId);
    const params = { id: P.payeeId };
    const made = await label('POST', '/payees/{id}/portal_link', { params, status: 201 });
    await label('GET', '/payees/{id}/portal_links', { params, rows: 'links' });
    const visitor = answerChecker(document, '');
    const query = `token=${encodeURIComponent(made.body.token)}`;
    const home = { payeeId: P.payeeId };
    await visitor('GET', '/payee_home/{payeeId}', { params: home, query });
    await visitor('GET', '/payee_home/{payeeId}/statements', { params: home, query, rows: 'statements' });
    for (const kind of ['pdf', 'csv'])
      await visitor('GET', `/payee_home/{payeeId}/statements/{statementId}/${kind}`, {
        params: { ...home, statementId: P.statementId },
        query,
      });
    await label('DELETE', '/payees/{id}/portal_links/{linkId}', { params: { ...params, linkId: made.body.link.id } });
  });
});
