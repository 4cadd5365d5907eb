/**
 * Text that JSON can carry but storage and DuckDB cannot: a UTF-16 surrogate without its partner
 * (`"x\ud800"` is valid JSON). DuckDB's JSON reader refuses the `\ud800` escape JSON.stringify
 * writes for it, so one such value in a catalogue snapshot or an overlay breaks a whole ledger.
 */
/** Whether the text is well-formed UTF-16 (no lone surrogate). */
export const isWellFormed = (text: string): boolean => text.isWellFormed();

/** The text with each lone surrogate replaced by U+FFFD. */
export const wellFormed = (text: string): string => text.toWellFormed();

/** A JSON.stringify replacer that makes every string value and object key well-formed. */
function wellFormedReplacer(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => !isWellFormed(k))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), v]));
  }
  return value;
}

/**
 * JSON for DuckDB (`read_json`, `from_json`): like JSON.stringify, but text stored before it was
 * checked (or written around the API) cannot make DuckDB refuse the whole document.
 */
export const duckJson = (value: unknown): string => JSON.stringify(value, wellFormedReplacer);
