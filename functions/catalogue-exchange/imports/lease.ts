import { QUEUES } from '../../../infra/resources.js';
import type { CatalogueImportItem } from '../../data/entities/catalogue-import.js';
import type { ImportStep } from './queue.js';

/**
 * The rules of a catalogue import's lease and of the step that comes next. A worker holds the job
 * for one step at a time; the job's own state (status, records done) says which step that is, so a
 * re-delivered message, a message of an earlier step or a resumed job all carry it on from where it
 * stopped, and nothing is planned again once records are being written.
 */

/** How long one step holds the job: the worker's timeout, after which the worker cannot be alive. */
const LEASE_MS = QUEUES.catalogueImport.workerTimeoutSeconds * 1000;

/** Records per chunk: each chunk is one step, well inside the worker's time. */
export const CHUNK_RECORDS = 100;

const FINAL = ['done', 'failed'];

export const isFinished = (status: string) => FINAL.includes(status);

type Leased = { lease_until?: string };

/** Whether a worker may still be running a step of the job (its lease has not lapsed). */
export const leaseIsLive = (job: Leased, now: Date = new Date()) =>
  Boolean(job.lease_until) && String(job.lease_until) > now.toISOString();

/** The lease a step takes now. */
export const leaseFrom = (now: Date = new Date()) => new Date(now.getTime() + LEASE_MS).toISOString();

export type NextStep = { step: 'plan' } | { step: 'chunk'; chunk: number } | { step: 'finish' } | { step: 'none' };

/**
 * The step a job needs next, from its state. Queued or planning: plan (planning again is safe:
 * nothing is written until the plan is saved and the job moves to writing). Writing: the first
 * chunk not yet counted as done, or finish once every record is done. Done or failed: nothing.
 */
export function nextStep(job: { status: string; done?: number; total?: number }): NextStep {
  if (job.status === 'queued' || job.status === 'planning') return { step: 'plan' };
  if (job.status !== 'writing') return { step: 'none' };
  const done = job.done ?? 0;
  if (done >= (job.total ?? 0)) return { step: 'finish' };
  return { step: 'chunk', chunk: Math.floor(done / CHUNK_RECORDS) };
}

/** The message that carries an unfinished job on: its next chunk, or plan (the worker runs what the state asks for anyway). */
export function resumeMessage(job: {
  tenantId: string;
  importId: string;
  status: string;
  done?: number;
  total?: number;
}): ImportStep {
  const next = nextStep(job);
  return next.step === 'chunk'
    ? { tenantId: job.tenantId, importId: job.importId, step: 'chunk', chunk: next.chunk }
    : { tenantId: job.tenantId, importId: job.importId, step: 'plan' };
}

/** The records an import added: its planned records' (counted chunk by chunk) and those made besides them. */
export const recordsAdded = (job: Pick<CatalogueImportItem, 'added' | 'named'>) => (job.added ?? 0) + (job.named ?? 0);
