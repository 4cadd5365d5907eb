/**
 * The distributor's CRM: where each client company stands. A client moves from prospect through
 * onboarding to active, may be paused, and ends; the colour is how every CRM screen shows it.
 */
export const CRM_STATUSES = ['prospect', 'onboarding', 'active', 'paused', 'ended'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];

/** The colour a status is shown in (Cloudscape status indicator types). */
export const CRM_STATUS_COLOURS: Record<CrmStatus, 'pending' | 'in-progress' | 'success' | 'warning' | 'stopped'> = {
  prospect: 'pending',
  onboarding: 'in-progress',
  active: 'success',
  paused: 'warning',
  ended: 'stopped',
};

/** The refusal a delivery gets when the distributor has not authorised the label for the store. */
export const storeNotAuthorised = (label: string, store: string) =>
  `${label} is not authorised to deliver to ${store}: ask your distributor to authorise the store for this label`;
