import { equalPayeeShares } from '../../../../shared/catalogue';
import type { NestedRow } from '../../components/nested-rows';
import type { RowValues } from '../admin/reference/reference-types';

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

/** "too high" once the payee shares of the rows kept add up to more than 100. */
export function payeeShareWarning(rows: NestedRow<RowValues>[]): string | null {
  const hundredths = rows
    .filter((row) => !row.destroyed)
    .reduce((sum, row) => sum + Math.round(Number(row.values.payee_share || 0) * 100), 0);
  return hundredths > 10_000 ? `Payee share total ${hundredths / 100} is too high` : null;
}
