import { describe, expect, it } from 'vitest';
import { nestedRowsReducer, type NestedRow } from '../../components/nested-rows';
import type { RowValues } from '../admin/reference/reference-types';
import { normaliseArtistRows, payeeShareWarning } from './artist-rows';

const add = (
  rows: NestedRow<RowValues>[],
  key: string,
  values: RowValues = { artist_id: null, role: '', join_text: '', payee_share: '' },
) => normaliseArtistRows(nestedRowsReducer(rows, { type: 'add', key, values }));

describe('artist rows', () => {
  it('gives the first artist role Main and splits payee shares equally among the rows kept', () => {
    let rows = add([], 'a');
    expect(rows[0].values).toMatchObject({ role: 'Main', payee_share: '100' });
    rows = add(rows, 'b', { artist_id: null, role: 'Featuring', join_text: ' feat. ', payee_share: '' });
    rows = add(rows, 'c');
    expect(rows.map((r) => [r.values.role, r.values.payee_share])).toEqual([
      ['Main', '33.33'],
      ['Featuring', '33.33'],
      ['', '33.34'],
    ]);
    const saved = rows.map((r) => ({ ...r, saved: true }));
    const removed = normaliseArtistRows(nestedRowsReducer(saved, { type: 'remove', key: 'c' }));
    expect(removed.map((r) => [r.destroyed, r.values.payee_share])).toEqual([
      [false, '50'],
      [false, '50'],
      [true, '33.34'],
    ]);
  });

  it('flags a payee share total above 100 as too high', () => {
    const rows = add(add([], 'a'), 'b');
    expect(payeeShareWarning(rows)).toBeNull();
    const edited = nestedRowsReducer(rows, { type: 'update', key: 'a', patch: { payee_share: '70' } });
    expect(payeeShareWarning(edited)).toBe('Payee share total 120 is too high');
  });
});
