import type { CwrFileView } from '../../../../shared/schemas/cwr';
import type { NotificationType } from '../../app/notification-rules';

/**
 * What the user is told after a CWR file: how many songs it holds (new and revised), and each
 * song left out with every reason; a warning when any was left out.
 */
export function cwrOutcome(
  file: Pick<CwrFileView, 'filename' | 'works' | 'skipped'>,
  recorded: boolean,
): { type: NotificationType; message: string; details: string[] } {
  const revised = file.works.filter((w) => w.transaction_type === 'REV').length;
  const songs = `${file.works.length} song${file.works.length === 1 ? '' : 's'}`;
  const counts = revised ? `${songs} (${revised} revised)` : songs;
  const message = `${file.filename}: ${counts}${recorded ? ', recorded as sent' : ''}`;
  const details = file.skipped.map((s) => `${s.title} was left out: ${s.reasons.join('; ')}`);
  return { type: details.length ? 'warning' : 'notification', message, details };
}
