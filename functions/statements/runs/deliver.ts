import type { Statement } from '../../../shared/schemas/statement-views.js';
import { sendMail } from '../../lib/mail.js';

/**
 * Sends a statement to its recipients through the one mail adapter (SES in AWS, the outbox
 * locally), with its subject ('Royalty Statement for {payee name} {period}').
 */
export async function mailStatement(statement: Statement, _pdf: Uint8Array): Promise<void> {
  const text = [
    `Please find your royalty statement ${statement.number} for ${statement.accounting_period}.`,
    `Closing balance: ${statement.figures.closing_balance} ${statement.currency}`,
    `Payable: ${statement.figures.payable} ${statement.currency}`,
    statement.message,
  ]
    .filter(Boolean)
    .join('\n');
  for (const to of statement.recipients) await sendMail({ to, subject: statement.subject, text });
}
