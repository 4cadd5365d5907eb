import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * CWR files against the answers the OpenAPI document declares: a publisher company's song written as a file for a
 * society, the file recorded as sent, the songs it registered, and its download. Every call is on records this file
 * makes (the society and the publisher are the admin's reference data, made here).
 */
let document: ApiDocument;
let world: OwnCompany;
let song: string;
let society: string;
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('CWR answers', { tags: ['Publisher'] });
  const asAdmin = (method: string, path: string, body: object) =>
    call(method, `/api/v1${path}`, { token: world.admin, body });
  const sender = await asAdmin('PATCH', `/admin/companies/${world.companyId}`, {
    ipi_name_number: '00014107338',
    cwr_sender_code: 'lp',
  });
  expect(sender.status, JSON.stringify(sender.body)).toBe(200);
  society = (await asAdmin('POST', '/societies', { name: `Answer Society ${unique()}`, code: '052' })).body.society.id;
  const publisher = await asAdmin('POST', '/publishers', {
    name: `Answer Publisher ${unique()}`,
    ipi_name_number: '00123456790',
    performing_society_id: society,
  });
  const writer = await world.api.post('/contributors', {
    name: 'Answer Writer',
    ipi_name_number: '01234567846',
    society_id: society,
  });
  const made = await world.api.post('/songs', {
    title: 'Answer Song',
    iswc: 'T-034.524.680-1',
    publisher_songs_attributes: [{ publisher_id: publisher.body.publisher.id }],
    song_writers_attributes: [{ contributor_id: writer.body.contributor.id, share: 100 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  song = made.body.song.id;
}, 60_000);

describe('CWR files answer what the document declares', () => {
  it('a file written, recorded as sent, its registrations listed and downloaded', async () => {
    const member = answerChecker(document, world.manager.token, world.companyId);
    const body = { song_ids: [song], receiver_society_id: society };
    const built = await member('POST', '/songs/cwr', { body, rows: 'works' });
    expect(built.body.skipped).toEqual([]);
    const sent = await member('POST', '/songs/cwr_registrations', { body, status: 201 });
    await member('GET', '/songs/cwr_registrations', { rows: 'cwr_registrations' });
    await member('GET', '/songs/cwr_registrations/{id}/download', { params: { id: sent.body.file_id } });
  });
});
