import { z } from 'zod';
import { RELEASE_STATUS_REFUSED, RELEASE_STATUSES } from '../../shared/catalogue.js';
import { releaseInput } from '../../shared/schemas/catalogue.js';
import type { Caller } from '../lib/auth-context.js';
import { HttpError, InvalidField } from '../lib/errors.js';
import { changeReleaseStatus } from './release-qc.js';
import { recordOps } from './tenant-records.js';
import { tenantResource } from './tenant-resources.js';

/**
 * POST releases/bulk_update (admin): one change applied to many releases of
 * any companies — the fields a change across a catalogue makes sense for (label, dates, where it
 * is sold, blocked from sale), and a status move. Every release is found before anything changes;
 * each is then changed through the same path as its own edit (its rules, links and the re-review
 * after approval) or its own status move (the move table, the history), so a bulk change can do
 * nothing an admin could not do one release at a time. A release the change cannot apply to (a
 * label of another company, a move its status does not allow) is reported with the reason; the
 * others are changed.
 */

const MAX_RELEASES = 200;

const bulkFields = releaseInput
  .pick({
    label_id: true,
    release_date: true,
    original_release_date: true,
    territories: true,
    excluded_territories: true,
    blocked_from_sale: true,
  })
  .partial();

export const releaseBulkUpdateBody = z.strictObject({
  release_ids: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'Choose at least one release')
    .max(MAX_RELEASES, `Release ids may name at most ${MAX_RELEASES}`)
    .refine((ids) => new Set(ids).size === ids.length, 'Release ids must not repeat'),
  release: bulkFields
    .extend({
      status: z.enum(RELEASE_STATUSES, RELEASE_STATUS_REFUSED).optional(),
      reasons: z.array(z.string().trim().min(1).max(1000)).max(20, 'Give at most 20 reasons').optional(),
    })
    .refine((change) => Object.keys(change).some((key) => key !== 'reasons'), 'Choose a field to update'),
});

type BulkUpdate = z.infer<typeof releaseBulkUpdateBody>;
type Failure = { id: string; title: string; message: string };

export async function bulkUpdateReleases(caller: Caller, body: BulkUpdate) {
  const ops = recordOps(tenantResource('releases'));
  const { status, reasons, ...fields } = body.release;
  const found = await Promise.all(
    body.release_ids.map(async (id) => {
      try {
        return await ops.loadAnyTenant(id);
      } catch {
        return undefined;
      }
    }),
  );
  const missing = body.release_ids.filter((_, i) => !found[i]);
  if (missing.length)
    throw new InvalidField(
      'release_ids',
      `${missing.length === 1 ? 'Release' : 'Releases'} not found: ${missing.join(', ')}`,
    );

  const updated: string[] = [];
  const failed: Failure[] = [];
  for (const [i, id] of body.release_ids.entries()) {
    const before = found[i];
    if (!before) continue; // every id was found above
    const tenantId = String(before.tenantId);
    try {
      if (Object.keys(fields).length)
        await ops.update(before, fields, { id: caller.user.userId, name: caller.user.name || caller.user.email });
      if (status) await changeReleaseStatus(tenantId, id, caller, { status, ...(reasons ? { reasons } : {}) });
      updated.push(id);
    } catch (error) {
      // A refusal in the user's words is reported for its release; anything else is a fault.
      if (!(error instanceof HttpError)) throw error;
      const detail = Object.values(error.errors ?? {}).flat()[0];
      failed.push({
        id,
        title: String(before.title ?? ''),
        message: detail ? `${error.message}: ${detail}` : error.message,
      });
    }
  }
  return {
    updated,
    failed,
    message: `${updated.length} ${updated.length === 1 ? 'release' : 'releases'} updated`,
  };
}
