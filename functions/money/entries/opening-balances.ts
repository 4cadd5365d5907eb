import Big from 'big.js';
import { money } from '../../../shared/schemas/money.js';
import {
  OPENING_BALANCE_LISTED,
  OPENING_BALANCE_MAX_BYTES,
  OPENING_BALANCE_MAX_ROWS,
  type OpeningBalanceCheck,
  type OpeningBalanceFile,
  type OpeningBalanceImportAnswer,
  type OpeningBalanceRow,
} from '../../../shared/schemas/opening-balances.js';
import { monthEnd, monthEndedBefore } from '../../../shared/statement-periods.js';
import {
  importedDay,
  importedOn,
  readCheckedFile,
  refuseFileProblems,
} from '../../catalogue-exchange/imports/checked-file.js';
import { companyAccountTerms } from '../../data/access/accounts.js';
import {
  companyPayeeNames,
  openingBalanceImport,
  writeOpeningBalanceBatch,
  type NewOpeningBalanceImport,
} from '../../data/access/opening-balances.js';
import type { CreateAccountEntry } from '../../data/entities/statements.js';
import { Conflict, InvalidField } from '../../lib/errors.js';
import { accountKeyOf } from '../accounts/account.js';
import { readOpeningBalances } from './opening-balance-rows.js';

/**
 * Payees' opening balances brought in from a file, once: a label moving here from another system (or spreadsheets)
 * brings each payee's balance as it stood there, so the first statement here carries it. Each row becomes one
 * account entry of kind `adjustment` ("Opening balance" unless the row says otherwise), whose statement, account
 * page and finances read it as they read any adjustment. docs/money.md, "Opening balances".
 *
 * The check reads the file and answers every problem and a preview; it writes nothing. The import reads it again
 * and writes all of it or nothing that a check would refuse, in batches of up to 99 entries, each batch one
 * transaction with the import's record keyed by the file's content hash (opening-balance-import.ts): so a retried or
 * concurrent request writes nothing twice, a stopped import carries on, and a finished one refuses the file.
 */

/** Entries per transaction: DynamoDB takes 100 items, one of which is the import's record. */
const BATCH_SIZE = 99;

/** The day a row without a date is dated: the end of last month, the usual day a label moves its books. */
const defaultDay = () => monthEnd(monthEndedBefore(new Date()));

/** Today in UTC (YYYY-MM-DD): a row's date may not be after it. */
const today = () => new Date().toISOString().slice(0, 10);

/** The file read against the company's payees and currency; `record` is the import of this file begun, if any. */
async function readAgainstCompany(tenantId: string, file: OpeningBalanceFile) {
  const read = await readCheckedFile(file, { maxBytes: OPENING_BALANCE_MAX_BYTES, maxRows: OPENING_BALANCE_MAX_ROWS });
  const [payees, terms, record] = await Promise.all([
    companyPayeeNames(tenantId),
    companyAccountTerms(tenantId),
    openingBalanceImport(tenantId, read.hash),
  ]);
  const defaultDate = record?.default_date ?? defaultDay();
  const rows = readOpeningBalances({
    headers: read.headers,
    rows: read.rows,
    payees,
    currency: terms.currency,
    defaultDate,
    today: today(),
  });
  return { hash: read.hash, record, rows, currency: terms.currency, defaultDate };
}

const sumOf = (entries: readonly OpeningBalanceRow[]) =>
  money(entries.reduce((sum, entry) => sum.plus(entry.balance), new Big(0)));

