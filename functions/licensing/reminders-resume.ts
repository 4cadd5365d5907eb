import * as store from '../data/access/licenses.js';
import type { JobResumer } from '../jobs/job-kinds.js';
import { sendClaimedReminder } from './reminders-job.js';

/** A reminders run's time limit: a claim older than this was left by a run that died. */
const RUN_LIMIT_SECONDS = 15 * 60;

/**
 * Licensing reminders as a resumable job: a reminder claimed by a run that died before telling it
 * (the claim still `sending`) is sent by its resumer, once. Taking the claim over is conditional on
 * the claim time read, so of two resumers one sends it; a claim a live run may still hold (younger
 * than a run's time limit) is left to it, unless the local cloud has just started.
 */
export const licenseReminderJobs: JobResumer = {
  kind: 'license_reminder',
  expectedSeconds: RUN_LIMIT_SECONDS,
  async listUnfinished() {
    return (await store.unsentReminders()).map((claim) => ({
      kind: 'license_reminder' as const,
      tenantId: claim.tenantId,
      id: claim.key,
      what: claim.subject,
      state: 'Sending',
      since: claim.claimed_at,
    }));
  },
  async resume({ tenantId, id }, { onStart }) {
    const claim = await store.getReminderClaim(tenantId, id);
    if (claim?.status !== 'sending') return;
    const now = new Date();
    const stale = Date.parse(claim.claimed_at) < now.getTime() - RUN_LIMIT_SECONDS * 1000;
    if (!onStart && !stale) return;
    if (!(await store.takeOverReminder(tenantId, id, claim.claimed_at, now.toISOString()))) return;
    await sendClaimedReminder(tenantId, id, claim);
  },
};
