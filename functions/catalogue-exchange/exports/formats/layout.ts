import type { ExportRecording, ExportRelease } from '../types.js';

/**
 * A flat (CSV) file layout: its header row and the rows of one release. Every layout writes one
 * row per recording with the release's columns repeated, like the release sheet.
 */
export type CsvLayout = {
  readonly columns: readonly string[];
  rows(release: ExportRelease): string[][];
};

/** A layout from one builder per column, applied to each (release, recording) pair in the release's order. */
export function perRecording(
  columns: readonly (readonly [header: string, cell: (release: ExportRelease, track: ExportRecording) => string])[],
): CsvLayout {
  return {
    columns: columns.map(([header]) => header),
    rows: (release) => release.recordings.map((track) => columns.map(([, cell]) => cell(release, track))),
  };
}
