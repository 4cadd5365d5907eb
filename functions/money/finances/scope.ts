import { CROSS_SEPARATOR, type AggregateDimension } from '../../royalties/ledger/aggregates.js';
import { addSums, zeroSums, type FinanceCube, type Sums } from './cube.js';

/**
 * Which lines a finances view sums, as cells of the cube: the company's (every line), one
 * label's, or some artists' (an artist's, or a payee's artists'). Slices by store, territory,
 * label and release read the plain dimensions for the company and the cross dimensions
 * (label × store …) for a label or artists, never the lines.
 */
export type CubeScope = { kind: 'all' } | { kind: 'label'; id: string } | { kind: 'artists'; ids: string[] };
const SLICES = ['store', 'territory', 'label', 'release'] as const;
export type SliceName = (typeof SLICES)[number];

const PLAIN: Record<SliceName, AggregateDimension> = {
  store: 'retailer',
  territory: 'territory',
  label: 'label_id',
  release: 'release_id',
};
const OF_LABEL: Partial<Record<SliceName, AggregateDimension>> = {
  store: 'label_retailer',
  territory: 'label_territory',
  release: 'label_release',
};
const OF_ARTIST: Partial<Record<SliceName, AggregateDimension>> = { store: 'artist_retailer' };

const cells = (cube: FinanceCube, period: string, dimension: AggregateDimension) =>
  cube.get(period)?.get(dimension) ?? new Map<string | null, Sums>();

/** The scope's sums in one pay period. */
export function periodTotal(cube: FinanceCube, period: string, scope: CubeScope): Sums {
  if (scope.kind === 'all') return cells(cube, period, 'total').get('total') ?? zeroSums();
  if (scope.kind === 'label') return cells(cube, period, 'label_id').get(scope.id) ?? zeroSums();
  const byArtist = cells(cube, period, 'artist_id');
  const total = zeroSums();
  for (const id of new Set(scope.ids)) {
    const found = byArtist.get(id);
    if (found) addSums(total, found);
  }
  return total;
}

/**
 * The lines of one pay period by label, named as the royalties list names a line's label: its release's label in the
 * catalogue when it has one (keyed by the label's id), else the label the report names (keyed by that name, which the
 * royalties list's label filter also takes); null: lines with neither. The ledger writes the same rule into each
 * line's label_name (ledger/rules.ts), so a line the list shows under a label is never "Other" here.
 */
function labelCells(cube: FinanceCube, period: string): Map<string | null, Sums> {
  const byId = cells(cube, period, 'label_id');
  const found = new Map<string | null, Sums>();
  for (const [id, sums] of byId) if (id !== null) found.set(id, addSums(zeroSums(), sums));
  const unlabelled = byId.get(null);
  if (!unlabelled) return found;
  const rest = addSums(zeroSums(), unlabelled);
  for (const [value, sums] of cells(cube, period, 'label_name_label')) {
    // `{name}|{label id}`: a name can hold the separator, an id cannot; lines with a label id are counted by it.
    const at = value?.lastIndexOf(CROSS_SEPARATOR) ?? -1;
    if (value === null || at < 0 || value.slice(at + 1) !== '') continue;
    const name = value.slice(0, at);
    found.set(name, addSums(found.get(name) ?? zeroSums(), sums));
    addSums(rest, sums, -1);
  }
  found.set(null, rest);
  return found;
}

/** The scope's sums in one pay period by store, territory, label or release (null: lines without one). */
export function periodSlice(
  cube: FinanceCube,
  period: string,
  scope: CubeScope,
  slice: SliceName,
): Map<string | null, Sums> {
  if (scope.kind === 'all') return slice === 'label' ? labelCells(cube, period) : cells(cube, period, PLAIN[slice]);
  if (scope.kind === 'label' && slice === 'label') {
    const own = cells(cube, period, 'label_id').get(scope.id);
    return new Map(own ? [[scope.id, own]] : []);
  }
  const dimension = (scope.kind === 'label' ? OF_LABEL : OF_ARTIST)[slice];
  const owners = new Set(scope.kind === 'label' ? [scope.id] : scope.ids);
  const found = new Map<string | null, Sums>();
  if (!dimension) return found;
  for (const [value, sums] of cells(cube, period, dimension)) {
    if (value === null) continue;
    const at = value.indexOf(CROSS_SEPARATOR);
    if (!owners.has(value.slice(0, at))) continue;
    const key = value.slice(at + 1) || null;
    found.set(key, addSums(found.get(key) ?? zeroSums(), sums));
  }
  return found;
}
