import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { ApiError } from '../../../app/api';
import { notify, notifyError } from '../../../app/notifications';
import { formatMoney, formatMoneyByCurrency } from '../../../../../shared/money';
import {
  PAYOUT_METHOD_NAMES,
  type PaymentDue,
  type PaymentRun,
  type PaymentsDueSummary,
} from '../../../../../shared/schemas/payment-views';
import { DUE_PROBLEM_TEXT } from '../../../../../shared/schemas/payout-details';
import { payoutsApi, useDueSummary } from './payouts-api';
import { pairsToConvert } from './run-model';
import { DateInput } from '../../../components/date-input';
import { dayProblem } from '../../../components/form-rules';

const today = () => new Date().toISOString().slice(0, 10);
const keyOf = (due: PaymentDue) => `${due.account.type}#${due.account.id}`;

type CurrencyTotals = PaymentsDueSummary['by_currency'];

/**
 * "Due: £1,000.00 · to pay £900.00 · a run can pay £900.00" (the middle part only when VAT or tax make them differ),
 * each figure per currency as the server added them up ("£3.08 + EUR 1,235.56"), never one sum of both; a currency
 * whose figure is nought is left out of it.
 */
function dueWords(totals: CurrencyTotals): string {
  const first = totals[0]?.currency;
  const owed = formatMoneyByCurrency(totals, 'total', first);
  const toPay = formatMoneyByCurrency(totals, 'to_pay_total', first);
  const run = formatMoneyByCurrency(totals, 'run_can_pay', first);
  return `Due: ${owed}${toPay === owed ? '' : ` · to pay ${toPay}`} · a run can pay ${run}`;
}

/**
 * What is due (payments_due_summary), each account with why a run cannot pay it yet; the
 * accounts a run can pay are chosen (all by default) and Preview makes a draft run of them.
 */
