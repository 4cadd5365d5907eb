import { VALIDATION } from '../../../shared/messages.js';
import { isCalendarDay } from '../../../shared/calendar-day.js';
import { LIST_SEPARATOR, type SheetColumn } from '../../../shared/catalogue-exchange/release-sheet.js';

/**
 * One cell of the release sheet read by its column's kind (release-sheet.ts conventions). A cell
 * answers its value, or the error in the user's words naming the column; an empty cell answers
 * undefined (or the required error).
 */
export type CellValue = string | number | boolean | string[];
export type CellResult = { value?: CellValue; error?: string };

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

/** A track length as HH:MM:SS; MM:SS is taken too. */
function duration(text: string): string | undefined {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !/^\d{1,2}$/.test(p))) return undefined;
  const [h, m, s] = (parts.length === 2 ? ['0', ...parts] : parts).map(Number);
  if (m > 59 || s > 59) return undefined;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Splits a list cell: values between separators, trimmed, blanks dropped. */
const listOf = (text: string): string[] =>
  text
    .split(LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The apostrophe the product's own exports put before a cell a spreadsheet would run as a formula (`'=A1`):
 * taken off again, so an exported sheet imports the text it was made from.
 */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

export function readCell(column: SheetColumn, raw: string | undefined): CellResult {
  const text = (raw ?? '').replace(FORMULA_GUARD, '').trim();
  if (!text) return column.required ? { error: VALIDATION.required(column.label) } : {};
  switch (column.kind) {
    case 'text':
      return { value: text };
    case 'list': {
      const values = listOf(text);
      return values.length || !column.required ? { value: values } : { error: VALIDATION.required(column.label) };
    }
    case 'yes_no': {
      const lower = text.toLowerCase();
      if (YES.has(lower)) return { value: true };
      if (NO.has(lower)) return { value: false };
      return { error: `${column.label} must be Y or N` };
    }
    case 'date':
      return isCalendarDay(text) ? { value: text } : { error: `${column.label} must be a date (YYYY-MM-DD)` };
    case 'integer':
      return /^\d{1,6}$/.test(text) ? { value: Number(text) } : { error: `${column.label} must be a whole number` };
    case 'year': {
      const year = Number(text);
      return /^\d{4}$/.test(text) && year >= 1900 && year <= 2100
        ? { value: year }
        : { error: `${column.label} must be a year` };
    }
    case 'duration': {
      const value = duration(text);
      return value ? { value } : { error: `${column.label} must be HH:MM:SS` };
    }
  }
}
