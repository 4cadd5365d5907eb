import type { DeliveryAction } from '../../shared/deliveries.js';

/** A sender or recipient of a message: its DDEX party id and name. */
export type ErnParty = { dpid: string; name: string };

/**
 * What the delivery worker needs of the ERN builder (issue 16 contract C): read a release from the
 * catalogue, write its NewReleaseMessage, check it against the ERN 4.3 schema. A port, so the worker
 * is tested and benchmarked with the real builder and the ordering rules stay here.
 */
export type ErnPort = {
  load(tenantId: string, releaseId: string): Promise<unknown>;
  build(
    release: unknown,
    options: { action: DeliveryAction; messageId: string; createdAt: string; sender: ErnParty; recipient: ErnParty },
  ): string;
  validate(xml: string): Promise<{ valid: true } | { valid: false; firstError: string }>;
};
