import { checkRelease, type CheckedRecording, type CheckedRelease } from '../../shared/metadata-checker.js';
import { getCompany } from '../data/access/companies.js';
import type { Row } from '../reference/reference-resource.js';
import { getLabel } from './labels.js';
import { nextCatalogueNumber } from '../../shared/catalogue.js';
import { lastCatalogueNumber } from './release-rules.js';
import { tenantRows } from './tenant-lists.js';
import { recordOps } from './tenant-records.js';
// Only the catalogue handler runs these, so they may use its composition root.
import { tenantResource as resource } from './tenant-resources.js';

/**
 * The metadata checker's findings for one release of a company with its recordings. A release
 * counts as distributed when its company or its label is.
 */
export async function checkReleaseOf(tenantId: string, releaseId: string) {
  const releases = recordOps(resource('releases'));
  const recordings = recordOps(resource('recordings'));
  const release = await releases.present(await releases.load(tenantId, releaseId));
  const ids = new Set(((release.release_recordings as Row[] | undefined) ?? []).map((r) => r.recording_id));
  const rows = (await tenantRows(resource('recordings'), tenantId)).filter((r) => ids.has(r.id));
  const presented = await Promise.all(rows.map(recordings.present));
  const company = await getCompany(tenantId);
  const label =
    typeof release.label_id === 'string' && release.label_id
      ? await getLabel(tenantId, release.label_id).catch(() => undefined)
      : undefined;
  const problems = checkRelease(release as unknown as CheckedRelease, presented as unknown as CheckedRecording[], {
    distributed: Boolean(company?.distributed || label?.distributed),
  });
  return { problems, ok: problems.length === 0 };
}

/** GET labels/{id}/last_release: the label's latest catalogue number and the one a new release would get. */
export async function lastRelease(tenantId: string, labelId: string) {
  await getLabel(tenantId, labelId);
  const last = await lastCatalogueNumber(tenantId, labelId);
  return { cat_no: last ?? null, next_cat_no: nextCatalogueNumber(last) ?? null };
}
