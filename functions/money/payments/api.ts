import { MESSAGES } from '../../../shared/messages.js';
import type { Payment, PaymentList } from '../../../shared/schemas/payment-views.js';
import type { StatementPayment } from '../../../shared/schemas/statement-views.js';
import {
  getPayment,
  listPayments,
  removePayment,
  updatePaymentDetails,
  type PaymentDetails,
} from '../../data/access/payments.js';
import { getStatement, paymentEntryOf } from '../../data/access/statements.js';
import type { PaymentItem } from '../../data/entities/payments.js';
import type { StatementItem } from '../../data/entities/statements.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/list-query.js';
import { paymentEntryAmount, today } from './payment-figures.js';
import { presentPayment } from './present.js';
import { recordPayment } from './record.js';
import type { PaymentInput, PaymentListQuery, PaymentPatch } from './schemas.js';

/**
 * Payments: list, detail, record, edit the details, delete (un-paying the
 * statements). Every call reads the caller's company only: another company's payment is not found.
 */

/** A payment of the company, or 404 (another company's id is not found either). */
async function paymentOf(tenantId: string, id: string): Promise<PaymentItem> {
  const payment = await getPayment(tenantId, id);
  if (!payment) throw new NotFound('Payment');
  return payment;
}

type PaymentRow = Payment & { statement_numbers: string };

/** GET payments: newest first unless another order is asked; q finds the payee, a reference or a statement number. */
export async function listPaymentRows(tenantId: string, query: PaymentListQuery): Promise<PaymentList> {
  const rows: PaymentRow[] = (await listPayments(tenantId)).map((item) => {
    const payment = presentPayment(item);
    return { ...payment, statement_numbers: payment.statements.map((s) => s.number).join(' ') };
  });
  const sort =
    query.sort_field || query.order ? query.sort : { field: 'created_at' as const, direction: 'desc' as const };
  const page = pageOf(rows, {
    page: query.page,
    perPage: query.per_page,
    sort,
    q: query.q,
    searchFields: ['payable_name', 'payment_reference', 'invoice_reference', 'account_reference', 'statement_numbers'],
    tieBreaker: 'id',
    filter: (row) =>
      (!query.label_id || row.label_id === query.label_id) &&
      (!query.payable_id || row.payable_id === query.payable_id) &&
      (!query.payable_type || row.payable_type === query.payable_type) &&
      (!query.statement_id || row.statement_ids.includes(query.statement_id)) &&
      (!query.payment_run_id || row.payment_run_id === query.payment_run_id),
  });
  return {
    payments: page.items.map(({ statement_numbers: _, ...payment }) => payment),
    total_count: page.total_count,
    total_pages: page.total_pages,
  };
}

export async function paymentView(tenantId: string, id: string): Promise<Payment> {
  return presentPayment(await paymentOf(tenantId, id));
}

/** POST payments: defaults today and the statements' currency (the company's). */
export function createPayment(tenantId: string, userId: string, input: PaymentInput): Promise<Payment> {
  return recordPayment(tenantId, userId, {
    statement_ids: input.statement_ids,
    payment_date: input.payment_date ?? today(),
    payment_method: input.payment_method || null,
    payment_reference: input.payment_reference || null,
    invoice_reference: input.invoice_reference || null,
    account_reference: input.account_reference || null,
    payment_total: input.payment_total,
    payment_currency: input.payment_currency,
    ...(input.sent_currency && input.exchange_rate
      ? { convert_to: { currency: input.sent_currency, rate: input.exchange_rate } }
      : {}),
  });
}

/** The statements a payment paid that still say so (a statement paid before payments existed has no payment_id). */
async function paidStatementsOf(payment: PaymentItem): Promise<StatementItem[]> {
  // The statements it settled (carried into one it paid) are un-paid and changed with it.
  const ids = [...payment.statement_ids, ...(payment.carried_statements ?? []).map((s) => s.id)];
  const found = await Promise.all(ids.map((id) => getStatement(payment.tenantId, id)));
  return found.filter((s): s is StatementItem => s?.paid === true && s.payment?.payment_id === payment.paymentId);
}

