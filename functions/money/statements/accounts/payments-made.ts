import Big from 'big.js';
import { formatDate } from '../../../../shared/format.js';
import { formatMoney } from '../../../../shared/money.js';
import type { StatementPaymentMade } from '../../../../shared/schemas/statement-views.js';
import { entriesOfAccount } from '../../../data/access/accounts.js';
import { getStatement } from '../../../data/access/statements.js';
import type { AccountEntryItem, StatementItem } from '../../../data/entities/statements.js';

/**
 * The payments a statement carries, as it shows them: "£70.00 paid on 10th Apr 2026 via BACS ref
 * Q1-2026 (statement ST-000041)". A payment entry is carried by one statement once (publishing
 * sets its statement_id), so what a statement shows never changes.
 */
export function paymentMadeText(
  payment: Pick<StatementPaymentMade, 'amount' | 'payment_date' | 'payment_method' | 'payment_reference'> & {
    paid_statement_number: string | null;
  },
  currency: string,
): string {
  return [
    `${formatMoney(payment.amount, currency)} paid on ${formatDate(payment.payment_date)}`,
    payment.payment_method ? `via ${payment.payment_method}` : '',
    payment.payment_reference ? `ref ${payment.payment_reference}` : '',
    payment.paid_statement_number ? `(statement ${payment.paid_statement_number})` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** One carried payment entry as the statement shows it. */
export function presentPaymentMade(
  entry: Pick<AccountEntryItem, 'amount' | 'date' | 'payment_method' | 'payment_reference' | 'paid_statement_id'>,
  paidNumber: string | null,
  currency: string,
): StatementPaymentMade {
  const made = {
    amount: new Big(entry.amount).abs().toFixed(2),
    payment_date: entry.date,
    payment_method: entry.payment_method ?? null,
    payment_reference: entry.payment_reference ?? null,
    paid_statement_id: entry.paid_statement_id ?? null,
    paid_statement_number: paidNumber,
  };
  return { ...made, text: paymentMadeText(made, currency) };
}

/**
 * The payments a published statement carries, oldest first. `carried`: its payment entries as the publishing read
 * them, when the caller has them (the delivery that numbered it); otherwise they are read.
 */
export async function paymentsMadeOn(
  statement: StatementItem,
  carried?: readonly AccountEntryItem[],
): Promise<StatementPaymentMade[]> {
  const payments =
    carried ??
    (await entriesOfAccount(statement.tenantId, statement.accountKey)).filter(
      (e) => e.kind === 'payment' && e.statement_id === statement.statementId,
    );
  const entries = [...payments].sort((a, b) => a.date.localeCompare(b.date) || a.entryId.localeCompare(b.entryId));
  const numbers = await Promise.all(
    entries.map(async (e) =>
      e.paid_statement_id ? ((await getStatement(statement.tenantId, e.paid_statement_id))?.number ?? null) : null,
    ),
  );
  return entries.map((entry, i) => presentPaymentMade(entry, numbers[i], statement.currency));
}
