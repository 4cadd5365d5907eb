import type { RELEASE_STATUSES } from '../../shared/catalogue.js';

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
