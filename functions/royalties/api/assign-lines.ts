import { catalogueRecordExists, companyMoneyTerms } from '../../data/access/royalty-catalogue.js';
import type { LedgerFields } from '../../data/entities/royalty-overlays.js';
import { Conflict, InvalidField } from '../../lib/errors.js';
import { withScratchDuck } from '../ledger/duck.js';
import { loadTable } from '../ledger/duck-tables.js';
import { loadCatalogueRows, matchLines, readCatalogue } from '../ledger/match-lines.js';
import { ID_SQL } from '../ledger/overlays.js';
import { queryRows, withEffectiveLedger } from '../ledger/query.js';
import { WIDE_MONEY } from '../ledger/sql.js';
import { ledgerState, royaltiesChanged } from '../ledger/state.js';
import { writeUnstatedEdits } from './stated-lines.js';
import { NO_IDENTIFIER, UNMATCHED } from './unmatched.js';

/**
 * Lines with no ISRC, UPC or catalogue number cannot be matched by a rule on an identifier, so a
 * person assigns them straight to a recording or release: each unmatched line of the import with
 * those names gets an edit (the overlay every statement, list and figure reads) that links it to
 * the record exactly as a match would, with the catalogue's names and the label cut of the
 * record's label (its deal, else the company's, else 100 %), rounded as an import rounds it.
 * Lines on a published statement are refused like any edit; writing the same assignment twice
 * gives the same edits.
 */
export type NamedLines = {
  song: string | null;
  artist: string | null;
  album: string | null;
  recording_id?: string;
  release_id?: string;
};

/** At most this many lines per assignment: one bounded batch of edits. */
const MAX_LINES = 1000;
/** The key the one-row match below is made on: a rule on it names the chosen record. */
const HAND_KEY = 'assigned by hand';

type RecordFacts = {
  recording_id: string | null;
  release_id: string | null;
  label_id: string | null;
  artist_id: string | null;
  song: string | null;
  artist: string | null;
  album: string | null;
  label_name: string | null;
  /** Percentages as exact decimal text. */
  deal: string;
  share: string;
};

/** What a match to the record gives a line, from the same matching SQL an import runs. */
async function recordFacts(tenantId: string, target: { recording_id?: string; release_id?: string }) {
  const [catalogue, terms] = await Promise.all([readCatalogue(tenantId), companyMoneyTerms(tenantId)]);
  const rule = { field: 'cat_no', value: HAND_KEY, ...target };
  return withScratchDuck('royalty-assign-', async (duck, dir) => {
    await loadCatalogueRows(duck, dir, { ...catalogue, rules: [rule] });
    await loadTable(duck, dir, 'hand_key', { isrc: 'VARCHAR', upc: 'VARCHAR', cat_no: 'VARCHAR' }, [
      { isrc: null, upc: null, cat_no: HAND_KEY },
    ]);
    await matchLines(duck, 'hand_key');
    const [row] = await queryRows(
      duck,
      `SELECT m.recording_id, m.release_id, m.label_id, m.artist_id, m.song_name AS song, m.artist_name AS artist,
          m.album_name AS album, lab.name AS label_name, CAST(coalesce(m.share, 0) AS VARCHAR) AS share,
          CAST(coalesce(lab.deal, CAST($company_deal AS DECIMAL(9,4)), 100) AS VARCHAR) AS deal
        FROM matches m LEFT JOIN cat_labels lab ON lab.id = m.label_id`,
      {
        company_deal:
          terms?.deal_percentage === undefined ? (null as unknown as string) : String(terms.deal_percentage),
      },
    );
    return row as RecordFacts;
  });
}

/** `column` equal to a bound value, or empty when the value is null. */
function sameAs(column: string, value: string | null, params: Record<string, string>) {
  if (value === null) return `${column} IS NULL`;
  params[`assign_${column}`] = value;
  return `${column} = $assign_${column}`;
}

export async function assignNamedLines(
  tenantId: string,
  userId: string,
  importId: string,
  input: NamedLines,
): Promise<{ lines: number; message: string }> {
  if (!input.recording_id === !input.release_id)
    throw new InvalidField('recording_id', 'Choose a recording or a release');
  if (input.recording_id && !(await catalogueRecordExists(tenantId, 'recording_id', input.recording_id)))
    throw new InvalidField('recording_id', 'Recording not found');
  if (input.release_id && !(await catalogueRecordExists(tenantId, 'release_id', input.release_id)))
    throw new InvalidField('release_id', 'Release not found');
  const facts = await recordFacts(
    tenantId,
    input.recording_id ? { recording_id: input.recording_id } : { release_id: input.release_id },
  );
  const lines = await withEffectiveLedger(tenantId, (connection, relation, params) => {
    const bound: Record<string, string> = {
      ...params,
      assign_import: importId,
      assign_deal: facts.deal,
      assign_share: facts.share,
    };
    const named = [
      sameAs('song', input.song, bound),
      sameAs('artist', input.artist, bound),
      sameAs('album', input.album, bound),
    ];
    const label = `round(CAST(amount AS ${WIDE_MONEY}) * (CAST($assign_deal AS DECIMAL(9,4)) * 0.01), 6)`;
    return queryRows(
      connection,
      `SELECT ${ID_SQL} AS id, import_id, pay_period, CAST(${label} AS VARCHAR) AS label_payable,
          CAST(round(CAST(${label} AS ${WIDE_MONEY}) * (CAST($assign_share AS DECIMAL(9,4)) * 0.01), 6) AS VARCHAR) AS artist_payable
        FROM ${relation}
        WHERE import_id = $assign_import AND NOT manual AND ${UNMATCHED} AND ${NO_IDENTIFIER} AND ${named.join(' AND ')}
        ORDER BY line LIMIT ${MAX_LINES + 1}`,
      bound,
    );
  });
  if (!lines.length) throw new Conflict('No unmatched line of this import has these names: it was assigned already');
  if (lines.length > MAX_LINES)
    throw new Conflict(`More than ${MAX_LINES} lines have these names: edit them from the royalties list instead`);
  const previous = new Map((await ledgerState(tenantId)).edits.map((edit) => [edit.id, edit]));
  const link: LedgerFields = Object.fromEntries(
    Object.entries({
      recording_id: facts.recording_id,
      release_id: facts.release_id,
      label_id: facts.label_id,
      artist_id: facts.artist_id,
      song: facts.song,
      artist: facts.artist,
      album: facts.album,
      label_name: facts.label_name,
    }).filter(([, value]) => value !== null && value !== undefined),
  );
  const edits = lines.map((line) => {
    const id = String(line.id);
    const before = previous.get(id);
    // Money only where the line has an amount (a line without an exchange rate has none to cut).
    const money =
      line.label_payable === null
        ? {}
        : { label_payable: String(line.label_payable), artist_payable: String(line.artist_payable) };
    const fields = { ...(before?.fields ?? {}), ...link, ...money };
    const cleared = (before?.cleared ?? []).filter((field) => !(field in fields));
    return { tenantId, id, deleted: false, fields, cleared, userId };
  });
  await writeUnstatedEdits(
    tenantId,
    lines.map((line) => ({
      id: String(line.id),
      import_id: String(line.import_id),
      pay_period: line.pay_period === null ? null : String(line.pay_period),
    })),
    edits,
  );
  await royaltiesChanged(tenantId);
  const name = (input.recording_id ? facts.song : facts.album) ?? 'the record';
  const count = lines.length === 1 ? '1 line' : `${lines.length} lines`;
  return { lines: lines.length, message: `${count} assigned to ${name}` };
}