/** The check: every problem (the first OPENING_BALANCE_LISTED, then a count) and a preview. Writes nothing. */
export async function checkOpeningBalances(tenantId: string, file: OpeningBalanceFile): Promise<OpeningBalanceCheck> {
  const { record, rows, currency, defaultDate } = await readAgainstCompany(tenantId, file);
  const done = record?.status === 'complete';
  const problems = [...(done ? [{ row: null, column: null, message: importedOn(record) }] : []), ...rows.problems];
  return {
    file_name: file.file_name,
    rows: rows.rows,
    entries: rows.entries.length,
    zero: rows.zero,
    currency,
    default_date: defaultDate,
    totals: rows.totals,
    problems: problems.slice(0, OPENING_BALANCE_LISTED),
    more_problems: Math.max(0, problems.length - OPENING_BALANCE_LISTED),
    preview: rows.entries.slice(0, OPENING_BALANCE_LISTED),
    more_rows: Math.max(0, rows.entries.length - OPENING_BALANCE_LISTED),
    imported_on: done ? importedDay(record) : null,
  };
}

/** A row's entry: its id derives from the file's hash and the row, so writing it twice finds it there. */
const entryOf = (tenantId: string, userId: string, hash: string, row: OpeningBalanceRow): CreateAccountEntry => ({
  tenantId,
  accountKey: accountKeyOf({ type: 'Payee', id: row.payee_id }),
  entryId: `opening-${hash.slice(0, 24)}-${row.row}`,
  kind: 'adjustment',
  amount: row.balance,
  date: row.date,
  description: row.description,
  userId,
});

/** Test seams: a smaller batch, and a hook after each batch but the last (a test throws there to play a crash). */
export type OpeningBalanceSeams = { batchSize?: number; afterBatch?: (batchesDone: number) => void | Promise<void> };

/**
 * Imports the file: refused whole while any row has a problem; otherwise every row's entry, batch by batch from
 * where an earlier try stopped. A file imported already is refused ("This file was imported on <day>").
 */
export async function importOpeningBalances(
  tenantId: string,
  userId: string,
  file: OpeningBalanceFile,
  seams: OpeningBalanceSeams = {},
): Promise<OpeningBalanceImportAnswer> {
  const { hash, record, rows, currency, defaultDate } = await readAgainstCompany(tenantId, file);
  if (record?.status === 'complete') throw new Conflict(importedOn(record), { file: [importedOn(record)] });
  refuseFileProblems(rows.problems, OPENING_BALANCE_LISTED);
  const { entries } = rows;
  if (!entries.length) throw new InvalidField('file', 'Every balance in the file is 0.00: there is nothing to import');
  if (record && record.entries !== entries.length)
    throw new Conflict(
      `This file's import stopped after ${record.batches_done} of ${record.batches} batches, and the payees have changed since: it now reads as ${entries.length} balances, not ${record.entries}`,
    );
  const batchSize = record?.batch_size ?? seams.batchSize ?? BATCH_SIZE;
  const head: NewOpeningBalanceImport = {
    tenantId,
    hash,
    filename: file.file_name,
    userId: record?.userId ?? userId,
    status: 'importing',
    batch_size: batchSize,
    batches: Math.ceil(entries.length / batchSize),
    entries: entries.length,
    total: sumOf(entries),
    currency,
    default_date: defaultDate,
  };
  const resumed = Boolean(record);
  let index = record?.batches_done ?? 0;
  while (index < head.batches) {
    const batch = entries.slice(index * batchSize, (index + 1) * batchSize);
    const outcome = await writeOpeningBalanceBatch(
      head,
      index,
      batch.map((row) => entryOf(tenantId, userId, hash, row)),
    );
    if (outcome === 'moved') {
      // Another request of the same file wrote this batch: carry on after what it wrote, or stop if it finished.
      const now = await openingBalanceImport(tenantId, hash);
      if (now?.status === 'complete') throw new Conflict(importedOn(now), { file: [importedOn(now)] });
      if (!now || now.batches_done <= index)
        throw new Conflict('Another import of this file is under way; try again in a moment');
      index = now.batches_done;
      continue;
    }
    index += 1;
    if (index < head.batches) await seams.afterBatch?.(index);
  }
  const payees = new Map(entries.map((row) => [row.payee_id, row.payee_name]));
  return {
    message: `${entries.length} records were added`,
    entries: entries.length,
    total: head.total,
    currency,
    resumed,
    payees: [...payees].map(([id, name]) => ({ id, name })),
  };
}
