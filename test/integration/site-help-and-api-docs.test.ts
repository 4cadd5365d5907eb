import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes.js';
import { call, demo, newConfirmedUser, signIn } from '../support/api.js';

/** A page name of this run only (the help texts are the site's, not a company's). */
const page = `TestHelpPage${randomUUID().replace(/-/g, '').slice(0, 12)}`;

describe('site help', () => {
  it('is edited by admins page by page, read by anyone signed in, and reset to the built-in help', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const reader = await newConfirmedUser('Hana Helpreader');
    const help = { title: 'Your test page', topics: [{ topic: 'Start here', text: 'Pick a label first.' }] };

    const saved = await call('PUT', `/api/v1/admin/site_help/${page}`, { token: admin, body: help });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Help was successfully saved.');
    const read = await call('GET', '/api/v1/site_help', { token: reader.token });
    expect(read.body.site_help.find((h: { page: string }) => h.page === page)).toMatchObject({ page, ...help });

    // Only admins edit; wrong input names its field and saves nothing.
    expect((await call('PUT', `/api/v1/admin/site_help/${page}`, { token: reader.token, body: help })).status).toBe(
      403,
    );
    const bad = await call('PUT', `/api/v1/admin/site_help/${page}`, {
      token: admin,
      body: { title: '', topics: [{ topic: 'x', text: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({ title: ['Title is required'], 'topics.0.text': ['Text is required'] });
    expect(
      (await call('PUT', '/api/v1/admin/site_help/not%20a%20page', { token: admin, body: help })).body.errors.page,
    ).toEqual(['Page must be the name of a page of the site']);
    const still = await call('GET', '/api/v1/site_help', { token: reader.token });
    expect(still.body.site_help.find((h: { page: string }) => h.page === page).title).toBe('Your test page');

    expect((await call('DELETE', `/api/v1/admin/site_help/${page}`, { token: admin })).body.message).toBe(
      'Help was reset to the built-in text.',
    );
    // A page with nothing edited has nothing to reset.
    expect((await call('DELETE', `/api/v1/admin/site_help/${page}`, { token: admin })).status).toBe(404);
    const after = await call('GET', '/api/v1/site_help', { token: reader.token });
    expect(after.body.site_help.some((h: { page: string }) => h.page === page)).toBe(false);
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('answers the API’s OpenAPI 3.1 description to anyone, every route in it', async () => {
    const answer = await call('GET', '/api/v1/openapi.json', {});
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe('3.1.0');
    const paths = answer.body.paths as Record<string, Record<string, { 'x-auth-rule': string }>>;
    for (const route of ROUTES) expect(paths[route.path]?.[route.method.toLowerCase()], route.path).toBeDefined();
    expect(paths['/api/v1/admin/site_help/{page}'].put['x-auth-rule']).toBe('admin');
  });
});
