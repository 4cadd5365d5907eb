import { displayArtists, equalPayeeShares, nextCatalogueNumber } from '../../shared/catalogue.js';
import { VALIDATION } from '../../shared/messages.js';
import { INSTRUMENTAL } from '../../shared/schemas/reference.js';
import { InvalidField } from '../lib/errors.js';
import type { StoredRow } from '../lib/nested-attributes.js';
import { withLinks, type Link } from '../reference/record-links.js';
import { tenantCollectionOf, tenantRows } from './tenant-lists.js';
import { refuseStrayProductItems } from './release-depth.js';
import { refuseRequestedLabel } from './label-requests.js';
import { releaseDefaultsFor } from '../label-tools/index.js';

/** Rules across a release's or recording's fields, and the fields derived on save. */

const ARTIST_LINK: Link = { field: 'artist_id', to: 'artists', as: 'artist', scope: 'tenant' };
const METADATA_LANGUAGE: Link = { field: 'metadata_language_id', to: 'languages', as: 'metadata_language' };

/** The metadata language may not be Instrumental; the audio language may. */
async function refuseInstrumentalMetadata(record: Record<string, unknown>) {
  const { metadata_language: language } = (await withLinks([METADATA_LANGUAGE], record)) as {
    metadata_language?: { name: string } | null;
  };
  if (language?.name === INSTRUMENTAL)
    throw new InvalidField('metadata_language_id', VALIDATION.notInstrumental('Metadata language'));
}

/** Shares of rows may not add up to more than 100 ("too high"). */
function refuseTotalOver100(rows: readonly StoredRow[], field: string, input: string, label: string) {
  const hundredths = rows.reduce((sum, row) => sum + Math.round(Number(row[field] ?? 0) * 100), 0);
  if (hundredths > 10_000) throw new InvalidField(input, VALIDATION.maxValue(`${label} total`, 100));
}

/**
 * Artist rows as stored: sequence is position + 1, the first artist's role is Main unless set,
 * and when no row has a payee share yet they are split equally; display artists are built from
 * the artists' names and the rows' join texts.
 */
async function artistRows(record: Record<string, unknown>, stored: string, tenantId: string) {
  const rows = (record[stored] as StoredRow[] | undefined) ?? [];
  const shares = equalPayeeShares(rows.length);
  const noShares = rows.every((row) => row.payee_share === undefined);
  const prepared = rows.map((row, index) => ({
    ...row,
    sequence: index + 1,
    ...(row.role === undefined && index === 0 ? { role: 'Main' } : {}),
    ...(noShares ? { payee_share: shares[index] } : {}),
  }));
  const named = await Promise.all(
    prepared.map((row) => withLinks([ARTIST_LINK], row as Record<string, unknown>, tenantId)),
  );
  const display = displayArtists(
    named.map((row) => ({
      artist_name: (row.artist as { name?: string } | null)?.name ?? '',
      join_text: row.join_text as string | undefined,
    })),
  );
  return { rows: prepared, display };
}

export async function prepareRelease(
  record: Record<string, unknown>,
  { tenantId, isNew }: { tenantId: string; isNew: boolean },
) {
  await refuseInstrumentalMetadata(record);
  await refuseRequestedLabel(tenantId, record.label_id);
  refuseStrayProductItems(record);
  const artists = await artistRows(record, 'artist_releases', tenantId);
  refuseTotalOver100(artists.rows, 'payee_share', 'artist_releases_attributes', 'Payee share');
  const recordings = ((record.release_recordings as StoredRow[] | undefined) ?? []).map((row, index) => ({
    ...row,
    position: row.position ?? index + 1,
    disc_number: row.disc_number ?? 1,
  }));
  const upc = typeof record.upc === 'string' ? record.upc : '';
  const derived: Record<string, unknown> = {
    artist_releases: artists.rows,
    display_artists: artists.display,
    release_recordings: recordings,
    // One UPC identifier by default, kept in step with the release's UPC.
    release_identifiers: [{ id: 'upc', type_of: 'UPC', value: upc }],
  };
  // The catalogue number is predicted from the label's last release only when it is empty.
  if (isNew && !record.cat_no && typeof record.label_id === 'string' && record.label_id) {
    const predicted = await predictCatalogueNumber(tenantId, record.label_id);
    if (predicted) derived.cat_no = predicted;
  }
  // A new release starts with its label's settings wherever it was made without a value.
  if (isNew && typeof record.label_id === 'string' && record.label_id)
    return { ...(await releaseDefaultsFor(tenantId, record.label_id, record)), ...derived };
  return derived;
}

export async function prepareRecording(
  record: Record<string, unknown>,
  { tenantId }: { tenantId: string; isNew: boolean },
) {
  await refuseInstrumentalMetadata(record);
  const artists = await artistRows(record, 'artist_recordings', tenantId);
  refuseTotalOver100(artists.rows, 'payee_share', 'artist_recordings_attributes', 'Payee share');
  refuseTotalOver100(
    (record.recording_payees as StoredRow[] | undefined) ?? [],
    'split',
    'recording_payees_attributes',
    'Split',
  );
  refuseTotalOver100(
    (record.repertoire_ownerships as StoredRow[] | undefined) ?? [],
    'share',
    'repertoire_ownerships_attributes',
    'Share',
  );
  return { artist_recordings: artists.rows, display_artists: artists.display };
}

/** The catalogue number of the label's latest release that has one. */
export async function lastCatalogueNumber(tenantId: string, labelId: string): Promise<string | undefined> {
  const releases = tenantCollectionOf('releases');
  if (!releases) return undefined;
  const ofLabel = (await tenantRows(releases, tenantId)).filter(
    (r) => r.label_id === labelId && typeof r.cat_no === 'string' && r.cat_no,
  );
  const last = ofLabel.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))[0];
  return last?.cat_no as string | undefined;
}

/** The label's latest release's catalogue number, one up. */
async function predictCatalogueNumber(tenantId: string, labelId: string): Promise<string | undefined> {
  return nextCatalogueNumber(await lastCatalogueNumber(tenantId, labelId));
}
