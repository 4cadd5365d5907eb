/** A release as the catalogue tasks page reads it. */
export type TaskRelease = {
  id: string;
  title: string;
  cat_no?: string;
  upc?: string;
  status: string;
  label_id?: string;
};

/** Releases already sent to the stores: no task left on them. */
const IN_STORES = ['delivered', 'live'];

/** The label's releases that still have a task, in list order. */
export function releasesWithTasks(releases: readonly TaskRelease[], labelId: string): TaskRelease[] {
  return releases.filter((r) => r.label_id === labelId && !IN_STORES.includes(r.status));
}

/** What a release still needs before it can go to the stores, in a label manager's words. */
export function nextStep(release: TaskRelease): string {
  if (!release.upc || /assign/i.test(release.upc)) return 'Link a UPC';
  if (release.status === 'drafted' || release.status === 'rejected')
    return 'Fix the metadata and send to quality control';
  if (release.status === 'quality_control') return 'Approve or reject in quality control';
  // Accepted: quality control passed, ready to send (functions/catalogue/release-status.ts).
  return release.status === 'accepted' ? 'Deliver' : 'Check the release';
}
