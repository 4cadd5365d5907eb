import { listCompanyNames } from '../data/access/companies.js';
import { getUsers } from '../data/access/users.js';
import { InvalidField } from '../lib/errors.js';
import type { JobKind } from './job-kinds.js';
import { listUnfinishedJobs, registeredKinds, resumerOf } from './registry.js';

/**
 * The admins' Jobs page: the background jobs of every company that have stayed in a state that is
 * not final for longer than their kind expects, named in the admins' words (company and user names,
 * never ids), and Resume for one of them.
 */

/** Each kind of job as the page names it. */
const KIND_NAMES: Record<JobKind, string> = {
  royalty_import: 'Royalty import',
  royalty_rematch: 'Re-match',
  statement_run: 'Statement run',
  catalogue_import: 'Catalogue import',
  catalogue_export: 'Catalogue export',
  delivery: 'Delivery',
  payment_run: 'Payment run',
  promo_send: 'Promo send',
  license_reminder: 'Licensing reminder',
};

/** GET /admin/jobs: every stuck job, oldest first. A job whose time is unknown counts as stuck. */
export async function listStuckJobs(now: number = Date.now()) {
  const stuck = (await listUnfinishedJobs()).filter((job) => {
    const since = Date.parse(job.since);
    return Number.isNaN(since) || now - since > job.expectedSeconds * 1000;
  });
  const [companies, users] = await Promise.all([
    listCompanyNames(),
    getUsers([...new Set(stuck.flatMap((job) => (job.startedBy ? [job.startedBy] : [])))]),
  ]);
  const companyName = new Map(companies.map((c) => [c.companyId, c.name]));
  const userName = new Map(users.map((u) => [u.userId, u.name]));
  const jobs = stuck.map((job) => ({
    kind: job.kind,
    kind_name: KIND_NAMES[job.kind],
    company_id: job.tenantId,
    company_name: companyName.get(job.tenantId) ?? null,
    id: job.id,
    what: job.what,
    state: job.state,
    since: job.since,
    expected_minutes: Math.round(job.expectedSeconds / 60),
    started_by: job.startedBy ? (userName.get(job.startedBy) ?? null) : null,
  }));
  return { jobs, total_count: jobs.length, total_pages: 1 };
}

/**
 * POST /admin/jobs/{kind}/{tenantId}/{id}/resume: carries the job on from where it stopped. A run
 * still alive is left alone and a job that has finished meanwhile is not touched (the kind's resumer
 * decides both), so pressing Resume twice does no work twice.
 */
export async function resumeJob(params: { kind: string; tenantId: string; id: string }) {
  const kind = registeredKinds().find((k) => k === params.kind);
  if (!kind) throw new InvalidField('kind', 'This is not a kind of job the product runs.');
  await resumerOf(kind).resume({ tenantId: params.tenantId, id: params.id }, { onStart: false });
  return { message: 'The job was resumed. It carries on from where it stopped.' };
}
