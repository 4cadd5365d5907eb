import { accountHolder, accountOfKey } from '../../accounts/account.js';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { ENV } from '../../../../infra/resources.js';
import { MESSAGES } from '../../../../shared/messages.js';
import type {
  Statement,
  StatementList,
  StatementPayment,
  StatementRow,
} from '../../../../shared/schemas/statement-views.js';
import {
  getStatement,
  listStatements,
  markStatementUnpaid,
  paymentEntryOf,
  updateStatementDetails,
  type StatementDetailsUpdate,
} from '../../../data/access/statements.js';
import type { StatementItem } from '../../../data/entities/statements.js';
import { usersOfArtist } from '../../../data/access/artist-portal.js';
import { membersOf } from '../../../data/access/companies.js';
import { getUsers } from '../../../data/access/users.js';
import { requireEnv, s3Client } from '../../../lib/clients.js';
import { contentDisposition, downloadName } from '../../../lib/download-name.js';
import { Conflict, InvalidField, NotFound } from '../../../lib/errors.js';
import { pageOf } from '../../../lib/list-query.js';
import { rowsAcrossCompanies } from '../../../lib/across-companies.js';
import { paymentsMadeOn } from '../accounts/payments-made.js';
import { zipFiles } from '../documents/zip.js';
import { labelNames, sendStatement, statementDocument, statementLabelName } from '../runs/documents.js';
import { getBytes, putBytes } from '../../../lib/bucket-objects.js';
import { statementKeys, statementsBucket } from '../statement-keys.js';
import { unpayStatements } from '../../payments/api.js';
import { payableStatementIds } from '../../payments/owed.js';
import { checkPayable, recordPayment } from '../../payments/record.js';
import { presentStatement, presentStatementRow } from './present.js';
import type { StatementListQuery } from './schemas.js';

/**
 * Published statements: lists, detail, the few details that may change, payments,
 * documents. Every call reads the caller's company only: another company's statement is not found.
 */
const DOWNLOAD_URL_SECONDS = 15 * 60;

/** A statement of the company, or 404 (another company's id is not found either). */
export async function statementOf(tenantId: string, id: string): Promise<StatementItem> {
  const statement = await getStatement(tenantId, id);
  if (!statement) throw new NotFound('Statement');
  return statement;
}

/** The company's statements as list rows; with `due`, only those the one due rule lets be paid now. */
async function statementRowsOf(tenantId: string, due: boolean): Promise<StatementRow[]> {
  const [items, labels] = await Promise.all([listStatements(tenantId), labelNames(tenantId)]);
  // "Due" is what may be paid now by the one due rule, so a statement picked to pay is never refused.
  const payable = due ? await payableStatementIds(tenantId, items) : undefined;
  return items
    .filter((item) => !payable || payable.has(item.statementId))
    .map((item) => presentStatementRow(item, labels));
}

/** The list query's filters (due excepted: statementRowsOf applies it) as one predicate over rows. */
const statementMatches =
  (query: StatementListQuery) =>
  (row: StatementRow): boolean =>
    (query.paid === undefined || row.paid === (query.paid === 'true')) &&
    (!query.label_id || row.label_id === query.label_id) &&
    (!query.statementable_type || row.statementable_type === query.statementable_type) &&
    (!query.statementable_id || row.statementable_id === query.statementable_id) &&
    // An artist's statements are those of the artist's own account.
    (!query.artist_id || (row.statementable_type === 'Artist' && row.statementable_id === query.artist_id)) &&
    (!query.type || row.type === query.type);

/** Newest first unless the caller sorts. */
const statementSort = (query: StatementListQuery) =>
  query.sort_field || query.order ? query.sort : { field: 'created_at' as const, direction: 'desc' as const };

/** A list of the company's statements: its filters, search (payee name, number), order and page. */
export async function listStatementRows(
  tenantId: string,
  query: StatementListQuery,
  scope: (row: StatementRow) => boolean = () => true,
): Promise<StatementList> {
  const rows = await statementRowsOf(tenantId, query.due === 'true');
  const matches = statementMatches(query);
  const page = pageOf(rows, {
    page: query.page,
    perPage: query.per_page,
    sort: statementSort(query),
    q: query.q,
    searchFields: ['payee_name', 'number'],
    tieBreaker: 'id',
    filter: (row) => scope(row) && matches(row),
  });
  return { statements: page.items, total_count: page.total_count, total_pages: page.total_pages };
}

