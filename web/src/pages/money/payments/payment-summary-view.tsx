import Box from '@cloudscape-design/components/box';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Big from 'big.js';
import { formatPercent } from '../../../../../shared/format';
import { currencyCode, formatMoney } from '../../../../../shared/money';
import type { PaymentSummary } from '../../../../../shared/schemas/payment-views';
import { RouterLink } from '../../../components/router-link';
import { accountPath } from '../statements/statement-model';

/**
 * What the chosen statements pay, as the server works it out (POST payments/summary, the rule recording the payment
 * uses): who is paid, the currency, the payable, VAT and tax withheld, and the total the payment will record.
 */
export function PaymentSummaryView({ summary, loading }: { summary: PaymentSummary | null; loading: boolean }) {
  if (!summary)
    return loading ? (
      <StatusIndicator type="loading" data-testid="payment-summary-loading">
        Working out what the statements pay
      </StatusIndicator>
    ) : null;
  const m = (value: string) => formatMoney(value, summary.payment_currency);
  const some = (value: string) => !new Big(value).eq(0);
  const carried = summary.carried_statements.map((s) => s.number);
  return (
    <Box data-testid="payment-summary">
      <KeyValuePairs
        columns={4}
        items={[
          {
            label: 'Paid to',
            value: (
              <RouterLink href={accountPath({ type: summary.payable_type, id: summary.payable_id })}>
                {summary.payable_name}
              </RouterLink>
            ),
          },
          { label: 'Currency', value: currencyCode(summary.payment_currency) },
          {
            label: 'Subtotal',
            value: <span data-testid="payment-summary-subtotal">{m(summary.payment_subtotal)}</span>,
          },
          {
            label: some(summary.vat) ? `VAT at ${formatPercent(summary.vat)}` : 'VAT',
            value: <span data-testid="payment-summary-vat">{m(summary.payment_vat_total)}</span>,
          },
          ...(some(summary.payment_withholding_total)
            ? [{ label: 'Tax withheld', value: m(`-${summary.payment_withholding_total}`) }]
            : []),
          {
            label: 'Total to pay',
            value: (
              <Box fontWeight="bold" data-testid="payment-summary-total">
                {m(summary.payment_total)}
              </Box>
            ),
          },
          { label: 'Self-billing', value: summary.self_billing ? 'Yes' : 'No' },
          ...(carried.length ? [{ label: 'Also settles', value: carried.join(', ') }] : []),
        ]}
      />
    </Box>
  );
}
