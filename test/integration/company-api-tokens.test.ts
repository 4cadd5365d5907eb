import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ON_COMPANY_CALLS_ONLY } from '../../functions/lib/api-token-auth.js';
import { MESSAGES } from '../../shared/messages.js';
import { call } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const withToken = (token: string, company?: string) => ({
  get: (path: string) => call('GET', `/api/v1${path}`, { token, company }),
  post: (path: string, body: object) => call('POST', `/api/v1${path}`, { token, company, body }),
});

let world: OwnCompany;
let other: OwnCompany;
let labelId: string;
let otherLabelId: string;

beforeAll(async () => {
  [world, other] = await Promise.all([ownCompany('API tokens'), ownCompany('API tokens other')]);
  [labelId, otherLabelId] = await Promise.all([
    world.label('Token Records').then((label) => label.id),
    other.label('Other Token Records').then((label) => label.id),
  ]);
});

describe('a company’s API tokens', () => {
  it('a manager makes a token, sees the secret once, then only its last four characters in the list', async () => {
    // Worked out once: the day asked for is the day answered, whenever midnight passes.
    const expiresAt = inDays(30);
    const made = await world.api.post('/company/api_tokens', {
      name: 'Accounting sync',
      access: 'read',
      areas: ['money', 'catalogue'],
      expires_at: expiresAt,
    });
    expect(made.status).toBe(201);
    expect(made.body.token).toMatch(/^lpt_[\w-]{43}$/);
    expect(made.body.message).toBe('API token added: copy it now, it is not shown again');
    expect(made.body.api_token).toMatchObject({
      name: 'Accounting sync',
      access: 'read',
      areas: ['catalogue', 'money'],
      expires_at: expiresAt,
      expired: false,
      token_hint: `…${made.body.token.slice(-4)}`,
    });
    const list = await world.api.get('/company/api_tokens');
    expect(list.status).toBe(200);
    expect(list.body.api_tokens).toContainEqual(made.body.api_token);
    expect(JSON.stringify(list.body)).not.toContain(made.body.token);
  });

  it('a read-only token reads its own company without naming it, and is refused a change naming its scope', async () => {
    const { token } = (
      await world.api.post('/company/api_tokens', {
        name: 'Read the catalogue',
        access: 'read',
        areas: ['catalogue'],
        expires_at: inDays(1),
      })
    ).body;
    const api = withToken(token);
    const labels = await api.get('/labels');
    expect(labels.status).toBe(200);
    expect(labels.body.labels.map((l: { id: string }) => l.id)).toEqual([labelId]);
    expect(await api.post('/labels', { name: 'Not by a read-only token' })).toEqual({
      status: 403,
      body: { message: 'This API token’s scope (Read only: Catalogue) does not allow you to change the catalogue' },
    });
    // Outside its areas, even reading is refused.
    const statements = await api.get('/statements');
    expect(statements.status).toBe(403);
    expect(statements.body.message).toMatch(/^This API token’s scope \(Read only: Catalogue\)/);
    expect(await api.get('/me')).toEqual({ status: 403, body: { message: TOKEN_ON_COMPANY_CALLS_ONLY } });
  });

  it('a read-and-change token changes its areas, never another company’s records', async () => {
    // A company of this case's own: the label it adds must not show in the other cases' company.
    const world = await ownCompany('API tokens writer');
    const labelId = (await world.label('Writer Token Records')).id;
    const { token } = (
      await world.api.post('/company/api_tokens', {
        name: 'Catalogue sync',
        access: 'write',
        areas: ['catalogue'],
        expires_at: inDays(5),
      })
    ).body;
    const api = withToken(token);
    const added = await api.post('/labels', { name: 'Made by the integration' });
    expect(added.status).toBe(201);
    expect((await world.api.get(`/labels/${added.body.label.id}`)).status).toBe(200);
    // The other company's label is not found from this company, and naming the other company is refused.
    expect((await api.get(`/labels/${otherLabelId}`)).status).toBe(404);
    expect(await withToken(token, other.companyId).get('/labels')).toEqual({
      status: 403,
      body: { message: MESSAGES.noAccessHere },
    });
    expect((await withToken(token, world.companyId).get(`/labels/${labelId}`)).status).toBe(200);
  });

  it('a revoked token stops working on its next call', async () => {
    const made = await world.api.post('/company/api_tokens', {
      name: 'Short lived',
      access: 'read',
      areas: ['catalogue'],
      expires_at: inDays(2),
    });
    const api = withToken(made.body.token);
    expect((await api.get('/labels')).status).toBe(200);
    const revoked = await world.api.del(`/company/api_tokens/${made.body.api_token.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ message: 'API token revoked', api_token: { revoked: true, expired: true } });
    expect(await api.get('/labels')).toEqual({ status: 401, body: { message: MESSAGES.mustBeLoggedIn } });
    // Another company cannot revoke (or even find) this company's token.
    expect((await other.api.del(`/company/api_tokens/${made.body.api_token.id}`)).status).toBe(404);
  });

  it('an unknown token is refused (401) and bad input is a 400 naming the field, with nothing saved', async () => {
    expect((await withToken('lpt_not-a-token-of-anyone').get('/labels')).status).toBe(401);
    const before = (await world.api.get('/company/api_tokens')).body.api_tokens.length;
    const cases: [object, string][] = [
      [{ name: '', access: 'read', areas: ['catalogue'], expires_at: inDays(1) }, 'name'],
      [{ name: 'x', access: 'admin', areas: ['catalogue'], expires_at: inDays(1) }, 'access'],
      [{ name: 'x', access: 'read', areas: [], expires_at: inDays(1) }, 'areas'],
      [{ name: 'x', access: 'read', areas: ['company'], expires_at: inDays(1) }, 'areas'],
      [{ name: 'x', access: 'read', areas: ['catalogue'], expires_at: inDays(-1) }, 'expires_at'],
      [{ name: 'x', access: 'read', areas: ['catalogue'], expires_at: inDays(400) }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const answer = await world.api.post('/company/api_tokens', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(answer.body.errors).some((key) => key.startsWith(field)),
        JSON.stringify(answer.body),
      ).toBe(true);
    }
    expect((await world.api.get('/company/api_tokens')).body.api_tokens).toHaveLength(before);
  });

  it('a token stops working when the member who made it leaves the company', async () => {
    const second = await world.member('label_manager', 'API tokens second manager');
    const made = await second.api.post('/company/api_tokens', {
      name: 'Leaver’s',
      access: 'read',
      areas: ['catalogue'],
      expires_at: inDays(5),
    });
    expect(made.status).toBe(201);
    const api = withToken(made.body.token);
    expect((await api.get('/labels')).status).toBe(200);
    expect((await world.api.del(`/company/users/${second.id}`)).status).toBe(200);
    expect(await api.get('/labels')).toEqual({ status: 401, body: { message: MESSAGES.mustBeLoggedIn } });
  });

  it('only members who manage the company make tokens', async () => {
    const accountant = await world.member('accounting');
    const answer = await accountant.api.post('/company/api_tokens', {
      name: 'Mine',
      access: 'read',
      areas: ['money'],
      expires_at: inDays(1),
    });
    expect(answer.status).toBe(403);
  });
});
