import { beforeAll, describe, expect, it } from 'vitest';
import { call, demo, labelManager, signIn } from '../support/api.js';

/** Songs (spec 2 §3 Song, §6): the works of publishing companies, with publishers over dates and writers. */
let admin: string;
let manager: Awaited<ReturnType<typeof labelManager>>;

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  manager = await labelManager();
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
    expect(found.body.total_count).toBeGreaterThanOrEqual(1);
  });
});
