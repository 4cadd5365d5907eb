import Autosuggest from '@cloudscape-design/components/autosuggest';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../app/api';
import { notify } from '../../app/notifications';
import { serverFieldErrors } from '../../components/form-rules';
import { distributorSuggestions, ratePayload, validateRate, type ExchangeRateValues } from './exchange-rate-model';
import { royaltiesApi, useDeliveredBy, useDistributors, useRoyaltyMaps } from './royalties-api';
import { DateField } from '../../components/date-input';

/** Currencies offered first; any 3-letter code may be typed. */
const COMMON_CURRENCIES = [
  'GBP',
  'USD',
  'EUR',
  'CAD',
  'AUD',
  'JPY',
  'SEK',
  'NOK',
  'DKK',
  'CHF',
  'NZD',
  'BRL',
  'MXN',
  'INR',
  'ZAR',
];

type Field = keyof ExchangeRateValues;

/**
 * Adds a rate: the distributor (typed, or one of the delivered_by values, column
 * maps and distributors known), the payment date it applies from, the currency pair and the rate.
 * Client checks first, then the server's per-field errors on the same fields.
 */
export function ExchangeRateForm({
  initial,
  currencies,
  onAdded,
}: {
  initial: ExchangeRateValues;
  currencies: string[];
  onAdded: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const deliveredBy = useDeliveredBy();
  const distributors = useDistributors();
  const maps = useRoyaltyMaps();
  const names = distributorSuggestions(
    deliveredBy.data?.delivered_by,
    maps.data?.royalty_maps.map((m) => m.name),
    distributors.data?.distributors.map((d) => d.name),
  );
  const codes = [...new Set([...currencies, ...COMMON_CURRENCIES])];
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));

  // Not the shared useFormSubmit: the form stays on the page and is used again after each rate.
  const submit = async () => {
    const found = validateRate(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const answer = await royaltiesApi.createRate(ratePayload(values));
      notify('notification', answer.message ?? 'Exchange Rate Added');
      setValues((v) => ({ ...v, rate: '' }));
      onAdded();
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors) as Partial<Record<Field, string>>);
      setFailure(errorMessage(error));
      notify('error', errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const currency = (field: 'original_currency' | 'target_currency', label: string) => (
    <FormField label={label} errorText={errors[field]} data-testid={`rate-field-${field}`}>
      <Autosuggest
        value={values[field]}
        onChange={({ detail }) => set(field, detail.value.toUpperCase())}
        options={codes.map((value) => ({ value }))}
        placeholder="GBP"
        enteredTextLabel={(value) => `Use: ${value.toUpperCase()}`}
        invalid={Boolean(errors[field])}
        ariaLabel={label}
      />
    </FormField>
  );

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="rate-form"
    >
      <Form
        errorText={failure}
        actions={
          <Button variant="primary" loading={saving} data-testid="rate-submit">
            Add rate
          </Button>
        }
      >
        <Container
          header={
            <Header
              variant="h2"
              description="One unit of the original currency in the target currency, for the distributor's reports paid on or after the date."
            >
              Add a rate
            </Header>
          }
        >
          <Grid
            gridDefinition={[
              { colspan: { default: 12, xs: 6 } },
              { colspan: { default: 12, xs: 3 } },
              { colspan: { default: 12, xs: 3 } },
              { colspan: { default: 6, xs: 3 } },
              { colspan: { default: 6, xs: 3 } },
            ]}
          >
            <FormField
              label="Distributor"
              description="The report's source: its delivered by, or its column map's name"
              errorText={errors.distributor}
              data-testid="rate-field-distributor"
            >
              <Autosuggest
                value={values.distributor}
                onChange={({ detail }) => set('distributor', detail.value)}
                options={names.map((value) => ({ value }))}
                placeholder="Type or choose"
                enteredTextLabel={(value) => `Use: ${value}`}
                empty="No distributors known yet"
                statusType={deliveredBy.isLoading || maps.isLoading ? 'loading' : 'finished'}
                invalid={Boolean(errors.distributor)}
                ariaLabel="Distributor"
              />
            </FormField>
            <DateField
              label="Payment date"
              value={values.payment_date}
              onChange={(day) => set('payment_date', day)}
              error={errors.payment_date}
              testId="rate-field-payment_date"
            />
            <FormField
              label="Rate"
              constraintText="Up to 6 decimal places"
              errorText={errors.rate}
              data-testid="rate-field-rate"
            >
              <Input
                value={values.rate}
                onChange={({ detail }) => set('rate', detail.value)}
                inputMode="decimal"
                placeholder="0.79"
                invalid={Boolean(errors.rate)}
              />
            </FormField>
            {currency('original_currency', 'From')}
            {currency('target_currency', 'To')}
          </Grid>
        </Container>
      </Form>
    </form>
  );
}
