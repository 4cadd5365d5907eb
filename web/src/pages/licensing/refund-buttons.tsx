import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { DateField } from '../../components/date-input';
import { fieldErrorsOf } from '../money/statements/use-period-form';
import type { License } from './licensing-api';
import { usePermits } from '../../app/use-may-open';

type RefundKind = 'advance' | 'payment';

/**
 * "Refund advance" and "Refund payment": a deal called off after money moved. Asks the day the money went back, then
 * reverses what it made in that month: an outgoing licence's advance lines (before its invoice: once invoiced, the
 * invoice is credited instead), an incoming licence's advance or payment expenses (taken back by expenses of the
 * opposite sign). The licence then no longer counts that money as paid.
 */
export function RefundButton({
  license,
  kind,
  onChanged,
}: {
  license: License;
  kind: RefundKind;
  onChanged: (l: License) => void;
}) {
  const [open, setOpen] = useState(false);
  const [refundedOn, setRefundedOn] = useState(new Date().toISOString().slice(0, 10));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // A refund moves money (POST /licenses/{id}/advance_refund, /payment_refund: money.write).
  const mayRefund = usePermits('money.write');
  const words = refundWords(license, kind);
  const refund = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post<{ license: License; message: string }>(`/licenses/${license.id}/${kind}_refund`, {
        refund_date: refundedOn,
      });
      notify('notification', answer.message);
      setOpen(false);
      onChanged(answer.license);
    } catch (failure) {
      const field = fieldErrorsOf(failure)?.refund_date;
      if (field) setError(field);
      else notify('error', errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  if (!mayRefund) return null;
  return (
    <>
      <Button data-testid={`license-refund-${kind}`} onClick={() => setOpen(true)}>
        {words.button}
      </Button>
      {open ? (
        <ConfirmActionModal
          header={words.header}
          confirmText={words.button}
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => void refund()}
          confirmTestId={`license-refund-${kind}-confirm`}
        >
          <Box margin={{ bottom: 's' }}>{words.body}</Box>
          <RefundedOnField
            value={refundedOn}
            onChange={setRefundedOn}
            error={error}
            testId={`license-refund-${kind}-date`}
          />
        </ConfirmActionModal>
      ) : null}
    </>
  );
}

/** What a refund's button and dialog say, by what is refunded and which way the money went. */
function refundWords(license: License, kind: RefundKind) {
  const money = (amount: string) => formatMoney(amount, license.fee_currency);
  if (kind === 'advance') {
    const paidOn = `It was paid on ${formatDate(license.advance_paid_date)}.`;
    return {
      button: 'Refund advance',
      header: `Refund the advance of ${money(license.advance_fee ?? '0')}?`,
      body:
        license.type === 'outgoing'
          ? `${paidOn} Its ledger lines are reversed in the refund's month, so the payees' next statements give it back, and the licence no longer counts it as received.`
          : `${paidOn} ${license.licensee_name} gives it back: its expenses are taken back on the refund's day, so payees who recouped it get it back on their next statements, and the licence no longer counts it as paid.`,
    };
  }
  const rest = license.advance_paid ? 'the rest of the fee' : 'the fee';
  return {
    button: 'Refund payment',
    header: `Record that ${license.licensee_name} refunded the payment?`,
    body: `${rest[0]?.toUpperCase()}${rest.slice(1)} was paid on ${formatDate(license.payment_date)}. Its expenses are taken back on the refund's day, so payees who recouped it get it back on their next statements, and the licence is signed again, to be paid again or ended.`,
  };
}

/** The day money went back, as a refund's dialog asks it (today until changed). */
export function RefundedOnField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  return (
    <DateField
      label="Refunded on"
      value={props.value}
      onChange={props.onChange}
      error={props.error}
      testId={props.testId}
    />
  );
}
