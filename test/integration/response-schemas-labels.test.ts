import { beforeAll, describe, expect, it } from 'vitest';
import { checkableRelease } from '../support/checkable-release.js';
import { answerChecker, type ApiDocument, servedDocument } from '../support/declared-answers.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';

/**
 * A label's pages and tools against the answers the OpenAPI document declares: labels (the company's and the
 * admin's calls), a release's check and its way through quality control, the files beside a release or a label, the
 * to-do list, the notebook, the release defaults, the calendar and its feed, and the requests the distributor's team
 * works through. Every call is on records this file makes.
 */
let document: ApiDocument;
let world: OwnCompany;
let label: { id: string };
let member: ReturnType<typeof answerChecker>;
let admin: ReturnType<typeof answerChecker>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  document = await servedDocument();
  world = await ownCompany('Label answers', { distributed: true });
  label = await world.label('Answer Records');
  member = answerChecker(document, world.manager.token, world.companyId);
  admin = answerChecker(document, world.admin);
}, 120_000);

describe('labels answer what the document declares', () => {
  it('the company’s label calls: make, edit, files, last release, request, delete', async () => {
    const made = await member('POST', '/labels', { body: { name: 'Answer Side Label' }, status: 201 });
    const id = made.body.label.id as string;
    await member('PATCH', '/labels/{id}', { params: { id }, body: { name: 'Answer Side Label Two' } });
    const logo = { filename: 'logo.png', content_type: 'image/png', size: 1000 };
    await member('POST', '/labels/{id}/logo_upload', { params: { id }, body: logo });
    const contract = { filename: 'deal.pdf', content_type: 'application/pdf', size: 1000 };
    await member('POST', '/labels/{id}/contract_upload', { params: { id }, body: contract });
    await member('GET', '/labels/{id}/last_release', { params: { id } });
    await member('DELETE', '/labels/{id}', { params: { id } });
    const requested = await member('POST', '/label_requests', { body: { name: 'Answer Asked Label' }, status: 201 });
    await admin('POST', '/admin/labels/{id}/approve', { params: { id: requested.body.label.id } });
    const refused = await member('POST', '/label_requests', { body: { name: 'Answer Refused Label' }, status: 201 });
    await admin('POST', '/admin/labels/{id}/reject', { params: { id: refused.body.label.id }, body: { reason: 'No' } });
  });

  it('the admin’s label calls across companies', async () => {
    const made = await admin('POST', '/admin/labels', {
      body: { name: 'Answer Admin Label', company_id: world.companyId },
      status: 201,
    });
    const id = made.body.label.id as string;
    await admin('GET', '/admin/labels', { query: 'q=Answer%20Admin%20Label', rows: 'labels' });
    await admin('GET', '/admin/labels/{id}', { params: { id } });
    await admin('PATCH', '/admin/labels/{id}', { params: { id }, body: { name: 'Answer Admin Label Two' } });
    await admin('DELETE', '/admin/labels/{id}', { params: { id } });
  });

  it('the files kept beside a release and a label', async () => {
    const release = await world.api.post('/releases', { title: 'Answer Files EP', label_id: label.id });
    for (const [calls, route, id] of [
      [member, '/releases/{id}', release.body.release.id],
      [member, '/labels/{id}', label.id],
      [admin, '/admin/labels/{id}', label.id],
    ] as const) {
      const file = Buffer.from('booklet text');
      const presigned = await calls('POST', `${route}/update_assets`, {
        params: { id },
        body: { filename: 'booklet.txt', content_type: 'text/plain', size: file.length },
      });
      const put = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: file });
      expect(put.status).toBe(200);
      const added = await calls('POST', `${route}/assets`, {
        params: { id },
        body: { file_key: presigned.body.key },
        status: 201,
      });
      await calls('GET', `${route}/assets`, { params: { id }, rows: 'assets' });
      await calls('DELETE', `${route}/assets/{assetId}`, { params: { id, assetId: added.body.asset.id } });
    }
  });
});

describe('a release’s check and its way through quality control answer what the document declares', () => {
  it('check, send to quality control, the admin’s check and decision, the files’ upload links', async () => {
    const [{ release, recording }, second] = await Promise.all([
      checkableRelease(world.api, world.admin),
      checkableRelease(world.api, world.admin),
    ]);
    const id = release.id as string;
    const check = await member('GET', '/releases/{id}/check', { params: { id } });
    expect(check.body.ok).toBe(true);
    await member('PATCH', '/releases/{id}/update_status', { params: { id }, body: { status: 'quality_control' } });
    await admin('GET', '/admin/releases/{id}/check', { params: { id } });
    await admin('PATCH', '/admin/releases/{id}/update_status', { params: { id }, body: { status: 'accepted' } });
    await member('POST', '/releases/{id}/quality_control', { params: { id: second.release.id } });
    const art = { filename: 'cover.jpg', content_type: 'image/jpeg', size: 1000 };
    await member('POST', '/releases/{id}/update_images', { params: { id: second.release.id }, body: art });
    const audio = { filename: 'track.wav', content_type: 'audio/wav', size: 1000 };
    await member('POST', '/recordings/{id}/update_audio', { params: { id: recording.id }, body: audio });
  });
});

