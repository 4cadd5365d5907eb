import { areaHandler } from '../lib/http.js';
import { REFERENCE_RESOURCES } from './collections.js';
import { referenceOperations } from './reference-resource.js';

/** Reference area: the collections admins maintain for every tenant (spec 1 §3, §7). */
export const handler = areaHandler('reference', Object.assign({}, ...REFERENCE_RESOURCES.map(referenceOperations)));
