/**
 * Cell text → the values the API's input schemas take. A cell that cannot be read is left as its
 * text, so the model's zod schema (the API's own) refuses it with the API's message.
 */

const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);

/** Blank cells are not given (the API's "optional"), never the empty string. */
export function text(cell: string | undefined): string | undefined {
  const trimmed = (cell ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A problem with one cell, by attribute name. */
export type CellProblem = { attribute: string; message: string };

/**
 * Reads yes/no cells (release sheet convention: Y/N, also yes/no, true/false, 1/0); other text is a
 * problem in spreadsheet words ("Active must be Y or N") and the field is left out.
 */
export function yesNoReader(
  row: Readonly<Record<string, string>>,
  attributes: readonly { name: string; label: string }[],
  problems: CellProblem[],
) {
  return (name: string): boolean | undefined => {
    const attribute = { name, label: attributes.find((a) => a.name === name)?.label ?? name };
    const value = text(row[name]);
    if (value === undefined) return undefined;
    const lower = value.toLowerCase();
    if (YES.has(lower)) return true;
    if (NO.has(lower)) return false;
    problems.push({ attribute: attribute.name, message: `${attribute.label} must be Y or N` });
    return undefined;
  };
}

/** A number cell; text that is not a number stays text for the schema to refuse. */
export function numeric(cell: string | undefined): number | string | undefined {
  const value = text(cell);
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

/** Compares names as people type them: case, surrounding and repeated spaces do not matter. */
export function sameName(value: unknown): string {
  return String(value ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Drops keys whose value is undefined, so a strict schema sees only the given fields. */
export function given(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}
