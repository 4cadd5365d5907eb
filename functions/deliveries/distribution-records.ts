import { ulid } from 'ulid';
import { z } from 'zod';
import { csvRows } from '../../shared/csv-rows.js';
import {
  deleteDistributionDelivery,
  getDistributionDelivery,
  listDistributionDeliveries,
  putDistributionDeliveries,
} from '../data/access/deliveries.js';
import type { CreateDistributionDelivery, DistributionDeliveryItem } from '../data/entities/deliveries.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { listAnswer, listQuerySchema, pageOfQuery } from '../lib/list-query.js';

/**
 * Distribution records: what was sent to which store, kept
 * in the distribution area (admins only), entered one by one or imported from a CSV whose header
 * names the fields. After an import the list shows 50 per page, newest delivery_time first.
 */
const RECORD_FIELDS = [
  'artist_name',
  'delivery_time',
  'distributor_name',
  'label_name',
  'product_name',
  'recipient',
  'release_date',
  'sender',
  'status',
  'upc',
  'artist_id',
  'distributor_id',
  'label_id',
  'ref_id',
  'release_id',
] as const;

const text = z.string().trim().max(500, 'must be at most 500 characters').optional();
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true, local: true });
/**
 * The two dates are read as dates: the list shows them as dates and sorts by them, so a "01/05/2026" (the 1st of
 * May, or the 5th of January?) is refused with the form it must take rather than shown as a day nobody meant.
 */
const dateField = (words: string, alsoTime: boolean) =>
  text.refine(
    (value) => !value || isoDate.safeParse(value).success || (alsoTime && isoDateTime.safeParse(value).success),
    alsoTime
      ? `${words} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM:SSZ)`
      : `${words} must be a date (YYYY-MM-DD)`,
  );
export const distributionRecordInput = z.strictObject({
  ...(Object.fromEntries(RECORD_FIELDS.map((f) => [f, text])) as Record<(typeof RECORD_FIELDS)[number], typeof text>),
  release_date: dateField('Release date', false),
  delivery_time: dateField('Delivery time', true),
});

export const distributionListQuery = listQuerySchema(
  ['delivery_time', 'created_at', 'product_name', 'artist_name', 'upc', 'status', 'recipient'],
  {},
);

/** At most this many lines per import (one request's body). */
const MAX_IMPORT_ROWS = 5000;

type RecordView = Record<string, unknown> & { id: string };

const view = ({ createdAt, updatedAt, ...item }: DistributionDeliveryItem): RecordView => ({
  ...item,
  created_at: createdAt,
  updated_at: updatedAt,
});

export async function listRecords(query: z.infer<typeof distributionListQuery>) {
  const rows = (await listDistributionDeliveries()).map(view);
  const page = pageOfQuery(rows, query, {
    searchFields: ['artist_name', 'product_name', 'label_name', 'upc', 'recipient', 'sender', 'status'],
    tieBreaker: 'id',
  });
  return listAnswer('deliveries', page);
}

export async function getRecord(id: string) {
  const item = await getDistributionDelivery(id);
  if (!item) throw new NotFound('Delivery');
  return view(item);
}

export async function createRecord(input: z.infer<typeof distributionRecordInput>) {
  const record = { ...input, id: ulid() };
  await putDistributionDeliveries([record]);
  return getRecord(record.id);
}

/** Imports a CSV of distribution records; each line keeps its text as csv_data. Refused whole if a line is unreadable. */
export async function importRecords(csv: string): Promise<{ imported: number; message: string }> {
  const rows = csvRows(csv);
  if (!rows.length)
    throw new BadRequest('The file has no deliveries', { file: ['The file has no deliveries under its header row'] });
  if (rows.length > MAX_IMPORT_ROWS)
    throw new BadRequest(`At most ${MAX_IMPORT_ROWS} deliveries per file`, {
      file: [`At most ${MAX_IMPORT_ROWS} deliveries per file`],
    });
  const known = new Set<string>(RECORD_FIELDS);
  const records: CreateDistributionDelivery[] = rows.map((row, i) => {
    const fields = Object.fromEntries(Object.entries(row).filter(([k, v]) => known.has(k) && v !== ''));
    const parsed = distributionRecordInput.safeParse(fields);
    if (!parsed.success) {
      // Each problem with the field it is in, as the header row names it, so the line can be put right.
      const problems = parsed.error.issues.map((issue) => `Line ${i + 2}: ${issueWords(issue)}`);
      throw new BadRequest(`Line ${i + 2} cannot be read: ${issueWords(parsed.error.issues[0])}`, { file: problems });
    }
    return { ...parsed.data, id: ulid(), csv_data: JSON.stringify(row) };
  });
  if (!records.some((r) => Object.keys(r).some((k) => known.has(k))))
    throw new BadRequest('The file names none of the delivery fields', {
      file: [`The header row must name some of: ${RECORD_FIELDS.join(', ')}`],
    });
  await putDistributionDeliveries(records);
  return { imported: records.length, message: `${records.length} records were added` };
}

/** A problem in words: the date rules say their field; a field too long is named as the header row names it. */
function issueWords(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'it cannot be read';
  const field = String(issue.path[0] ?? '');
  return issue.code === 'custom' ? issue.message : `${field} ${issue.message}`;
}

export async function deleteRecord(id: string): Promise<void> {
  if (!(await deleteDistributionDelivery(id))) throw new NotFound('Delivery');
}
