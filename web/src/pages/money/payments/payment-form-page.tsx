import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../../shared/messages';
import { useInvalidate } from '../../../app/invalidate';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { useServerSearch } from '../../../components/use-server-search';
import { useFormSubmit } from '../../../components/use-form-submit';
import { formatMoney } from '../../../../../shared/money';
import { useCompanyCurrency } from '../../../app/company-currency';
import { today } from '../statements/statement-model';
import {
  emptyPayment,
  paymentToValues,
  payoutWords,
  statementOption,
  summaryRequest,
  toPaymentPatch,
  toPaymentPayload,
  validatePayment,
  type PaymentFormValues,
  type PickedStatement,
} from './payment-model';
import { RoutePayment } from './payment-detail-page';
import { paymentsApi, useDueStatements, usePaymentPages, usePaymentSummary, useStatementToPay } from './payments-api';
import type { Payment, PaymentSummary } from '../../../../../shared/schemas/payment-views';
import { fieldErrorsOf } from '../statements/use-period-form';
import { PaymentSummaryView } from './payment-summary-view';
import { DateField } from '../../../components/date-input';
import { CurrencySelect } from '../../../components/currency-select';

/** The company's due statements, searched by number or payee; the chosen ones stay listed while the search changes. */
function StatementPicker({
  value,
  onChange,
  invalid,
}: {
  value: PickedStatement[];
  onChange: (value: PickedStatement[]) => void;
  invalid: boolean;
}) {
  const { q, open, searchProps } = useServerSearch();
  const { data, isLoading, error } = useDueStatements(q, open);
  const found = data?.statements ?? [];
  const known = new Map([...found, ...value].map((s) => [s.id, s]));
  const options = [...value, ...found.filter((s) => !value.some((v) => v.id === s.id))].map((s) =>
    statementOption(s, formatMoney),
  );
  return (
    <Multiselect
      selectedOptions={value.map((s) => statementOption(s, formatMoney))}
      options={options}
      onChange={({ detail }) =>
        onChange(
          detail.selectedOptions.flatMap((o) => {
            const statement = o.value ? known.get(o.value) : undefined;
            return statement ? [statement] : [];
          }),
        )
      }
      {...searchProps(
        { isLoading, error },
        { errorText: 'Could not load the statements', nothing: 'No unpaid statements pay anything' },
      )}
      placeholder="Choose unpaid statements of one payee"
      filteringPlaceholder="Search by number or payee"
      invalid={invalid}
      tokenLimit={5}
      data-testid="payment-statements-picker"
    />
  );
}

function PaymentForm({ payment, start }: { payment?: Payment; start?: PickedStatement | null }) {
  const navigate = useNavigate();
  const pages = usePaymentPages();
  const refresh = useInvalidate('/payments', '/statements');
  const [values, setValues] = useState<PaymentFormValues>(() => {
    if (payment) return paymentToValues(payment);
    const empty = emptyPayment(today());
    return start ? { ...empty, statements: [start] } : empty;
  });
  const set = <K extends keyof PaymentFormValues>(key: K, value: PaymentFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  // The server's figures for the chosen statements (none when editing: a payment's money is fixed).
  const summary = usePaymentSummary(payment ? null : summaryRequest(values));
  const figures = summary.summary;
  // The total is the server's until the user types one; a new choice of statements starts again from the server's.
  const [typedTotal, setTypedTotal] = useState(false);
  const serverTotal = figures?.payment_total;
  useEffect(() => {
    if (serverTotal && !typedTotal) setValues((v) => ({ ...v, payment_total: serverTotal }));
  }, [serverTotal, typedTotal]);
  const form = useFormSubmit({
    validate: () => validatePayment(values, Boolean(payment), figures),
    send: () =>
      payment ? paymentsApi.update(payment.id, toPaymentPatch(values)) : paymentsApi.create(toPaymentPayload(values)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? (payment ? 'Payment Updated' : 'Payment Added'));
      navigate(pages.detail(answer.payment.id));
    },
  });
  const companyCurrency = useCompanyCurrency();
  // A new payment is in its statements' currency, else the company's: never an assumed one.
  const currency = payment?.payment_currency ?? values.statements[0]?.currency ?? companyCurrency;
  const chooseStatements = (statements: PickedStatement[]) => {
    setTypedTotal(false);
    setValues((v) => ({ ...v, statements, payment_total: '' }));
  };
  // Why the server would refuse these statements (paid meanwhile, carried forward), before the user records them.
  const refused = summary.error ? (fieldErrorsOf(summary.error)?.statement_ids ?? summary.error.message) : undefined;
  const text = (
    key: 'payment_method' | 'payment_reference' | 'invoice_reference' | 'account_reference',
    label: string,
  ) => (
    <FormField label={label} errorText={form.errors[key]}>
      <Input value={values[key]} onChange={({ detail }) => set(key, detail.value)} data-testid={`payment-${key}`} />
    </FormField>
  );
  return (
    <FormShell
      testId="payment"
      title={payment ? `Edit payment to ${payment.payable_name}` : 'Record a payment'}
      description="A payment pays one account's statements: they are marked paid and the next statement shows it."
      failure={form.failure}
      errors={form.errors}
      submitting={form.submitting}
      submitLabel={payment ? 'Save changes' : 'Record payment'}
      onSubmit={() => void form.submit()}
      onCancel={() => navigate(payment ? pages.detail(payment.id) : pages.list)}
    >
      <SpaceBetween size="l">
        {payment ? (
          <Alert type="info" data-testid="payment-money-fixed">
            {MESSAGES.paymentMoneyFixed}. It pays {payment.statements.map((s) => s.number).join(', ')}:{' '}
            {formatMoney(payment.payment_total, payment.payment_currency)}.
          </Alert>
        ) : (
          <FormField
            label="Statements"
            description="Unpaid statements that pay something; all of one payee."
            errorText={form.errors.statement_ids ?? refused}
          >
            <StatementPicker
              value={values.statements}
              onChange={chooseStatements}
              invalid={Boolean(form.errors.statement_ids ?? refused)}
            />
          </FormField>
        )}
        {payment || !values.statements.length ? null : (
          <PaymentSummaryView summary={figures} loading={summary.loading} />
        )}
        <DateField
          label="Payment date"
          value={values.payment_date}
          onChange={(day) => set('payment_date', day)}
          error={form.errors.payment_date}
          testId="payment-payment_date"
        />
        {payment ? null : (
          <FormField
            label="Payment total"
            description="What the statements pay; it must match them to the penny."
            constraintText={(figures && payoutWords(figures, (value) => formatMoney(value, currency))) ?? undefined}
            errorText={form.errors.payment_total}
          >
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Input
                value={values.payment_total}
                inputMode="decimal"
                onChange={({ detail }) => {
                  setTypedTotal(true);
                  set('payment_total', detail.value);
                }}
                data-testid="payment-payment_total"
              />
              <Box data-testid="payment-currency">{formatMoney(values.payment_total || '0', currency)}</Box>
            </SpaceBetween>
          </FormField>
        )}
        {payment ? null : (
          <SentInAnotherCurrency
            values={values}
            set={set}
            errors={form.errors}
            sent={figures?.converted ?? null}
            money={(value) => formatMoney(value, currency)}
          />
        )}
        {text('payment_method', 'Payment method')}
        {text('payment_reference', 'Payment reference')}
        {text('invoice_reference', 'Invoice reference')}
        {text('account_reference', 'Account reference')}
      </SpaceBetween>
    </FormShell>
  );
}