export function DueTable({ onStarted }: { onStarted: (run: PaymentRun) => void }) {
  const [date, setDate] = useState(today());
  // The warnings are of a payment on the chosen day; a half-typed day keeps the last whole one's.
  const { data, isLoading, mutate } = useDueSummary(/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined);
  const rows = data?.payments_due ?? [];
  const payable = rows.filter((r) => !r.problems.length);
  const [chosen, setChosen] = useState<PaymentDue[] | null>(null);
  const selected = chosen ?? payable;
  // The rates the run converts at, by pair ("GBP→EUR"), for the chosen accounts whose method pays another currency.
  const [rates, setRates] = useState<Record<string, string>>({});
  const pairs = pairsToConvert(selected);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Every refusal but the date's (shown beside its field): the statements', and the rates' ("exchange_rates.0.rate").
  const notBesideAField = Object.entries(errors)
    .filter(([field]) => field !== 'execution_date')
    .map(([, text]) => text);
  const [busy, setBusy] = useState(false);

  const preview = async () => {
    // The day is checked as the field names it ("Pay on"): the API would name its own field instead.
    const dateProblem = dayProblem('Pay on', date, true);
    if (dateProblem) {
      setErrors({ execution_date: dateProblem });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const answer = await payoutsApi.createRun({
        statement_ids: selected.flatMap((r) => r.statement_ids),
        execution_date: date,
        // A rate left empty is not sent: the run then names the pair that still needs one.
        exchange_rates: pairs
          .map((p) => ({ from: p.from, to: p.to, rate: (rates[p.key] ?? '').trim() }))
          .filter((r) => r.rate),
      });
      notify('notification', answer.message ?? 'Payment Run Added');
      setChosen(null);
      void mutate();
      onStarted(answer.payment_run);
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')])));
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Table
      data-testid="payments-due"
      loading={isLoading}
      loadingText="Reading what is due"
      items={rows}
      trackBy={keyOf}
      wrapLines
      selectionType="multi"
      selectedItems={selected}
      isItemDisabled={(row) => row.problems.length > 0}
      onSelectionChange={({ detail }) => setChosen(detail.selectedItems)}
      ariaLabels={{
        selectionGroupLabel: 'Accounts to pay',
        itemSelectionLabel: (_, row) => `Pay ${row.name}`,
        allItemsSelectionLabel: () => 'Pay every account',
      }}
      header={
        <Header
          variant="h2"
          counter={`(${rows.length})`}
          description={rows.length && data ? dueWords(data.by_currency) : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="end">
              {pairs.map((pair) => (
                <FormField key={pair.key} label={`1 ${pair.from} in ${pair.to}`} constraintText="Exchange rate">
                  <Input
                    value={rates[pair.key] ?? ''}
                    onChange={({ detail }) => setRates({ ...rates, [pair.key]: detail.value })}
                    inputMode="decimal"
                    placeholder="1.165"
                    ariaLabel={`Exchange rate from ${pair.from} to ${pair.to}`}
                    invalid={Boolean(errors.exchange_rates)}
                    data-testid={`payment-run-rate-${pair.from}-${pair.to}`}
                  />
                </FormField>
              ))}
              <FormField label="Pay on" errorText={errors.execution_date}>
                <DateInput
                  value={date}
                  onChange={setDate}
                  label="Pay on"
                  invalid={Boolean(errors.execution_date)}
                  testId="payment-run-date"
                />
              </FormField>
              <Button
                variant="primary"
                loading={busy}
                disabled={!selected.length}
                onClick={() => void preview()}
                data-testid="payment-run-preview"
              >
                Preview run
              </Button>
            </SpaceBetween>
          }
        >
          Payments due
        </Header>
      }
      footer={
        notBesideAField.length ? (
          <Box color="text-status-error" data-testid="payments-due-errors">
            {notBesideAField.join(' ')}
          </Box>
        ) : undefined
      }
      empty={<Box textAlign="center">Nothing is due: every published statement is paid.</Box>}
      columnDefinitions={[
        { id: 'name', header: 'Paid to', cell: (r) => r.name },
        {
          id: 'statements',
          header: 'Statements',
          cell: (r) => (
            <>
              {r.statement_numbers.join(', ')}
              {r.carried_statement_numbers?.length ? (
                // Their balances opened the due statement: paying it settles them, nothing is added twice.
                <Box
                  variant="small"
                  display="block"
                  color="text-body-secondary"
                  data-testid={`due-carried-${r.account.id}`}
                >
                  carries {r.carried_statement_numbers.join(', ')}
                </Box>
              ) : null}
            </>
          ),
        },
        {
          id: 'payable',
          header: 'To pay',
          // What the run sends: the payable, with a self-billing invoice's VAT added and tax withheld taken off.
          cell: (r) => (
            <>
              <span data-testid={`due-payable-${r.account.id}`}>{formatMoney(r.to_pay, r.currency)}</span>
              {r.pay_currency === r.currency ? null : (
                // SEPA pays euro and a UK bank payment pounds: the run converts at the rate given above.
                <Box variant="small" display="block" color="text-body-secondary">
                  paid in {r.pay_currency} at the run's rate
                </Box>
              )}
            </>
          ),
        },
        { id: 'method', header: 'Paid by', cell: (r) => (r.method ? PAYOUT_METHOD_NAMES[r.method] : '-') },
        {
          id: 'problems',
          header: 'Can be paid',
          cell: (r) => (
            <>
              {r.problems.length ? (
                <Box color="text-status-warning">No: {r.problems.map((p) => DUE_PROBLEM_TEXT[p]).join('; ')}</Box>
              ) : (
                <Box color="text-status-success">Yes</Box>
              )}
              {/* Worth knowing before paying, never in the way: a tax form run out by the payment date. */}
              {r.warnings.map((warning) => (
                <Box key={warning} color="text-status-warning" data-testid={`due-warning-${r.account.id}`}>
                  {warning}
                </Box>
              ))}
            </>
          ),
        },
      ]}
    />
  );
}
