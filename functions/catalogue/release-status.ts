import type { RELEASE_STATUSES, StatusChange } from '../../shared/catalogue.js';
import { LISTS, listsChanged } from '../data/list-cache.js';
import { writeTransaction } from '../data/transaction.js';
import { Conflict } from '../lib/errors.js';

/**
 * Where a release stands on its way to stores (spec 1 §4, spec 2 §4): drafted → quality_control
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

/**
 * Who moves a status: the company's members (label), the product's admins, or the product itself
 * (the delivery worker once a release is in stores).
 */
export type StatusActor = 'label' | 'admin' | 'system';

/** One allowed move: the statuses it leaves, the one it reaches, and who may make it. */
export type ReleaseMove = {
  from: readonly ReleaseStatus[];
  to: ReleaseStatus;
  by: readonly StatusActor[];
  /** The metadata checker must pass first (sending to quality control). */
  checked?: boolean;
  /** The move must say why (a rejection). */
  reasonsRequired?: boolean;
};

/**
 * The moves the product allows (README "Quality control"). A label sends its release to quality
 * control and may take it back to drafted; only admins approve or reject — a label can never
 * approve its own release. The worker marks a delivered release; admins or the worker mark it live.
 */
export const RELEASE_MOVES: readonly ReleaseMove[] = [
  { from: ['drafted', 'rejected', 'imported'], to: 'quality_control', by: ['label', 'admin'], checked: true },
  { from: ['quality_control', 'rejected'], to: 'drafted', by: ['label', 'admin'] },
  { from: ['quality_control'], to: 'accepted', by: ['admin'] },
  { from: ['quality_control', 'accepted'], to: 'rejected', by: ['admin'], reasonsRequired: true },
  { from: ['accepted'], to: 'delivered', by: ['system'] },
  { from: ['delivered'], to: 'live', by: ['admin', 'system'] },
];

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
