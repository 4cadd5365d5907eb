import { describe, expect, it } from 'vitest';
import { keptRows, nestedRowsReducer, rowsAsAttributes, toNestedRows, type NestedRow } from './nested-rows';

type Url = { link: string; link_text: string };
let n = 0;
const key = () => {
  n += 1;
  return `k${n}`;
};
const start = (): NestedRow<Url>[] => toNestedRows<Url>([{ id: 'u1', link: 'a.com', link_text: 'A' }], key);

describe('nested rows', () => {
  it('marks a removed saved row for deletion instead of dropping it', () => {
    const rows = nestedRowsReducer(start(), { type: 'remove', key: 'saved-u1' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 'u1', destroyed: true });
    expect(keptRows(rows)).toEqual([]);
    expect(rowsAsAttributes(rows)).toEqual([{ id: 'u1', link: 'a.com', link_text: 'A', _destroy: true }]);
  });

  it('drops a removed unsaved row outright', () => {
    let rows = nestedRowsReducer(start(), { type: 'add', key: 'new1', values: { link: 'b.com', link_text: '' } });
    expect(rows).toHaveLength(2);
    rows = nestedRowsReducer(rows, { type: 'remove', key: 'new1' });
    expect(rows).toHaveLength(1);
    expect(rows.some((r) => r.key === 'new1')).toBe(false);
  });

  it('undoes a removal before saving', () => {
    let rows = nestedRowsReducer(start(), { type: 'remove', key: 'saved-u1' });
    rows = nestedRowsReducer(rows, { type: 'undo', key: 'saved-u1' });
    expect(rows[0].destroyed).toBe(false);
    expect(keptRows(rows)).toEqual([{ id: 'u1', link: 'a.com', link_text: 'A' }]);
  });

  it('updates a live row but not one marked for deletion', () => {
    let rows = nestedRowsReducer(start(), { type: 'update', key: 'saved-u1', patch: { link: 'c.com' } });
    expect(rows[0].values.link).toBe('c.com');
    rows = nestedRowsReducer(rows, { type: 'remove', key: 'saved-u1' });
    rows = nestedRowsReducer(rows, { type: 'update', key: 'saved-u1', patch: { link: 'd.com' } });
    expect(rows[0].values.link).toBe('c.com');
  });

  it('keeps new rows without an id and saved rows with theirs', () => {
    const rows = nestedRowsReducer(start(), { type: 'add', key: 'new2', values: { link: 'e.com', link_text: 'E' } });
    expect(keptRows(rows)).toEqual([
      { id: 'u1', link: 'a.com', link_text: 'A' },
      { link: 'e.com', link_text: 'E' },
    ]);
  });

  it('gives saved rows stable keys from their ids, or generated ones', () => {
    const rows = toNestedRows<Url>(
      [
        { id: 'x', link: '1', link_text: '' },
        { link: '2', link_text: '' },
      ],
      () => 'gen',
    );
    expect(rows.map((r) => r.key)).toEqual(['saved-x', 'gen']);
    expect(rows[1].id).toBeUndefined();
  });

  it('treats rows loaded with the record as saved even when the API gives them no id', () => {
    const loaded = toNestedRows<Url>([{ link: 'x.com', link_text: '' }], () => 'loaded');
    const rows = nestedRowsReducer(loaded, { type: 'remove', key: 'loaded' });
    expect(rows).toEqual([{ key: 'loaded', saved: true, values: { link: 'x.com', link_text: '' }, destroyed: true }]);
    expect(keptRows(rows)).toEqual([]);
    expect(keptRows(nestedRowsReducer(rows, { type: 'undo', key: 'loaded' }))).toEqual([
      { link: 'x.com', link_text: '' },
    ]);
  });
});
