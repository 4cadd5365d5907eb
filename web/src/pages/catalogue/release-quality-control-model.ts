import { movesFrom } from '../../../../shared/release-moves';

export type QualityControlAction = { id: string; to: string; label: string; primary?: boolean };

/** Each move's button, by the status it reaches; the ones a person makes (delivered is the worker's). */
const BUTTONS: Record<string, Omit<QualityControlAction, 'to'>> = {
  quality_control: { id: 'send', label: 'Send to quality control', primary: true },
  drafted: { id: 'withdraw', label: 'Back to drafted' },
  rejected: { id: 'reject', label: 'Reject' },
  accepted: { id: 'approve', label: 'Approve', primary: true },
  live: { id: 'live', label: 'Mark live', primary: true },
};

/**
 * The status control of a release page: exactly the moves update_status allows the caller from
 * this status (shared/release-moves.ts, the server's table) — a label sends or withdraws; an
 * admin also approves, rejects (an accepted release too) and marks a delivered release live.
 */
export function qualityControlActions(status: string, admin: boolean): QualityControlAction[] {
  return movesFrom(status, admin ? 'admin' : 'label').flatMap((move) => {
    const button = BUTTONS[move.to];
    return button ? [{ ...button, to: move.to }] : [];
  });
}

/** A rejection's reasons from the form's text: one a line, blank lines dropped. */
export function reasonsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
