import { RELEASE_STATUS_IN_SENTENCE } from '../../../../shared/catalogue';
import { type DeliveryAction, type DeliveryStatus, QUEUEABLE_STATUSES } from '../../../../shared/deliveries';

/** One delivery to create (POST release_deliveries/new and /bulk). */
export type NewReleaseDelivery = { release_id: string; dsp_id: string; action: DeliveryAction; status: 'created' };

/** Every chosen release to every chosen store, with one action: the rows of release_deliveries/bulk. */
export function deliveryRows(
  releaseIds: readonly string[],
  dspIds: readonly string[],
  action: DeliveryAction,
): NewReleaseDelivery[] {
  const releases = [...new Set(releaseIds)];
  const dsps = [...new Set(dspIds)];
  return releases.flatMap((release_id) =>
    dsps.map((dsp_id) => ({ release_id, dsp_id, action, status: 'created' as const })),
  );
}

/** The list's query: page, 50 a page, newest first unless sorted, with the chosen filters. */
export function releaseDeliveriesQuery(options: {
  page: number;
  q?: string;
  status?: DeliveryStatus | '';
  releaseId?: string | null;
}): string {
  const params = new URLSearchParams({ page: String(options.page), per_page: '50' });
  if (options.q?.trim()) params.set('q', options.q.trim());
  if (options.status) params.set('status', options.status);
  if (options.releaseId) params.set('release_id', options.releaseId);
  return `/release_deliveries?${params.toString()}`;
}

/**
 * Why a release's Deliver button cannot be pressed, or null when it can. It sends the chosen deliveries, or with none
 * chosen every one waiting (created, or failed); with nothing chosen and nothing waiting it would do nothing.
 */
export function deliverUnavailable(deliveries: readonly { status: DeliveryStatus }[], chosen: number): string | null {
  if (chosen > 0) return null;
  if (!deliveries.length) return 'Choose the DSPs above and create their deliveries first';
  if (deliveries.some((d) => (QUEUEABLE_STATUSES as readonly DeliveryStatus[]).includes(d.status))) return null;
  return 'No delivery is waiting to be sent: choose one to deliver it again with Re-deliver';
}

/** Statuses where the release already waits for an admin's review: sending it again is not the next step. */
const IN_REVIEW = new Set(['quality_control', 'submitted']);

/**
 * What the Distribution tab tells the label about a release that may not be delivered yet, by where it stands: one in
 * review waits for the admin; any other (a draft, a rejected one) is to be sent to quality control first.
 */
export function notDeliverableAdvice(status: string | undefined): string {
  const stored = status || 'drafted';
  const words = RELEASE_STATUS_IN_SENTENCE[stored as keyof typeof RELEASE_STATUS_IN_SENTENCE] ?? 'not ready';
  if (IN_REVIEW.has(stored)) return `This release is ${words}: once an admin approves it, it can be delivered.`;
  return `This release is ${words}. Send it to quality control; once an admin approves it, it can be delivered.`;
}
