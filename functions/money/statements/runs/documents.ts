import { type AccountHolder, accountHolder, accountOfKey } from '../../accounts/account.js';
import type { AccountEntryItem, StatementItem } from '../../../data/entities/statements.js';
import { getStatement, statementSender } from '../../../data/access/statements.js';
import { getLabel, labelsOf } from '../../../data/access/labels.js';
import { type StatementFiles, statementMail } from '../documents/mail.js';
import { formatsToAttach, MAX_LINE_FILES_BYTES, xlsxOfCsv } from '../documents/line-files.js';
import { renderStatementPdf, type Party, type StatementDocument } from '../documents/render.js';
import { sendMail } from '../../../lib/mail.js';
import { nextStatementMail } from './mail-pace.js';
import { CSV_COLUMNS } from '../../earnings/material.js';
import { presentStatement } from '../api/present.js';
import { paymentsMadeOn } from '../accounts/payments-made.js';
import { runKeys, STATEMENT_CSV_TYPE, statementKeys, statementsBucket } from '../statement-keys.js';
import { copyObject, getBytes, objectExists, putBytes } from '../../../lib/bucket-objects.js';
import { timed } from '../../../lib/step-timings.js';
import { oncePerRun } from './once-per-run.js';

/** The company's labels by id, for the labels a list of statements names. */
export async function labelNames(tenantId: string): Promise<Map<string, string>> {
  return new Map((await labelsOf(tenantId)).map((label) => [label.labelId, label.name]));
}

/**
 * The one label a statement names, by id, as presentStatement takes it: one read of that label, not of the
 * company's every label (a distributor's hundreds, pages of them, read again for every statement of a run).
 */
export async function statementLabelName(
  statement: Pick<StatementItem, 'tenantId' | 'label_id'>,
): Promise<Map<string, string>> {
  if (!statement.label_id) return new Map();
  const label = await getLabel(statement.tenantId, statement.label_id);
  return new Map(label ? [[label.labelId, label.name]] : []);
}

/** How a statement's document reads the sender and its label's name: afresh, or once per run (two of its five reads). */
type Reads = { sender: typeof statementSender; labelName: typeof statementLabelName };
const freshReads: Reads = { sender: statementSender, labelName: statementLabelName };
const readsOfRun = (runId: string | undefined): Reads => ({
  sender: (tenantId) => oncePerRun(['sender', tenantId, runId], () => statementSender(tenantId)),
  labelName: (statement) =>
    oncePerRun(['label', statement.tenantId, runId, statement.label_id ?? ''], () => statementLabelName(statement)),
});

/**
 * What the delivery that numbered a statement read already, handed to its documents so they do not read it again
 * (each a call a statement, in a run of thousands): the account record's word on its CSV, the account's holder, the
 * payment entries the statement carries. Each is absent when that delivery did not read it (a later delivery finishing
 * the statement, or a label's account, whose holder numbering does not read): the documents read it then.
 */
export type ReadAtNumbering = {
  csvStored?: boolean;
  /** The holder as read (null: there is none). */
  holder?: AccountHolder | null;
  /** The payment entries the statement carries (publishing set their statement_id to it in the same write). */
  payments?: AccountEntryItem[];
};

/**
 * The parties a statement's PDF names: the company that pays and the account it pays. A statement that keeps them
 * (StatementNames) names them as they were when it was published, and nothing is read.
 */
async function partiesOf(
  statement: StatementItem,
  reads: Reads,
  read: ReadAtNumbering,
): Promise<{ company: Party; payee: Party }> {
  const payee = (email: string | null, address?: string | null, vatNumber?: string | null): Party => ({
    name: statement.payee_name,
    address: address ?? null,
    email,
    vat_number: vatNumber ?? null,
  });
  const { names } = statement;
  if (names)
    return {
      company: names.sender,
      payee: payee(names.payee_email, names.payee_address, names.payee_vat_number),
    };
  const [sender, holder] = await Promise.all([
    reads.sender(statement.tenantId),
    read.holder !== undefined ? read.holder : accountHolder(statement.tenantId, accountOfKey(statement.accountKey)),
  ]);
  return {
    company: { name: sender.name, address: sender.address, email: sender.email, vat_number: sender.vat_number },
    payee: payee(holder?.email ?? statement.recipients?.[0] ?? null, holder?.address, holder?.vat_number),
  };
}

/** The name of a statement's label, by its id, as presentStatement takes it: kept on the statement, else read. */
async function labelOfStatement(statement: StatementItem, reads: Reads): Promise<Map<string, string>> {
  if (!statement.names) return reads.labelName(statement);
  const { label_name } = statement.names;
  return new Map(statement.label_id && label_name ? [[statement.label_id, label_name]] : []);
}

/** A statement's CSV when the account has no lines in the period (an account with only entries): the header only. */
const EMPTY_CSV = `${CSV_COLUMNS.join(',')}\n`;

/** A statement as its PDF and mail show it: the statement, who pays, who is paid, the version it corrects. */
export async function statementDocument(
  statement: StatementItem,
  reads = freshReads,
  read: ReadAtNumbering = {},
): Promise<StatementDocument> {
  const [labels, parties, replaced, payments_made] = await Promise.all([
    labelOfStatement(statement, reads),
    partiesOf(statement, reads, read),
    statement.replaces_id ? getStatement(statement.tenantId, statement.replaces_id) : null,
    paymentsMadeOn(statement, read.payments),
  ]);
  return {
    statement: { ...presentStatement(statement, labels), payments_made },
    ...parties,
    replaces: replaced ? { number: replaced.number } : null,
  };
}

