import { beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * Input an attacker shapes on purpose: names that hide control or text-direction characters, a
 * delivery folder that climbs out of the store's folder; and the answers themselves, which a
 * browser must read as the type they declare.
 */
let own: OwnCompany;

beforeAll(async () => {
  own = await ownCompany('Hostile input');
});

describe('names with hidden characters', () => {
  const refusal = (field: string) => `${field} must not contain control or text-direction characters`;
  // U+202E reverses what follows ("Invoice", U+202E, "fdp.exe" shows as "Invoiceexe.pdf"); U+2066 starts an isolate.
  const hidden = ['Invoice\u202Efdp.exe', 'Left\u2066Right', 'Bell\u0007', 'Two\nlines', 'Tab\tinside'];

  it.each(hidden.map((name) => [JSON.stringify(name), name]))(
    'refuses %s in labels, artists, releases, recordings, companies and users, naming the field',
    async (_shown, name) => {
      const expectRefused = (answer: { status: number; body: any }, field: string, label: string) => {
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(answer.body.errors[field]).toEqual([refusal(label)]);
      };
      const { api } = own;
      expectRefused(await api.post('/labels', { name }), 'name', 'Name');
      expectRefused(await api.post('/artists', { name }), 'name', 'Name');
      expectRefused(await api.post('/releases', { title: name, label_id: 'no-such-label' }), 'title', 'Title');
      expectRefused(await api.post('/recordings', { title: name }), 'title', 'Title');
      expectRefused(
        await call('POST', '/api/v1/admin/companies', { token: own.admin, body: { name } }),
        'name',
        'Name',
      );
      expectRefused(
        await call('POST', '/api/v1/signup', { body: { name, email: `hidden-${Date.now()}@example.com` } }),
        'name',
        'Name',
      );
      expectRefused(
        await call('PATCH', `/api/v1/user/${own.manager.id}`, { token: own.manager.token, body: { name } }),
        'name',
        'Name',
      );
      // Nothing was stored: the company still has no label and no artist.
      expect((await api.get('/labels')).body.labels).toEqual([]);
    },
  );

  it('still takes names in any script, with accents and the left-to-right and right-to-left marks', async () => {
    const made = await own.api.post('/artists', { name: 'Beyoncé \u200eÑandú 坂本 \u200fعمرو' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  });
});

describe("a store's delivery folder", () => {
  const field = 'technical_specification_attributes.delivery_stub';
  it.each(['../other-label', 'batches/../../etc', '/etc/ssh', 'batches\\..\\x', './here'])(
    'refuses %j with 400 naming the field, before a store is saved',
    async (delivery_stub) => {
      const answer = await call('POST', '/api/v1/dsps', {
        token: own.admin,
        body: { name: `Stub store ${Date.now()}`, technical_specification_attributes: { delivery_stub } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.errors[field]).toEqual([
        'Delivery stub must be a folder inside the server\'s path: no "..", no leading "/" and no "\\"',
      ]);
    },
  );
});

describe('what the local cloud serves', () => {
  it.each([
    ['an API answer', '/api/v1/me', true],
    ['an API refusal', '/api/v1/me', false],
    ['an unknown API path', '/api/v1/no-such-thing', false],
    ['the config', '/config.json', false],
    ['the outbox', '/_local/outbox', false],
    ['the web app', '/', false],
    ['a page of the web app', '/labels', false],
  ] as const)('tells the browser not to guess the type: %s', async (_name, path, signedIn) => {
    const response = await fetch(`${cloudUrl()}${path}`, {
      headers: signedIn ? { authorization: `Bearer ${own.manager.token}` } : {},
    });
    await response.arrayBuffer();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
