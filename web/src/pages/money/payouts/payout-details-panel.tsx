import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import { FormModal } from '../../../components/form-modal';
import Select from '@cloudscape-design/components/select';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { fieldErrorsOf } from '../statements/use-period-form';
import { notify } from '../../../app/notifications';
import { FormattedDate } from '../../../components/formatted';
import {
  PAYOUT_METHOD_NAMES,
  PAYOUT_METHODS,
  type PayoutDetailsView,
  type PayoutMethod,
} from '../../../../../shared/schemas/payment-views';
import { METHOD_CURRENCY, METHOD_FIELDS } from '../../../../../shared/schemas/payout-details';
import type { AccountType } from '../../../../../shared/schemas/statement-views';
import { payoutsApi, usePayoutDetails, type PayoutDetailsForm } from './payouts-api';

/**
 * How a payee, an artist or a label is paid, on its page: the stored details masked
 * (the browser never gets them in full), and a form that sends only what is typed — a blank field
 * keeps what is stored.
 */
const LABELS: Record<string, string> = {
  account_name: 'Account holder name',
  iban: 'IBAN',
  bic: 'BIC (SWIFT)',
  sort_code: 'Sort code',
  account_number: 'Account number',
  email: 'E-mail (PayPal or Wise account)',
  currency: 'Currency',
};
const PLACEHOLDERS: Record<string, string> = {
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  sort_code: '12-34-56',
  account_number: '12345678',
};
const SECRET = new Set(['iban', 'sort_code', 'account_number', 'email']);

const methodOption = (method: PayoutMethod) => ({ value: method, label: PAYOUT_METHOD_NAMES[method] });

function storedMask(view: PayoutDetailsView, field: string): string | null {
  if (field === 'iban') return view.iban_last4;
  if (field === 'sort_code') return view.sort_code_last2;
  if (field === 'account_number') return view.account_number_last4;
  if (field === 'email') return view.email_masked;
  return null;
}

function DetailsModal({
  type,
  id,
  view,
  onClose,
  onSaved,
}: {
  type: AccountType;
  id: string;
  view: PayoutDetailsView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [method, setMethod] = useState<PayoutMethod>(view.method ?? 'uk_bulk');
  const [values, setValues] = useState<Record<string, string>>({
    account_name: view.account_name ?? '',
    bic: view.bic ?? '',
    currency: view.currency ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = [...METHOD_FIELDS[method], ...(METHOD_CURRENCY[method] ? [] : ['currency' as const])];

  const save = async () => {
    setBusy(true);
    setFailure(null);
    const body: PayoutDetailsForm = { method };
    for (const field of fields) {
      const value = values[field]?.trim();
      // A blank secret keeps what is stored (the browser only ever saw its mask).
      if (value) Object.assign(body, { [field]: value });
    }
    try {
      const answer = await payoutsApi.saveDetails(type, id, body);
      notify('notification', answer.message ?? 'Payout Details Updated');
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
      header="Payout details"
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      submitText="Save"
      submitTestId="payout-details-save"
    >
      <FormField label="Paid by" errorText={errors.method}>
        <Select
          selectedOption={methodOption(method)}
          options={PAYOUT_METHODS.map(methodOption)}
          onChange={({ detail }) => {
            setMethod(detail.selectedOption.value as PayoutMethod);
            setErrors({});
          }}
          data-testid="payout-details-method"
        />
      </FormField>
      {fields.map((field) => {
        const mask = SECRET.has(field) ? storedMask(view, field) : null;
        return (
          <FormField
            key={field}
            label={LABELS[field]}
            description={mask ? `Stored: ${mask}. Leave blank to keep it.` : undefined}
            errorText={errors[field]}
          >
            <Input
              value={values[field] ?? ''}
              placeholder={PLACEHOLDERS[field] ?? (field === 'currency' ? 'GBP' : '')}
              autoComplete="off"
              onChange={({ detail }) => setValues((v) => ({ ...v, [field]: detail.value }))}
              data-testid={`payout-details-${field}`}
            />
          </FormField>
        );
      })}
      {METHOD_CURRENCY[method] ? <Box color="text-body-secondary">Paid in {METHOD_CURRENCY[method]}.</Box> : null}
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
    </FormModal>
  );
}

const NOUN: Record<AccountType, string> = { Payee: 'payee', Artist: 'artist', Label: 'label' };

/** The payout-details panel of an account's page: a payee's, an artist's or a label's. */
export default function PayoutDetailsPanel({ type, id }: { type: AccountType; id: string }) {
  const { data, error, mutate } = usePayoutDetails(type, id);
  const [editing, setEditing] = useState(false);
  const view = data?.payout_details;
  // A role without money rights (or an admin page of another company's account) cannot read them: no panel.
  if (error) return null;
  const row = (label: string, value: string | null) => ({ label, value: value ?? '—' });
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Bank details are stored encrypted and shown masked; every change is logged."
          actions={
            <Button onClick={() => setEditing(true)} disabled={!view} data-testid="payout-details-edit">
              {view?.method ? 'Edit payout details' : 'Add payout details'}
            </Button>
          }
        >
          Payout details
        </Header>
      }
      data-testid="payout-details"
    >
      {view?.method ? (
        <KeyValuePairs
          columns={3}
          items={[
            row('Paid by', PAYOUT_METHOD_NAMES[view.method]),
            row('Account holder', view.account_name),
            row('Currency', view.currency),
            ...(view.iban_last4 ? [row('IBAN', view.iban_last4), row('BIC', view.bic)] : []),
            ...(view.sort_code_last2 ? [row('Sort code', view.sort_code_last2)] : []),
            ...(view.account_number_last4 ? [row('Account number', view.account_number_last4)] : []),
            ...(view.email_masked ? [row('E-mail', view.email_masked)] : []),
            { label: 'Last changed', value: <FormattedDate value={view.updated_at} /> },
          ]}
        />
      ) : (
        <Box color="text-body-secondary">No payout details yet: a payment run cannot pay this {NOUN[type]}.</Box>
      )}
      {editing && view ? (
        <DetailsModal
          type={type}
          id={id}
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
