import { accountHolder, accountRefOf } from '../accounts/account.js';
import { ulid } from 'ulid';
import { MESSAGES } from '../../../shared/messages.js';
import type { Payment, RecordPaymentInput } from '../../../shared/schemas/payment-views.js';
import type { StatementPayment } from '../../../shared/schemas/statement-views.js';
import { formatMoney } from '../../../shared/money.js';
import { convertedPayouts } from '../../../shared/schemas/payout-conversion.js';
import { entriesOfAccount, statementsOfAccount } from '../../data/access/accounts.js';
import { getPayment, writePayment, type PaymentLine } from '../../data/access/payments.js';
import { getStatement, readStatedVersion } from '../../data/access/statements.js';
import type { CreatePayment } from '../../data/entities/payments.js';
import type { StatementItem } from '../../data/entities/statements.js';
import { Conflict, InvalidField, LOST_RACE_MESSAGE, NotFound } from '../../lib/errors.js';
import { carriedByAll } from './carried.js';
import { whyNotPayable } from './due-rule.js';
import {
  fitsOneWrite,
  MAX_STATEMENTS_PER_PAYMENT,
  paymentEntryAmount,
  paymentFigures,
  paymentIdForKey,
  sameMoney,
} from './payment-figures.js';
import { presentPayment } from './present.js';
import { statementPayout } from '../statements/accounts/payout.js';

/**
 * Records a payment of one account's statements: the Payment, each statement marked paid and
 * the payment written on the account (so the next statement shows "paid on … via … ref …"), all
 * or nothing. Re-recording with the same idempotency_key returns the first payment unchanged.
 * Payment runs call it on confirm; POST payments, bulk_pay and pay_statement too.
 */
export async function recordPayment(tenantId: string, userId: string, input: RecordPaymentInput): Promise<Payment> {
  const paymentId = input.idempotency_key ? paymentIdForKey(tenantId, input.idempotency_key) : ulid();
  if (input.idempotency_key) {
    const first = await getPayment(tenantId, paymentId);
    if (first) return presentPayment(first);
  }
  // A statement of the account numbered between the read and the write: read again and apply the rule again.
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const recorded = await tryRecordPayment(tenantId, userId, paymentId, input);
    if (recorded) return recorded;
  }
  throw new Conflict(LOST_RACE_MESSAGE);
}

/**
 * Refuses, as recording it would, a payment of these statements, and records nothing: a call that pays several
 * accounts (bulk_pay) checks each account's payment before it records any, so a refusal leaves every statement as it
 * was. Each payment's own write still checks again.
 */
export async function checkPayable(tenantId: string, ids: readonly string[]): Promise<void> {
  await statementsToPay(tenantId, ids, false);
}

/**
 * What recording a payment of these statements would pay, and records nothing: the statements it pays (refused as
 * recording them would be), those it settles, and its money by the one rule recording uses (paymentMoney). The
 * payment form shows these figures, so a screen never adds statements up by itself.
 */
export async function paymentOf(
  tenantId: string,
  ids: readonly string[],
  convertTo?: RecordPaymentInput['convert_to'],
): Promise<{ statements: StatementItem[]; carried: StatementItem[] } & ReturnType<typeof paymentMoney>> {
  const { statements, carried } = await statementsToPay(tenantId, ids, false);
  return { statements, carried, ...paymentMoney(statements, convertTo) };
}

/** A payment's money from the statements it pays: its figures, and what the bank sent when in another currency. */
function paymentMoney(statements: readonly StatementItem[], convertTo: RecordPaymentInput['convert_to']) {
  return { figures: paymentFigures(statements), conversion: converted(statements, convertTo) };
}

