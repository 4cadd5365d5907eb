import { getDb } from '../../data/service.js';
import { isConditionFailed } from '../../lib/errors.js';
import { pushToUser } from '../../realtime/push.js';

/** Progress at each step of an import (spec 3 §4: a whole-number percentage); parts fill downloaded → written. */
export const PROGRESS = { started: 0, downloaded: 20, read: 50, matched: 75, written: 90, done: 100 } as const;

type ImportRef = { tenantId: string; id: string; filename: string; user_id?: string };
type ProgressOptions = {
  /** false: only push (the import item was saved with it already). */
  save?: boolean;
  /** Saved only while the import is still processing: a part reporting late never undoes the finished import. */
  whileProcessing?: boolean;
};

/**
 * Saves an import's status and progress, and pushes them to the uploader's open pages over the
 * WebSocket API. A failed push never fails the import.
 */
export async function importProgress(item: ImportRef, status: string, progress: number, extra: Record<string, unknown> = {}, { save = true, whileProcessing = false }: ProgressOptions = {}): Promise<void> {
  if (save) {
    const patch = getDb().entities.RoyaltyImport.patch({ tenantId: item.tenantId, id: item.id }).set({ status, progress, ...extra });
    try {
      await (whileProcessing ? patch.where((attr, op) => op.eq(attr.status, 'processing')) : patch).go();
    } catch (error) {
      if (whileProcessing && isConditionFailed(error)) return;
      throw error;
    }
  }
  if (item.user_id) await pushToUser(item.user_id, { type: 'RoyaltyImport', import: { id: item.id, status, progress, filename: item.filename } }).catch(() => 0);
}

/**
 * With ROYALTY_IMPORT_TIMINGS=1 each step's seconds are logged (one JSON line per step), to see
 * where an import's time goes.
 */
export function stepTimer(id: string): ((step: string) => void) | undefined {
  if (!process.env.ROYALTY_IMPORT_TIMINGS || process.env.ROYALTY_IMPORT_TIMINGS === '0') return undefined;
  const started = performance.now();
  let last = started;
  return (step) => {
    const now = performance.now();
    console.log(JSON.stringify({ royaltyImport: id, step, seconds: Number(((now - last) / 1000).toFixed(2)), total: Number(((now - started) / 1000).toFixed(2)) }));
    last = now;
  };
}
