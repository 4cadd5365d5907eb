/**
 * Release deliveries: what a delivery does at the store
 * and where it stands. Shared by the API, the worker and the SPA's badges.
 */
export const DELIVERY_ACTIONS = ['insert', 'update', 'takedown'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/** created → queued → delivering → delivered | failed; a failed (or created) delivery is queued again. */
export const DELIVERY_STATUSES = ['created', 'queued', 'delivering', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The statuses bulk_deliver queues: new deliveries and failed ones (a retry). */
export const QUEUEABLE_STATUSES = ['created', 'failed'] as const satisfies readonly DeliveryStatus[];

/** The refusal of a delivery of a release that has not passed quality control. */
export const NOT_DELIVERABLE_MESSAGE = 'Release must pass quality control before delivery';

/**
 * The store of a delivery whose store has been taken off the platform's list since: its name went with it, and its
 * id means nothing to a reader.
 */
export const UNLISTED_STORE = 'A store no longer listed';

/** A release delivery as the API answers it (never the DSP's server credentials). */
export type ReleaseDeliveryView = {
  id: string;
  release_id: string;
  dsp_id: string;
  dsp_name?: string;
  action: DeliveryAction;
  status: DeliveryStatus;
  reason?: string;
  /** The folder its files go to on the store's server: for the store and support, never shown on screen. */
  batch_id?: string;
  /** When it was last sent on its way to the store (its batch queued): how the screens name its batch. */
  queued_at?: string;
  files?: string[];
  delivered_at?: string;
  attempts: number;
  created_by?: string;
  created_at?: string;
  updated_at?: string;
};
