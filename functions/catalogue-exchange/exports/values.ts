import { LIST_SEPARATOR, WORLDWIDE } from '../../../shared/catalogue-exchange/release-sheet.js';

/** How values are written in the flat files (the release sheet's conventions). */

/** Explicit and other flags as Y or N. */
export const yesNo = (value: boolean): 'Y' | 'N' => (value ? 'Y' : 'N');

/** The default track length (00:00:00). */
export const DEFAULT_LENGTH = '00:00:00';

/** A list in one cell. */
export const listCell = (values: readonly string[]): string => values.join(LIST_SEPARATOR);

/** Territories in one cell: the codes, or WW when the release is for the world. */
export const territoriesCell = (codes: readonly string[]): string => (codes.length ? listCell(codes) : WORLDWIDE);

/** A number cell, '' when unset. */
export const numberCell = (value: number | null): string => (value === null ? '' : String(value));

/** HH:MM:SS from milliseconds. */
export function lengthFromMs(ms: number): string {
  const total = Math.round(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
