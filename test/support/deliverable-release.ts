import { call } from './api.js';
import { checkableRelease } from './checkable-release.js';
import { seedCoverArt, seedOriginalAudio } from './seeded-files.js';

type Api = Parameters<typeof checkableRelease>[0];

/**
 * A release that passed quality control (sent by the label, approved by an admin), with cover art
 * and its recording's original audio seeded as the upload worker leaves them (seeded-files.ts).
 * Needs the cloud's environment in process.env (the tests' `cloudEnv`).
 */
export async function deliverableRelease(api: Api, admin: string, tenantId: string) {
  const { release, recording } = await checkableRelease(api, admin);
  const sent = await api.post(`/releases/${release.id}/quality_control`);
  if (sent.status !== 200) throw new Error(`not sent to QC: ${JSON.stringify(sent.body)}`);
  const approved = await call('PATCH', `/api/v1/admin/releases/${release.id}/update_status`, {
    token: admin,
    body: { status: 'accepted' },
  });
  if (approved.status !== 200) throw new Error(`not approved: ${JSON.stringify(approved.body)}`);
  const art = await seedCoverArt(tenantId, release.id);
  const audio = await seedOriginalAudio(tenantId, recording.id);
  return { release, recording, bytes: { art, audio } };
}
