/**
 * A report whose own control checks disagree with its lines (a DSR's footer or summaries, control
 * totals) is held: its lines are kept and listed, but no statement states them until a person
 * accepts the import (who, when and why are kept) or it is deleted and imported again.
 */
export function isHeld(item: { flagged?: boolean | null; accepted_at?: string | null }): boolean {
  return item.flagged === true && !item.accepted_at;
}
