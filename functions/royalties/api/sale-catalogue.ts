import type { NewSale } from '../../../shared/schemas/royalty.js';
import { saleCatalogue } from '../../data/access/catalogue.js';

/**
 * A manual sale named by its recording or release takes from the catalogue what the user left blank, so it is stated,
 * summed and listed like a report's matched line (a sale of a recording alone was "Unknown" by release, "-" by label,
 * and the company's deal rather than its label's applied):
 * - the release: the one named, else the recording's when it is on exactly one (on several, which one sold is not
 *   known: the user chooses it);
 * - the label: the release's;
 * - the words a report carries: the track's title, artist and ISRC, the release's title and UPC, the label's name.
 * A sale chosen by its label alone (a distributed label's sale) takes the label's name too, so the royalties list names
 * the label the finances already count it under, not "-".
 * What the user typed always stands.
 */
export async function saleWithCatalogue(tenantId: string, sale: NewSale): Promise<NewSale> {
  const unnamedLabel = Boolean(sale.label_id && !sale.label_name);
  if (!sale.recording_id && !sale.release_id && !unnamedLabel) return sale;
  const found = await saleCatalogue(tenantId, { recordingId: sale.recording_id, releaseId: sale.release_id });
  const release = found.releases.length === 1 ? found.releases[0] : undefined;
  const labelId = sale.label_id ?? release?.label_id ?? undefined;
  const labelName = !sale.label_name && labelId ? await found.labelName(labelId) : null;
  const filled: Partial<NewSale> = {
    release_id: sale.release_id ?? release?.id,
    label_id: labelId,
    song: sale.song ?? found.recording?.title,
    artist: sale.artist ?? found.recording?.artist ?? release?.artist ?? undefined,
    isrc: sale.isrc ?? found.recording?.isrc ?? undefined,
    album: sale.album ?? release?.title,
    upc: sale.upc ?? release?.upc ?? undefined,
    label_name: sale.label_name ?? labelName ?? undefined,
  };
  return { ...sale, ...Object.fromEntries(Object.entries(filled).filter(([, v]) => v !== undefined && v !== null)) };
}
