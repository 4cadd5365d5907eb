import { listCompanies } from '../../functions/data/access/companies.js';
import { isSeeded, markSeeded } from '../../functions/data/access/reference.js';
import { tenantResource } from '../../functions/catalogue/tenant-resources.js';
import { recordOps } from '../../functions/catalogue/tenant-records.js';
import { tenantLabelSummaries } from '../../functions/catalogue/labels.js';
import { referenceResource, referenceRows } from '../../functions/reference/reference-lists.js';
import { required } from '../../functions/lib/required.js';

/**
 * A small demo catalogue for Northern Lights Records, written through the same code the API
 * uses: an artist, a writer, two recordings and an EP on the Aurora Sound label. The writer has
 * no publisher yet, so the release page shows the metadata checker at work. Aurora Vale is also
 * the payee of both recordings, at 50 % of the label's share (seed-statements.ts states her
 * quarter). Seeded once.
 */
export async function seedDemoCatalogue(): Promise<void> {
  const marker = 'demo-catalogue-v1';
  if (await isSeeded(marker)) return;
  const company = (await listCompanies()).find((c) => c.name === 'Northern Lights Records');
  if (!company) return;
  const tenantId = company.companyId;
  const named = async (collection: string, name: string) =>
    (await referenceRows(required(referenceResource(collection), `the ${collection} collection`))).find(
      (row) => row.name === name,
    )?.id as string | undefined;
  const create = async (collection: string, body: Record<string, unknown>) => {
    const resource = tenantResource(collection);
    return recordOps(resource).create({ tenantId }, resource.input.parse(body) as Record<string, unknown>);
  };

  const english = await named('languages', 'English');
  const electronic = await named('genres', 'Electronic');
  const label = (await tenantLabelSummaries(tenantId)).find((l) => l.name === 'Aurora Sound');
  const writer = await create('contributors', { name: 'Mara Quinn', email: 'mara@example.org' });
  const artist = await create('artists', {
    name: 'Aurora Vale',
    config: 'individual',
    biog: 'Electronic songwriter from the north coast.',
    artist_identifiers_attributes: [{ service: 'Deezer', new: true }],
    urls_attributes: [{ link: 'https://auroravale.example.org', link_text: 'Artist Website' }],
  });
  const payee = await create('payees', {
    name: 'Aurora Vale',
    email: 'aurora@example.org',
    address: '1 Harbour Row, Whitby',
  });
  const track = (title: string, isrc: string) =>
    create('recordings', {
      title,
      isrc,
      length: '00:03:45',
      audio_language_id: english,
      metadata_language_id: english,
      primary_genre_id: electronic,
      p_line: 'Northern Lights Records',
      p_line_year: 2026,
      artist_recordings_attributes: [{ artist_id: artist.id }],
      contributor_recordings_attributes: [{ contributor_id: writer.id, roles: ['Composer', 'Lyricist'] }],
      recording_payees_attributes: [{ payee_id: payee.id, split: 50 }],
    });
  const recordings = [
    await track('Northern Light', 'GB-NLR-26-00001'),
    await track('Harbour Lights', 'GB-NLR-26-00002'),
  ];
  await create('releases', {
    title: 'Northern Lights EP',
    label_id: label?.id,
    cat_no: 'NLR001',
    upc: '5060000000009',
    release_date: '2026-12-04',
    original_release_date: '2026-12-04',
    metadata_language_id: english,
    primary_genre_id: electronic,
    c_line: 'Northern Lights Records',
    c_line_year: 2026,
    p_line: 'Northern Lights Records',
    p_line_year: 2026,
    artist_releases_attributes: [{ artist_id: artist.id }],
    products_attributes: [{ product_type: 'EP' }],
    release_recordings_attributes: recordings.map((r, i) => ({ recording_id: r.id, position: i + 1 })),
  });
  await markSeeded(marker);
}
