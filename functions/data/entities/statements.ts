import { CustomAttributeType, Entity, type CreateEntityItem, type EntityIdentifiers, type EntityItem } from 'electrodb';
import { inStatesIndex } from './in-states-index.js';
import type { HeldReserve } from '../../../shared/contract-reserves.js';
import type {
  AccountRef,
  NotPaidReason,
  ProvenanceRow,
  RecoupmentMeter,
  ContractRecoupmentRow,
  ContractReserveRow,
  RunPreviewRow,
  RunTotals,
  WithholdingTax,
  RunWarnings,
  SelfBillingInvoice,
  StatementControl,
  StatementFigures,
  StatementPayment,
  StatementSummaries,
  UnaccountableRecording,
} from '../../../shared/schemas/statement-views.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * Who a statement names besides its payee and figures, kept on it when it is published: the company that pays as it
 * was then (name, address, e-mail, VAT number), the payee's e-mail and the name of the statement's label. Its PDF is
 * printed from these, so a PDF made again (a documents step that runs twice after a crash) prints what the first one
 * printed, however the company, the payee or the label were edited in between.
 */
export type StatementNames = {
  sender: { name: string; address: string | null; email: string | null; vat_number: string | null };
  payee_email: string | null;
  /** The payee's address and VAT number when published (statements published before kept neither). */
  payee_address?: string | null;
  payee_vat_number?: string | null;
  label_name: string | null;
};

/** A statement numbered whose PDF, CSV and mail are not all made yet. */
export const STATEMENT_DOCUMENTS_PENDING = ['queued', 'generating'] as const;
/** A statement run while its worker computes a preview or publishes. */
export const RUN_UNDER_WAY = ['previewing', 'publishing'] as const;

/**
 * The money-out side: a payee's append-only account (expenses,
 * advances and other entries), the statement runs, and the published statements.
 *
 * An account is named by `accountKey` = `{type}#{id}` (made and read only by functions/money/accounts/account.ts).
 * Money is a 2-decimal string ("12.30"); nothing is a float.
 */
/**
 * An expense: not recoupable and at 100 % unless set. Recoupable from `payee` when recoupable; a DistributionExpense is
 * charged to its label's distribution statement.
 */
export const Expense = new Entity({
  model: { entity: 'expense', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    expenseId: { type: 'string', required: true },
    type: { type: ['Expense', 'DistributionExpense'] as const, required: true, default: 'Expense' },
    date: { type: 'string', required: true },
    description: { type: 'string', required: true },
    supplier: { type: 'string' },
    category: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' } },
    recoupable: { type: 'boolean', required: true, default: false },
    recoupable_percentage: { type: 'number', required: true, default: 100 },
    subtotal: { type: 'string', required: true },
    vat: { type: 'string', required: true, default: '0.00' },
    total: { type: 'string', required: true },
    paid: { type: 'boolean', required: true, default: false },
    expensable_type: { type: ['Label'] as const, default: 'Label' },
    expensable_id: { type: 'string' },
    /** accountKeyOf(payee) when recouped from a payee's (or artist's, label's) account. */
    accountKey: { type: 'string' },
    release_id: { type: 'string' },
    /** The published statement that recouped it: set once, then the expense's money never changes. */
    statement_id: { type: 'string' },
    /**
     * The licence whose refund takes this expense back, or whose refund it is: set once (before the reversal is
     * written, on the expense as it then stands), then the expense never changes, so a reversal always nets it out.
     */
    licence_refund: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['expenseId'] } },
  },
});

/** One line of an account besides royalties and expenses: advances, reserves, transfers, adjustments, payments. */
export const AccountEntry = new Entity({
  model: { entity: 'accountEntry', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    accountKey: { type: 'string', required: true },
    entryId: { type: 'string', required: true },
    kind: {
      type: ['advance', 'reserve', 'reserve_release', 'transfer', 'adjustment', 'payment'] as const,
      required: true,
    },
    /** Signed effect on what the label owes the account. */
    amount: { type: 'string', required: true },
    date: { type: 'string', required: true },
    description: { type: 'string' },
    release_id: { type: 'string' },
    paid_statement_id: { type: 'string' },
    payment_method: { type: 'string' },
    payment_reference: { type: 'string' },
    /** The published statement that carried it; set once. */
    statement_id: { type: 'string' },
    userId: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['tenantId'] },
      sk: { field: 'sk', composite: ['accountKey', 'entryId'] },
    },
  },
});

