import { buildNewReleaseMessage } from './ern/build-message.js';
import { loadErnRelease } from './ern/load-release.js';
import { validateErn } from './ern/validate.js';
import type { ErnPort } from './ern-port.js';

/** The product's ERN builder (functions/deliveries/ern/) behind the worker's port. */
export const productErn: ErnPort = { load: loadErnRelease, build: buildNewReleaseMessage, validate: validateErn };
