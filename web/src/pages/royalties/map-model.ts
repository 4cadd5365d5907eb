import { humanizeField, VALIDATION } from '../../../../shared/messages';
import { currencyProblem } from '../../../../shared/schemas/currency';
import type { MappingColumn, RoyaltyMap } from '../../../../shared/schemas/royalty-map';
import { fileText } from '../../components/file-import';

/** The largest sample read from a chosen report for the preview (64 KB). */
const SAMPLE_BYTES = 64 * 1024;

export const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: '\t', label: 'Tab' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '|', label: 'Pipe (|)' },
] as const;

/** The map editor's state: strings throughout, as the inputs hold them. */
export type MapEditorValues = {
  name: string;
  delimiter: '' | NonNullable<RoyaltyMap['delimiter']>;
  decimal: NonNullable<RoyaltyMap['decimal']>;
  skip_header_rows: string;
  skip_footer_rows: string;
  currency: string;
  /** mapping column → report header ('' = not mapped). */
  columns: Partial<Record<MappingColumn, string>>;
  /** mapping column → constant value ('' = none). */
  constants: Partial<Record<MappingColumn, string>>;
};

export const emptyMapValues = (): MapEditorValues => ({
  name: '',
  delimiter: '',
  decimal: 'point',
  skip_header_rows: '0',
  skip_footer_rows: '0',
  currency: '',
  columns: {},
  constants: {},
});

const nonEmpty = <T extends string>(record: Partial<Record<T, string>>) =>
  Object.fromEntries(
    Object.entries(record)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => [k, (v as string).trim()]),
  ) as Partial<Record<T, string>>;

/** The editor's values as the RoyaltyMap the API stores (unset options left out). */
export function toRoyaltyMap(values: MapEditorValues): RoyaltyMap {
  const map: RoyaltyMap = { columns: nonEmpty(values.columns) };
  const constants = nonEmpty(values.constants);
  if (Object.keys(constants).length) map.constants = constants;
  if (values.delimiter) map.delimiter = values.delimiter;
  map.decimal = values.decimal;
  const header = Number(values.skip_header_rows);
  const footer = Number(values.skip_footer_rows);
  if (values.skip_header_rows.trim() && header > 0) map.skip_header_rows = header;
  if (values.skip_footer_rows.trim() && footer > 0) map.skip_footer_rows = footer;
  if (values.currency.trim()) map.currency = values.currency.trim().toUpperCase();
  return map;
}

/** A saved map back in the editor. */
export function fromRoyaltyMap(name: string, map: RoyaltyMap): MapEditorValues {
  return {
    name,
    delimiter: map.delimiter ?? '',
    decimal: map.decimal ?? 'point',
    skip_header_rows: String(map.skip_header_rows ?? 0),
    skip_footer_rows: String(map.skip_footer_rows ?? 0),
    currency: map.currency ?? '',
    columns: { ...map.columns },
    constants: { ...(map.constants ?? {}) },
  };
}

/**
 * What "Match by name" tells the user: how many of the sample's columns it matched, and each it could not,
 * so they are chosen by hand or left out on purpose.
 */
export function matchedByNameMessage(headerCount: number, unmatched: readonly string[]) {
  const matched = headerCount - unmatched.length;
  if (!unmatched.length) return { message: `All ${headerCount} columns matched by name.`, details: [] as string[] };
  return {
    message: `${matched} of ${headerCount} columns matched by name. Not matched: ${unmatched.join(', ')}.`,
    details: ['Choose the field of each below, or leave it out if the import does not need it.'],
  };
}

/** Client-side checks before saving (the server checks again and its field errors show too). */
export function validateMap(values: MapEditorValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = VALIDATION.required('Name');
  for (const field of ['skip_header_rows', 'skip_footer_rows'] as const) {
    const text = values[field].trim();
    if (text && !/^\d+$/.test(text))
      errors[field] =
        `${field === 'skip_header_rows' ? 'Header rows' : 'Footer rows'} must be a whole number of at least 0`;
  }
  const currency = currencyProblem('Currency', values.currency);
  if (currency) errors.currency = currency;
  const mapped = { ...nonEmpty(values.columns), ...nonEmpty(values.constants) };
  if (!mapped.subtotal_payable) errors['columns.subtotal_payable'] = VALIDATION.required('Subtotal payable');
  if (!mapped.pay_period) errors['columns.pay_period'] = VALIDATION.required('Pay period');
  if (!mapped.subtotal_payable_currency && !values.currency.trim())
    errors.currency = 'Currency is required when no column holds the currency';
  return errors;
}

/**
 * Whether the map is complete enough to read lines through (the API refuses a map without an
 * amount, a pay period and a currency); until then the preview only lists the sample's headers.
 */
export function previewable(map: RoyaltyMap): boolean {
  const filled = (column: MappingColumn) => Boolean(map.columns[column] || map.constants?.[column]);
  return (
    filled('subtotal_payable') && filled('pay_period') && (filled('subtotal_payable_currency') || Boolean(map.currency))
  );
}

/** "subtotal_payable" → "Subtotal payable", "isrc" → "ISRC". */
export const columnLabel = (column: string) => humanizeField(column);

/** Reads the first SAMPLE_BYTES of a local file as text (the preview's sample), in the encoding the import reads it. */
export async function readSample(file: Blob): Promise<string> {
  return fileText(file, SAMPLE_BYTES);
}
