import type { BuildOptions } from './ern/build-message.js';
import type { ErnRelease } from './ern/types.js';

/**
 * What the delivery worker needs of the ERN builder: read a release from the
 * catalogue, write its NewReleaseMessage, check it against the ERN 4.3 schema. A port, so a test can
 * hand the worker a message the schema refuses; the product binds the ern folder's functions.
 */
export type ErnPort = {
  load(tenantId: string, releaseId: string): Promise<ErnRelease>;
  build(release: ErnRelease, options: BuildOptions): string;
  validate(xml: string): Promise<{ valid: true } | { valid: false; firstError: string }>;
};