/** One read of the account and one conditional write; null when a statement was numbered in between. */
async function tryRecordPayment(
  tenantId: string,
  userId: string,
  paymentId: string,
  input: RecordPaymentInput,
): Promise<Payment | null> {
  const { statements, carried, stated } = await statementsToPay(
    tenantId,
    input.statement_ids,
    Boolean(input.payment_run_id),
  );
  const payment = await newPayment(tenantId, userId, paymentId, input, statements, carried);
  const statementPayment: StatementPayment = {
    payment_date: input.payment_date,
    payment_method: input.payment_method,
    payment_reference: input.payment_reference,
    payment_id: paymentId,
  };
  const lines: PaymentLine[] = statements.map((statement) => ({
    statement,
    amount: paymentEntryAmount(statement.figures.payable),
  }));
  const written = await writePayment(payment, lines, statementPayment, stated, settledBy(statements, carried));
  if (written.outcome === 'stated_moved') return null;
  if (written.outcome === 'run_not_confirming') throw new Conflict(MESSAGES.paymentRunNotConfirming);
  if (written.outcome === 'refused') {
    // Paid or corrected between the read and the write: say which, as if it had been so at the read.
    const fresh = await getStatement(tenantId, written.statementId);
    refuseUnpayable(fresh ?? [...statements, ...carried].find((s) => s.statementId === written.statementId));
    throw new Conflict(MESSAGES.statementPaidAlready(written.statementId));
  }
  // 'exists' / 'conflict': the same idempotency key recorded it at the same moment; answer that payment.
  const stored = await getPayment(tenantId, paymentId);
  if (!stored) throw new Conflict(LOST_RACE_MESSAGE);
  return presentPayment(stored);
}

/**
 * The statements a payment pays: each the company's (404 otherwise), of one account and
 * currency, none paid or superseded (named by number); and the earlier unpaid statements whose
 * balances they carry (carried.ts), settled with them — chosen or not, never paid twice.
 */
async function statementsToPay(
  tenantId: string,
  ids: readonly string[],
  ofRun: boolean,
): Promise<{ statements: StatementItem[]; carried: StatementItem[]; stated: { accountKey: string; version: number } }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw new InvalidField('statement_ids', MESSAGES.chooseStatementsToPay);
  if (unique.length > MAX_STATEMENTS_PER_PAYMENT)
    throw new InvalidField('statement_ids', MESSAGES.tooManyStatementsInPayment(MAX_STATEMENTS_PER_PAYMENT));
  const found = await Promise.all(unique.map((id) => getStatement(tenantId, id)));
  const statements = found.filter((s): s is StatementItem => s !== null);
  if (statements.length < unique.length) throw new NotFound('Statement');
  if (new Set(statements.map((s) => s.accountKey)).size > 1)
    throw new InvalidField('statement_ids', MESSAGES.paymentOneAccount);
  if (new Set(statements.map((s) => s.currency)).size > 1)
    throw new InvalidField('statement_ids', MESSAGES.paymentOneCurrency);
  for (const statement of statements) refuseUnpayable(statement);
  const { accountKey } = statements[0];
  // The guard first: a statement numbered after this read moves it, and the payment's write then fails.
  const version = await readStatedVersion(tenantId, accountKey);
  const [account, entries] = await Promise.all([
    statementsOfAccount(tenantId, accountKey),
    entriesOfAccount(tenantId, accountKey),
  ]);
  // A chosen statement carried into another chosen one is settled by it, not paid again.
  const carried = carriedByAll(statements, account);
  const carriedIds = new Set(carried.map((s) => s.statementId));
  const paying = statements.filter((s) => !carriedIds.has(s.statementId));
  // The one rule the payments due list and payment runs apply too (due-rule.ts).
  for (const statement of paying) {
    const why = whyNotPayable(statement, account, entries);
    if (why) throw new Conflict(why, { statement_ids: [why] });
  }
  if (!fitsOneWrite(paying.length, carried.length, ofRun))
    throw new InvalidField('statement_ids', MESSAGES.tooManyStatementsInPayment(MAX_STATEMENTS_PER_PAYMENT));
  return { statements: paying, carried, stated: { accountKey, version } };
}

