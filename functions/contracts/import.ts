import { formatCount } from '../../shared/format.js';
import {
  CONTRACT_IMPORT_LISTED,
  CONTRACT_IMPORT_MAX_BYTES,
  CONTRACT_IMPORT_MAX_ROWS,
  type ContractImportAnswer,
  type ContractImportCheck,
  type ContractImportFile,
} from '../../shared/schemas/contract-imports.js';
import {
  importedDay,
  importedOn,
  readCheckedFile,
  refuseFileProblems,
} from '../catalogue-exchange/imports/checked-file.js';
import { getCompany } from '../data/access/companies.js';
import {
  completeContractImport,
  contractImport,
  contractSubjects,
  existingContractIds,
  startContractImport,
} from '../data/access/contract-imports.js';
import { companyPayeeNames } from '../data/access/opening-balances.js';
import { Conflict, InvalidField } from '../lib/errors.js';
import { writeNewContract } from './contracts.js';
import { type ContractImportRow, readContractImport } from './import-rows.js';

/**
 * Contracts brought in from a file, once: a label moving here from another royalty system brings its contracts as a
 * spreadsheet, one per row, and each becomes a draft contract made by the same path as `POST /contracts` (its schema,
 * its checks, its write). docs/contracts.md, "Importing contracts".
 *
 * The check reads the file and answers every problem and a preview; it writes nothing. The import reads it again and
 * writes nothing while any row has a problem; otherwise each row's contract, whose id is the file's hash and the row,
 * created only if absent. So a retried or concurrent request makes no contract twice, an import stopped half-way is
 * carried on by sending the file again, and once every row is written the file's record (by its hash) refuses it.
 */

/** Rows written at once: a few, so a file of 2,000 rows neither waits on each write nor floods the table. */
const PARALLEL = 8;

/** The file read against the company's releases, artists and payees; `record` is the import of this file, if any. */
async function readAgainstCompany(tenantId: string, file: ContractImportFile) {
  const read = await readCheckedFile(file, { maxBytes: CONTRACT_IMPORT_MAX_BYTES, maxRows: CONTRACT_IMPORT_MAX_ROWS });
  const [subjects, payees, company, record] = await Promise.all([
    contractSubjects(tenantId),
    companyPayeeNames(tenantId),
    getCompany(tenantId),
    contractImport(tenantId, read.hash),
  ]);
  const rows = readContractImport({
    headers: read.headers,
    rows: read.rows,
    releases: subjects.releases,
    artists: subjects.artists,
    payees,
    contractor: company?.name ?? 'The label',
    currency: company?.currency ?? 'GBP',
  });
  return { hash: read.hash, record, rows };
}

/** The check: every problem (the first CONTRACT_IMPORT_LISTED, then a count) and a preview. Writes nothing. */
export async function checkContractImport(tenantId: string, file: ContractImportFile): Promise<ContractImportCheck> {
  const { record, rows } = await readAgainstCompany(tenantId, file);
  const done = record?.status === 'complete' ? record : null;
  const problems = [...(done ? [{ row: null, column: null, message: importedOn(done) }] : []), ...rows.problems];
  return {
    file_name: file.file_name,
    rows: rows.rows,
    contracts: rows.contracts.length,
    problems: problems.slice(0, CONTRACT_IMPORT_LISTED),
    more_problems: Math.max(0, problems.length - CONTRACT_IMPORT_LISTED),
    preview: rows.contracts.slice(0, CONTRACT_IMPORT_LISTED).map((row) => row.preview),
    more_rows: Math.max(0, rows.contracts.length - CONTRACT_IMPORT_LISTED),
    imported_on: done ? importedDay(done) : null,
  };
}

/** A row's contract id: the file's hash and the row, so the row written twice finds its contract there. */
const contractIdOf = (hash: string, row: ContractImportRow) => `import-${hash.slice(0, 32)}-${row.row}`;

/**
 * How long one request writes before it answers: the API answers 503 after 29 seconds, and a file of 2,000 rows may
 * take longer than that, so a request stops after this much, says how far it got, and the page sends the file again
 * to carry on (the contracts written are found there, the rest written).
 */
const TIME_BUDGET_MS = 20_000;

/** Test seams: a hook after each group of rows written but the last (a test throws there to play a crash), a budget. */
export type ContractImportSeams = {
  afterBatch?: (rowsDone: number) => void | Promise<void>;
  budgetMs?: number;
};

/**
 * Imports the file: refused whole while any row has a problem; otherwise every row's contract not made yet, then
 * the file's record marked complete. A file imported already is refused ("This file was imported on <day>").
 */
export async function importContracts(
  tenantId: string,
  userId: string,
  file: ContractImportFile,
  seams: ContractImportSeams = {},
): Promise<ContractImportAnswer> {
  const { hash, record, rows } = await readAgainstCompany(tenantId, file);
  if (record?.status === 'complete') throw new Conflict(importedOn(record), { file: [importedOn(record)] });
  refuseFileProblems(rows.problems, CONTRACT_IMPORT_LISTED);
  const { contracts } = rows;
  if (!contracts.length) throw new InvalidField('file', 'The file has no contracts to import');
  await startContractImport({ tenantId, hash, filename: file.file_name, userId, contracts: contracts.length });
  // Rows an earlier request wrote are skipped without checking them again, so a large file always moves on.
  const there = await existingContractIds(
    tenantId,
    contracts.map((row) => contractIdOf(hash, row)),
  );
  const todo = contracts.filter((row) => !there.has(contractIdOf(hash, row)));
  const resumed = Boolean(record) || there.size > 0;
  const stopAt = Date.now() + (seams.budgetMs ?? TIME_BUDGET_MS);
  let done = there.size;
  for (let start = 0; start < todo.length; start += PARALLEL) {
    if (start > 0 && Date.now() >= stopAt)
      return {
        message: `${formatCount(done)} of ${formatCount(contracts.length)} contracts are in: the import carries on`,
        contracts: contracts.length,
        written: done,
        complete: false,
        resumed,
      };
    // A row written meanwhile by a concurrent request of the same file is found there (false): made once.
    await Promise.all(
      todo.slice(start, start + PARALLEL).map((row) => writeNewContract(tenantId, row.input, contractIdOf(hash, row))),
    );
    done = there.size + Math.min(todo.length, start + PARALLEL);
    if (done < contracts.length) await seams.afterBatch?.(done);
  }
  await completeContractImport(tenantId, hash);
  return {
    message: `${formatCount(contracts.length)} ${contracts.length === 1 ? 'contract was' : 'contracts were'} added`,
    contracts: contracts.length,
    written: contracts.length,
    complete: true,
    resumed,
  };
}