/**
 * A statement's document as its run makes it: the sender and the label read once for the run (readsOfRun), and what
 * numbering read not read again.
 */
export const runStatementDocument = (statement: StatementItem, read: ReadAtNumbering = {}) =>
  statementDocument(statement, readsOfRun(statement.run_id), read);

/**
 * The files a statement's mail attaches, as its account's settings chose (formatsToAttach): the PDF made, and its CSV
 * of lines (stored before the mail goes: storeStatementCsv) as it is or as a workbook. Lines weighing more than a mail
 * carries are not attached (the mail says so) and the PDF always is then: a mail never goes without the statement.
 */
async function mailFiles(statement: StatementItem, pdf: Uint8Array): Promise<StatementFiles> {
  const chosen = formatsToAttach(statement.formats);
  const lineFiles = (['CSV', 'XLSX'] as const).filter((format) => chosen.has(format));
  if (!lineFiles.length) return { pdf };
  const csv = await getBytes(statementsBucket(), statementKeys.csv(statement.tenantId, statement.statementId));
  // A workbook of the lines weighs less than their CSV (it is compressed), so the CSV's size bounds both.
  if (!csv || csv.byteLength * lineFiles.length > MAX_LINE_FILES_BYTES)
    return { pdf, linesNotAttached: statement.control?.lines ?? 0 };
  return {
    ...(chosen.has('PDF') ? { pdf } : {}),
    ...(chosen.has('CSV') ? { csv } : {}),
    ...(chosen.has('XLSX') ? { xlsx: await timed('documents.xlsx', () => xlsxOfCsv(csv)) } : {}),
  };
}

/**
 * Mails a statement to its recipients with its files attached, one mail each (none without recipients), each
 * no faster than this worker's share of the mail service's sending rate (mail-pace.ts).
 */
export async function sendStatement(
  statement: StatementItem,
  document: StatementDocument,
  pdf: Uint8Array,
): Promise<number> {
  // Nobody to mail: no line files are read for it.
  if (!statementMail(document, { pdf }).length) return 0;
  const mails = statementMail(document, await mailFiles(statement, pdf));
  for (const mail of mails) {
    await timed('documents.mail_pace', nextStatementMail);
    await sendMail(mail);
  }
  return mails.length;
}

/**
 * Stores a statement's CSV of lines under its own key, unless it is there. The publish step stores it there itself
 * (publish.ts), and its account record says so (`csvStored`): then nothing is read or written. Without that word (a
 * delivery that did not read the record, or a run published before records said it) it looks (csvStoredBefore). An
 * account without lines in the period gets the header only.
 */
export async function storeStatementCsv(statement: StatementItem, csvStored?: boolean): Promise<string> {
  const csv_key = statementKeys.csv(statement.tenantId, statement.statementId);
  if (!(csvStored ?? (await csvStoredBefore(statement, csv_key))))
    await timed('documents.csv_write', () => putBytes(statementsBucket(), csv_key, EMPTY_CSV, STATEMENT_CSV_TYPE));
  return csv_key;
}

/**
 * Whether the statement's CSV is under its key: stored there by the publish step, or kept under the run by a run
 * published before the publish step stored CSVs (then copied inside the bucket).
 */
async function csvStoredBefore(statement: StatementItem, csv_key: string): Promise<boolean> {
  if (statement.control?.lines && (await objectExists(statementsBucket(), csv_key))) return true;
  return (
    statement.run_id !== undefined &&
    copyObject(
      statementsBucket(),
      runKeys.accountCsv(statement.tenantId, statement.run_id, accountOfKey(statement.accountKey)),
      csv_key,
      STATEMENT_CSV_TYPE,
    )
  );
}

/**
 * The creation time its PDF records: when the statement was written (numbered), so a PDF made again is the same bytes.
 * A statement read without it (never, once stored) is dated as it is made.
 */
const statementDate = (statement: StatementItem) => (statement.createdAt ? new Date(statement.createdAt) : undefined);

/**
 * A numbered statement's documents: its CSV of lines (storeStatementCsv), its PDF (rendered from the stored
 * statement, number included, and the parties it keeps), then, when `mail`, its mail with the PDF attached when it has recipients. Keys are
 * fixed per statement, so doing it twice overwrites.
 */
export async function storeAndSend(
  statement: StatementItem,
  { mail, ...read }: { mail: boolean } & ReadAtNumbering,
): Promise<{ pdf_key: string; csv_key: string }> {
  const csv_key = await storeStatementCsv(statement, read.csvStored);
  const pdf_key = statementKeys.pdf(statement.tenantId, statement.statementId);
  const document = await timed('documents.reads', () => runStatementDocument(statement, read));
  const pdf = await timed('documents.pdf_render', () => renderStatementPdf(document, statementDate(statement)));
  await timed('documents.pdf_write', () => putBytes(statementsBucket(), pdf_key, pdf, 'application/pdf'));
  if (mail) await timed('documents.mail', () => sendStatement(statement, document, pdf));
  return { pdf_key, csv_key };
}
