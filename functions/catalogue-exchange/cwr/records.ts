import { fieldsFor, type CwrVersion, type FieldLayout, type RecordType } from './layouts.js';

/** One record's values by field name, as text (the writer pads them, the parser trims them). */
export type RecordValues = Readonly<Record<string, string>>;
export type ParsedRecord = { type: RecordType; values: Record<string, string>; line: number };

const EMPTY_BY_TYPE: Record<FieldLayout['type'], (length: number) => string> = {
  A: (length) => ' '.repeat(length),
  L: (length) => ' '.repeat(length),
  F: (length) => ' '.repeat(length),
  B: (length) => ' '.repeat(length),
  N: (length) => '0'.repeat(length),
  D: (length) => '0'.repeat(length),
  T: (length) => '0'.repeat(length),
};

/** A value in its field: numbers right-justified with zeros, text left-justified and cut at the field's width. */
function encodeField(field: FieldLayout, value: string | undefined): string {
  if (value === undefined || value === '') return EMPTY_BY_TYPE[field.type](field.length);
  if (field.type === 'N' || field.type === 'D' || field.type === 'T') {
    if (!/^\d+$/.test(value) || value.length > field.length)
      throw new Error(`CWR field ${field.name} takes at most ${field.length} digits, not "${value}"`);
    return value.padStart(field.length, '0');
  }
  return value.toUpperCase().slice(0, field.length).padEnd(field.length, ' ');
}

/** A field's text as read: text trimmed; all-zero dates and times read as not given. */
function decodeField(field: FieldLayout, raw: string): string {
  const text = raw.trimEnd();
  if ((field.type === 'D' || field.type === 'T') && /^0*$/.test(text)) return '';
  return field.type === 'N' ? text : text.trim();
}

/** One fixed-width line of a record type, every field of the version in its columns. */
export function writeRecord(type: RecordType, version: CwrVersion, values: RecordValues): string {
  const fields = fieldsFor(type, version);
  let line = '';
  for (const field of fields) {
    if (line.length !== field.start - 1) throw new Error(`CWR layout ${type}: ${field.name} does not follow on`);
    line += field.name === 'record_type' ? type : encodeField(field, values[field.name]);
  }
  return line;
}

/** Reads one line by its record type's layout; a short line reads its missing fields as blank. */
export function readRecord(line: string, version: CwrVersion, lineNumber: number): ParsedRecord {
  const type = line.slice(0, 3) as RecordType;
  const values: Record<string, string> = {};
  for (const field of fieldsFor(type, version)) {
    values[field.name] = decodeField(field, line.slice(field.start - 1, field.start - 1 + field.length));
  }
  return { type, values, line: lineNumber };
}
