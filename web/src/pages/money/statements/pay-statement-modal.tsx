import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { errorMessage } from '../../../app/api';
import { notify } from '../../../app/notifications';
import { formatMoney } from '../../../../../shared/money';
import { statementsApi } from './statements-api';
import { today } from './statement-model';
import type { StatementRow } from '../../../../../shared/schemas/statement-views';
import { fieldErrorsOf } from './use-period-form';
import { DateField } from '../../../components/date-input';
import { dayProblem } from '../../../components/form-rules';

/** Mark paid (pay_statement): the payment date (default today, YYYY-MM-DD), method and reference. */
export function PayStatementModal({
  statement,
  onClose,
  onPaid,
}: {
  statement: StatementRow;
  onClose: () => void;
  onPaid: () => void;
}) {
  const [date, setDate] = useState(today());
  const [method, setMethod] = useState('');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const day = dayProblem('Payment date', date, true);
    if (day) {
      setErrors({ payment_date: day });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await statementsApi.pay(statement.id, {
        payment_date: date,
        payment_method: method.trim() || null,
        payment_reference: reference.trim() || null,
      });
      notify('notification', answer.message ?? MESSAGES.statementMarkedAsPaid);
      onPaid();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      header={`Mark ${statement.number} as paid`}
      onDismiss={onClose}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="pay-cancel">
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void submit()} data-testid="pay-confirm">
              Mark as paid
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>
          Pays {formatMoney(statement.payout.total, statement.currency)} to {statement.payee_name}; the payment appears
          on the account's next statement.
        </Box>
        <DateField label="Payment date" value={date} onChange={setDate} error={errors.payment_date} testId="pay-date" />
        <FormField label="Payment method" errorText={errors.payment_method}>
          <Input value={method} onChange={({ detail }) => setMethod(detail.value)} data-testid="pay-method" />
        </FormField>
        <FormField label="Payment reference" errorText={errors.payment_reference}>
          <Input value={reference} onChange={({ detail }) => setReference(detail.value)} data-testid="pay-reference" />
        </FormField>
        {failure ? (
          <Box color="text-status-error" data-testid="pay-failure">
            {failure}
          </Box>
        ) : null}
      </SpaceBetween>
    </Modal>
  );
}
