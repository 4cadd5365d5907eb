import { areaHandler, generatedOperations, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import type { ReferenceOperation } from '../operation-names.js';
import { REFERENCE_RESOURCES } from './collections.js';
import { referenceOperations } from './reference-resource.js';
import { companyPublisherOperations } from './company-publishers.js';

/** Reference area: the collections admins maintain for every tenant, and companies' own publishers. */
const operations = generatedOperations<ReferenceOperation>([
  ...REFERENCE_RESOURCES.map(referenceOperations),
  companyPublisherOperations(),
]) satisfies AreaOperations<'reference'>;

export const handler = areaHandler('reference', operations, planGate);
