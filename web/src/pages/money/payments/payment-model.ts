import Big from 'big.js';
import { MESSAGES } from '../../../../../shared/messages';
import { formatMoney } from '../../../../../shared/money';
import { optionalCents } from '../../../../../shared/schemas/money';
import type { Payment, PaymentSummary } from '../../../../../shared/schemas/payment-views';
import { formatPercent } from '../../../../../shared/format';
import { currencyCode } from '../../../../../shared/schemas/currency';
import { exchangeRateText } from '../../../../../shared/schemas/payout-conversion';
import type { StatementRow } from '../../../../../shared/schemas/statement-views';
import { dayProblem } from '../../../components/form-rules';
import { statementPeriodWords } from '../statements/statement-model';

/**
 * The payments pages' pure logic: where the pages live, the form's values
 * and checks; the payment's money is the server's (POST payments/summary), never added up here.
 */

export type PaymentPages = {
  list: string;
  new: string;
  detail: (id: string) => string;
  edit: (id: string) => string;
  /** The statements pages beside these (a payment links to the statements it pays). */
  statement: (id: string) => string;
  /** The payment run beside them: pay what is due by bank file. */
  run: string;
  /** The tax withheld from the company's payments (one page, under the user's finances). */
  withholding: string;
  /** Every payment over a range of days, for the accounts (one page, under the user's finances). */
  register: string;
};

const enc = encodeURIComponent;
function pagesUnder(list: string, statements: string, run: string): PaymentPages {
  return {
    list,
    run,
    withholding: '/user/finances/withholding_tax',
    register: '/user/finances/payments_register',
    new: `${list}/new`,
    detail: (id) => `${list}/${enc(id)}`,
    edit: (id) => `${list}/${enc(id)}/edit`,
    statement: (id) => `${statements}/${enc(id)}`,
  };
}

const DISTRIBUTION_PAYMENT_PAGES = pagesUnder(
  '/distribution/finances/payments',
  '/distribution/finances/statements',
  '/distribution/finances/payment_run',
);
/** A company's own users (a label's, a payee's) reach payments under their finances, like statements. */
const USER_PAYMENT_PAGES = pagesUnder(
  '/user/finances/payments',
  '/user/finances/statements',
  '/user/finances/payment_run',
);

/** The payments pages of the area a page is in: the distribution area's, or the user's finances. */
export function paymentPagesFor(pathname: string): PaymentPages {
  return /^\/distribution(\/|$)/.test(pathname) ? DISTRIBUTION_PAYMENT_PAGES : USER_PAYMENT_PAGES;
}

/** A payee's (or artist's, label's) payments: the list filtered to them, named in its header. */
export function paymentsOfPath(pages: PaymentPages, payable: { id: string; name: string }): string {
  return `${pages.list}?${new URLSearchParams({ payable_id: payable.id, payable_name: payable.name })}`;
}

/** A statement's "Record payment": the new payment's form with the statement chosen. */
export function payStatementPath(pages: PaymentPages, statementId: string): string {
  return `${pages.new}?${new URLSearchParams({ statement_id: statementId })}`;
}

/** A statement as the form's picker offers it. */
export type PickedStatement = Pick<
  StatementRow,
  | 'id'
  | 'number'
  | 'payee_id'
  | 'payee_type'
  | 'payee_name'
  | 'currency'
  | 'payee_total'
  | 'payout'
  | 'accounting_period'
  | 'start_pay_period'
  | 'end_pay_period'
>;

export function statementOption(statement: PickedStatement, money: (value: string, currency: string) => string) {
  return {
    value: statement.id,
    label: `${statement.number} · ${statement.payee_name}`,
    description: `${statementPeriodWords(statement)} · ${money(statement.payout.total, statement.currency)}`,
  };
}

/**
 * How the payment's total is made up, when it is not the statements' payable alone: "Payable £1,000.00 + VAT at 20%
 * £200.00 − tax withheld £300.00 = £700.00", each figure the server's (POST payments/summary), none added up here;
 * null when nothing is added or withheld.
 */
export function payoutWords(
  summary: Pick<
    PaymentSummary,
    'payment_subtotal' | 'payment_vat_total' | 'payment_withholding_total' | 'payment_total' | 'vat'
  >,
  money: (value: string) => string,
): string | null {
  const none = (value: string) => new Big(value).eq(0);
  const [vat, withheld] = [summary.payment_vat_total, summary.payment_withholding_total];
  if (none(vat) && none(withheld)) return null;
  return [
    `Payable ${money(summary.payment_subtotal)}`,
    none(vat) ? '' : ` + VAT${none(summary.vat) ? '' : ` at ${formatPercent(summary.vat)}`} ${money(vat)}`,
    none(withheld) ? '' : ` − tax withheld ${money(withheld)}`,
    ` = ${money(summary.payment_total)}`,
  ].join('');
}

/**
 * What POST payments/summary is asked for the form's values: the chosen statements, and the sent currency and rate
 * once both read as such (until then the summary is in the statements' currency alone); null with none chosen.
 */
