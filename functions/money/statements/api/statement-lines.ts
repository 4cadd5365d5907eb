import { parse } from 'csv-parse';
import type {
  StatementLine,
  StatementLineFilter,
  StatementLinesPage,
} from '../../../../shared/schemas/statement-views.js';
import { formatCount } from '../../../../shared/format.js';
import { spreadsheetText } from '../../../../shared/spreadsheet-safe.js';
import { getStream } from '../../../lib/bucket-objects.js';
import { Conflict } from '../../../lib/errors.js';
import { exactFromUnits, unitsFromExact } from '../../../royalties/ledger/units.js';
import { statementsBucket } from '../statement-keys.js';
import type { StatementLinesQuery } from './schemas.js';
import { statementOf } from './statements.js';
import { territoryName } from '../../../../shared/territories.js';

/**
 * A published statement's lines, read from the CSV it was published with (the file the statement page downloads),
 * so a table's row opens exactly the lines behind its amount, whatever the account: a payee's lines cannot be told
 * from the ledger's by a filter, but they are the CSV's. Each request reads the file from the start; a statement of
 * more lines than a page can read in about a second is refused, with the CSV to download instead.
 */
const MAX_LISTED_LINES = 100_000;
/** About 150 bytes a line: a file this big holds more lines than MAX_LISTED_LINES, whatever its control says. */
const MAX_LISTED_BYTES = 32 * 1024 * 1024;

const tooMany = (lines: number) =>
  new Conflict(
    `This statement has ${formatCount(lines)} lines, more than this page lists (${formatCount(MAX_LISTED_LINES)}): download its CSV to see them`,
  );

/** A CSV line's cell by its column's name ('' when the file has no such column). */
type CsvRow = (column: string) => string;

/** The text of a row's cell as the statement's tables name it (the CSV's spreadsheet guard taken off). */
const cell = (row: CsvRow, column: string) => spreadsheetText(row(column));

/**
 * Whether a line is one a table's row counts. A track row is named "Title (ISRC)" when its recording has an ISRC,
 * else by its title; a line names its track and ISRC apart.
 */
const MATCHES: Record<StatementLineFilter, (row: CsvRow, value: string) => boolean> = {
  store: (row, value) => cell(row, 'retailer') === value,
  // A statement's territory row is named in words ("United Kingdom"; those published before, by the code).
  territory: (row, value) => cell(row, 'territory') === value || territoryName(cell(row, 'territory')) === value,
  format: (row, value) => cell(row, 'sales_format') === value,
  release: (row, value) => cell(row, 'release') === value,
  track: (row, value) =>
    cell(row, 'track') === value ||
    (cell(row, 'isrc') !== '' && `${cell(row, 'track')} (${cell(row, 'isrc')})` === value),
  month: (row, value) => cell(row, 'pay_period') === value,
  term: (row, value) => cell(row, 'term') === value,
};

function lineOf(row: CsvRow): StatementLine {
  return {
    pay_period: cell(row, 'pay_period'),
    retailer: cell(row, 'retailer'),
    territory: cell(row, 'territory'),
    sales_format: cell(row, 'sales_format'),
    release: cell(row, 'release'),
    track: cell(row, 'track'),
    isrc: cell(row, 'isrc'),
    quantity: Number(row('quantity')) || 0,
    label_payable: row('label_payable') || '0',
    // A CSV written before lines named their contract term has none.
    term: cell(row, 'term'),
    share: row('share') || '0',
  };
}

export async function statementLines(
  tenantId: string,
  id: string,
  query: StatementLinesQuery,
): Promise<StatementLinesPage> {
  const statement = await statementOf(tenantId, id);
  if (!statement.csv_key)
    throw new Conflict(`Statement ${statement.number} is still being made; try again in a moment`);
  if ((statement.control?.lines ?? 0) > MAX_LISTED_LINES) throw tooMany(statement.control?.lines ?? 0);
  const object = await getStream(statementsBucket(), statement.csv_key);
  if (!object) throw new Conflict(`Statement ${statement.number} is still being made; try again in a moment`);
  if (object.bytes > MAX_LISTED_BYTES) {
    object.body.destroy();
    throw tooMany(statement.control?.lines ?? 0);
  }
  const filters = Object.entries(MATCHES).flatMap(([name, matches]) => {
    const value = query[name as StatementLineFilter];
    return value === undefined ? [] : [(row: CsvRow) => matches(row, value)];
  });
  const first = (query.page - 1) * query.per_page;
  const lines: StatementLine[] = [];
  let kept = 0;
  let quantity = 0;
  // Summed in millionths (the CSV's six decimals) as integers: exact, and cheaper than decimals over 100,000 lines.
  let share = 0n;
  // Read as arrays, each cell found by its header's place, rather than an object made for every line.
  let columns = new Map<string, number>();
  for await (const cells of object.body.pipe(parse({ relax_column_count: true })) as AsyncIterable<string[]>) {
    if (!columns.size) {
      columns = new Map(cells.map((name, index) => [name, index]));
      continue;
    }
    const row: CsvRow = (column) => cells[columns.get(column) ?? -1] ?? '';
    if (!filters.every((keeps) => keeps(row))) continue;
    if (kept >= first && lines.length < query.per_page) lines.push(lineOf(row));
    kept += 1;
    quantity += Number(row('quantity')) || 0;
    share += unitsFromExact(row('share') || '0');
  }
  return {
    lines,
    total_count: kept,
    total_pages: Math.max(1, Math.ceil(kept / query.per_page)),
    quantity,
    share: exactFromUnits(share),
  };
}
