import Big from 'big.js';
import { MESSAGES } from '../../../../../shared/messages';
import { formatMoney } from '../../../../../shared/money';
import { optionalCents } from '../../../../../shared/schemas/money';
import type { Payment } from '../../../../../shared/schemas/payment-views';
import { convertedPayouts, currencyCodeText, exchangeRateText } from '../../../../../shared/schemas/payout-conversion';
import type { StatementRow } from '../../../../../shared/schemas/statement-views';
import { dayProblem } from '../../../components/form-rules';
import { statementPeriodWords } from '../statements/statement-model';

/**
 * The payments pages' pure logic: where the pages live, the form's values
 * and checks, and the payment's total from the statements it pays (big.js, never floats).
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

/** Σ of what the statements pay out (payable + self-billing VAT − tax withheld, each the server's), exact. */
export function paymentTotalOf(statements: readonly Pick<PickedStatement, 'payout'>[]): string {
  return statements.reduce((sum, s) => sum.plus(s.payout.total), new Big(0)).toFixed(2);
}

/**
 * How the chosen statements' payout is made up, when it is not their payable alone: "Payable £1,000.00 + VAT
 * £200.00 − tax withheld £300.00 = £900.00" (each part Σ of the server's payouts); null when nothing is added or
 * withheld.
 */
export function payoutWords(
  statements: readonly Pick<PickedStatement, 'payout'>[],
  money: (value: string) => string,
): string | null {
  const sum = (part: 'payable' | 'vat' | 'withholding_tax') =>
    statements.reduce((total, s) => total.plus(s.payout[part]), new Big(0));
  const [vat, withheld] = [sum('vat'), sum('withholding_tax')];
  if (vat.eq(0) && withheld.eq(0)) return null;
  return [
    `Payable ${money(sum('payable').toFixed(2))}`,
    vat.eq(0) ? '' : ` + VAT ${money(vat.toFixed(2))}`,
    withheld.eq(0) ? '' : ` − tax withheld ${money(withheld.toFixed(2))}`,
    ` = ${money(paymentTotalOf(statements))}`,
  ].join('');
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
const SENT_CURRENCY = currencyCodeText('Sent currency must be a currency code (EUR)');

/** The form's own checks, worded as the API words them; `editing`: money and statements are fixed. */
export function validatePayment(values: PaymentFormValues, editing: boolean): Record<string, string> {
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
  const first = values.statements[0];
  if (!typed.success) errors.payment_total = typed.error.issues[0]?.message ?? '';
  else if (typed.data !== undefined && first && !new Big(typed.data).eq(paymentTotalOf(values.statements)))
    errors.payment_total = MESSAGES.paymentTotalMismatch(
      formatMoney(paymentTotalOf(values.statements), first.currency),
    );
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

/**
 * What the bank sent in another currency for the chosen statements: each statement's payout converted by the one
 * rule the server records (half-up to the cent, statement by statement), added up; null until both are valid.
 */
export function sentTotalOf(statements: readonly Pick<PickedStatement, 'payout'>[], rate: string): string | null {
  const typed = exchangeRateText.safeParse(rate);
  if (!statements.length || !typed.success) return null;
  return convertedPayouts(
    statements.map((s) => s.payout.total),
    typed.data,
  ).total;
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
