import type { RELEASE_STATUSES, StatusChange } from '../../shared/catalogue.js';
import { RELEASE_MOVES, type ReleaseMove, type StatusActor } from '../../shared/release-moves.js';
import { LISTS, listsChanged } from '../data/list-cache.js';
import { writeTransaction } from '../data/transaction.js';
import { Conflict } from '../lib/errors.js';
import { humanizeField } from '../../shared/messages.js';
import type { Row } from '../reference/reference-resource.js';

/**
 * Where a release stands on its way to stores: drafted → quality_control
 * (the label sends it, the metadata checker passing) → accepted (an admin approves) or rejected
 * (with reasons; fixed and sent again). Only a release that passed quality control, or is in
 * stores already, may be delivered.
 */
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** QC approved, or already in stores (an update or a takedown). */
export const DELIVERABLE_STATUSES = ['accepted', 'delivered', 'live'] as const satisfies readonly ReleaseStatus[];

/** Whether a release in this status may be delivered. */
export function isDeliverable(status: string | undefined): boolean {
  return (DELIVERABLE_STATUSES as readonly string[]).includes(status ?? '');
}

// The move table lives in shared/ so the SPA's status control offers exactly what the server allows.
export { RELEASE_MOVES, type ReleaseMove, type StatusActor } from '../../shared/release-moves.js';

/** Why a move is refused: `forbidden` when someone else could make it, `invalid` when nobody can. */
export type MoveRefusal = { kind: 'forbidden' | 'invalid'; message: string };

/** The rule for moving `from` → `to` by `actor`, or why it is refused. */
export function releaseMove(
  from: string,
  to: string,
  actor: StatusActor,
): { move: ReleaseMove } | { refusal: MoveRefusal } {
  const move = RELEASE_MOVES.find((m) => m.to === to && (m.from as readonly string[]).includes(from));
  if (!move) {
    const message = from === to ? `The release is already ${to}` : `A release cannot move from ${from} to ${to}`;
    return { refusal: { kind: 'invalid', message } };
  }
  if (move.by.includes(actor)) return { move };
  const message = move.by.includes('admin')
    ? 'Only an admin can approve or reject a release'
    : `Only the delivery of a release can mark it ${to}`;
  return { refusal: { kind: 'forbidden', message } };
}

/**
 * Writes a status move with its history entry, only if the release still has the expected `from`
 * status: of two admins approving at once (or an approval racing a withdrawal), one wins and the
 * other gets a 409. The company's and the all-companies release lists change with it.
 * Callers check the rules (`releaseMove`) first; this only records.
 */
export async function moveReleaseStatus(
  tenantId: string,
  releaseId: string,
  change: Omit<StatusChange, 'at'> & { at?: string },
): Promise<StatusChange> {
  const entry: StatusChange = { ...change, at: change.at ?? new Date().toISOString() };
  const lost = 'The release’s status was changed by someone else; reload and try again';
  await writeTransaction(
    (e) => [
      e.Release.patch({ tenantId, id: releaseId })
        .set({ status: entry.to as ReleaseStatus })
        .append({ status_history: [withoutEmpty(entry)] })
        .where(({ status }, { eq }) => eq(status, entry.from as ReleaseStatus))
        .commit(),
      ...listsChanged(e.ListVersion, [
        LISTS.tenantCollection('releases', tenantId),
        LISTS.allTenantsCollection('releases'),
      ]),
    ],
    { 0: { message: lost, field: 'status' } },
  );
  return entry;
}

/** DynamoDB keeps no empty lists worth showing; an entry without reasons has no `reasons`. */
function withoutEmpty(entry: StatusChange): StatusChange {
  return Object.fromEntries(
    Object.entries(entry).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  ) as StatusChange;
}

/**
 * For the delivery worker once a release reached a store: accepted → delivered, recorded as the
 * product's own move. A release already delivered or live stays as it is (a second DSP, an
 * update); answers whether it moved.
 */
export async function markReleaseDelivered(tenantId: string, releaseId: string): Promise<boolean> {
  try {
    await moveReleaseStatus(tenantId, releaseId, { from: 'accepted', to: 'delivered', by_name: 'Delivery' });
    return true;
  } catch (error) {
    if (error instanceof Conflict) return false;
    throw error;
  }
}

/** The reason recorded when an edit sends an approved release back to quality control. */
export const EDITED_AFTER_APPROVAL = 'Edited after approval';

/** Statuses an edit of delivery metadata sends back to quality control: approved, or in stores. */
export const REVIEWED_STATUSES: readonly string[] = ['accepted', 'delivered', 'live'];

/** A recording's fields its releases' ERN carries (load-release.ts): editing one is editing those releases. */
export const RECORDING_DELIVERY_FIELDS = [
  'title',
  'isrc',
  'mix_title',
  'display_artists',
  'artist_recordings',
  'contributor_recordings',
  'rightsholdings',
  'length',
  'explicit',
  'explicit_lyrics',
  'p_line',
  'p_line_year',
  'primary_genre_id',
  'primary_subgenre_id',
  'preview_start',
  'audio_language_id',
] as const;

/**
 * The stored release fields a store receives (the ERN: load-release.ts), so editing one needs a
 * new approval. Notes, liner notes, payee shares and the like are the label's own and do not.
 */
