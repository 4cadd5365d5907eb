import { ulid } from 'ulid';
import { humanizeField } from '../../shared/messages.js';
import { InvalidField } from './errors.js';

/** One `*_attributes` entry: a saved row named by id (updated, or removed with `_destroy`), or a new row. */
export type NestedAttribute = Record<string, unknown> & { id?: string; _destroy?: boolean };
export type StoredRow = Record<string, unknown> & { id: string };

/**
 * Applies `*_attributes` to a record's saved rows the way nested-row forms send them: a row
 * with an id updates that row, or removes it when `_destroy` is set; a row
 * without an id is added with a new id (a new row marked `_destroy` is ignored); rows the
 * request does not mention are kept. An id the record does not hold is refused, naming the field.
 */
export function applyNestedAttributes(
  saved: readonly StoredRow[] | undefined,
  attributes: readonly NestedAttribute[],
  field: string,
): StoredRow[] {
  const rows = [...(saved ?? [])];
  attributes.forEach((attribute, index) => {
    const { id, _destroy, ...values } = attribute;
    if (!id) {
      if (!_destroy) rows.push({ ...values, id: ulid() });
      return;
    }
    const at = rows.findIndex((row) => row.id === id);
    if (at < 0)
      throw new InvalidField(
        `${field}.${index}.id`,
        `${humanizeField(field.replace(/_attributes$/, ''))} row ${index + 1} is not part of this record`,
      );
    if (_destroy) rows.splice(at, 1);
    else rows[at] = { ...rows[at], ...values, id };
  });
  return rows;
}
