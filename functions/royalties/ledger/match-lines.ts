import type { DuckDBConnection } from '@duckdb/node-api';
import { matchingCatalogue } from '../../data/access/royalty-catalogue.js';
import { listMatchRules } from '../../data/access/royalty-ledger.js';
import { loadTable } from './duck-tables.js';

/**
 * Catalogue matching of ledger lines, in DuckDB: the tenant's recordings,
 * releases, artist rows, labels and hand-assigned rules are loaded once into temp tables and
 * joined to the distinct identifiers of the lines, never looked up line by line.
 *
 * Order: a rule the user assigned (matched_by 'manual'), else ISRC → recording, else UPC →
 * release, else cat_no → release. A recording's release is the one whose tracklist holds it,
 * preferring the one with the line's UPC or cat_no. Unmatched lines keep NULLs.
 *
 * A match also names the line as the catalogue does (song, artist, album, label): every filter,
 * sum and statement then finds a matched line under its recording's names, not the report's.
 */
export type MatchField = 'isrc' | 'upc' | 'cat_no';
export const MATCH_FIELDS: readonly MatchField[] = ['isrc', 'upc', 'cat_no'];

/** The same normalisation as the SQL macros below, for keys stored from JS (match rules). */
export function normaliseIdentifier(field: MatchField, value: string): string {
  if (field === 'isrc') return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (field === 'upc') {
    const digits = value.replace(/\D/g, '');
    return digits ? digits.replace(/^0+/, '').padStart(14, '0') : '';
  }
  return value.trim().toLowerCase();
}

/** UPC (12), EAN (13) and GTIN-14 of one product compare equal as 14 digits with leading zeros. */
const MACROS = `
  CREATE OR REPLACE TEMP MACRO norm_isrc(x) AS nullif(upper(regexp_replace(coalesce(x, ''), '[^0-9A-Za-z]', '', 'g')), '');
  CREATE OR REPLACE TEMP MACRO norm_upc(x) AS CASE WHEN regexp_replace(coalesce(x, ''), '[^0-9]', '', 'g') = '' THEN NULL
    ELSE lpad(ltrim(regexp_replace(x, '[^0-9]', '', 'g'), '0'), 14, '0') END;
  CREATE OR REPLACE TEMP MACRO norm_cat(x) AS nullif(lower(trim(coalesce(x, ''))), '');`;

type Row = Record<string, unknown>;
const rowsOf = (record: Row, field: string) => (Array.isArray(record[field]) ? (record[field] as Row[]) : []);
const shareText = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? String(value) : null);

/** What matching reads of the tenant's records (catalogue.ts, label.ts, RoyaltyMatchRule). */
export type CatalogueRows = {
  /** id, isrc, artist_recordings; title and display_artists name the lines they match. */
  recordings: Row[];
  /** id, upc, cat_no, label_id, artist_releases, release_recordings; title and display_artists as above. */
  releases: Row[];
  labels: { labelId: string; name?: string; deal_percentage?: number }[];
  rules: { field: string; value: string; recording_id?: string; release_id?: string }[];
  /** Artists' names: a line's artist when its recording (or release) has no display artists. */
  artists?: { id: string; name?: string }[];
};

/** What matching reads of the tenant's catalogue and rules from DynamoDB. */
export async function readCatalogue(tenantId: string): Promise<CatalogueRows> {
  const [catalogue, rules] = await Promise.all([matchingCatalogue(tenantId), listMatchRules(tenantId)]);
  return { ...catalogue, rules };
}

/**
 * The tenant's catalogue as temp tables: cat_recordings, cat_releases, cat_tracks, cat_artists,
 * cat_artist_names, cat_labels, match_rules.
 */