/** Published statements. Immutable once written, except paid state, recipients, subject, message and remittance date. */
export const Statement = new Entity({
  model: { entity: 'statement', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** Deterministic per run and account (`{runId}.{accountKey}` hashed): a re-delivered message finds it. */
    statementId: { type: 'string', required: true },
    number: { type: 'string', required: true },
    version: { type: 'number', required: true, default: 1 },
    replaces_id: { type: 'string' },
    superseded_by: { type: 'string' },
    type: { type: ['Statement', 'DistributionStatement'] as const, required: true },
    accountKey: { type: 'string', required: true },
    payee_name: { type: 'string', required: true },
    label_id: { type: 'string' },
    recipients: { type: 'list', items: { type: 'string' } },
    subject: { type: 'string', required: true },
    message: { type: 'string' },
    start_pay_period: { type: 'string', required: true },
    end_pay_period: { type: 'string', required: true },
    accounting_period: { type: 'string', required: true },
    currency: { type: 'string', required: true },
    figures: { type: CustomAttributeType<StatementFigures>('any'), required: true },
    aggregator_fee: { type: 'string', default: '0.00' },
    expenses_total: { type: 'string', default: '0.00' },
    subtotal: { type: 'string', default: '0.00' },
    vat: { type: 'string', default: '0.00' },
    self_billing: { type: CustomAttributeType<SelfBillingInvoice>('any') },
    /** The tax withheld from what it pays, at the payee's rate when it was published (money/statements/accounts/payout.ts). */
    withholding_tax: { type: CustomAttributeType<WithholdingTax>('any') },
    not_paid_reasons: { type: CustomAttributeType<NotPaidReason[]>('any') },
    recoupment: { type: CustomAttributeType<RecoupmentMeter>('any') },
    /** Each contract the payee's earnings recouped: its balance before and after this statement. */
    contract_recoupment: { type: CustomAttributeType<ContractRecoupmentRow[]>('any') },
    /** Each contract's reserve held on this statement's physical sales and released from earlier ones. */
    contract_reserves: { type: CustomAttributeType<ContractReserveRow[]>('any') },
    /** Reserves held and not fully released yet: the next statement of the account releases their next parts. */
    reserves_outstanding: { type: CustomAttributeType<HeldReserve[]>('any') },
    /** The contracts its recoupment claimed beyond its own transaction (access/statements.ts): settled after it. */
    recoupment_pending: { type: CustomAttributeType<string[]>('any') },
    summaries: { type: CustomAttributeType<StatementSummaries>('any') },
    graphs: { type: 'boolean', default: false },
    /** The files its mail attaches (PDF, CSV, XLSX), as the account's statement settings chose; absent: the PDF. */
    formats: { type: 'list', items: { type: 'string' } },
    provenance: { type: CustomAttributeType<ProvenanceRow[]>('any') },
    control: { type: CustomAttributeType<StatementControl>('any') },
    /** Absent on statements published before it was kept: their documents read the company and label afresh. */
    names: { type: CustomAttributeType<StatementNames>('any') },
    pdf_style: { type: ['full', 'summary'] as const, default: 'full' },
    queue_status: { type: ['queued', 'generating', 'published', 'failed'] as const, default: 'published' },
    run_id: { type: 'string' },
    /** Object keys in the statements bucket: statements/{tenantId}/{statementId}.pdf / .csv. */
    pdf_key: { type: 'string' },
    csv_key: { type: 'string' },
    paid: { type: 'boolean', required: true, default: false },
    payment: { type: CustomAttributeType<StatementPayment>('any') },
    remittance_date: { type: 'string' },
    publishedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    /** Statements numbered whose documents are not made yet: the Jobs page and the local cloud's start. */
    unfinished: inStatesIndex('gsi3', 'queue_status', STATEMENT_DOCUMENTS_PENDING),
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['statementId'] } },
    /** An account's statements in period order (opening balance = the previous one's closing). */
    byAccount: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tenantId', 'accountKey'] },
      sk: { field: 'gsi1sk', composite: ['end_pay_period', 'version'] },
    },
  },
});

