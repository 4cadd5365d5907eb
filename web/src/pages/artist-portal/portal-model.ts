import { formatDate } from '../../../../shared/format';
import { periodWords } from '../../../../shared/statement-periods';
import type { PortalStatement } from '../../../../shared/schemas/artist-portal';

/**
 * A statement's period on the artist's and the payee's pages, as the label's statement page, the PDF and the mail
 * write it: "Mar 2026" for one month, "Q1 2026 (Jan 2026 to Mar 2026)" for a quarter, any other span by its months.
 */
export function portalStatementPeriod(statement: Pick<PortalStatement, 'start_pay_period' | 'end_pay_period'>): string {
  return periodWords(statement);
}

/** Whether a statement was paid, with the day when its payment recorded one: "Yes, on 10th Apr 2026". */
export function portalPaidWords(statement: Pick<PortalStatement, 'paid' | 'paid_on'>): string {
  if (!statement.paid) return 'No';
  return statement.paid_on ? `Yes, on ${formatDate(statement.paid_on)}` : 'Yes';
}
