import * as store from '../data/access/licenses.js';
import type { LicenseFields } from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { CreateManualRoyalty } from '../data/entities/royalty-overlays.js';
import type { CreateExpense } from '../data/entities/statements.js';
import { Conflict, LOST_RACE_MESSAGE } from '../lib/errors.js';
import { readLicense } from './licenses.js';
import { presentLicense } from './present.js';

/** What one money move writes: the licence's change and the ledger lines or expenses that move with it. */
export type PlannedMove = {
  set: Partial<LicenseFields>;
  money: { lines: CreateManualRoyalty[]; expenses: CreateExpense[] };
  remove?: (keyof LicenseFields)[];
  /** What the answer says when this call made the move. */
  message: string;
};

/**
 * One money move on a licence (an advance or a payment recorded, either given back), made exactly once. The money and
 * the licence's change are one transaction conditional on the revision read, so of calls at once one writes; the
 * others read again, find the move `made` and answer the licence as it is, as does a replay later. A replay also
 * marks the royalties and money records changed again, which mends a crash between the write and that mark. `plan`
 * refuses a move the licence may not make (throwing the refusal) and works out what to write from the licence read.
 */
export async function moveMoneyOnce(
  tenantId: string,
  id: string,
  move: {
    made: (license: LicenseItem) => boolean;
    message: string;
    plan: (license: LicenseItem) => Promise<PlannedMove>;
  },
) {
  let license = await readLicense(tenantId, id);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (move.made(license)) {
      await store.moneyWritten(tenantId);
      return { license: await presentLicense(tenantId, license), message: move.message };
    }
    const planned = await move.plan(license);
    const written = await store.writeMoney(tenantId, id, license.revision, planned.set, planned.money, planned.remove);
    license = await readLicense(tenantId, id);
    if (written) return { license: await presentLicense(tenantId, license), message: planned.message };
  }
  if (!move.made(license)) throw new Conflict(LOST_RACE_MESSAGE);
  return { license: await presentLicense(tenantId, license), message: move.message };
}