/** The first statement (by number) that carries one of the payment's entries, if any. */
async function carrierOf(statements: readonly StatementItem[]): Promise<string | null> {
  const entries = await Promise.all(statements.map((s) => paymentEntryOf(s)));
  const carriers = [...new Set(entries.flatMap((e) => (e?.statement_id ? [e.statement_id] : [])))];
  if (carriers.length === 0) return null;
  const carrier = await getStatement(statements[0].tenantId, carriers[0]);
  return carrier?.number ?? carriers[0];
}

/**
 * PATCH payments/{id}: date, method and references. The date, method and payment reference are on
 * the account's payment entries too, so they change only while no later statement shows them.
 */
export async function updatePayment(tenantId: string, id: string, patch: PaymentPatch): Promise<Payment> {
  const payment = await paymentOf(tenantId, id);
  const set: PaymentDetails = {};
  const remove: (keyof PaymentDetails)[] = [];
  for (const [key, value] of Object.entries(patch) as [keyof PaymentDetails, string | null | undefined][]) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  const statementPayment: StatementPayment = {
    payment_date: set.payment_date ?? payment.payment_date,
    payment_method: remove.includes('payment_method') ? null : (set.payment_method ?? payment.payment_method ?? null),
    payment_reference: remove.includes('payment_reference')
      ? null
      : (set.payment_reference ?? payment.payment_reference ?? null),
    payment_id: payment.paymentId,
  };
  const shown = (p: { payment_date: string; payment_method?: string | null; payment_reference?: string | null }) =>
    [p.payment_date, p.payment_method ?? null, p.payment_reference ?? null].join('\u0000');
  const entriesChange = shown(statementPayment) !== shown(payment);
  const statements = await paidStatementsOf(payment);
  if (entriesChange) {
    const carrier = await carrierOf(statements);
    if (carrier) throw new Conflict(MESSAGES.paymentCarried(carrier));
  }
  if (Object.keys(set).length || remove.length) {
    // A settled statement has no payment entry of its own (its money is in the one it is carried into).
    const withEntries = entriesChange
      ? statements.filter((s) => !s.payment?.settled_by && paymentEntryAmount(s.figures.payable) !== null)
      : [];
    const changed = await updatePaymentDetails(payment, set, remove, statements, statementPayment, withEntries);
    if (!changed) throw new Conflict(MESSAGES.paymentCarried((await carrierOf(statements)) ?? ''));
  }
  return paymentView(tenantId, id);
}

/** DELETE payments/{id}: un-pays its statements, unless a later statement already shows the payment. */
export async function deletePayment(tenantId: string, id: string): Promise<{ message: string }> {
  const payment = await paymentOf(tenantId, id);
  const statements = await paidStatementsOf(payment);
  const carrier = await carrierOf(statements);
  if (carrier) throw new Conflict(MESSAGES.paymentCarried(carrier));
  if (!(await removePayment(payment, statements)))
    throw new Conflict(MESSAGES.paymentCarried((await carrierOf(statements)) ?? ''));
  return { message: MESSAGES.paymentDeleted };
}

/**
 * Un-pays statements (statements bulk_pay with paid false): deletes each payment that paid them,
 * when the choice holds every statement of that payment (else refused, naming the statement).
 * Answers the statements paid before payments existed (no payment), which the caller un-pays alone.
 */
export async function unpayStatements(
  tenantId: string,
  statements: readonly StatementItem[],
): Promise<StatementItem[]> {
  const chosen = new Set(statements.map((s) => s.statementId));
  const byPayment = new Map<string, StatementItem>();
  const alone: StatementItem[] = [];
  for (const statement of statements.filter((s) => s.paid)) {
    const paymentId = statement.payment?.payment_id;
    if (paymentId) byPayment.set(paymentId, statement);
    else alone.push(statement);
  }
  const payments = await Promise.all([...byPayment.keys()].map((id) => getPayment(tenantId, id)));
  for (const [i, statement] of [...byPayment.values()].entries()) {
    const payment = payments[i];
    const settledBy = statement.payment?.settled_by;
    if (!payment) alone.push(statement);
    else if (settledBy && !chosen.has(settledBy.id))
      throw new Conflict(MESSAGES.statementSettledBy(statement.number, settledBy.number));
    else if (!payment.statement_ids.every((id) => chosen.has(id)))
      throw new Conflict(MESSAGES.statementPaidByPayment(statement.number, payment.statement_ids.length));
  }
  for (const payment of payments) if (payment) await deletePayment(tenantId, payment.paymentId);
  return alone;
}
