import { equalPayeeShares } from '../../../../shared/catalogue';
import type { NestedRow } from '../../components/nested-rows';
import type { FormValues, RowsWords, RowValues } from '../admin/reference/reference-types';
import { shareWords, type ShareFormat } from './share-words';

/**
 * Artist rows on releases and recordings: after an add or a removal the payee share
 * is split equally among the artists not being deleted, and the first artist's role is Main
 * unless one was chosen.
 */
export function normaliseArtistRows(rows: NestedRow<RowValues>[]): NestedRow<RowValues>[] {
  const live = rows.filter((row) => !row.destroyed);
  const shares = equalPayeeShares(live.length);
  return rows.map((row) => {
    const index = live.indexOf(row);
    if (index < 0) return row;
    return {
      ...row,
      values: {
        ...row.values,
        payee_share: String(shares[index]),
        ...(index === 0 && !row.values.role ? { role: 'Main' } : {}),
      },
    };
  });
}

/** A recording names payees when a kept payee row has a payee chosen: they are paid instead of its artists. */
function namesPayees(form: FormValues): boolean {
  const payees = form.recording_payees;
  return (
    Array.isArray(payees) &&
    payees.some(
      (row) =>
        row !== null && typeof row === 'object' && 'values' in row && !row.destroyed && Boolean(row.values.payee_id),
    )
  );
}

/**
 * The words under a release's (no formats) or a recording's artist rows: what each kept row's
 * share pays, what the artists receive together and what the label keeps (share-words.ts).
 */
export const artistShareWords =
  (formats: readonly ShareFormat[]) =>
  (rows: NestedRow<RowValues>[], form: FormValues): RowsWords => {
    const kept = rows.filter((row) => !row.destroyed);
    const words = shareWords(
      kept.map((row) => row.values),
      formats,
      { payeesInstead: formats.length > 0 && namesPayees(form) },
    );
    return {
      rows: Object.fromEntries(words.rows.map((text, index) => [kept[index].key, text])),
      summary: words.summary,
      problem: words.problem,
    };
  };
