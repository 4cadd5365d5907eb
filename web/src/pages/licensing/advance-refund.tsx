import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { api, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import { fieldErrorsOf } from '../money/statements/use-period-form';
import type { License } from './licensing-api';

/**
 * "Refund advance", on a signed outgoing licence whose advance came in and that will not be invoiced: asks the day the
 * money went back; the advance's ledger lines are then reversed in that month and the licence no longer counts the
 * advance as paid.
 */
export function AdvanceRefundButton({ license, onChanged }: { license: License; onChanged: (l: License) => void }) {
  const [open, setOpen] = useState(false);
  const [refundedOn, setRefundedOn] = useState(new Date().toISOString().slice(0, 10));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const advance = formatMoney(license.advance_fee ?? '0', license.fee_currency);
  const refund = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.post<{ license: License; message: string }>(`/licenses/${license.id}/advance_refund`, {
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
  return (
    <>
      <Button data-testid="license-refund-advance" onClick={() => setOpen(true)}>
        Refund advance
      </Button>
      {open ? (
        <ConfirmActionModal
          header={`Refund the advance of ${advance}?`}
          confirmText="Refund advance"
          busy={busy}
          onCancel={() => setOpen(false)}
          onConfirm={() => void refund()}
          confirmTestId="license-refund-advance-confirm"
        >
          <Box margin={{ bottom: 's' }}>
            {`It was paid on ${formatDate(license.advance_paid_date)}. Its ledger lines are reversed in the refund's month, so the payees' next statements give it back, and the licence no longer counts it as received.`}
          </Box>
          <RefundedOnField
            value={refundedOn}
            onChange={setRefundedOn}
            error={error}
            testId="license-refund-advance-date"
          />
        </ConfirmActionModal>
      ) : null}
    </>
  );
}

/** The day money went back to the licensee, as a refund's dialog asks it (today until changed). */
export function RefundedOnField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
}) {
  return (
    <FormField label="Refunded on" constraintText="YYYY-MM-DD" errorText={props.error}>
      <Input data-testid={props.testId} value={props.value} onChange={({ detail }) => props.onChange(detail.value)} />
    </FormField>
  );
}