const DELIVERY_FIELDS = [
  'title',
  'version',
  'cat_no',
  'upc',
  'label_id',
  'release_date',
  'original_release_date',
  'p_line',
  'p_line_year',
  'c_line',
  'c_line_year',
  'explicit',
  'compilation',
  'metadata_language_id',
  'primary_genre_id',
  'primary_subgenre_id',
  'secondary_genre_id',
  'secondary_subgenre_id',
  'territories',
  'excluded_territories',
  'display_artists',
  'artist_releases',
  'products',
  'release_recordings',
] as const;

/**
 * How a label names the stored fields a store receives, where the stored name is not its word ("cat_no", rows such as
 * "artist_releases"); the others read as their name does ("release_date" → "release date").
 */
const DELIVERY_FIELD_WORDS: Record<string, string> = {
  cat_no: 'catalogue number',
  display_artists: 'artists',
  artist_releases: 'artists',
  artist_recordings: 'artists',
  release_recordings: 'recordings',
  contributor_recordings: 'credits',
  rightsholdings: 'master rights',
  explicit_lyrics: 'explicit',
  c_line: '© line',
  c_line_year: '© line',
  p_line: '℗ line',
  p_line_year: '℗ line',
  primary_genre_id: 'genre',
  primary_subgenre_id: 'genre',
};

/**
 * The changed delivery fields in the label's words, each once, for the release's history and the notice where the
 * edit was saved: ["cat_no", "display_artists", "artist_releases"] → "catalogue number, artists".
 */
export function deliveryFieldWords(fields: readonly string[]): string {
  return [...new Set(fields.map((f) => DELIVERY_FIELD_WORDS[f] ?? humanizeField(f, { inSentence: true })))].join(', ');
}

/** A value as compared: blank, empty and absent are the same; payee shares are not store metadata. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length)) return '';
  const rows = Array.isArray(value)
    ? value.map((row) => {
        if (!row || typeof row !== 'object') return row;
        const { payee_share: _share, ...kept } = row as Record<string, unknown>;
        return Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
      })
    : value;
  return Array.isArray(rows) ? JSON.stringify(rows) : String(rows);
}

/** A UPC still to be assigned (blank, or a placeholder with "assign"). */
const unassignedUpc = (value: unknown) => !value || /assign/i.test(String(value));

/**
 * The delivery fields an edit changes, comparing the release as stored before and after. Giving a
 * release its first UPC (the pool's link_to_release) is completing it, not changing what stores have.
 */
export function changedDeliveryFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly string[] = DELIVERY_FIELDS,
): string[] {
  return fields.filter((field) => {
    if (!(field in after) || comparable(before[field]) === comparable(after[field])) return false;
    return !(field === 'upc' && unassignedUpc(before.upc));
  });
}

type Editor = { id?: string; name?: string };

/**
 * The rule for editing a reviewed release (docs/quality-control.md): a change to what stores
 * receive on an accepted, delivered or live release sends it back to quality_control, recorded in
 * its history as "Edited after approval" with the fields changed. Its deliveries stay; a new one
 * (an update) waits for the new approval. Answers the fields to store with the edit, or nothing.
 */
export function reviewAgainAfterEdit(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  editor: Editor = {},
): { status: ReleaseStatus; status_history: StatusChange[] } | Record<string, never> {
  const from = String(before.status ?? 'drafted');
  if (!REVIEWED_STATUSES.includes(from)) return {};
  const changed = changedDeliveryFields(before, after);
  if (!changed.length) return {};
  const entry = withoutEmpty({
    at: new Date().toISOString(),
    by_id: editor.id,
    by_name: editor.name,
    from,
    to: 'quality_control',
    reasons: [EDITED_AFTER_APPROVAL],
    note: `Changed: ${deliveryFieldWords(changed)}`,
  });
  const history = Array.isArray(before.status_history) ? (before.status_history as StatusChange[]) : [];
  return { status: 'quality_control', status_history: [...history, entry] };
}

/**
 * What the user is told where they saved an edit that sent the release back to review, in words:
 * "Sent back to quality control because what stores receive changed (title, UPC)". Undefined when
 * the edit did not (the history's last entry is this edit's only when it says so).
 */
export function sentBackNote(before: Row, after: Row): string | undefined {
  if (!REVIEWED_STATUSES.includes(String(before.status)) || after.status !== 'quality_control') return undefined;
  const last = (Array.isArray(after.status_history) ? (after.status_history as StatusChange[]) : []).at(-1);
  if (!last?.reasons?.includes(EDITED_AFTER_APPROVAL)) return undefined;
  const fields = deliveryFieldWords(changedDeliveryFields(before, after));
  const what = fields ? ` (${fields})` : '';
  return `Sent back to quality control because what stores receive changed${what}: an admin approves it again before its next delivery`;
}

/**
 * Whether a delivery with this action may go for the release: any once it passed quality control;
 * a takedown also while it is back in review after an edit, if it ever reached a store (a label
 * can always withdraw what stores have).
 */
export function mayDeliver(
  release: { status?: string; status_history?: readonly { to: string }[] },
  action: string,
): boolean {
  if (isDeliverable(release.status)) return true;
  return action === 'takedown' && (release.status_history ?? []).some((entry) => entry.to === 'delivered');
}
