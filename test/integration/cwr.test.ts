import { beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../../shared/permissions.js';
import { parseCwrFile } from '../../functions/catalogue-exchange/cwr/parse-file.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';

/** CWR registrations (docs/cwr.md): files of a publisher company's songs. */
let admin: string;
/** A label manager of both publisher companies (admins name a company on catalogue records themselves). */
let managerToken: string;
let managerId: string;
const unique = () => Math.random().toString(36).slice(2, 8);
const asAdmin = (method: string, path: string, body?: object) =>
  call(method, `/api/v1${path}`, { token: admin, ...(body ? { body } : {}) });

type Setup = { company: string; other: string; society: string; good: string; bad: string; foreign: string };
let setup: Setup;

async function publisherCompany(extra: object = {}): Promise<string> {
  const created = await asAdmin('POST', '/admin/companies', {
    name: `Cwr Co ${unique()}`,
    tags: ['Publisher'],
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.company.id as string;
  await asAdmin('PATCH', `/admin/companies/${id}`, { company_users: [{ user_id: managerId, role: 'label_manager' }] });
  return id;
}

/** A publisher company with its writers and songs, and another company with a song of its own. */
async function publisherSongs(): Promise<Setup> {
  const company = await publisherCompany({ ipi_name_number: '00014107338', cwr_sender_code: 'lp' });
  const other = await publisherCompany({ ipi_name_number: '01234567846', cwr_sender_code: 'OT' });
  const society = (await asAdmin('POST', '/societies', { name: `Cwr Society ${unique()}`, code: '052' })).body.society;
  const publisher = (
    await asAdmin('POST', '/publishers', {
      name: `Cwr Publisher ${unique()}`,
      ipi_name_number: '00123456790',
      performing_society_id: society.id,
    })
  ).body.publisher;
  expect(publisher.ipi_name_number).toBe('00123456790');
  const a = inCompany(managerToken, company);
  const b = inCompany(managerToken, other);
  const writer = async (name: string, ipi: string, via = a) => {
    const created = await via.post('/contributors', { name, ipi_name_number: ipi, society_id: society.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.contributor.id as string;
  };
  const w1 = await writer('Zoë Ærønsen', '00014107338');
  const w2 = await writer('Jean Dvořák', '01234567846');
  const theirs = await writer('Other Writer', '00014107338', b);
  const song = async (title: string, writers: [string, number][], via = a) => {
    const created = await via.post('/songs', {
      title,
      iswc: 'T-034.524.680-1',
      publisher_songs_attributes: [{ publisher_id: publisher.id }],
      song_writers_attributes: writers.map(([contributor_id, share]) => ({ contributor_id, share })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.song.id as string;
  };
  return {
    company,
    other,
    society: society.id,
    good: await song('Café Ünïcode', [
      [w1, 50],
      [w2, 50],
    ]),
    bad: await song('Short Shares', [
      [w1, 50],
      [w2, 40],
    ]),
    foreign: await song('Other Company Song', [[theirs, 100]], b),
  };
}

beforeAll(async () => {
  admin = await signIn(demo.admin.email, demo.admin.password);
  managerToken = (await newConfirmedUser('Cwr Manager')).token;
  managerId = (await call('GET', '/api/v1/me', { token: managerToken })).body.user.id;
  setup = await publisherSongs();
});

describe('CWR files', () => {
  it('refuses an IPI name number with a wrong check digit', async () => {
    const refused = await inCompany(managerToken, setup.company).post('/contributors', {
      name: 'Bad Ipi',
      ipi_name_number: '00014107339',
    });
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({
        errors: { ipi_name_number: ['IPI name number must be 11 digits with valid check digits'] },
      }),
    });
  });

  it('writes the valid songs, reports the others with their reasons, and records nothing', async () => {
    // Companies of its own: the file is the company's first, and no case has recorded one there.
    const setup = await publisherSongs();
    const a = inCompany(managerToken, setup.company);
    const built = await a.post('/songs/cwr', { song_ids: [setup.good, setup.bad], receiver_society_id: setup.society });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.filename).toMatch(/^CW\d{2}0001LP_052\.V21$/);
    expect(built.body.works).toEqual([{ song_id: setup.good, title: 'Café Ünïcode', transaction_type: 'NWR' }]);
    expect(built.body.skipped).toEqual([
      { song_id: setup.bad, title: 'Short Shares', reasons: ["Writers' shares add up to 90%, not 100%"] },
    ]);
    const parsed = parseCwrFile(built.body.content);
    expect(parsed.errors).toEqual([]);
    expect(parsed.header).toMatchObject({ sender_type: 'PB', sender_id: '014107338' });
    const [transaction] = parsed.groups[0]?.transactions ?? [];
    expect(transaction?.work).toMatchObject({
      title: 'CAFE UNICODE',
      iswc: 'T0345246801',
      writers: [
        expect.objectContaining({
          lastName: 'AERONSEN',
          ipiNameNumber: '00014107338',
          prSociety: '052',
          prShare: '25.00',
        }),
        expect.objectContaining({ lastName: 'DVORAK', ipiNameNumber: '01234567846', prShare: '25.00' }),
      ],
      publishers: [expect.objectContaining({ ipiNameNumber: '00123456790', prShare: '50.00', mrShare: '100.00' })],
    });
    expect((await a.get('/songs/cwr_registrations')).body.cwr_registrations).toEqual([]);
  });

  it('records a sent file: the song goes as REV next time, and the file can be downloaded', async () => {
    // Companies of its own: the file recorded here is the company's first and only one.
    const setup = await publisherSongs();
    const a = inCompany(managerToken, setup.company);
    const sent = await a.post('/songs/cwr_registrations', {
      song_ids: [setup.good],
      receiver_society_id: setup.society,
      version: '2.2',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      message: 'CWR Registration Added',
      filename: expect.stringMatching(/0001LP_052\.V22$/),
    });
    const listed = (await a.get('/songs/cwr_registrations')).body.cwr_registrations;
    expect(listed).toEqual([
      expect.objectContaining({
        song_id: setup.good,
        transaction_type: 'NWR',
        version: '2.2',
        receiver: '052',
        file_id: sent.body.file_id,
      }),
    ]);
    const again = await a.post('/songs/cwr', { song_ids: [setup.good], receiver_society_id: setup.society });
    expect(again.body.filename).toMatch(/0002LP_052\.V21$/);
    expect(again.body.works).toEqual([expect.objectContaining({ transaction_type: 'REV' })]);
    expect(parseCwrFile(again.body.content).groups.map((g) => g.transactionType)).toEqual(['REV']);
    const link = await a.get(`/songs/cwr_registrations/${sent.body.file_id}/download`);
    expect(link.status).toBe(200);
    expect(await (await fetch(link.body.url)).text()).toBe(sent.body.content);
  });

  it('gives files recorded at the same moment different numbers', async () => {
    const a = inCompany(managerToken, setup.company);
    const body = { song_ids: [setup.good], receiver_society_id: setup.society };
    const sent = await Promise.all([1, 2, 3].map(() => a.post('/songs/cwr_registrations', body)));
    for (const answer of sent) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(new Set(sent.map((answer) => answer.body.filename)).size).toBe(3);
  });

  it('keeps each company to its own songs and files (404)', async () => {
    const a = inCompany(managerToken, setup.company);
    const foreign = await a.post('/songs/cwr', { song_ids: [setup.foreign], receiver_society_id: setup.society });
    expect(foreign).toEqual({ status: 404, body: { message: 'Song not found' } });
    const sent = await a.post('/songs/cwr_registrations', {
      song_ids: [setup.good],
      receiver_society_id: setup.society,
    });
    const b = inCompany(managerToken, setup.other);
    expect((await b.get(`/songs/cwr_registrations/${sent.body.file_id}/download`)).status).toBe(404);
    const theirs = (await b.get('/songs/cwr_registrations')).body.cwr_registrations;
    expect(theirs).toEqual([]);
  });

  it('answers what is missing in the user’s words', async () => {
    const a = inCompany(managerToken, setup.company);
    expect(await a.post('/songs/cwr', { song_ids: [], receiver_society_id: setup.society })).toEqual({
      status: 400,
      body: { message: 'Nothing selected to export', errors: { song_ids: ['Nothing selected to export'] } },
    });
    const none = await a.post('/songs/cwr', { song_ids: [setup.bad], receiver_society_id: setup.society });
    expect(none.body).toEqual({
      message: 'None of the selected songs can be registered',
      errors: { song_ids: ["Short Shares: Writers' shares add up to 90%, not 100%"] },
    });
    const noSender = await publisherCompany();
    const unset = await inCompany(managerToken, noSender).post('/songs/cwr', {
      all: true,
      receiver_society_id: setup.society,
    });
    expect(unset.status).toBe(400);
    expect(unset.body.errors).toEqual({
      ipi_name_number: ['The company needs an IPI name number to send CWR files (company settings)'],
      cwr_sender_code: ['The company needs a CWR sender code (company settings)'],
    });
    // A company the manager belongs to, without the Publisher tag.
    const notPublisher = await publisherCompany({ tags: [] });
    const refused = await inCompany(managerToken, notPublisher).get('/songs/cwr_registrations');
    expect(refused).toEqual({ status: 403, body: { message: 'Songs are kept by publishing companies only' } });
  });

  it('lets a read-only role build a file but not record one', async () => {
    const { token } = await newConfirmedUser('Cwr Accountant');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    await asAdmin('PATCH', `/admin/companies/${setup.company}`, {
      // The admin's edit sets the whole team: the manager the other cases work as stays in it.
      company_users: [
        { user_id: managerId, role: 'label_manager' },
        { user_id: userId, role: 'accounting' },
      ],
    });
    const member = inCompany(token, setup.company);
    const body = { song_ids: [setup.good], receiver_society_id: setup.society };
    expect((await member.post('/songs/cwr', body)).status).toBe(200);
    expect(await member.post('/songs/cwr_registrations', body)).toEqual({
      status: 403,
      body: { message: roleRefusal('accounting', 'catalogue.write') },
    });
  });
});