/**
 * Money sent from an account in another currency than the statements' (a pound statement paid from a euro account):
 * the currency and the rate, and what that sent, as the server works it out (the figure the payment records).
 */
function SentInAnotherCurrency({
  values,
  set,
  errors,
  sent,
  money,
}: {
  values: PaymentFormValues;
  set: <K extends keyof PaymentFormValues>(key: K, value: PaymentFormValues[K]) => void;
  errors: Record<string, string>;
  /** What the server works out the bank sent (POST payments/summary), once the currency and rate read as such. */
  sent: PaymentSummary['converted'];
  money: (value: string) => string;
}) {
  return (
    <ExpandableSection
      headerText="Sent in another currency"
      defaultExpanded={Boolean(values.sent_currency || values.exchange_rate)}
      data-testid="payment-sent-section"
    >
      <SpaceBetween direction="horizontal" size="l">
        <FormField
          label="Sent currency"
          description="The currency the money left the bank in."
          errorText={errors.sent_currency}
        >
          <CurrencySelect
            value={values.sent_currency}
            onChange={(code) => set('sent_currency', code)}
            testId="payment-sent_currency"
          />
        </FormField>
        <FormField
          label="Exchange rate"
          description={`Units of the sent currency for ${money('1')}.`}
          errorText={errors.exchange_rate}
          constraintText={sent ? `Sent: ${formatMoney(sent.total, sent.currency)}` : undefined}
        >
          <Input
            value={values.exchange_rate}
            inputMode="decimal"
            placeholder="1.165"
            onChange={({ detail }) => set('exchange_rate', detail.value)}
            data-testid="payment-exchange_rate"
          />
        </FormField>
      </SpaceBetween>
    </ExpandableSection>
  );
}

/** …/payments/new (?statement_id= starts with that statement chosen): then to the payment. */
export function NewPaymentPage() {
  const [query] = useSearchParams();
  const statementId = query.get('statement_id');
  const { data, error, isLoading } = useStatementToPay(statementId);
  const [ready, setReady] = useState(!statementId);
  useEffect(() => {
    if (data || error) setReady(true);
  }, [data, error]);
  return (
    <ContentLayout>
      {ready && !isLoading ? <PaymentForm start={data?.statement ?? null} /> : <Box>Loading</Box>}
    </ContentLayout>
  );
}

/** …/payments/{paymentId}/edit: the date, method and references (money and statements are fixed). */
export function EditPaymentPage() {
  return (
    <RoutePayment>
      {(payment) => (
        <ContentLayout>
          <PaymentForm key={payment.id} payment={payment} />
        </ContentLayout>
      )}
    </RoutePayment>
  );
}
