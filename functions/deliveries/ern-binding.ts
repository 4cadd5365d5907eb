import type { ErnPort } from './ern-port.js';

/**
 * The product's ERN builder behind the worker's port (functions/deliveries/ern/, the ern slice's
 * contract C). Loaded on first use.
 */
type ErnModule = {
  loadErnRelease: (tenantId: string, releaseId: string) => Promise<unknown>;
  buildNewReleaseMessage: ErnPort['build'];
  validateErn: ErnPort['validate'];
};

// Until the ern branch is merged its module is not here: a path the type checker does not follow.
const ERN_ENTRY = './ern/index.js';
let loaded: Promise<ErnModule> | undefined;
const ern = () => {
  loaded ??= import(ERN_ENTRY) as Promise<ErnModule>;
  return loaded;
};
let built: ErnModule | undefined;

export const productErn: ErnPort = {
  load: async (tenantId, releaseId) => {
    built = await ern();
    return built.loadErnRelease(tenantId, releaseId);
  },
  build: (release, options) => {
    if (!built) throw new Error('The ERN builder is not loaded');
    return built.buildNewReleaseMessage(release, options);
  },
  validate: async (xml) => (await ern()).validateErn(xml),
};
