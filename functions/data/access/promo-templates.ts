import type { PromoTemplateItem } from '../entities/promo.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/** Every query of a company's promo mail templates, by name. */
const db = () => getDb().entities;

type TemplateFields = Pick<PromoTemplateItem, 'name' | 'accent_colour' | 'blocks'>;

export async function listTemplates(tenantId: string): Promise<PromoTemplateItem[]> {
  return (await db().PromoTemplate.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function getTemplate(tenantId: string, id: string): Promise<PromoTemplateItem | null> {
  return (await db().PromoTemplate.get({ tenantId, id }).go()).data;
}

export async function createTemplate(tenantId: string, id: string, fields: TemplateFields): Promise<void> {
  await db()
    .PromoTemplate.create({ tenantId, id, ...fields })
    .go();
}

/** False when the template is not there (deleted meanwhile). */
export async function patchTemplate(tenantId: string, id: string, set: Partial<TemplateFields>): Promise<boolean> {
  return writtenUnlessConditionFailed(() => db().PromoTemplate.patch({ tenantId, id }).set(set).go());
}
