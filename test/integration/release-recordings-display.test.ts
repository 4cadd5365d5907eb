import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { releaseRows } from '../support/release-sheet-file.js';

/**
 * How a release's page shows its recordings is kept on the release: cards unless chosen otherwise, by every route
 * that makes a release (the form and API, an import), and the choice stays through later edits of other fields.
 */
let own: OwnCompany;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Release recordings display');
});

describe('a release’s recordings display type', () => {
  it('starts as cards, is kept when changed to table, survives other edits, and refuses other values', async () => {
    const made = await own.api.post('/releases', { title: 'Shown As Cards' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.release.recordings_display_type).toBe('cards');
    const id = made.body.release.id;
    const changed = await own.api.patch(`/releases/${id}`, { recordings_display_type: 'table' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await own.api.patch(`/releases/${id}`, { notes: 'An edit of something else' });
    expect((await own.api.get(`/releases/${id}`)).body.release.recordings_display_type).toBe('table');
    const refused = await own.api.patch(`/releases/${id}`, { recordings_display_type: 'list' });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors ?? {})).toContain('recordings_display_type');
  });

  it('an imported release starts as cards too', async () => {
    const label = (await own.label('Display Records')).name;
    const imported = await own.api.post('/import_release', { rows: releaseRows(label, {}, 1) });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect((await own.api.get(`/releases/${imported.body.release.id}`)).body.release.recordings_display_type).toBe(
      'cards',
    );
  });
});