export function summaryRequest(values: Pick<PaymentFormValues, 'statements' | 'sent_currency' | 'exchange_rate'>) {
  if (!values.statements.length) return null;
  const sent = SENT_CURRENCY.safeParse(values.sent_currency);
  const rate = exchangeRateText.safeParse(values.exchange_rate);
  const other = sent.success && sent.data !== values.statements[0].currency.toUpperCase();
  return {
    statement_ids: values.statements.map((s) => s.id),
    ...(other && rate.success ? { sent_currency: sent.data, exchange_rate: rate.data } : {}),
  };
}

export type PaymentFormValues = {
  statements: PickedStatement[];
  payment_date: string;
  payment_method: string;
  payment_reference: string;
  invoice_reference: string;
  account_reference: string;
  /** What the user says is paid: must equal Σ what the statements pay out (prefilled with it). */
  payment_total: string;
  /** When the money left the bank in another currency: that currency's code and the rate (both or neither). */
  sent_currency: string;
  exchange_rate: string;
};

export function emptyPayment(today: string): PaymentFormValues {
  return {
    statements: [],
    payment_date: today,
    payment_method: '',
    payment_reference: '',
    invoice_reference: '',
    account_reference: '',
    payment_total: '',
    sent_currency: '',
    exchange_rate: '',
  };
}

export function paymentToValues(payment: Payment): PaymentFormValues {
  return {
    statements: [],
    payment_date: payment.payment_date,
    payment_method: payment.payment_method ?? '',
    payment_reference: payment.payment_reference ?? '',
    invoice_reference: payment.invoice_reference ?? '',
    account_reference: payment.account_reference ?? '',
    payment_total: payment.payment_total,
    sent_currency: payment.converted?.currency ?? '',
    exchange_rate: payment.converted?.rate ?? '',
  };
}

/** Worded as the API words it (functions/money/payments/schemas.ts): the same rules. */
const PAYMENT_TOTAL = optionalCents('Payment total');
const SENT_CURRENCY = currencyCode('Sent currency');

/**
 * The form's own checks, worded as the API words them; `editing`: money and statements are fixed. `total` is the
 * server's total of the chosen statements (POST payments/summary), the figure a typed total must equal; unknown
 * (null) the server alone checks it.
 */
export function validatePayment(
  values: PaymentFormValues,
  editing: boolean,
  total: Pick<PaymentSummary, 'payment_total' | 'payment_currency'> | null = null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const day = dayProblem('Payment date', values.payment_date, true);
  if (day) errors.payment_date = day;
  if (editing) return errors;
  if (values.statements.length === 0) errors.statement_ids = MESSAGES.chooseStatementsToPay;
  else if (new Set(values.statements.map((s) => `${s.payee_type}#${s.payee_id}`)).size > 1)
    errors.statement_ids = MESSAGES.paymentOneAccount;
  else if (new Set(values.statements.map((s) => s.currency.toUpperCase())).size > 1)
    errors.statement_ids = MESSAGES.paymentOneCurrency;
  const typed = PAYMENT_TOTAL.safeParse(values.payment_total.trim());
  if (!typed.success) errors.payment_total = typed.error.issues[0]?.message ?? '';
  else if (typed.data !== undefined && total && !new Big(typed.data).eq(total.payment_total))
    errors.payment_total = MESSAGES.paymentTotalMismatch(formatMoney(total.payment_total, total.payment_currency));
  const [sent, rate] = [values.sent_currency.trim(), values.exchange_rate.trim()];
  const sentProblem = sent ? SENT_CURRENCY.safeParse(sent).error?.issues[0]?.message : undefined;
  if (sentProblem) errors.sent_currency = sentProblem;
  else if (sent && values.statements[0] && sent.toUpperCase() === values.statements[0].currency.toUpperCase())
    errors.sent_currency = MESSAGES.sentCurrencySame(values.statements[0].currency.toUpperCase());
  else if (rate && !sent) errors.sent_currency = MESSAGES.sentCurrencyForRate;
  const rateProblem = rate ? exchangeRateText.safeParse(rate).error?.issues[0]?.message : undefined;
  if (rateProblem) errors.exchange_rate = rateProblem;
  else if (sent && !rate) errors.exchange_rate = MESSAGES.exchangeRateForSent;
  return errors;
}

/** What POST payments takes: blank texts left out. */
export function toPaymentPayload(values: PaymentFormValues) {
  const text = (value: string) => value.trim() || undefined;
  return {
    statement_ids: values.statements.map((s) => s.id),
    payment_date: values.payment_date,
    payment_method: text(values.payment_method),
    payment_reference: text(values.payment_reference),
    invoice_reference: text(values.invoice_reference),
    account_reference: text(values.account_reference),
    payment_total: text(values.payment_total),
    sent_currency: text(values.sent_currency),
    exchange_rate: text(values.exchange_rate),
  };
}

/** What PATCH payments/{id} takes: the details only; a blank text clears it. */
export function toPaymentPatch(values: PaymentFormValues) {
  const text = (value: string) => value.trim() || null;
  return {
    payment_date: values.payment_date,
    payment_method: text(values.payment_method),
    payment_reference: text(values.payment_reference),
    invoice_reference: text(values.invoice_reference),
    account_reference: text(values.account_reference),
  };
}
