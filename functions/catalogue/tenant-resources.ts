import { presentAudio } from '../audio/recording-audio.js';
import { requirePublisherCompany } from './company-tags.js';
import { presentArtwork } from '../artwork/cover-art.js';
import { removeReleaseFiles } from '../artwork/remove-files.js';
import { prepareRecording, prepareRelease } from './release-rules.js';
import { onReleasesWithCatNo } from './recording-picker.js';
import { onRelease } from './recordings-of-release.js';
import { reviewAgainAfterEdit, sentBackNote } from './release-status.js';
import { reviewReleasesOfRecording, sentBackForRecordingNote } from './recording-review.js';
import { TENANT_COLLECTIONS } from './tenant-collections.js';
import { preparePayeeTaxForm } from './payee-tax-form.js';
import type { CollectionHooks, TenantResource } from './tenant-resource.js';

/** A release's derived fields, then the re-review rule on what the edit changed (release-status.ts). */
const prepareReleaseEdit: TenantResource['prepare'] = async (record, context) => {
  const derived = await prepareRelease(record, context);
  if (!context.before) return derived;
  return { ...derived, ...reviewAgainAfterEdit(context.before, { ...record, ...derived }, context.editor) };
};

/**
 * The composition root of the catalogue: the collections of tenant-collections.ts with the hooks
 * that reach other areas (release rules, audio, company tags) attached. Only entry points (the
 * catalogue handler and what only it runs, the local demo seed) import this, so no other module
 * pulls the audio pipeline or the release rules into its bundle, and no import cycle forms.
 */
const HOOKS: Record<string, CollectionHooks> = {
  releases: {
    prepare: prepareReleaseEdit,
    savedNote: sentBackNote,
    presentExtra: presentArtwork,
    afterDelete: (row) => removeReleaseFiles(String(row.tenantId), row),
  },
  recordings: {
    prepare: prepareRecording,
    presentExtra: presentAudio,
    pickerAlso: onReleasesWithCatNo,
    heldByFilters: { release_id: onRelease },
    afterUpdate: async (before, after, { tenantId, editor }) =>
      sentBackForRecordingNote(await reviewReleasesOfRecording(tenantId, before, after, editor)),
  },
  // The tax form's rules across its fields and its worked-out expiry.
  payees: { prepare: preparePayeeTaxForm },
  songs: { companyGuard: requirePublisherCompany },
};

export const TENANT_RESOURCES: TenantResource[] = TENANT_COLLECTIONS.map((collection) => ({
  ...collection,
  ...HOOKS[collection.collection],
}));

/** A catalogue collection with its hooks; throws for a name that is not one (a programming error). */
export function tenantResource(collection: string): TenantResource {
  const found = TENANT_RESOURCES.find((r) => r.collection === collection);
  if (!found) throw new Error(`${collection} is not a catalogue collection`);
  return found;
}