export async function loadCatalogueRows(
  connection: DuckDBConnection,
  workDir: string,
  { recordings, releases, labels, rules, artists = [] }: CatalogueRows,
): Promise<void> {
  const artistRows = (kind: string, records: Row[], field: string) =>
    records.flatMap((record) =>
      rowsOf(record, field).map((row, index) => ({
        kind,
        owner_id: record.id as string,
        artist_id: row.artist_id as string,
        seq: (row.sequence as number) ?? index + 1,
        share: shareText(row.payee_share),
      })),
    );
  await connection.run(MACROS);
  const named = { title: 'VARCHAR', display_artists: 'VARCHAR' };
  await loadTable(
    connection,
    workDir,
    'cat_recordings',
    { id: 'VARCHAR', isrc: 'VARCHAR', ...named },
    recordings as never,
  );
  await loadTable(
    connection,
    workDir,
    'cat_releases',
    { id: 'VARCHAR', upc: 'VARCHAR', cat_no: 'VARCHAR', label_id: 'VARCHAR', ...named },
    releases as never,
  );
  await loadTable(connection, workDir, 'cat_artist_names', { id: 'VARCHAR', name: 'VARCHAR' }, artists);
  await loadTable(
    connection,
    workDir,
    'cat_tracks',
    { release_id: 'VARCHAR', recording_id: 'VARCHAR' },
    releases.flatMap((release) =>
      rowsOf(release, 'release_recordings').map((row) => ({
        release_id: release.id as string,
        recording_id: row.recording_id as string,
      })),
    ),
  );
  await loadTable(
    connection,
    workDir,
    'cat_artists',
    { kind: 'VARCHAR', owner_id: 'VARCHAR', artist_id: 'VARCHAR', seq: 'INTEGER', share: 'DECIMAL(9,4)' },
    [
      ...artistRows('recording', recordings, 'artist_recordings'),
      ...artistRows('release', releases, 'artist_releases'),
    ],
  );
  await loadTable(
    connection,
    workDir,
    'cat_labels',
    { id: 'VARCHAR', name: 'VARCHAR', deal: 'DECIMAL(9,4)' },
    labels.map((l) => ({ id: l.labelId, name: l.name ?? null, deal: l.deal_percentage })),
  );
  await loadTable(
    connection,
    workDir,
    'match_rules',
    { field: 'VARCHAR', value: 'VARCHAR', recording_id: 'VARCHAR', release_id: 'VARCHAR' },
    rules,
  );
}

/**
 * Matches the distinct identifiers of relation `lines` (columns isrc, upc, cat_no) into temp
 * table `matches`: one row per distinct r_isrc, r_upc, r_cat (the values as given), with keys
 * k_isrc, k_upc, k_cat (normalised, '' for none) and recording_id,
 * release_id, label_id, artist_id, share (the artists' payee shares summed), matched_by, and
 * the catalogue's names for the line: song_name (the recording's title), artist_name (the display
 * artists, else the first artist's name, of the recording, else of the release: the same rows
 * artist_id comes from), album_name (the release's title); NULL where the catalogue has none.
 */
