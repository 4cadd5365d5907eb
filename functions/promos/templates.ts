import { ulid } from 'ulid';
import type { z } from 'zod';
import type {
  PromoTemplateInput,
  promoTemplatePreviewInput,
  promoTemplateUpdate,
  TemplateBlock,
} from '../../shared/schemas/promo-templates.js';
import { getCompany } from '../data/access/companies.js';
import * as data from '../data/access/promo-templates.js';
import { getPromo } from '../data/access/promos.js';
import type { PromoItem, PromoTemplateItem } from '../data/entities/promo.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { appLink, sendMail } from '../lib/mail.js';
import { DEFAULT_DESIGN, type MailContent, renderPromoMail, type TemplateDesign } from './template-render.js';

/**
 * A label's promo mail templates (the template designer): blocks stored as validated JSON, rendered
 * by template-render.tsx for the designer's preview, the test send to oneself and every promo send.
 */
const present = ({ tenantId: _t, ...template }: PromoTemplateItem) => template;
const designOf = (template: PromoTemplateItem): TemplateDesign => ({
  accent_colour: template.accent_colour,
  blocks: template.blocks as TemplateBlock[],
});

async function loadTemplate(tenantId: string, id: string) {
  const template = await data.getTemplate(tenantId, id);
  if (!template) throw new NotFound('Template');
  return template;
}

export async function listTemplates(tenantId: string) {
  const templates = (await data.listTemplates(tenantId)).sort((a, b) => a.name.localeCompare(b.name));
  return { templates: templates.map(present), total_count: templates.length, total_pages: 1 };
}

export const getTemplate = async (tenantId: string, id: string) => ({
  template: present(await loadTemplate(tenantId, id)),
});

export async function createTemplate(tenantId: string, input: PromoTemplateInput) {
  const id = ulid();
  await data.createTemplate(tenantId, id, input);
  return { template: present(await loadTemplate(tenantId, id)), message: 'Template Added' };
}

export async function updateTemplate(tenantId: string, id: string, input: z.output<typeof promoTemplateUpdate>) {
  await loadTemplate(tenantId, id);
  if (!(await data.patchTemplate(tenantId, id, input))) throw new NotFound('Template');
  return { template: present(await loadTemplate(tenantId, id)), message: 'Template Updated' };
}

/** A promo's chosen template must be one of the company's own. */
export async function checkTemplateChoice(tenantId: string, templateId: string | undefined) {
  if (templateId && !(await data.getTemplate(tenantId, templateId)))
    throw new InvalidField('template_id', 'Choose one of your templates');
}

/** The design a promo is sent with: its chosen template, or the default one if none (or it is gone). */
export async function designForPromo(tenantId: string, promo: PromoItem): Promise<TemplateDesign> {
  const template = promo.template_id ? await data.getTemplate(tenantId, promo.template_id) : null;
  return template ? designOf(template) : DEFAULT_DESIGN;
}

/** The sender named in every footer: the company's name and the address on its profile. */
export async function senderOf(tenantId: string): Promise<MailContent['label']> {
  const company = await getCompany(tenantId);
  return { name: company?.profile?.name || company?.name || 'Your label', address: company?.profile?.address ?? null };
}

/**
 * The content of a preview or test mail: a chosen promo's own words, else a sample. Its buttons open
 * the designer rather than a recipient's page (a test has no recipient).
 */
async function sampleContent(tenantId: string, promoId: string | undefined): Promise<MailContent> {
  const promo = promoId ? await getPromo(tenantId, promoId) : null;
  if (promoId && !promo) throw new InvalidField('promo_id', 'Promo not found');
  const here = appLink('/user/labels/promo_tools/template_designer');
  return {
    title: promo?.title ?? 'Your release',
    artists: promo?.artists ?? 'Your artist',
    release_date: promo?.release_date ?? null,
    expiry_date: promo?.expiry_date ?? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    biog: promo?.biog ?? 'A few words about the release.',
    recipient_name: 'Alex',
    cover_url: null,
    cover_placeholder: true,
    page_link: here,
    feedback_link: `${here}#feedback`,
    unsubscribe_link: here,
    label: await senderOf(tenantId),
  };
}

/** POST promo_template_previews: the designer's blocks (saved or not) as the mail would show them. */
export async function previewTemplate(tenantId: string, input: z.output<typeof promoTemplatePreviewInput>) {
  return renderPromoMail(input, await sampleContent(tenantId, input.promo_id));
}

/** POST promo_templates/{id}/test_send: the saved template, mailed to the person who asked. */
export async function testSendTemplate(tenantId: string, id: string, to: string, promoId?: string) {
  const template = await loadTemplate(tenantId, id);
  const content = await sampleContent(tenantId, promoId);
  const { html, text } = renderPromoMail(designOf(template), content);
  await sendMail({ to, subject: `[Test] ${template.name}: ${content.artists} – ${content.title}`, text, html });
  return { message: `Test mail sent to ${to}` };
}
