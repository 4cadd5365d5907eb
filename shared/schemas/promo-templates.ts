import { z } from 'zod';

/**
 * A label's promo mail template: an ordered list of blocks, stored as JSON and rendered to HTML by the
 * promo area (functions/promos/template-render.tsx). Bounded before anything is stored or rendered:
 * 30 blocks, 5,000 characters of text each.
 */
export const TEMPLATE_BLOCK_TYPES = ['cover', 'text', 'player_button', 'feedback_button', 'footer'] as const;
const MAX_BLOCKS = 30;

const buttonLabel = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1, 'Button label is required')
    .max(60, 'Button label must be under 60 characters')
    .default(fallback);

const block = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('cover') }),
    z.strictObject({
      type: z.literal('text'),
      text: z
        .string('Text is required')
        .trim()
        .min(1, 'Text is required')
        .max(5000, 'Text must be under 5000 characters'),
    }),
    z.strictObject({ type: z.literal('player_button'), label: buttonLabel('Listen now') }),
    z.strictObject({ type: z.literal('feedback_button'), label: buttonLabel('Leave feedback') }),
    z.strictObject({
      type: z.literal('footer'),
      text: z.string().trim().max(1000, 'Footer text must be under 1000 characters').optional(),
    }),
  ],
  { error: 'Block type must be cover, text, player button, feedback button or footer' },
);
export type TemplateBlock = z.output<typeof block>;

/** Every promo mail must carry the unsubscribe link and the sender's address: one footer block, always. */
const blocks = z
  .array(block, 'Blocks are required')
  .min(1, 'Add at least one block')
  .max(MAX_BLOCKS, `A template has at most ${MAX_BLOCKS} blocks`)
  .refine((list) => list.filter((b) => b.type === 'footer').length === 1, {
    message: 'A template needs exactly one footer: it carries your address and the unsubscribe link',
  });

const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be like #1a2b3c');

const templateFields = {
  name: z.string('Name is required').trim().min(1, 'Name is required').max(100, 'Name must be under 100 characters'),
  accent_colour: colour,
  blocks,
};
export const promoTemplateInput = z.strictObject({ ...templateFields, accent_colour: colour.default('#0972d3') });
/** An edit changes only what it names (no defaults: a rename keeps the colour). */
export const promoTemplateUpdate = z.strictObject(templateFields).partial();
export type PromoTemplateInput = z.output<typeof promoTemplateInput>;

/** A preview of blocks not saved yet, rendered the same way a send renders them. */
export const promoTemplatePreviewInput = promoTemplateInput.pick({ accent_colour: true, blocks: true }).extend({
  promo_id: z.string().trim().min(1).max(64).optional(),
});