describe('the label’s tools answer what the document declares', () => {
  it('the to-do list and its tasks', async () => {
    const params = { id: label.id };
    const made = await member('POST', '/labels/{id}/todo_list', { params, status: 201 });
    const listId = made.body.todo_list.id as string;
    await member('GET', '/labels/{id}/todo_list', { params, rows: 'todo_tasks' });
    await member('PATCH', '/labels/{id}/todo_list/{listId}', {
      params: { id: label.id, listId },
      body: { todo_list: { name: 'Answer jobs' } },
    });
    const task = await member('POST', '/todo_tasks', {
      body: { id: listId, todo_task: { body: 'Check the answers', due_date: day(7) } },
      status: 201,
    });
    const taskId = task.body.todo_task.id as string;
    await member('PATCH', '/todo_tasks/{id}', { params: { id: taskId }, body: { todo_task: { done: true } } });
    await member('DELETE', '/todo_tasks/{id}', { params: { id: taskId } });
  });

  it('the notebook and its notes', async () => {
    const params = { id: label.id };
    const made = await member('POST', '/labels/{id}/notebook', { params, status: 201 });
    const note = await member('POST', '/notes', {
      body: { note: { notebook_id: made.body.notebook.id, title: 'Answer note', tags: ['api'] } },
      status: 201,
    });
    const id = note.body.note.id as string;
    await member('GET', '/labels/{id}/notebook', { params, rows: 'notes' });
    await member('PATCH', '/notes/{id}', { params: { id }, body: { note: { content: 'Declared and checked.' } } });
    await member('DELETE', '/notes/{id}', { params: { id } });
  });

  it('the release defaults, the calendar and its feed', async () => {
    const params = { id: label.id };
    await member('GET', '/labels/{id}/settings', { params });
    await member('PATCH', '/labels/{id}/settings', {
      params,
      body: { release_defaults: { c_line: 'Answer Records' } },
    });
    await world.api.post('/releases', { title: 'Answer Dated EP', label_id: label.id, release_date: day(20) });
    await member('GET', '/calendar', { query: `from=${day(0)}&to=${day(60)}`, rows: 'events' });
    await member('GET', '/calendar/feed');
    await member('POST', '/calendar/feed', { status: 201 });
    await member('DELETE', '/calendar/feed');
  });

  it('the requests sent to the distributor’s team, its queue and its settings', async () => {
    const isrc = `GBANS${String(Date.now()).slice(-7)}`;
    const song = await world.api.post('/recordings', { title: 'Answer Song', isrc });
    expect(song.status).toBe(201);
    const release = await world.api.post('/releases', {
      title: 'Pitched',
      label_id: label.id,
      release_date: day(60),
      release_recordings_attributes: [{ recording_id: song.body.recording.id }],
    });
    const form = { label_id: label.id };
    const pitch = {
      ...form,
      release_id: release.body.release.id,
      release_date: day(60),
      genres: ['Indie'],
      instruments: ['Piano'],
      pitch: 'A record for the answers.',
    };
    const sent = await member('POST', '/label_mailers/soundcloud_whitelist', {
      body: {
        form: {
          ...form,
          type_of_form: 'own_accounts',
          soundcloud_urls: ['https://soundcloud.com/answer-records'],
          whitelist_date: day(10),
        },
      },
      status: 201,
    });
    const claim = {
      ...form,
      type_of_form: 'release_claim',
      video_urls: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
      isrcs: [isrc],
      policy: 'monetize',
    };
    await member('POST', '/label_mailers/youtube_claim', { body: { form: claim }, status: 201 });
    await member('GET', '/marketing/releases/{id}/tracks', { params: { id: release.body.release.id }, rows: 'tracks' });
    const album = { ...pitch, focus_track_id: song.body.recording.id };
    await member('POST', '/marketing/album_ep_email', { body: { form: album }, status: 201 });
    const single = { ...pitch, genres: ['Afrobeats'] };
    await member('POST', '/marketing/standalone_single_email', { body: { form: single }, status: 201 });
    const video = { ...pitch, genres: ['Pop'], video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
    await member('POST', '/marketing/official_video_email', { body: { form: video }, status: 201 });
    await member('GET', '/marketing', { rows: 'requests' });
    await admin('GET', '/distribution/marketing', { query: 'status=new', rows: 'requests' });
    await admin('PATCH', '/distribution/marketing/{id}', {
      params: { id: sent.body.request.id },
      body: { status: 'in_progress' },
    });
    const settings = await admin('GET', '/distribution/marketing_settings');
    // The same lead time back: other files' pitches depend on it.
    await admin('PATCH', '/distribution/marketing_settings', { body: { lead_weeks: settings.body.lead_weeks } });
  });
});

describe('mailing lists and promo templates answer what the document declares', () => {
  it('a mailing list made, a member added, listed, read, edited', async () => {
    const made = await member('POST', '/mailing_lists', { body: { name: 'Answer DJs' }, status: 201 });
    const params = { id: made.body.mailing_list.id as string };
    await member('POST', '/mailing_lists/{id}/members', { params, body: { email: 'dj@answer.test', role: 'dj' } });
    await member('GET', '/mailing_lists', { rows: 'mailing_lists' });
    await member('GET', '/mailing_lists/{id}', { params });
    await member('PATCH', '/mailing_lists/{id}', { params, body: { name: 'Answer DJs and press' } });
    const one = { ...params, email: 'dj@answer.test' };
    await member('PATCH', '/mailing_lists/{id}/members/{email}', { params: one, body: { name: 'Answer DJ' } });
    await member('DELETE', '/mailing_lists/{id}/members/{email}', { params: one });
  });

  it('a promo template made, listed, read, edited', async () => {
    const blocks = [{ type: 'text', text: 'New music' }, { type: 'footer' }];
    const made = await member('POST', '/promo_templates', { body: { name: 'Answer mail', blocks }, status: 201 });
    const params = { id: made.body.template.id as string };
    await member('GET', '/promo_templates', { rows: 'templates' });
    await member('GET', '/promo_templates/{id}', { params });
    await member('PATCH', '/promo_templates/{id}', { params, body: { name: 'Answer mail two' } });
  });
});

describe('catalogue exports answer what the document declares', () => {
  it('a few releases written at once three ways, a label’s catalogue queued; listed, read, deleted', async () => {
    const release = await world.api.post('/releases', { title: 'Answer Export EP', label_id: label.id });
    const ids = release.body.release.id as string;
    const made = await member('POST', '/exports', { body: { ids: [ids], format: 'csv' }, status: 201 });
    await member('GET', '/exports/export', { query: `ids=${ids}`, status: 201 });
    await member('GET', '/catalogue/export', { query: `ids=${ids}`, status: 201 });
    await member('GET', '/labels/export_catalogue', { query: `id=${label.id}`, status: 202 });
    await member('GET', '/exports', { rows: 'exports' });
    const params = { id: made.body.export.id as string };
    await member('GET', '/exports/{id}', { params });
    await member('DELETE', '/exports/{id}', { params });
  });
});

describe('the imports history answers what the document declares', () => {
  it('a file’s record added, listed, read, corrected by an admin, deleted one way and the other', async () => {
    const user = answerChecker(document, world.manager.token);
    const record = { filename: 'answer-releases.csv', filesize: 2048, records: 12, type: 'Release' };
    const made = await user('POST', '/imports', { body: record, status: 201 });
    const params = { id: made.body.import.id as string };
    await user('GET', '/imports', { rows: 'imports' });
    await user('GET', '/imports/{id}', { params });
    await admin('PATCH', '/imports/{id}', { params, body: { records: 13 } });
    await user('DELETE', '/imports/{id}', { params });
    const second = await user('POST', '/imports', { body: record, status: 201 });
    await user('POST', '/imports/bulk_destroy', { body: { import_ids: [second.body.import.id] } });
  });
});

describe('catalogue imports answer what the document declares', () => {
  it('the release sheet’s template; a sheet uploaded, previewed, imported and followed', async () => {
    await member('GET', '/catalogue_imports/template', { query: 'format=csv' });
    const bytes = sheetCsv(releaseRows('Answer Records', {}, 1));
    const upload = { filename: 'answer-releases.csv', content_type: 'text/csv', size: bytes.length };
    const presigned = await member('POST', '/catalogue_imports/uploads', { body: upload });
    const put = await fetch(presigned.body.url, {
      method: 'PUT',
      headers: presigned.body.headers,
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const file = { key: presigned.body.key, filename: upload.filename, size: bytes.length };
    const preview = await member('POST', '/catalogue_imports/preview', {
      body: { model: 'releases', file },
      rows: 'records',
    });
    const params = { id: preview.body.import_id as string };
    await member('POST', '/catalogue_imports', {
      body: { model: 'releases', file, import_id: params.id },
      status: 202,
    });
    // Followed to its end, so no work of this file outlives it.
    await expect
      .poll(async () => (await world.api.get(`/catalogue_imports/${params.id}`)).body.import.status)
      .toMatch(/^(done|failed)$/);
    await member('GET', '/catalogue_imports/{id}', { params });
  });
});