/** Each carried statement with the paid statement it is settled by: the latest paid (its balance runs into it). */
function settledBy(paying: readonly StatementItem[], carried: readonly StatementItem[]) {
  const latest = [...paying].sort((a, b) => b.end_pay_period.localeCompare(a.end_pay_period))[0];
  return carried.map((statement) => ({ statement, settledBy: { id: latest.statementId, number: latest.number } }));
}

/** Refuses a statement that is paid already or corrected by a newer version, naming its number. */
function refuseUnpayable(statement: StatementItem | undefined): void {
  if (!statement) return;
  if (statement.superseded_by)
    throw new Conflict(MESSAGES.statementSuperseded(statement.number), {
      statement_ids: [MESSAGES.statementSuperseded(statement.number)],
    });
  if (statement.paid)
    throw new Conflict(MESSAGES.statementPaidAlready(statement.number), {
      statement_ids: [MESSAGES.statementPaidAlready(statement.number)],
    });
}

/**
 * What the bank sent in another currency: each statement's payout converted by the one rule (a run's file sent the
 * same amounts, worked out the same way), and their sum. None when the payment is in the statements' currency.
 */
function converted(statements: readonly StatementItem[], to: RecordPaymentInput['convert_to']) {
  if (!to) return null;
  const own = statements[0].currency.toUpperCase();
  if (to.currency.toUpperCase() === own) throw new InvalidField('sent_currency', MESSAGES.sentCurrencySame(own));
  const { amounts, total } = convertedPayouts(
    statements.map((s) => statementPayout(s).total),
    to.rate,
  );
  return { amounts, total: { currency: to.currency.toUpperCase(), rate: to.rate, total } };
}

/** The payment record: its money from the statements, checked against what the user typed. */
async function newPayment(
  tenantId: string,
  userId: string,
  paymentId: string,
  input: RecordPaymentInput,
  statements: readonly StatementItem[],
  carried: readonly StatementItem[],
): Promise<CreatePayment> {
  const first = statements[0];
  const currency = first.currency;
  const { figures, conversion } = paymentMoney(statements, input.convert_to);
  if (input.payment_currency && input.payment_currency.toUpperCase() !== currency.toUpperCase())
    throw new InvalidField('payment_currency', MESSAGES.paymentCurrencyMismatch(currency));
  if (input.payment_total !== undefined && !sameMoney(input.payment_total, figures.payment_total))
    throw new InvalidField(
      'payment_total',
      MESSAGES.paymentTotalMismatch(formatMoney(figures.payment_total, currency)),
    );
  const account = accountRefOf(first.accountKey);
  const holder = account ? await accountHolder(tenantId, account) : null;
  const labels = new Set(statements.map((s) => s.label_id ?? ''));
  const optional = (value: string | null | undefined) => value || undefined;
  return {
    tenantId,
    paymentId,
    type: 'DistributionPayment',
    accountKey: first.accountKey,
    payable_name: holder?.name ?? first.payee_name,
    label_id: labels.size === 1 ? optional(first.label_id) : undefined,
    invoice_reference: optional(input.invoice_reference),
    payment_date: input.payment_date,
    payment_method: optional(input.payment_method),
    payment_reference: optional(input.payment_reference),
    payment_currency: currency,
    ...figures,
    account_reference: optional(input.account_reference),
    statement_ids: statements.map((s) => s.statementId),
    statements: statements.map((s, index) => ({
      id: s.statementId,
      number: s.number,
      payable: s.figures.payable,
      paid: statementPayout(s).total,
      ...(conversion ? { converted_amount: conversion.amounts[index] } : {}),
      start_pay_period: s.start_pay_period,
      end_pay_period: s.end_pay_period,
    })),
    converted: conversion?.total,
    carried_statements: carried.length
      ? carried.map((s) => ({ id: s.statementId, number: s.number, payable: s.figures.payable }))
      : undefined,
    payment_run_id: optional(input.payment_run_id),
    idempotency_key: optional(input.idempotency_key),
    userId,
  };
}
