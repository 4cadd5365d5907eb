/**
 * The DDEX ERN 4.3 builder (issue 16 contract C): read a release, build its NewReleaseMessage,
 * validate it against the vendored 4.3 schema. The delivery worker uses these three and, to name
 * and hash the batch's files, the resource references.
 */
export { buildNewReleaseMessage, type BuildOptions } from './build-message.js';
export { loadErnRelease } from './load-release.js';
export { ernParty, PLACEHOLDER_DPID, senderParty } from './message-parties.js';
export { resourceReferences, type ResourceRef } from './references.js';
export type { ErnAction, ErnHash, ErnParty, ErnRelease } from './types.js';
export { ERN_SCHEMA_ASSETS, validateErn } from './validate.js';
