import type { DocumentTemplateItem } from '../entities/contract.js';
import { getDb } from '../service.js';

/** A company's own template texts (contracts', licences'), by template id. */
const templates = () => getDb().entities.DocumentTemplate;

export async function companyTemplateTexts(tenantId: string): Promise<DocumentTemplateItem[]> {
  return (await templates().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

export async function companyTemplateText(tenantId: string, id: string): Promise<string | null> {
  return (await templates().get({ tenantId, id }).go()).data?.text ?? null;
}

/** Keeps the company's text for a template (the last save wins: a template has no money riding on it). */
export async function putCompanyTemplateText(tenantId: string, id: string, text: string, userId: string) {
  await templates().put({ tenantId, id, text, updatedBy: userId }).go();
}
