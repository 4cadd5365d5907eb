import { getImport } from '../../data/access/royalty-imports.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { importLedgerKeys } from '../ledger/files.js';
import { queryRows, withEffectiveLedger } from '../ledger/query.js';

/**
 * An import's unmatched lines as the statements see them: its lines with the users' edits applied
 * (a line edited or assigned to a recording or release is matched from then on), not the file as
 * it was imported. A line is unmatched when it names no recording and no release: the same test
 * the statement engine uses to say nobody can be paid from it.
 */
export const UNMATCHED = 'recording_id IS NULL AND release_id IS NULL';

/** A line with no ISRC, UPC or catalogue number: no identifier can match it, only a person can. */
export const NO_IDENTIFIER = `coalesce(trim(isrc), '') = '' AND coalesce(trim(upc), '') = '' AND coalesce(trim(cat_no), '') = ''`;

type UnmatchedGroup = {
  isrc: string | null;
  upc: string | null;
  cat_no: string | null;
  song: string | null;
  artist: string | null;
  album: string | null;
  lines: number;
  amount: string | null;
};

export type UnmatchedAnswer = {
  /** Grouped by identifier, largest amount first; lines without one grouped by song, artist and album. */
  unmatched: UnmatchedGroup[];
  /** The import's lines as they are now (deleted ones left out), matched and not. */
  unmatched_lines: number;
  matched_lines: number;
};

async function doneImport(tenantId: string, importId: string) {
  const item = await getImport(tenantId, importId);
  if (!item) throw new NotFound('Royalty import');
  if (item.status !== 'done' || !importLedgerKeys(item).length) throw new Conflict('The import has no stored lines');
  return item;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The import's unmatched lines, grouped (amount in the company currency; null when no line of the group could be converted). */
export async function unmatchedLines(tenantId: string, importId: string): Promise<UnmatchedAnswer> {
  await doneImport(tenantId, importId);
  return withEffectiveLedger(tenantId, async (connection, relation, params) => {
    const bound = { ...params, unmatched_import: importId };
    const mine = `(SELECT * FROM ${relation} WHERE import_id = $unmatched_import AND NOT manual)`;
    const groups = await queryRows(
      connection,
      `SELECT isrc, upc, cat_no, min(song) AS song, min(artist) AS artist, min(album) AS album, count(*) AS lines,
          CAST(sum(amount) AS VARCHAR) AS amount, sum(amount) AS sort_amount
        FROM (SELECT *, CASE WHEN ${NO_IDENTIFIER} THEN [song, artist, album] END AS by_names FROM ${mine} WHERE ${UNMATCHED})
        GROUP BY isrc, upc, cat_no, by_names ORDER BY sort_amount DESC NULLS LAST, lines DESC, isrc, upc, cat_no, song`,
      bound,
    );
    const [counts] = await queryRows(
      connection,
      `SELECT count(*) FILTER (WHERE ${UNMATCHED}) AS unmatched, count(*) FILTER (WHERE NOT (${UNMATCHED})) AS matched FROM ${mine}`,
      bound,
    );
    return {
      unmatched: groups.map((r) => ({
        isrc: text(r.isrc),
        upc: text(r.upc),
        cat_no: text(r.cat_no),
        song: text(r.song),
        artist: text(r.artist),
        album: text(r.album),
        lines: Number(r.lines),
        amount: text(r.amount),
      })),
      unmatched_lines: Number(counts?.unmatched ?? 0),
      matched_lines: Number(counts?.matched ?? 0),
    };
  });
}
