export type QualityControlAction = { id: string; to: string; label: string; primary?: boolean };

/**
 * The buttons a release page offers for a status (the server's moves, functions/catalogue/
 * release-status.ts): the label sends or withdraws; on the admin page an admin approves or
 * rejects what is in quality control.
 */
export function qualityControlActions(status: string, adminArea: boolean): QualityControlAction[] {
  const send = { id: 'send', to: 'quality_control', label: 'Send to quality control', primary: true };
  if (['drafted', 'rejected', 'imported'].includes(status)) return [send];
  if (status !== 'quality_control') return [];
  const withdraw = { id: 'withdraw', to: 'drafted', label: 'Back to drafted' };
  if (!adminArea) return [withdraw];
  return [
    { id: 'reject', to: 'rejected', label: 'Reject' },
    { id: 'approve', to: 'accepted', label: 'Approve', primary: true },
  ];
}

/** A rejection's reasons from the form's text: one a line, blank lines dropped. */
export function reasonsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
