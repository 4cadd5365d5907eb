import { isRecordType, type CwrVersion } from './layouts.js';
import { readRecord, type ParsedRecord } from './records.js';
import { workFromRecords, type CwrWork } from './work.js';

type ParsedTransaction = { type: 'NWR' | 'REV'; records: ParsedRecord[]; work: CwrWork };
type ParsedGroup = { transactionType: string; groupId: number; transactions: ParsedTransaction[] };
export type ParsedCwrFile = {
  version: CwrVersion;
  header: Record<string, string>;
  groups: ParsedGroup[];
  trailer: Record<string, string> | null;
  /** Structural problems and counts that do not match, by line; empty for a sound file. */
  errors: { line: number; message: string }[];
};

/** A 2.2 header names its version in columns 102–104; a 2.1 header ends before them. */
function versionOf(headerLine: string): CwrVersion {
  return headerLine.slice(101, 104) === '2.2' ? '2.2' : '2.1';
}

const TRANSACTION_HEADS = new Set(['NWR', 'REV']);

/**
 * Reads a CWR file back into its header, groups, transactions (each with its records and the
 * work they describe) and trailer, checking the record sequence and the GRT and TRL counts.
 */
export function parseCwrFile(text: string): ParsedCwrFile {
  const lines = text.split(/\r?\n/).filter((line, index, all) => line !== '' || index < all.length - 1);
  const errors: ParsedCwrFile['errors'] = [];
  const firstLine = lines[0] ?? '';
  const version = versionOf(firstLine);
  const file: ParsedCwrFile = { version, header: {}, groups: [], trailer: null, errors };
  if (!firstLine.startsWith('HDR')) {
    errors.push({ line: 1, message: 'The file does not start with an HDR record' });
    return file;
  }
  file.header = readRecord(firstLine, version, 1).values;
  let group: ParsedGroup | null = null;
  let groupRecords = 0;
  let transaction: ParsedTransaction | null = null;
  const closeTransaction = () => {
    if (transaction) transaction.work = workFromRecords(transaction.records);
    transaction = null;
  };

  lines.slice(1).forEach((line, index) => {
    const lineNumber = index + 2;
    const code = line.slice(0, 3);
    if (!isRecordType(code) || code === 'HDR') {
      errors.push({ line: lineNumber, message: `Unexpected record "${code}"` });
      return;
    }
    const record = readRecord(line, version, lineNumber);
    groupRecords += 1;
    if (code === 'GRH') {
      group = {
        transactionType: record.values.transaction_type ?? '',
        groupId: Number(record.values.group_id),
        transactions: [],
      };
      file.groups.push(group);
      groupRecords = 1;
    } else if (code === 'GRT') {
      closeTransaction();
      checkCount(
        errors,
        lineNumber,
        'GRT transaction count',
        record.values.transaction_count,
        group?.transactions.length ?? 0,
      );
      checkCount(errors, lineNumber, 'GRT record count', record.values.record_count, groupRecords);
      group = null;
    } else if (code === 'TRL') {
      file.trailer = record.values;
      const transactions = file.groups.reduce((sum, g) => sum + g.transactions.length, 0);
      checkCount(errors, lineNumber, 'TRL group count', record.values.group_count, file.groups.length);
      checkCount(errors, lineNumber, 'TRL transaction count', record.values.transaction_count, transactions);
      checkCount(errors, lineNumber, 'TRL record count', record.values.record_count, lineNumber);
    } else if (TRANSACTION_HEADS.has(code)) {
      closeTransaction();
      const current: ParsedGroup | null = group;
      if (!current) errors.push({ line: lineNumber, message: `${code} outside a group` });
      transaction = { type: code as 'NWR' | 'REV', records: [record], work: workFromRecords([record]) };
      current?.transactions.push(transaction);
    } else {
      const current: ParsedTransaction | null = transaction;
      if (!current) errors.push({ line: lineNumber, message: `${code} outside a transaction` });
      else {
        checkCount(
          errors,
          lineNumber,
          `${code} record sequence`,
          record.values.record_sequence,
          current.records.length,
        );
        current.records.push(record);
      }
    }
  });
  closeTransaction();
  if (!file.trailer) errors.push({ line: lines.length, message: 'The file does not end with a TRL record' });
  return file;
}

function checkCount(
  errors: ParsedCwrFile['errors'],
  line: number,
  what: string,
  written: string | undefined,
  counted: number,
): void {
  if (Number(written) !== counted) errors.push({ line, message: `${what} is ${Number(written)}, counted ${counted}` });
}
