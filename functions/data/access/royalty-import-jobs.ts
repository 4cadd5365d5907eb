import { inEachState } from '../entities/in-states-index.js';
import {
  IMPORT_JOB_UNDER_WAY,
  type ImportJobKind,
  type ImportJobResult,
  type RoyaltyImportItem,
} from '../entities/royalties.js';
import { isConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/**
 * The reads and writes of an import's re-match job (functions/royalties/import/rematch-job.ts), one DynamoDB call
 * each. Every write is conditional: one job at a time per import, and only the job whose claim (`job_token`) the
 * queue message carries moves it on.
 */
const imports = () => getDb().entities.RoyaltyImport;

/** What a job leaves on the import while it runs; removed when it stops. */
const RUNNING_ATTRIBUTES = ['job_since'] as const;

const conditionally = async (write: () => Promise<unknown>): Promise<boolean> => {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
};

/** A job queued as `kind` under the claim `token`, at no progress yet. */
const queuedAs = (kind: ImportJobKind, token: string) => ({
  job_status: 'queued' as const,
  job_kind: kind,
  job_token: token,
  job_queued_at: new Date().toISOString(),
  job_progress: 0,
});

/**
 * Queues a re-match of a finished import under `token`: false when the import is not finished (still importing,
 * failed, a duplicate, deleted) or a job is queued or running already (the caller answers that one).
 */
export function queueImportJob(
  tenantId: string,
  id: string,
  job: { token: string; kind: ImportJobKind; userId?: string },
): Promise<boolean> {
  return conditionally(() =>
    imports()
      .patch({ tenantId, id })
      .set({ ...queuedAs(job.kind, job.token), ...(job.userId ? { job_user_id: job.userId } : {}) })
      .remove([
        'job_since',
        'job_finished_at',
        'job_result',
        'job_error',
        'job_again',
        ...(job.userId ? [] : ['job_user_id' as const]),
      ])
      .where((attr, op) => {
        const free = `${op.notExists(attr.job_status)} OR ${op.eq(attr.job_status, 'done')} OR ${op.eq(attr.job_status, 'failed')}`;
        return `${op.eq(attr.status, 'done')} AND (${free})`;
      })
      .go(),
  );
}

/**
 * Starts the job `token` names: queued, or running with no sign of life since `staleBefore` (ISO: the worker that
 * ran it is dead and the message came again). False when another job replaced it, it finished, or it is alive.
 */
export function startImportJob(tenantId: string, id: string, token: string, staleBefore: string): Promise<boolean> {
  return conditionally(() =>
    imports()
      .patch({ tenantId, id })
      .set({ job_status: 'running', job_since: new Date().toISOString(), job_progress: 10 })
      .where((attr, op) => {
        const stale = `${op.eq(attr.job_status, 'running')} AND (${op.notExists(attr.job_since)} OR ${op.lt(attr.job_since, staleBefore)})`;
        return `${op.eq(attr.job_token, token)} AND (${op.eq(attr.job_status, 'queued')} OR (${stale}))`;
      })
      .go(),
  );
}

/** A step of the running job: its progress, and a sign of life. False when the job is no longer this one running. */
export function importJobStep(tenantId: string, id: string, token: string, progress: number): Promise<boolean> {
  return conditionally(() =>
    imports()
      .patch({ tenantId, id })
      .set({ job_progress: progress, job_since: new Date().toISOString() })
      .where((attr, op) => `${op.eq(attr.job_token, token)} AND ${op.eq(attr.job_status, 'running')}`)
      .go(),
  );
}

/**
 * Records the running job's end: done with its result, or failed with the reason in the user's words. Done is
 * recorded only while nothing was asked meanwhile (`job_again`): false then, and the caller runs it again
 * (againImportJob). A failure drops what was asked: the page offers to re-match again.
 */
export function finishImportJob(
  tenantId: string,
  id: string,
  token: string,
  end: { result: ImportJobResult } | { error: string },
): Promise<boolean> {
  const set =
    'result' in end
      ? { job_status: 'done' as const, job_result: end.result, job_progress: 100 }
      : { job_status: 'failed' as const, job_error: end.error };
  return conditionally(() =>
    imports()
      .patch({ tenantId, id })
      .set({ ...set, job_finished_at: new Date().toISOString() })
      .remove([...RUNNING_ATTRIBUTES, 'job_again'])
      .where((attr, op) => {
        const running = `${op.eq(attr.job_token, token)} AND ${op.eq(attr.job_status, 'running')}`;
        return 'result' in end ? `${running} AND ${op.notExists(attr.job_again)}` : running;
      })
      .go(),
  );
}

/**
 * Marks the running job to run once more when it finishes, as `kind`: it read the catalogue, rules and rates before
 * this ask. False when no job is running any more (it finished meanwhile: the caller queues a new one).
 */
export function askImportJobAgain(tenantId: string, id: string, kind: ImportJobKind): Promise<boolean> {
  return conditionally(() =>
    imports()
      .patch({ tenantId, id })
      .set({ job_again: kind })
      .where((attr, op) => op.eq(attr.job_status, 'running'))
      .go(),
  );
}

/**
 * The running job `token` queued again under `next`, as what was asked while it ran (`again`, read by the caller):
 * one write, so a crash after it leaves a queued job the local cloud's start sends again. False when the job moved
 * on or another ask changed what was asked (the caller reads again).
 */
export function againImportJob(
  tenantId: string,
  id: string,
  token: string,
  again: { kind: ImportJobKind; next: string },
): Promise<boolean> {
  return conditionally(() =>
    imports()
      .patch({ tenantId, id })
      .set(queuedAs(again.kind, again.next))
      .remove([...RUNNING_ATTRIBUTES, 'job_again'])
      .where(
        (attr, op) =>
          `${op.eq(attr.job_token, token)} AND ${op.eq(attr.job_status, 'running')} AND ${op.eq(attr.job_again, again.kind)}`,
      )
      .go(),
  );
}

/**
 * Puts a job back in the queue's hands: its worker's attempt failed and the message comes again, or the worker
 * cannot be alive (the local cloud started again, an admin resumed it). Answers the job's claim, or undefined when
 * no job of this import is queued or running.
 */
export async function requeueImportJob(tenantId: string, id: string, token?: string): Promise<string | undefined> {
  let claim: string | undefined;
  const done = await conditionally(async () => {
    const answer = await imports()
      .patch({ tenantId, id })
      .set({ job_status: 'queued' })
      // Run afresh from the start, it reads the catalogue, rules and rates after whatever was asked meanwhile.
      .remove([...RUNNING_ATTRIBUTES, 'job_again'])
      .where((attr, op) => {
        const underWay = `${op.eq(attr.job_status, 'queued')} OR ${op.eq(attr.job_status, 'running')}`;
        return token ? `${op.eq(attr.job_token, token)} AND (${underWay})` : underWay;
      })
      .go({ response: 'all_new' });
    claim = answer.data.job_token;
  });
  return done ? claim : undefined;
}

/** Every import with a re-match queued or running, in every tenant (their sparse index). */
export async function listImportJobsUnderWay(): Promise<RoyaltyImportItem[]> {
  return inEachState(IMPORT_JOB_UNDER_WAY, async (state) => {
    return (await imports().query.rematching({ job_status: state }).go({ pages: 'all' })).data;
  });
}
