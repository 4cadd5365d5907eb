import {
  RELEASE_DEFAULTS,
  RELEASE_RECORDINGS_DISPLAY_TYPES,
  type ReleaseRecordingsDisplayType,
} from '../../../../shared/catalogue';

/** The display types as the choice over a release's recordings names them. */
export const DISPLAY_TYPE_OPTIONS: { id: ReleaseRecordingsDisplayType; text: string }[] = [
  { id: 'cards', text: 'Cards' },
  { id: 'table', text: 'Table' },
];

/**
 * How a release's page shows its recordings: the display type kept on the release, else the default, cards (a
 * release saved before the choice existed has none).
 */
export function recordingsDisplayType(release: Record<string, unknown>): ReleaseRecordingsDisplayType {
  const kept = release.recordings_display_type;
  return (RELEASE_RECORDINGS_DISPLAY_TYPES as readonly unknown[]).includes(kept)
    ? (kept as ReleaseRecordingsDisplayType)
    : RELEASE_DEFAULTS.recordings_display_type;
}

/** A release's recording row: its place is its disc_number and position (either may be unset). */
type Placed = Record<string, unknown>;

/** A release's recordings in play order: by disc, then position (rows saved without either keep their place). */
export function inPlayOrder<T extends Placed>(rows: readonly T[]): T[] {
  const number = (value: unknown, fallback: number) => {
    const n = Number(value);
    return Number.isFinite(n) && value !== '' && value !== null && value !== undefined ? n : fallback;
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        number(a.row.disc_number, 1) - number(b.row.disc_number, 1) ||
        number(a.row.position, a.index + 1) - number(b.row.position, b.index + 1) ||
        a.index - b.index,
    )
    .map(({ row }) => row);
}
