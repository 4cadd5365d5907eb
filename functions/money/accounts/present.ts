import type {
  AccountEntry,
  AccountRef,
  AccountType,
  Expense,
  StatementRow,
} from '../../../shared/schemas/statement-views.js';
import { accountRefOf } from './account.js';
import { namesOf } from '../../data/access/accounts.js';
import type { AccountEntryItem, ExpenseItem, StatementItem } from '../../data/entities/statements.js';
import { statementPayout } from '../statements/accounts/payout.js';

/** How the accounts API answers its records (shared/schemas/statement-views.ts). */

/** Expenses as the API answers them, naming the label, account and release they link to (read in batches). */
export async function presentExpenses(tenantId: string, items: readonly ExpenseItem[]): Promise<Expense[]> {
  const refs = items.map((item) => (item.accountKey ? accountRefOf(item.accountKey) : null));
  const idsOf = (type: AccountType) => refs.flatMap((ref) => (ref?.type === type ? [ref.id] : []));
  const names = await namesOf(tenantId, {
    labels: [...items.flatMap((item) => (item.expensable_id ? [item.expensable_id] : [])), ...idsOf('Label')],
    payees: idsOf('Payee'),
    artists: idsOf('Artist'),
    releases: items.flatMap((item) => (item.release_id ? [item.release_id] : [])),
  });
  const accountName = (ref: AccountRef) =>
    ({ Payee: names.payees, Artist: names.artists, Label: names.labels })[ref.type].get(ref.id) ?? null;
  return items.map((item, i) => {
    const ref = refs[i];
    const labelName = item.expensable_id ? names.labels.get(item.expensable_id) : undefined;
    return {
      id: item.expenseId,
      type: item.type,
      date: item.date,
      description: item.description,
      supplier: item.supplier ?? null,
      category: item.category ?? null,
      tags: item.tags ?? [],
      recoupable: item.recoupable,
      recoupable_percentage: item.recoupable_percentage,
      subtotal: item.subtotal,
      vat: item.vat,
      total: item.total,
      paid: item.paid,
      expensable_type: 'Label',
      expensable_id: item.expensable_id ?? null,
      label: item.expensable_id && labelName !== undefined ? { id: item.expensable_id, name: labelName } : null,
      payee_type: ref?.type ?? null,
      payee_id: ref?.id ?? null,
      payee_name: ref ? accountName(ref) : null,
      release_id: item.release_id ?? null,
      release_title: item.release_id ? (names.releases.get(item.release_id) ?? null) : null,
      statement_id: item.statement_id ?? null,
      licence_refund_id: item.licence_refund ?? null,
      created_at: item.createdAt ?? '',
      updated_at: item.updatedAt ?? item.createdAt ?? '',
    };
  });
}

/** One expense as the API answers it. */
export async function presentExpense(tenantId: string, item: ExpenseItem): Promise<Expense> {
  const [expense] = await presentExpenses(tenantId, [item]);
  return expense;
}

/** An account entry as the API answers it: its amount is its signed effect on the account. */
export function presentEntry(item: AccountEntryItem, account: AccountRef): AccountEntry {
  return {
    id: item.entryId,
    account,
    kind: item.kind,
    amount: item.amount,
    date: item.date,
    description: item.description ?? null,
    release_id: item.release_id ?? null,
    paid_statement_id: item.paid_statement_id ?? null,
    payment_method: item.payment_method ?? null,
    payment_reference: item.payment_reference ?? null,
    statement_id: item.statement_id ?? null,
    created_at: item.createdAt ?? '',
  };
}

/** A published statement in lists (no summaries or provenance); `labelName` names its label when it has one. */
export function presentStatementRow(item: StatementItem, account: AccountRef, labelName: string | null): StatementRow {
  return {
    id: item.statementId,
    number: item.number,
    version: item.version,
    replaces_id: item.replaces_id ?? null,
    superseded_by: item.superseded_by ?? null,
    type: item.type,
    statementable_type: account.type,
    statementable_id: account.id,
    payee_type: account.type,
    payee_id: account.id,
    payee_name: item.payee_name,
    label_id: item.label_id ?? null,
    label: item.label_id && labelName !== null ? { id: item.label_id, name: labelName } : null,
    recipients: item.recipients ?? [],
    subject: item.subject,
    message: item.message ?? '',
    start_pay_period: item.start_pay_period,
    end_pay_period: item.end_pay_period,
    accounting_period: item.accounting_period,
    currency: item.currency,
    figures: item.figures,
    payee_total: item.figures.payable,
    aggregator_fee: item.aggregator_fee ?? '0.00',
    expenses_total: item.expenses_total ?? '0.00',
    subtotal: item.subtotal ?? '0.00',
    vat: item.vat ?? '0.00',
    self_billing: item.self_billing ?? null,
    withholding_tax: item.withholding_tax ?? null,
    payout: statementPayout(item),
    not_paid_reasons: item.not_paid_reasons ?? [],
    recoupment: item.recoupment ?? { advance: '0.00', recouped: '0.00', remaining: '0.00' },
    // Only on statements whose payee earned under a contract with a balance to recoup.
    ...(item.contract_recoupment?.length ? { contract_recoupment: item.contract_recoupment } : {}),
    ...(item.contract_reserves?.length ? { contract_reserves: item.contract_reserves } : {}),
    graphs: item.graphs ?? false,
    control: item.control ?? { lines: 0, lines_total: '0.000000', rounding_in: '0.000000', rounding_out: '0.000000' },
    pdf_style: item.pdf_style ?? 'full',
    queue_status: item.queue_status ?? 'published',
    run_id: item.run_id ?? null,
    paid: item.paid,
    payment: item.payment ?? null,
    remittance_date: item.remittance_date ?? null,
    created_at: item.createdAt ?? '',
    updated_at: item.updatedAt ?? item.createdAt ?? '',
  };
}
