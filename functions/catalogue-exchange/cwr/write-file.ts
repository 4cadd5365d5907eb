import { toCwrText } from './ascii.js';
import { writeRecord } from './records.js';
import type { CwrVersion } from './layouts.js';
import { transactionRecords, type CwrWork } from './work.js';

/** Who sends the file (HDR): a publisher (PB) with its IPI name number's last nine digits. */
export type CwrSender = { type: string; id: string; name: string };
export type CwrTransaction = { type: 'NWR' | 'REV'; work: CwrWork };
export type CwrFileInput = {
  version: CwrVersion;
  sender: CwrSender;
  created: Date;
  transactions: readonly CwrTransaction[];
};
export type CwrCounts = { groups: number; transactions: number; records: number };

/** CISAC: every record ends with CR LF. */
const CWR_LINE_END = '\r\n';
/** The software package named in a 2.2 header. */
const SOFTWARE = { name: 'LABEL PLATFORM', version: '1.0' };

const ymd = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');
const hms = (date: Date) => date.toISOString().slice(11, 19).replaceAll(':', '');

/**
 * A whole CWR file: HDR, one group (GRH … GRT) per transaction type (new registrations, then
 * revisions), TRL. Transactions are numbered from 0 within their group and records from 0 within
 * their transaction; GRT counts its group's records with GRH and GRT, TRL every record with HDR and TRL.
 */
export function writeCwrFile(input: CwrFileInput): { text: string; counts: CwrCounts } {
  const { version } = input;
  const lines = [
    writeRecord('HDR', version, {
      sender_type: input.sender.type,
      sender_id: input.sender.id,
      sender_name: toCwrText(input.sender.name).text,
      edi_version: '01.10',
      creation_date: ymd(input.created),
      creation_time: hms(input.created),
      transmission_date: ymd(input.created),
      cwr_version: version,
      cwr_revision: '2',
      software_package: SOFTWARE.name,
      software_version: SOFTWARE.version,
    }),
  ];
  let groups = 0;
  let transactions = 0;
  for (const type of ['NWR', 'REV'] as const) {
    const ofType = input.transactions.filter((t) => t.type === type);
    if (!ofType.length) continue;
    groups += 1;
    const groupLines = [
      writeRecord('GRH', version, {
        transaction_type: type,
        group_id: String(groups),
        transaction_version: version === '2.2' ? '02.20' : '02.10',
      }),
    ];
    ofType.forEach((transaction, index) => {
      transactionRecords(type, transaction.work).forEach((record, recordIndex) => {
        groupLines.push(
          writeRecord(record.type, version, {
            ...record.values,
            transaction_sequence: String(index),
            record_sequence: String(recordIndex),
          }),
        );
      });
    });
    groupLines.push(
      writeRecord('GRT', version, {
        group_id: String(groups),
        transaction_count: String(ofType.length),
        record_count: String(groupLines.length + 1),
      }),
    );
    transactions += ofType.length;
    lines.push(...groupLines);
  }
  const records = lines.length + 1;
  lines.push(
    writeRecord('TRL', version, {
      group_count: String(groups),
      transaction_count: String(transactions),
      record_count: String(records),
    }),
  );
  return { text: lines.join(CWR_LINE_END) + CWR_LINE_END, counts: { groups, transactions, records } };
}