export async function matchLines(connection: DuckDBConnection, lines: string): Promise<void> {
  // Normalised on the distinct values, never per line; r_* keep the values as the lines have them.
  await connection.run(`CREATE OR REPLACE TEMP TABLE match_keys AS
    SELECT r_isrc, r_upc, r_cat, coalesce(norm_isrc(r_isrc), '') AS k_isrc, coalesce(norm_upc(r_upc), '') AS k_upc, coalesce(norm_cat(r_cat), '') AS k_cat
    FROM (SELECT DISTINCT isrc AS r_isrc, upc AS r_upc, cat_no AS r_cat FROM ${lines})`);
  // Step 1: which record each identifier names. A rule on the ISRC beats one on the UPC, which beats one on the cat_no.
  await connection.run(`CREATE OR REPLACE TEMP TABLE match_first AS
    WITH rules AS (SELECT field, CASE field WHEN 'isrc' THEN norm_isrc(value) WHEN 'upc' THEN norm_upc(value) ELSE norm_cat(value) END AS k, recording_id, release_id FROM match_rules),
    by_isrc AS (SELECT norm_isrc(isrc) AS k, min(id) AS id FROM cat_recordings WHERE norm_isrc(isrc) IS NOT NULL GROUP BY 1),
    by_upc AS (SELECT norm_upc(upc) AS k, min(id) AS id FROM cat_releases WHERE norm_upc(upc) IS NOT NULL GROUP BY 1),
    by_cat AS (SELECT norm_cat(cat_no) AS k, min(id) AS id FROM cat_releases WHERE norm_cat(cat_no) IS NOT NULL GROUP BY 1)
    SELECT m.*,
      coalesce(ri.k, ru.k, rc.k) IS NOT NULL AS manual,
      CASE WHEN ri.k IS NOT NULL THEN ri.recording_id WHEN ru.k IS NOT NULL THEN ru.recording_id WHEN rc.k IS NOT NULL THEN rc.recording_id ELSE i.id END AS recording_id,
      CASE WHEN ri.k IS NOT NULL THEN ri.release_id WHEN ru.k IS NOT NULL THEN ru.release_id WHEN rc.k IS NOT NULL THEN rc.release_id
        WHEN i.id IS NOT NULL THEN NULL ELSE coalesce(u.id, c.id) END AS release_id,
      CASE WHEN coalesce(ri.k, ru.k, rc.k) IS NOT NULL THEN 'manual' WHEN i.id IS NOT NULL THEN 'isrc' WHEN u.id IS NOT NULL THEN 'upc' WHEN c.id IS NOT NULL THEN 'cat_no' END AS matched_by
    FROM match_keys m
    LEFT JOIN rules ri ON ri.field = 'isrc' AND ri.k = m.k_isrc
    LEFT JOIN rules ru ON ru.field = 'upc' AND ru.k = m.k_upc
    LEFT JOIN rules rc ON rc.field = 'cat_no' AND rc.k = m.k_cat
    LEFT JOIN by_isrc i ON i.k = m.k_isrc
    LEFT JOIN by_upc u ON u.k = m.k_upc
    LEFT JOIN by_cat c ON c.k = m.k_cat`);
  // Step 2: a recording's release (the one with the line's UPC, else its cat_no, else the first by id), its label and artists.
  await connection.run(`CREATE OR REPLACE TEMP TABLE matches AS
    WITH track_release AS (
      SELECT f.k_isrc, f.k_upc, f.k_cat,
        arg_min(r.id, (CASE WHEN norm_upc(r.upc) = f.k_upc THEN 0 WHEN norm_cat(r.cat_no) = f.k_cat THEN 1 ELSE 2 END, r.id)) AS release_id
      FROM match_first f JOIN cat_tracks t ON t.recording_id = f.recording_id JOIN cat_releases r ON r.id = t.release_id
      WHERE f.release_id IS NULL GROUP BY ALL),
    artists AS (
      SELECT kind, owner_id, arg_min(artist_id, seq) AS artist_id, sum(coalesce(share, 0)) AS share, count(share) AS shares
      FROM cat_artists GROUP BY kind, owner_id),
    located AS (
      SELECT f.r_isrc, f.r_upc, f.r_cat, f.k_isrc, f.k_upc, f.k_cat, f.recording_id, coalesce(f.release_id, tr.release_id) AS release_id, f.matched_by
      FROM match_first f LEFT JOIN track_release tr USING (k_isrc, k_upc, k_cat))
    SELECT l.*, rel.label_id,
      coalesce(ar.artist_id, al.artist_id) AS artist_id,
      CAST(CASE WHEN ar.shares > 0 THEN ar.share WHEN al.shares > 0 THEN al.share ELSE 0 END AS DECIMAL(9,4)) AS share,
      rec.title AS song_name, rel.title AS album_name,
      CASE WHEN ar.artist_id IS NOT NULL THEN coalesce(nullif(trim(rec.display_artists), ''), ar_name.name)
        WHEN al.artist_id IS NOT NULL THEN coalesce(nullif(trim(rel.display_artists), ''), al_name.name)
        ELSE coalesce(nullif(trim(rec.display_artists), ''), nullif(trim(rel.display_artists), '')) END AS artist_name
    FROM located l
    LEFT JOIN cat_recordings rec ON rec.id = l.recording_id
    LEFT JOIN cat_releases rel ON rel.id = l.release_id
    LEFT JOIN artists ar ON ar.kind = 'recording' AND ar.owner_id = l.recording_id
    LEFT JOIN artists al ON al.kind = 'release' AND al.owner_id = l.release_id
    LEFT JOIN cat_artist_names ar_name ON ar_name.id = ar.artist_id
    LEFT JOIN cat_artist_names al_name ON al_name.id = al.artist_id`);
}
