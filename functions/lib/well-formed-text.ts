/**
 * Text that JSON can carry but storage and DuckDB cannot: a UTF-16 surrogate without its partner
 * (`"x\ud800"` is valid JSON). DuckDB's JSON reader refuses the `\ud800` escape JSON.stringify
 * writes for it, so one such value in a catalogue snapshot or an overlay breaks a whole ledger.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether the text is well-formed UTF-16 (String.prototype.isWellFormed, without needing the ES2024 lib). */
export const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** The text with each lone surrogate replaced by U+FFFD, as String.prototype.toWellFormed does. */
export const wellFormed = (text: string): string =>
  isWellFormed(text) ? text : text.replace(LONE_SURROGATES, '\uFFFD');

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
