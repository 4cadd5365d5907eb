import { accountKeyOf } from '../../accounts/account.js';
import { createHash } from 'node:crypto';
import Big from 'big.js';
import { accountingPeriod, subjectPeriod } from '../../../../shared/statement-periods.js';
import type { AccountRef, ProvenanceRow, StatementSummaries } from '../../../../shared/schemas/statement-views.js';
import type { CreateStatement, StatementNames, StatementRunItem } from '../../../data/entities/statements.js';
import type { AssembledAccount } from '../accounts/assemble.js';
import type { ContractMoney } from './contract-money.js';
import { summariesWithinBudget } from './capped-summaries.js';
import type { AccountEarnings, ContractEarning } from '../../earnings/earnings.js';

/**
 * What the publish step stores once per account (runKeys.account) for its account step: the
 * engine's earnings, the material the statement shows, and the settings it is drawn with.
 */
export type AccountRecord = {
  earnings: AccountEarnings;
  summaries: StatementSummaries;
  provenance: ProvenanceRow[];
  lines: number;
  lines_total: string;
  /** The account's earnings under each contract: its statement recoups their balances (absent on older records: none). */
  contract_earnings?: ContractEarning[];
  /** Statement settings graphs: on for labels, off for payees unless their settings say so. */
  graphs: boolean;
  /** The files the statement's mail attaches, as the account's settings chose (absent on older records: the PDF). */
  formats?: string[];
  currency: string;
  /**
   * Whether the publish step stored the account's CSV under its statement's key (false: the account has no lines,
   * its statement gets the header only). Absent on records of runs published before it was written: look.
   */
  csv_stored?: boolean;
  /**
   * The company as the statement's sender and the name of its label, read once for the run when it was published: the
   * statement keeps them (StatementNames). Absent on records written before: its documents read them afresh.
   */
  sender?: StatementNames['sender'];
  label_name?: string | null;
  /**
   * The ledger's count of changes read before the lines were: a statement that numbers itself (a correction) is
   * written only while the count is still this. Absent on records written before it was kept.
   */
  ledger?: number;
};

/**
 * A statement's id, the same for every delivery of its account's message: a hash of the run and
 * the account, so a re-delivered message finds the statement it made instead of making another.
 */
export function statementIdOf(runId: string, account: AccountRef): string {
  return createHash('sha256')
    .update(`${runId}.${accountKeyOf(account)}`)
    .digest('hex')
    .slice(0, 32);
}

/** "ST-000042": the company's 42nd statement. */
export const statementNumber = (n: number) => `ST-${String(n).padStart(6, '0')}`;
/** 42 for "ST-000042". */
export const numberOfStatement = (number: string) => Number(number.slice('ST-'.length));
/** "SB-000007": the company's 7th self-billing invoice. */
export const invoiceNumber = (n: number) => `SB-${String(n).padStart(6, '0')}`;

/** The subject of a statement's mail: the product's template with %PERIOD% filled in. */
export function statementSubject(payeeName: string, period: string): string {
  return `Royalty Statement for ${payeeName} %PERIOD%`.replace('%PERIOD%', period);
}

/** An exact ledger amount to the cent, half-up (the aggregator's fee as a distribution statement shows it). */
const cents = (exact: string) => new Big(exact).round(2, Big.roundHalfUp).toFixed(2);

/** The one label a statement belongs to: its account's when a label, its lines' when they have one label. */
export function labelOf(account: AccountRef, earnings: AccountEarnings, run: StatementRunItem): string | undefined {
  if (account.type === 'Label') return account.id;
  if (earnings.label_ids.length === 1) return earnings.label_ids[0];
  return run.label_ids?.length === 1 ? run.label_ids[0] : undefined;
}

/**
 * What the statement keeps of who it names (StatementNames): the record's sender and label, and the payee's e-mail as
 * the documents would print it (the holder's as read while numbering, else the account's as the run read it).
 */
function namesOf(record: AccountRecord, assembled: AssembledAccount): StatementNames | undefined {
  if (!record.sender) return undefined;
  const payee_email = assembled.holder?.email ?? record.earnings.email ?? null;
  return {
    sender: record.sender,
    payee_email,
    payee_address: assembled.holder?.address ?? null,
    payee_vat_number: assembled.holder?.vat_number ?? null,
    label_name: record.label_name ?? null,
  };
}

/**
 * The statement item an account step publishes, numbered `number`. It is written `generating`: the delivery that
 * writes it holds the claim to make its PDF, CSV and mail from that write on (claimStatementDocuments: another
 * delivery takes it over only once it is stale, or when it is given back as `queued` after a failure), so making them
 * needs no write of its own.
 */
export function statementItem(input: {
  run: StatementRunItem;
  account: AccountRef;
  record: AccountRecord;
  assembled: AssembledAccount;
  number: number;
  /** The self-billing invoice's number, when the statement carries one (assembled.self_billing). */
  invoiceNumber?: number;
  /** A correction's version and the statement it replaces. */
  correction?: { version: number; replacesId: string };
  /** What contracts recouped and reserved on it (contract-money.ts). */
  contracts?: ContractMoney;
}): CreateStatement {
  const { run, account, record, assembled, correction } = input;
  const { earnings } = record;
  const range = { start_pay_period: run.start_pay_period, end_pay_period: run.end_pay_period };
  const period = accountingPeriod(range);
  // The tables are capped so the item stays within DynamoDB's item size (capped-summaries.ts).
  return summariesWithinBudget(
    record.summaries,
    (summaries): CreateStatement => ({
      tenantId: run.tenantId,
      statementId: statementIdOf(run.runId, account),
      number: statementNumber(input.number),
      version: correction?.version ?? 1,
      replaces_id: correction?.replacesId,
      type: run.kind === 'distribution' ? 'DistributionStatement' : 'Statement',
      accountKey: accountKeyOf(account),
      payee_name: earnings.name,
      label_id: labelOf(account, earnings, run),
      recipients: earnings.email ? [earnings.email] : [],
      subject: statementSubject(earnings.name, subjectPeriod(range)),
      message: '',
      ...range,
      accounting_period: period,
      currency: record.currency,
      figures: assembled.figures,
      aggregator_fee: cents(earnings.aggregator_fee),
      expenses_total: assembled.expenses_total,
      subtotal: assembled.self_billing?.subtotal ?? assembled.figures.payable,
      vat: assembled.self_billing?.vat ?? '0.00',
      self_billing:
        assembled.self_billing && input.invoiceNumber !== undefined
          ? {
              ...assembled.self_billing,
              invoice_number: invoiceNumber(input.invoiceNumber),
              issued_at: new Date().toISOString(),
            }
          : undefined,
      withholding_tax: assembled.withholding_tax ?? undefined,
      not_paid_reasons: assembled.not_paid_reasons,
      recoupment: assembled.recoupment,
      contract_recoupment: input.contracts?.recoupment.length ? input.contracts.recoupment : undefined,
      contract_reserves: input.contracts?.reserves.length ? input.contracts.reserves : undefined,
      reserves_outstanding: input.contracts?.outstanding.length ? input.contracts.outstanding : undefined,
      summaries,
      graphs: record.graphs,
      ...(record.formats?.length ? { formats: record.formats } : {}),
      provenance: record.provenance,
      control: {
        lines: record.lines,
        lines_total: record.lines_total,
        rounding_in: assembled.rounding_in,
        rounding_out: assembled.rounding_out,
      },
      names: namesOf(record, assembled),
      pdf_style: 'full',
      queue_status: 'generating',
      run_id: run.runId,
      paid: false,
    }),
  );
}
