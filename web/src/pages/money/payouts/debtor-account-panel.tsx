import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { FormModal } from '../../../components/form-modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { fieldErrorsOf } from '../statements/use-period-form';
import { notify } from '../../../app/notifications';
import type { DebtorAccountView } from '../../../../../shared/schemas/payment-views';
import { payoutsApi, useDebtorAccount } from './payouts-api';

/** The company's own bank account a SEPA file pays from, masked, with its edit form. */
function DebtorModal({
  view,
  onClose,
  onSaved,
}: {
  view: DebtorAccountView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(view.name ?? '');
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState(view.bic ?? '');
  const [amounts, setAmounts] = useState(view.uk_bulk_amounts);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const answer = await payoutsApi.saveDebtor({
        name,
        ...(iban.trim() ? { iban } : {}),
        ...(bic.trim() ? { bic } : {}),
        uk_bulk_amounts: amounts,
      });
      notify('notification', answer.message ?? 'Bank Account Updated');
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <FormModal
      header="Company bank account"
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      submitText="Save"
      submitTestId="debtor-save"
    >
      <FormField label="Account name" errorText={errors.name}>
        <Input value={name} onChange={({ detail }) => setName(detail.value)} data-testid="debtor-name" />
      </FormField>
      <FormField
        label="IBAN"
        description={view.iban_last4 ? `Stored: ${view.iban_last4}. Leave blank to keep it.` : undefined}
        errorText={errors.iban}
      >
        <Input
          value={iban}
          autoComplete="off"
          onChange={({ detail }) => setIban(detail.value)}
          data-testid="debtor-iban"
        />
      </FormField>
      <FormField label="BIC (SWIFT)" errorText={errors.bic}>
        <Input value={bic} onChange={({ detail }) => setBic(detail.value)} data-testid="debtor-bic" />
      </FormField>
      <FormField label="UK bulk file amounts" description="As your bank's bulk payment template wants them.">
        <SegmentedControl
          selectedId={amounts}
          onChange={({ detail }) => setAmounts(detail.selectedId as 'pounds' | 'pence')}
          options={[
            { id: 'pounds', text: 'Pounds (12.34)' },
            { id: 'pence', text: 'Pence (1234)' },
          ]}
        />
      </FormField>
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
    </FormModal>
  );
}

export function DebtorAccountPanel() {
  const { data, mutate } = useDebtorAccount();
  const [editing, setEditing] = useState(false);
  const view = data?.debtor_account;
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="The account SEPA files pay from. Stored encrypted, shown masked."
          actions={
            <Button onClick={() => setEditing(true)} disabled={!view} data-testid="debtor-edit">
              {view?.complete ? 'Edit' : 'Add bank account'}
            </Button>
          }
        >
          Company bank account
        </Header>
      }
    >
      {view?.complete ? (
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Account name', value: view.name },
            { label: 'IBAN', value: view.iban_last4 },
            { label: 'BIC', value: view.bic },
            { label: 'UK bulk amounts', value: view.uk_bulk_amounts === 'pence' ? 'Pence' : 'Pounds' },
          ]}
        />
      ) : (
        <Box color="text-body-secondary">No bank account yet: a SEPA file cannot be made without it.</Box>
      )}
      {editing && view ? (
        <DebtorModal
          view={view}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void mutate();
          }}
        />
      ) : null}
    </Container>
  );
}
