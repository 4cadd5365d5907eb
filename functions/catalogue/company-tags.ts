import { companyTags } from '../data/access/companies.js';
import { Forbidden } from '../lib/errors.js';

/** Songs are for publishing companies (a Publisher tag plus a current tenant enables Songs). */
export async function requirePublisherCompany(tenantId: string): Promise<void> {
  if (!(await companyTags(tenantId)).some((tag) => tag.toLowerCase() === 'publisher'))
    throw new Forbidden('Songs are kept by publishing companies only');
}
