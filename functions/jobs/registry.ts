import { catalogueExportJobs } from '../catalogue-exchange/exports/resume.js';
import { catalogueImportJobs } from '../catalogue-exchange/imports/resume.js';
import { deliveryJobs } from '../deliveries/resume.js';
import { paymentRunJobs, statementRunJobs } from '../money/index.js';
import { licenseReminderJobs } from '../licensing/index.js';
import { promoSendJobs } from '../promos/index.js';
import { royaltyImportJobs, royaltyRematchJobs } from '../royalties/import/resume.js';
import type { JobKind, JobResumer, UnfinishedJob } from './job-kinds.js';

/**
 * Every kind of job the product runs in the background. A new kind of job adds its resumer here
 * (it lives in its own area), and the local cloud's start and the admins' Jobs page pick it up.
 */
const RESUMERS: readonly JobResumer[] = [
  royaltyImportJobs,
  royaltyRematchJobs,
  statementRunJobs,
  catalogueImportJobs,
  catalogueExportJobs,
  deliveryJobs,
  paymentRunJobs,
  promoSendJobs,
  licenseReminderJobs,
];

/** The kinds of job that have a resumer (what the admins' Resume accepts). */
export const registeredKinds = (): JobKind[] => RESUMERS.map((r) => r.kind);

export function resumerOf(kind: JobKind): JobResumer {
  const found = RESUMERS.find((r) => r.kind === kind);
  if (!found) throw new Error(`No resumer for jobs of kind ${kind}`);
  return found;
}

/** Every unfinished job of every kind, oldest first. */
export async function listUnfinishedJobs(): Promise<(UnfinishedJob & { expectedSeconds: number })[]> {
  const lists = await Promise.all(
    RESUMERS.map(async (r) =>
      (await r.listUnfinished()).map((job) => ({ ...job, expectedSeconds: r.expectedSeconds })),
    ),
  );
  return lists.flat().sort((a, b) => a.since.localeCompare(b.since));
}

/**
 * The local cloud has started: its queue lost every message it held, so each unfinished job is
 * resumed. Answers how many of each kind, for the start's log.
 */
export async function resumeAllOnStart(): Promise<Partial<Record<JobKind, number>>> {
  const counts: Partial<Record<JobKind, number>> = {};
  for (const resumer of RESUMERS) {
    const jobs = await resumer.listUnfinished();
    for (const job of jobs) await resumer.resume(job, { onStart: true });
    if (jobs.length) counts[resumer.kind] = jobs.length;
  }
  return counts;
}
