import { Conflict } from '../lib/errors.js';
import { log } from '../lib/logger.js';
import type { Row } from '../reference/reference-resource.js';
import {
  changedDeliveryFields,
  deliveryFieldWords,
  EDITED_AFTER_APPROVAL,
  moveReleaseStatus,
  RECORDING_DELIVERY_FIELDS,
  REVIEWED_STATUSES,
} from './release-status.js';
import { tenantCollectionOf, tenantRows } from './tenant-lists.js';
import type { RecordEditor } from './tenant-resource.js';

const rowsOf = (row: Row, field: string): Row[] => (Array.isArray(row[field]) ? (row[field] as Row[]) : []);

/**
 * After a recording is saved: a change to what stores receive of it (RECORDING_DELIVERY_FIELDS)
 * sends every approved, delivered or live release it is on back to quality control, as editing the
 * release would (docs/quality-control.md). Each move is conditional on the status it read; a
 * release someone moved meanwhile is left as it is.
 */
export async function reviewReleasesOfRecording(
  tenantId: string,
  before: Row,
  after: Row,
  editor: RecordEditor = {},
): Promise<SentBack> {
  const changed = changedDeliveryFields(before, after, RECORDING_DELIVERY_FIELDS);
  const releases = tenantCollectionOf('releases');
  if (!changed.length || !releases) return { titles: [], changed };
  const rows = await tenantRows(releases, tenantId);
  const onIt = rows.filter(
    (release) =>
      REVIEWED_STATUSES.includes(String(release.status)) &&
      rowsOf(release, 'release_recordings').some((r) => r.recording_id === before.id),
  );
  const moved: string[] = [];
  for (const release of onIt) {
    try {
      await moveReleaseStatus(tenantId, String(release.id), {
        from: String(release.status),
        to: 'quality_control',
        by_id: editor.id,
        by_name: editor.name,
        reasons: [EDITED_AFTER_APPROVAL],
        note: `Recording "${String(after.title ?? before.title)}" changed: ${deliveryFieldWords(changed)}`,
      });
      moved.push(String(release.title ?? ''));
    } catch (error) {
      if (!(error instanceof Conflict)) throw error;
      log().info('release status changed meanwhile; not sent back to review', { releaseId: release.id });
    }
  }
  return { titles: moved, changed };
}

/** The releases a recording's edit sent back to review (their titles) and what changed that stores receive. */
type SentBack = { titles: string[]; changed: string[] };

/**
 * What the user is told where they saved the recording, when its edit sent releases back to review:
 * "Sent back to quality control because the recording's artists changed: "Night Drive" (an admin approves it
 * again before its next delivery)". Nothing when it sent none back.
 */
export function sentBackForRecordingNote({ titles, changed }: SentBack): string | undefined {
  if (!titles.length) return undefined;
  const what = deliveryFieldWords(changed);
  const releases = titles.map((t) => `"${t}"`).join(', ');
  return `Sent back to quality control because the recording's ${what} changed: ${releases} (an admin approves ${titles.length === 1 ? 'it' : 'them'} again before ${titles.length === 1 ? 'its' : 'their'} next delivery)`;
}
