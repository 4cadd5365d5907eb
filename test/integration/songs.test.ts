import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/** Songs: the works of publishing companies, with publishers over dates and writers. */
let admin: string;
// This file's own manager with two companies: one distributed, one tagged Publisher.
let manager: { token: string; distributed: { id: string }; publisher: { id: string } };

beforeAll(async () => {
  const world = await ownCompany('Songs Distributed', { distributed: true });
  const publisher = await world.sibling('Songs Publisher', { tags: ['Publisher'] });
  admin = world.admin;
  manager = {
    token: world.manager.token,
    distributed: { id: world.companyId },
    publisher: { id: publisher.companyId },
  };
});

const as = (company: string) => ({
  post: (path: string, body: object) => call('POST', `/api/v1${path}`, { token: manager.token, company, body }),
  get: (path: string) => call('GET', `/api/v1${path}`, { token: manager.token, company }),
});

describe('songs', () => {
  it('are kept by publishing companies only', async () => {
    const refused = await as(manager.distributed.id).get('/songs');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Songs are kept by publishing companies only');
    expect((await as(manager.publisher.id).get('/songs')).status).toBe(200);
  });

  it('check the ISWC, and keep publishers with dates and the company’s writers', async () => {
    const company = manager.publisher.id;
    const publisher = (
      await call('POST', '/api/v1/publishers', { token: admin, body: { name: `Song Publisher ${Date.now()}` } })
    ).body.publisher;
    const writer = (await as(company).post('/contributors', { name: `Song Writer ${Date.now()}` })).body.contributor;
    const bad = await as(company).post('/songs', { title: 'Bad Work', iswc: 'T-034.524.680-2' });
    expect(bad.body.errors).toEqual({ iswc: ['ISWC invalid'] });
    const created = await as(company).post('/songs', {
      title: `Harbour Song ${Date.now()}`,
      iswc: 'T-034.524.680-1',
      tv_radio_cimena_advert_ident: true,
      publisher_songs_attributes: [{ publisher_id: publisher.id, start_date: '2026-01-01', end_date: '2030-12-31' }],
      song_writers_attributes: [{ contributor_id: writer.id, share: 50 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      message: 'Song Added',
      song: {
        tv_radio_cimena_advert_ident: true,
        publisher_songs: [
          expect.objectContaining({ start_date: '2026-01-01', publisher: { id: publisher.id, name: publisher.name } }),
        ],
        song_writers: [expect.objectContaining({ share: 50, contributor: { id: writer.id, name: writer.name } })],
      },
    });
    const found = await as(company).get('/songs?q=T-034.524.680-1');
    // The company holds this file's songs only: the search finds exactly the one made here.
    expect(found.body.total_count).toBe(1);
    expect(found.body.songs[0].id).toBe(created.body.song.id);
  });
});