/** GET /admin/statements: every company's statements (or one company's), with a company column, filtered and paged alike. */
export async function listAdminStatementRows(query: StatementListQuery & { company?: string }) {
  const rows = await rowsAcrossCompanies(query.company, (tenantId) => statementRowsOf(tenantId, query.due === 'true'));
  const page = pageOf(rows, {
    page: query.page,
    perPage: query.per_page,
    sort: statementSort(query),
    q: query.q,
    searchFields: ['payee_name', 'number', 'company_name'],
    tieBreaker: 'id',
    filter: statementMatches(query),
  });
  return { statements: page.items, total_count: page.total_count, total_pages: page.total_pages };
}

export async function statementView(tenantId: string, id: string): Promise<Statement> {
  const item = await statementOf(tenantId, id);
  const [labels, payments_made] = await Promise.all([statementLabelName(item), paymentsMadeOn(item)]);
  return { ...presentStatement(item, labels), payments_made };
}

/** Changes what may change on a published statement: recipients, subject, message, remittance date. */
export async function updateStatement(tenantId: string, id: string, set: StatementDetailsUpdate): Promise<Statement> {
  await statementOf(tenantId, id);
  if (Object.keys(set).length) await updateStatementDetails(tenantId, id, set);
  return statementView(tenantId, id);
}

/** A published statement is never deleted: a correction is a new version or an adjustment. */
export async function deleteStatement(tenantId: string, id: string): Promise<never> {
  await statementOf(tenantId, id);
  throw new Conflict(MESSAGES.publishedStatementNotDeleted);
}

