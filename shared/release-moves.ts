import type { RELEASE_STATUSES } from './catalogue.js';

type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

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
 * The moves the product allows (docs/quality-control.md). A label sends its release to quality
 * control and may take it back to drafted; only admins approve or reject — a label can never
 * approve its own release. The worker marks a delivered release; admins or the worker mark it live.
 */
export const RELEASE_MOVES: readonly ReleaseMove[] = [
  { from: ['drafted', 'rejected', 'imported'], to: 'quality_control', by: ['label', 'admin'], checked: true },
  // An imported release goes back to drafted too: a draft can be deleted, so an import of the wrong sheet, or one
  // whose release fails the check, is never kept for ever.
  { from: ['quality_control', 'rejected', 'imported'], to: 'drafted', by: ['label', 'admin'] },
  { from: ['quality_control'], to: 'accepted', by: ['admin'] },
  { from: ['quality_control', 'accepted'], to: 'rejected', by: ['admin'], reasonsRequired: true },
  { from: ['accepted'], to: 'delivered', by: ['system'] },
  { from: ['delivered'], to: 'live', by: ['admin', 'system'] },
];

/** The moves an actor may make from a status, in the table's order (the SPA's status control). */
export function movesFrom(status: string, actor: StatusActor): ReleaseMove[] {
  return RELEASE_MOVES.filter((m) => (m.from as readonly string[]).includes(status) && m.by.includes(actor));
}
