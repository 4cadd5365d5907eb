import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import {
  PAYOUT_METHOD_NAMES,
  PAYOUT_METHODS,
  type PayoutDetailsView,
  type PayoutMethod,
} from '../../../../../shared/schemas/payment-views';
import { METHOD_CURRENCY, METHOD_FIELDS } from '../../../../../shared/schemas/payout-details';
import type { PayoutDetailsForm } from './payouts-api';
import { CurrencySelect } from '../../../components/currency-select';

/**
 * The payout-details form both ways in: a member's modal on the account's page and the payee's own page behind a
 * secure link. The same methods and fields (METHOD_FIELDS); the API checks them with the same schema and answers
 * field errors, which the form shows beside each field.
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

/** How a payee reads the methods (the staff's names say which bank file pays them). */
export const PAYEE_METHOD_NAMES: Record<PayoutMethod, string> = {
  sepa: 'Bank account in the SEPA area (IBAN and BIC)',
  uk_bulk: 'UK bank account (sort code and account number)',
  paypal: 'PayPal',
  wise: 'Wise',
};

function storedMask(view: PayoutDetailsView | undefined, field: string): string | null {
  if (!view) return null;
  if (field === 'iban') return view.iban_last4;
  if (field === 'sort_code') return view.sort_code_last2;
  if (field === 'account_number') return view.account_number_last4;
  if (field === 'email') return view.email_masked;
  return null;
}

/** The form's state: the method, what is typed, the API's field errors; `body()` is what to send. */
export function usePayoutDetailsForm(view?: PayoutDetailsView) {
  const [method, setMethod] = useState<PayoutMethod>(view?.method ?? 'uk_bulk');
  const [values, setValues] = useState<Record<string, string>>({
    account_name: view?.account_name ?? '',
    bic: view?.bic ?? '',
    currency: view?.currency ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = [...METHOD_FIELDS[method], ...(METHOD_CURRENCY[method] ? [] : ['currency' as const])];
  const body = (): PayoutDetailsForm => {
    const sent: PayoutDetailsForm = { method };
    for (const field of fields) {
      const value = values[field]?.trim();
      // A blank field is left out: on a member's form it keeps what is stored (the browser only saw its mask).
      if (value) Object.assign(sent, { [field]: value });
    }
    return sent;
  };
  return { method, setMethod, values, setValues, errors, setErrors, fields, body };
}
type FormState = ReturnType<typeof usePayoutDetailsForm>;

/**
 * The method and its fields. With `view` (a member's form) each secret field says what is stored, masked; the
 * payee's page passes none, so nothing stored is shown there.
 */
export function PayoutDetailsFields({
  form,
  view,
  methodNames = PAYOUT_METHOD_NAMES,
}: {
  form: FormState;
  view?: PayoutDetailsView;
  methodNames?: Record<PayoutMethod, string>;
}) {
  const option = (method: PayoutMethod) => ({ value: method, label: methodNames[method] });
  const fixed = METHOD_CURRENCY[form.method];
  return (
    <SpaceBetween size="m">
      <FormField label="Paid by" errorText={form.errors.method}>
        <Select
          selectedOption={option(form.method)}
          options={PAYOUT_METHODS.map(option)}
          onChange={({ detail }) => {
            form.setMethod(detail.selectedOption.value as PayoutMethod);
            form.setErrors({});
          }}
          data-testid="payout-details-method"
        />
      </FormField>
      {form.fields.map((field) => {
        const mask = SECRET.has(field) ? storedMask(view, field) : null;
        return (
          <FormField
            key={field}
            label={LABELS[field]}
            description={mask ? `Stored: ${mask}. Leave blank to keep it.` : undefined}
            errorText={form.errors[field]}
          >
            {field === 'currency' ? (
              <CurrencySelect
                value={form.values.currency ?? ''}
                onChange={(code) => form.setValues((v) => ({ ...v, currency: code }))}
                testId="payout-details-currency"
              />
            ) : (
              <Input
                value={form.values[field] ?? ''}
                placeholder={PLACEHOLDERS[field] ?? ''}
                autoComplete="off"
                onChange={({ detail }) => form.setValues((v) => ({ ...v, [field]: detail.value }))}
                data-testid={`payout-details-${field}`}
              />
            )}
          </FormField>
        );
      })}
      {fixed ? <Box color="text-body-secondary">Paid in {fixed}.</Box> : null}
    </SpaceBetween>
  );
}
