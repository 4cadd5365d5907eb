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

/**
 * The refusal of a label's authorised stores when some of those sent are not among the stores the product delivers
 * to (taken off the list since the form was opened, or never on it): the field is named, the store's id is not.
 */
export const unknownStores = (count: number) =>
  count === 1
    ? 'One of the chosen stores is not in the list of stores: choose the stores again'
    : `${count} of the chosen stores are not in the list of stores: choose the stores again`;

/** The refusal a delivery gets when the distributor has not authorised the label for the store. */
export const storeNotAuthorised = (label: string, store: string) =>
  `${label} is not authorised to deliver to ${store}: ask your distributor to authorise the store for this label`;
