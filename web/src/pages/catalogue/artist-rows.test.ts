import { describe, expect, it } from 'vitest';
import { nestedRowsReducer, type NestedRow } from '../../components/nested-rows';
import type { RowValues } from '../admin/reference/reference-types';
import { artistShareWords, normaliseArtistRows } from './artist-rows';
import { RECORDING_FORMATS } from './share-words';

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

  it('says under each kept row what its share pays, and what the label keeps, live as shares are edited', () => {
    const rows = add(add([], 'a'), 'b');
    const words = artistShareWords(RECORDING_FORMATS);
    expect(words(rows, {}).rows).toEqual({
      a: "Pays this artist 50% of the label's share of digital income, 0% of physical income and 0% of licensing income.",
      b: "Pays this artist 50% of the label's share of digital income, 0% of physical income and 0% of licensing income.",
    });
    const edited = nestedRowsReducer(rows, { type: 'update', key: 'a', patch: { payee_share: '25' } });
    expect(words(edited, {}).summary[0]).toBe(
      "Artists receive 75% of the label's share of digital income; the label keeps 25%.",
    );
    const saved = edited.map((r) => ({ ...r, saved: true }));
    const removed = nestedRowsReducer(saved, { type: 'remove', key: 'b' });
    expect(Object.keys(words(removed, {}).rows)).toEqual(['a']);
    expect(words(removed, {}).summary[0]).toBe(
      "The artist receives 25% of the label's share of digital income; the label keeps 75%.",
    );
  });

  it("says a recording's payees are paid instead of its artists only when a kept payee row names a payee", () => {
    const rows = add([], 'a');
    const words = artistShareWords(RECORDING_FORMATS);
    const payee = (payee_id: RowValues[string], destroyed = false): NestedRow<RowValues>[] => [
      { key: 'p', saved: true, destroyed, values: { payee_id, split: '100' } },
    ];
    expect(words(rows, { recording_payees: payee(null) }).summary[0]).toMatch(/^The artist receives 100%/);
    expect(words(rows, { recording_payees: payee({ id: 'x', name: 'P' }, true) }).summary[0]).toMatch(
      /^The artist receives 100%/,
    );
    expect(words(rows, { recording_payees: payee({ id: 'x', name: 'P' }) }).summary[0]).toMatch(
      /^This recording has payees/,
    );
    // A release has no payees of its own.
    expect(artistShareWords([])(rows, { recording_payees: payee({ id: 'x', name: 'P' }) }).summary[0]).toMatch(
      /^The artist receives 100%/,
    );
  });
});
