import { getDb } from '../data/service.js';
import { Forbidden } from '../lib/errors.js';

/** Songs are for publishing companies (spec 2 §6: a Publisher tag plus a current tenant enables Songs). */
export async function requirePublisherCompany(tenantId: string): Promise<void> {
  const company = (await getDb().entities.Company.get({ companyId: tenantId }).go({ attributes: ['tags'] })).data;
  if (!(company?.tags ?? []).some((tag) => tag.toLowerCase() === 'publisher')) throw new Forbidden('Songs are kept by publishing companies only');
}
