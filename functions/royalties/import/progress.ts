import { updateImport, type ImportUpdate } from '../../data/access/royalty-imports.js';
import type { ImportStatus } from '../../data/entities/royalties.js';
import { log } from '../../lib/logger.js';
import { pushToUser } from '../../realtime/push.js';

/** Progress at each step of an import (a whole-number percentage); parts fill downloaded → written. */
export const PROGRESS = { started: 0, downloaded: 20, read: 50, matched: 75, written: 90, done: 100 } as const;

type ImportRef = { tenantId: string; id: string; filename: string; user_id?: string };
type ProgressOptions = {
  /** false: only push (the import item was saved with it already). */
  save?: boolean;
  /** Saved only while the import is still processing: a part reporting late never undoes the finished import. */
  whileProcessing?: boolean;
  /** With whileProcessing: only while this run (its claim token) is the import's run. */
  ofRun?: string;
};

/**
 * Saves an import's status and progress, and pushes them to the uploader's open pages over the
 * WebSocket API. A failed push never fails the import. A step while processing is the run's sign
 * of life (`running_since`, run-claim.ts): a run silent past the worker timeout is stuck.
 */
export async function importProgress(
  item: ImportRef,
  status: ImportStatus,
  progress: number,
  extra: ImportUpdate = {},
  { save = true, whileProcessing = false, ofRun }: ProgressOptions = {},
): Promise<void> {
  const alive = status === 'processing' ? { running_since: new Date().toISOString() } : {};
  if (
    save &&
    !(await updateImport(item.tenantId, item.id, { status, progress, ...alive, ...extra }, { whileProcessing, ofRun }))
  )
    return;
  if (item.user_id)
    await pushToUser(item.user_id, {
      type: 'RoyaltyImport',
      import: { id: item.id, status, progress, filename: item.filename },
    }).catch(() => 0);
}

/**
 * With ROYALTY_IMPORT_TIMINGS=1 each step's seconds are logged (one line per step, with the
 * record's tenant, import and part), to see where an import's time goes.
 */
export function stepTimer(id: string): ((step: string) => void) | undefined {
  if (!process.env.ROYALTY_IMPORT_TIMINGS || process.env.ROYALTY_IMPORT_TIMINGS === '0') return undefined;
  const started = performance.now();
  let last = started;
  return (step) => {
    const now = performance.now();
    log().info('royalty import step', {
      royaltyImport: id,
      step,
      seconds: Number(((now - last) / 1000).toFixed(2)),
      total: Number(((now - started) / 1000).toFixed(2)),
    });
    last = now;
  };
}