/** A statement run: preview, then publish (one queue message per account). */
export const StatementRun = new Entity({
  model: { entity: 'statementRun', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    runId: { type: 'string', required: true },
    kind: { type: ['payee', 'distribution'] as const, required: true },
    status: { type: ['previewing', 'preview_ready', 'publishing', 'published', 'failed'] as const, required: true },
    start_pay_period: { type: 'string', required: true },
    end_pay_period: { type: 'string', required: true },
    label_ids: { type: 'list', items: { type: 'string' } },
    accounts: { type: CustomAttributeType<AccountRef[]>('any') },
    total: { type: 'number', default: 0 },
    done: { type: 'number', default: 0 },
    /** Accounts left out because another statement states their months already (StatementRunSkip). */
    skipped: { type: 'number', default: 0 },
    /** The last whole percent told to the run's user while publishing: each is told once (claimProgressPush). */
    pushed_percent: { type: 'number' },
    /** The preview's rows live in the statements bucket when large (preview_key); totals and warnings here. */
    preview_rows: { type: CustomAttributeType<RunPreviewRow[]>('any') },
    preview_key: { type: 'string' },
    totals: { type: CustomAttributeType<RunTotals>('any') },
    warnings: { type: CustomAttributeType<RunWarnings>('any') },
    unaccountable: { type: CustomAttributeType<UnaccountableRecording[]>('any') },
    error: { type: 'string' },
    scheduled: { type: 'boolean', default: false },
    /** A correction's run (statements/{id}/new_version): the statement its one statement replaces. */
    replaces_id: { type: 'string' },
    /** Set once the publish step reserved a number for each of its accounts (runs/reserve-numbers.ts). */
    numbers_reserved: { type: 'boolean' },
    userId: { type: 'string' },
    publishedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    /** Runs previewing or publishing: the admins' Jobs page and the local cloud's start. */
    unfinished: inStatesIndex('gsi3', 'status', RUN_UNDER_WAY),
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['runId'] } },
  },
});

/**
 * Per-company sequences (statement numbers, self-billing and licence invoice numbers): numbers are given once, in order.
 * 'ledger' numbers no document: it counts the writes that may change a line a statement states (edits, an import's
 * delete, a re-match or new rates), each moving it in its own transaction, so a run's numbers are reserved only while
 * the ledger it computed from still holds (reserve-numbers.ts).
 */
export const Sequence = new Entity({
  model: { entity: 'sequence', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    name: {
      type: ['statement', 'self_billing_invoice', 'license_invoice', 'license_credit_note', 'ledger'] as const,
      required: true,
    },
    value: { type: 'number', required: true, default: 0 },
    ...timestamps,
  },
  indexes: { byName: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['name'] } } },
});

export type ExpenseItem = EntityItem<typeof Expense>;
export type CreateExpense = CreateEntityItem<typeof Expense>;
export type ExpenseIds = EntityIdentifiers<typeof Expense>;
export type AccountEntryItem = EntityItem<typeof AccountEntry>;
export type CreateAccountEntry = CreateEntityItem<typeof AccountEntry>;
export type AccountEntryIds = EntityIdentifiers<typeof AccountEntry>;
export type StatementItem = EntityItem<typeof Statement>;
export type CreateStatement = CreateEntityItem<typeof Statement>;
export type StatementIds = EntityIdentifiers<typeof Statement>;
export type StatementRunItem = EntityItem<typeof StatementRun>;
export type CreateStatementRun = CreateEntityItem<typeof StatementRun>;
export type StatementRunIds = EntityIdentifiers<typeof StatementRun>;
export type SequenceItem = EntityItem<typeof Sequence>;