/** A presigned GET of a statement's PDF or CSV; the key is the statement's own, never the caller's input. */
export async function documentUrl(tenantId: string, id: string, kind: 'pdf' | 'csv'): Promise<{ url: string }> {
  const statement = await statementOf(tenantId, id);
  const key = kind === 'pdf' ? statement.pdf_key : statement.csv_key;
  if (!key) throw new Conflict(`Statement ${statement.number} is still being made; try again in a moment`);
  const command = new GetObjectCommand({
    Bucket: requireEnv(ENV.ledgerBucket),
    Key: key,
    ResponseContentDisposition: contentDisposition('attachment', `${statement.number}.${kind}`),
  });
  return { url: await getSignedUrl(s3Client(), command, { expiresIn: DOWNLOAD_URL_SECONDS }) };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Marks a statement paid through a payment (functions/money/payments: the payment entry of −payable
 * joins its account, so its next statement shows it); refused with its number when paid already.
 */
export async function payStatement(
  tenantId: string,
  userId: string,
  statement: StatementItem,
  payment: StatementPayment = { payment_date: today(), payment_method: null, payment_reference: null },
): Promise<void> {
  await recordPayment(tenantId, userId, { ...payment, statement_ids: [statement.statementId] });
}

/**
 * Marks a statement paid before payments existed unpaid: its entry goes, unless a later statement
 * carries it already.
 */
async function unpayAlone(tenantId: string, statement: StatementItem): Promise<void> {
  if ((await markStatementUnpaid(statement)) !== 'refused') return;
  const carrier = (await paymentEntryOf(statement))?.statement_id;
  const carried = carrier ? await getStatement(tenantId, carrier) : null;
  throw new Conflict(
    `The payment of ${statement.number} is on statement ${carried?.number ?? carrier} and cannot be undone`,
  );
}

/**
 * bulk_pay: every id is the company's, else nothing changes (404). Paid: one payment per account
 * of the unpaid statements (those paid already stay as they are), each checked before any is recorded, so a
 * refused one records none. Unpaid: the payments that paid them are deleted.
 */
export async function bulkPay(tenantId: string, userId: string, ids: readonly string[], paid: boolean) {
  const statements = await Promise.all(ids.map((id) => statementOf(tenantId, id)));
  if (paid) {
    const byAccount = new Map<string, string[]>();
    for (const s of statements.filter((s) => !s.paid))
      byAccount.set(s.accountKey, [...(byAccount.get(s.accountKey) ?? []), s.statementId]);
    // Every account's payment is checked before any is recorded: a refusal (one statement carried into a later one,
    // say) pays none of the others.
    for (const statement_ids of byAccount.values()) await checkPayable(tenantId, statement_ids);
    for (const statement_ids of byAccount.values())
      await recordPayment(tenantId, userId, {
        statement_ids,
        payment_date: today(),
        payment_method: null,
        payment_reference: null,
      });
  } else {
    for (const statement of await unpayStatements(tenantId, statements)) await unpayAlone(tenantId, statement);
  }
  const labels = await labelNames(tenantId);
  const fresh = await Promise.all(ids.map((id) => statementOf(tenantId, id)));
  return {
    statements: fresh.map((item) => presentStatementRow(item, labels)),
    message: paid ? MESSAGES.statementMarkedAsPaid : MESSAGES.statementUpdated,
  };
}

/**
 * The addresses a statement may be mailed to: the account's own (a payee's or artist's e-mail, an artist's
 * portal users) and the company's members. A statement holds what an account earned; anyone else's address
 * would send it outside the company.
 */
async function mailableAddresses(statement: StatementItem): Promise<Set<string>> {
  const account = accountOfKey(statement.accountKey);
  const [holder, members, portal] = await Promise.all([
    accountHolder(statement.tenantId, account),
    membersOf(statement.tenantId),
    account.type === 'Artist' ? usersOfArtist(statement.tenantId, account.id) : Promise.resolve([]),
  ]);
  const people = await getUsers([...members, ...portal].map((m) => m.userId));
  const addresses = [holder?.email, ...people.map((u) => u.email)].filter((e): e is string => Boolean(e));
  return new Set(addresses.map((e) => e.trim().toLowerCase()));
}

const NOT_MAILABLE =
  "can only be the account's own e-mail or a member of the company: a statement is not sent to other addresses";

/** Sends a statement again, with its PDF, to its recipients (or the ones given, which it keeps). */
export async function resendStatement(tenantId: string, id: string, recipients?: string[]) {
  const statement = await statementOf(tenantId, id);
  const sendTo = recipients ?? statement.recipients ?? [];
  if (sendTo.length) {
    const allowed = await mailableAddresses(statement);
    const others = sendTo.filter((e) => !allowed.has(e.trim().toLowerCase()));
    if (others.length) throw new InvalidField('recipients', `${others.join(', ')} ${NOT_MAILABLE}`);
  }
  if (recipients) await updateStatementDetails(tenantId, id, { recipients });
  const pdf = statement.pdf_key ? await getBytes(statementsBucket(), statement.pdf_key) : null;
  if (!pdf) throw new Conflict(`Statement ${statement.number} is still being made; try again in a moment`);
  const current = await statementOf(tenantId, id);
  const document = await statementDocument(current);
  if (!(await sendStatement(current, document, pdf)))
    throw new Conflict(`Statement ${statement.number} has no recipients`, { recipients: ['Add a recipient'] });
  const sentTo = document.statement.recipients.join(', ') || (document.payee.email ?? '');
  return { statement: document.statement, message: `Statement ${statement.number} sent to ${sentTo}` };
}

/**
 * A statement's PDF's name in the bulk zip: its number and payee, one flat name whatever the payee is called ("AC/DC"
 * is "ST-000042 AC-DC.pdf", not a folder "ST-000042 AC" holding "DC.pdf").
 */
export const statementPdfName = (statement: Pick<StatementItem, 'number' | 'payee_name'>) =>
  downloadName(`${statement.number} ${statement.payee_name}`, 'pdf');

/**
 * bulk_download: the chosen statements' PDFs in one zip, stored under the company's downloads and
 * answered as a presigned URL the browser downloads (the API answers JSON only).
 */
export async function bulkDownload(tenantId: string, ids: readonly string[]) {
  const statements = await Promise.all(ids.map((id) => statementOf(tenantId, id)));
  const files = [];
  for (const statement of statements) {
    const pdf = statement.pdf_key ? await getBytes(statementsBucket(), statement.pdf_key) : null;
    if (!pdf) throw new Conflict(`Statement ${statement.number} is still being made; try again in a moment`);
    files.push({ name: statementPdfName(statement), data: pdf });
  }
  const key = statementKeys.download(tenantId, ulid());
  await putBytes(statementsBucket(), key, zipFiles(files), 'application/zip');
  const filename = `statements-${today()}.zip`;
  const command = new GetObjectCommand({
    Bucket: requireEnv(ENV.ledgerBucket),
    Key: key,
    ResponseContentDisposition: contentDisposition('attachment', filename),
  });
  return { url: await getSignedUrl(s3Client(), command, { expiresIn: DOWNLOAD_URL_SECONDS }), filename };
}
