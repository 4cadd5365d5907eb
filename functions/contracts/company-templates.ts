import * as store from '../data/access/document-templates.js';
import type { ContractItem } from '../data/entities/contract.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import {
  type ContractTemplate,
  DEFAULT_LICENCE_TEMPLATES,
  DEFAULT_TEMPLATES,
  LICENCE_TEMPLATE_IDS,
  type LicenceDocumentKind,
  templateFor,
} from './templates.js';

/**
 * A company's document templates: the contract types' and the licensing hub's (master use licence,
 * licence quote), one model for both. Each starts as the product's default text; a company may keep
 * its own text for any of them, which every document written after that uses (a document already
 * written, or a signed copy, stays as it was).
 */
type UsedFor = 'contract' | 'licence';
type TemplateDefault = { id: string; name: string; used_for: UsedFor; text: string };

const DEFAULTS: readonly TemplateDefault[] = [
  ...DEFAULT_TEMPLATES.map((t) => ({ id: t.id, name: t.name, used_for: 'contract' as const, text: t.text })),
  ...DEFAULT_LICENCE_TEMPLATES.map((t) => ({ id: t.id, name: t.name, used_for: 'licence' as const, text: t.text })),
];

const placeholdersOf = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? ''))];

/** The placeholders a template may use: those its kind of document fills (every default text of that kind names them). */
const KNOWN: Record<UsedFor, string[]> = {
  contract: [...new Set(DEFAULTS.filter((t) => t.used_for === 'contract').flatMap((t) => placeholdersOf(t.text)))],
  licence: [...new Set(DEFAULTS.filter((t) => t.used_for === 'licence').flatMap((t) => placeholdersOf(t.text)))],
};

function view(template: TemplateDefault, own: string | null) {
  return {
    id: template.id,
    name: template.name,
    used_for: template.used_for,
    text: own ?? template.text,
    default_text: template.text,
    customised: own !== null && own !== template.text,
    placeholders: KNOWN[template.used_for],
  };
}

/** GET /document_templates: every template, with the company's own text where it keeps one. */
export async function documentTemplates(tenantId: string) {
  const own = new Map((await store.companyTemplateTexts(tenantId)).map((t) => [t.id, t.text]));
  return { document_templates: DEFAULTS.map((t) => view(t, own.get(t.id) ?? null)) };
}

/**
 * PATCH /document_templates/{id}: keeps the company's text. A placeholder the document cannot fill
 * is refused, naming it, rather than printed as blank on a contract someone signs.
 */
export async function saveDocumentTemplate(tenantId: string, userId: string, id: string, text: string) {
  const template = DEFAULTS.find((t) => t.id === id);
  if (!template) throw new NotFound('Template');
  const unknown = placeholdersOf(text).filter((name) => !KNOWN[template.used_for].includes(name));
  if (unknown.length)
    throw new InvalidField(
      'text',
      `${unknown.map((name) => `{{${name}}}`).join(', ')} ${unknown.length === 1 ? 'is not a placeholder' : 'are not placeholders'} this document can fill: use ${KNOWN[template.used_for].map((name) => `{{${name}}}`).join(', ')}`,
    );
  // Saving the standard text again is how a company goes back to it (shown as not its own).
  await store.putCompanyTemplateText(tenantId, id, text, userId);
  return { document_template: view(template, text), message: 'Template Saved' };
}

/** The contract templates (GET /contract_templates), with the company's own texts. */
export async function contractTemplates(tenantId: string): Promise<{ contract_templates: ContractTemplate[] }> {
  const own = new Map((await store.companyTemplateTexts(tenantId)).map((t) => [t.id, t.text]));
  return { contract_templates: DEFAULT_TEMPLATES.map((t) => ({ ...t, text: own.get(t.id) ?? t.text })) };
}

/** The template a new contract of this type is written from: the company's text, else the default. */
export async function companyContractTemplate(tenantId: string, type: ContractItem['type']): Promise<ContractTemplate> {
  const template = templateFor(type);
  return { ...template, text: (await store.companyTemplateText(tenantId, template.id)) ?? template.text };
}

/** The licence's papers' template (licensing/documents.ts): the company's text, else the default. */
export async function companyLicenceTemplate(
  tenantId: string,
  kind: LicenceDocumentKind,
): Promise<{ name: string; text: string }> {
  const template = DEFAULT_LICENCE_TEMPLATES.find((t) => t.kind === kind) ?? DEFAULT_LICENCE_TEMPLATES[0];
  const own = await store.companyTemplateText(tenantId, LICENCE_TEMPLATE_IDS[kind]);
  return { name: template.name, text: own ?? template.text };
}
