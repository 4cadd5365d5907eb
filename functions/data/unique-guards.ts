/**
 * Guard items for a record's unique fields: one UniqueValue per field, keyed by
 * `<owner>.<field>` and the value trimmed and case-folded, written in the same transaction as
 * the record so two writers can never both win. Blank values are not unique and get no guard.
 */
export type Guard = { field: string; scope: string; value: string };

export function normaliseUnique(value: unknown): string {
  return String(value ?? '')
    .trim()
    .toLowerCase();
}

export function guardsFor(owner: string, fields: readonly string[], record: Record<string, unknown>): Guard[] {
  return fields
    .map((field) => ({ field, scope: `${owner}.${field}`, value: normaliseUnique(record[field]) }))
    .filter((guard) => guard.value !== '');
}
