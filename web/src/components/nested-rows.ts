import { useCallback, useMemo, useReducer } from 'react';

/**
 * Nested rows in forms: a saved row (one loaded with the record) that
 * is removed is only marked for deletion and can be undone until the form is saved; a row
 * added in the form and not yet saved is dropped outright.
 */
export type NestedRow<T> = {
  /** Stable React key: the saved id, or a generated one. */
  key: string;
  /** The row's id when the API gives one (sent back so the server can match the row). */
  id?: string;
  /** Loaded with the record (persisted), as opposed to added in this form. */
  saved: boolean;
  values: T;
  destroyed: boolean;
};

export type SavedRow<T> = T & { id?: string };

export type NestedRowsAction<T> =
  | { type: 'add'; key: string; values: T }
  | { type: 'update'; key: string; patch: Partial<T> }
  | { type: 'remove'; key: string }
  | { type: 'undo'; key: string }
  | { type: 'reset'; rows: NestedRow<T>[] };

export function toNestedRows<T extends object>(
  saved: readonly SavedRow<T>[] | null | undefined,
  makeKey: () => string,
): NestedRow<T>[] {
  return (saved ?? []).map((row) => {
    const { id, ...values } = row as SavedRow<T> & { id?: string };
    return {
      key: id ? `saved-${id}` : makeKey(),
      ...(id ? { id } : {}),
      saved: true,
      values: values as T,
      destroyed: false,
    };
  });
}

export function nestedRowsReducer<T>(rows: NestedRow<T>[], action: NestedRowsAction<T>): NestedRow<T>[] {
  switch (action.type) {
    case 'add':
      return [...rows, { key: action.key, saved: false, values: action.values, destroyed: false }];
    case 'update':
      return rows.map((row) =>
        row.key === action.key && !row.destroyed ? { ...row, values: { ...row.values, ...action.patch } } : row,
      );
    case 'remove':
      return rows.flatMap((row) => {
        if (row.key !== action.key) return [row];
        return row.saved ? [{ ...row, destroyed: true }] : [];
      });
    case 'undo':
      return rows.map((row) => (row.key === action.key ? { ...row, destroyed: false } : row));
    case 'reset':
      return action.rows;
    default:
      return rows;
  }
}

/** The rows to keep on save (for APIs that take the full list of rows to keep). */
export function keptRows<T>(rows: readonly NestedRow<T>[]): SavedRow<T>[] {
  return rows.filter((row) => !row.destroyed).map((row) => ({ ...(row.id ? { id: row.id } : {}), ...row.values }));
}

/** Rows as `*_attributes` with `_destroy: true` on removed saved rows (for APIs that take destroy flags). */
export function rowsAsAttributes<T>(rows: readonly NestedRow<T>[]): (SavedRow<T> & { _destroy?: true })[] {
  return rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    ...row.values,
    ...(row.destroyed && row.saved ? { _destroy: true as const } : {}),
  }));
}

let counter = 0;
const newKey = () => {
  counter += 1;
  return `new-${Date.now().toString(36)}-${counter}`;
};

/** The nested-rows state of one form section, with add/update/remove/undo. */
export function useNestedRows<T extends object>(initial: readonly SavedRow<T>[] | null | undefined) {
  const [rows, dispatch] = useReducer(nestedRowsReducer<T>, initial, (saved) => toNestedRows<T>(saved, newKey));
  const add = useCallback((values: T) => dispatch({ type: 'add', key: newKey(), values }), []);
  const update = useCallback((key: string, patch: Partial<T>) => dispatch({ type: 'update', key, patch }), []);
  const remove = useCallback((key: string) => dispatch({ type: 'remove', key }), []);
  const undo = useCallback((key: string) => dispatch({ type: 'undo', key }), []);
  const reset = useCallback(
    (saved: readonly SavedRow<T>[]) => dispatch({ type: 'reset', rows: toNestedRows<T>(saved, newKey) }),
    [],
  );
  const kept = useMemo(() => keptRows(rows), [rows]);
  return { rows, add, update, remove, undo, reset, kept };
}

export type NestedRowsState<T extends object> = ReturnType<typeof useNestedRows<T>>;
