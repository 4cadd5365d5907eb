import type { CopyrightLine, ExportRecording, ExportRelease, SkippedRelease } from './types.js';

/**
 * The c_line / p_line rule of exports: "PPL and other formats assume a
 * c_line or p_line containing a four-digit year". A release whose © or ℗ line (or a recording's
 * line, its own or the release's it falls back to) has no four-digit year is left out of the file
 * and reported with the reasons, never written with a line a society or distributor refuses.
 */

const YEAR_IN_TEXT = /(?:^|\D)(\d{4})(?:\D|$)/;

/** The line's four-digit year: its year field, else a year written in its text; '' when neither. */
export function lineYear(line: CopyrightLine): string {
  if (/^\d{4}$/.test(line.year.trim())) return line.year.trim();
  return YEAR_IN_TEXT.exec(line.text)?.[1] ?? '';
}

/** The line as one cell: its text, led by its year when the text does not hold it ("2024 Northern Lights"). */
export function lineCell(line: CopyrightLine): string {
  const text = line.text.trim();
  if (!text) return '';
  const year = lineYear(line);
  return !year || YEAR_IN_TEXT.test(text) ? text : `${year} ${text}`;
}

/** A recording's line: its own when it has text, else the release's. */
export function effectiveLine(own: CopyrightLine, release: CopyrightLine): CopyrightLine {
  return own.text.trim() ? own : release;
}

function missingYear(line: CopyrightLine, name: 'C line' | 'P line'): string | undefined {
  if (!line.text.trim()) return `${name} is missing`;
  return lineYear(line) ? undefined : `${name} "${line.text.trim()}" has no four-digit year`;
}

function recordingReasons(release: ExportRelease, recording: ExportRecording): string[] {
  const who = `Track ${recording.disc_number}-${recording.position} ${recording.title}`;
  return [
    missingYear(effectiveLine(recording.c_line, release.c_line), 'C line'),
    missingYear(effectiveLine(recording.p_line, release.p_line), 'P line'),
  ].flatMap((reason) => (reason ? [`${who}: ${reason}`] : []));
}

/** How a release is named in the report: its title, catalogue number and UPC where it has them. */
function releaseName(release: ExportRelease): string {
  const ids = [release.cat_no, release.upc && `UPC ${release.upc}`].filter(Boolean).join(', ');
  return ids ? `${release.title} (${ids})` : release.title;
}

/**
 * Why a release may not be exported: its own lines first, then each recording whose effective
 * line lacks a year (a recording falling back to a release line already named is not repeated).
 * Null when it may.
 */
export function copyrightProblem(release: ExportRelease): SkippedRelease | null {
  const own = [missingYear(release.c_line, 'C line'), missingYear(release.p_line, 'P line')].filter(
    (r): r is string => r !== undefined,
  );
  // A recording without its own line falls back to the release's: a release line already named is not named again.
  const ownLinesNamed = (recording: ExportRecording, reason: string) =>
    (reason.includes(': C line') && !recording.c_line.text.trim() && own.some((r) => r.startsWith('C line'))) ||
    (reason.includes(': P line') && !recording.p_line.text.trim() && own.some((r) => r.startsWith('P line')));
  const reasons = [
    ...own,
    ...release.recordings.flatMap((recording) =>
      recordingReasons(release, recording).filter((reason) => !ownLinesNamed(recording, reason)),
    ),
  ];
  return reasons.length ? { release_id: release.id, release: releaseName(release), reasons } : null;
}
