import { call } from './api.js';

type Api = {
  get: (path: string) => Promise<{ status: number; body: any }>;
  post: (path: string, body?: object) => Promise<{ status: number; body: any }>;
  patch: (path: string, body?: object) => Promise<{ status: number; body: any }>;
};

const unique = () => Math.random().toString(36).slice(2, 8);

/** A reference record by name, as the pickers find it. */
async function reference(admin: string, collection: string, q: string) {
  const answer = await call('GET', `/api/v1/${collection}?selectable=true&q=${encodeURIComponent(q)}`, {
    token: admin,
  });
  return answer.body[collection][0];
}

/**
 * Fills in what the metadata checker asks of a release and its recordings (dates, genre, a
 * product; each recording's genre, language, composer, lyricist and publisher), so the release
 * may be sent to quality control.
 */
export async function makeCheckable(
  api: Api,
  admin: string,
  releaseId: string,
  recordingIds: readonly string[],
  /** A publisher the company may link (its own, or a shared one); else the admin adds a shared one. */
  options: { publisherId?: string } = {},
) {
  const genre = await reference(admin, 'genres', 'pop');
  const english = await reference(admin, 'languages', 'english');
  const composer = (await api.post('/contributors', { name: `Composer ${unique()}` })).body.contributor;
  const publisherId =
    options.publisherId ??
    (
      (await call('POST', '/api/v1/publishers', { token: admin, body: { name: 'Copyright Control' } })).body
        .publisher ?? (await reference(admin, 'publishers', 'Copyright Control'))
    ).id;
  for (const id of recordingIds) {
    const fixed = await api.patch(`/recordings/${id}`, {
      primary_genre_id: genre.id,
      audio_language_id: english.id,
      contributor_recordings_attributes: [{ contributor_id: composer.id, roles: ['Composer', 'Lyricist'] }],
      publisher_recordings_attributes: [{ publisher_id: publisherId }],
    });
    if (fixed.status !== 200) throw new Error(`recording not updated: ${JSON.stringify(fixed.body)}`);
  }
  await api.patch(`/releases/${releaseId}`, {
    release_date: '2026-12-04',
    original_release_date: '2026-12-04',
    primary_genre_id: genre.id,
    products_attributes: [{}],
  });
  const check = await api.get(`/releases/${releaseId}/check`);
  if (!check.body.ok) throw new Error(`release still fails the checker: ${JSON.stringify(check.body)}`);
}

/** A new release with one recording that passes the metadata checker. */
export async function checkableRelease(api: Api, admin: string) {
  const recording = (await api.post('/recordings', { title: `QC track ${unique()}` })).body.recording;
  const release = (
    await api.post('/releases', {
      title: `QC release ${unique()}`,
      release_recordings_attributes: [{ recording_id: recording.id }],
    })
  ).body.release;
  await makeCheckable(api, admin, release.id, [recording.id]);
  return { release, recording };
}
