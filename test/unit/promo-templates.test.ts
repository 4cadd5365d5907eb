import { describe, expect, it } from 'vitest';
import { DEFAULT_DESIGN, type MailContent, renderPromoMail } from '../../functions/promos/template-render.js';
import { promoTemplateInput } from '../../shared/schemas/promo-templates.js';

const content: MailContent = {
  title: 'Night Drive',
  artists: 'Aurora Lane',
  release_date: '2027-01-15',
  expiry_date: '2027-02-01',
  biog: 'Four tracks for the small hours.',
  recipient_name: 'Sam <DJ>',
  cover_url: 'https://app.test/api/v1/promo_pages/P/T/cover',
  page_link: 'https://app.test/promo/P/T',
  feedback_link: 'https://app.test/promo/P/T#feedback',
  unsubscribe_link: 'https://app.test/api/v1/promo_unsubscribe/P/T',
  label: { name: 'Northern Lights Records', address: '1 Quay Street, Manchester' },
};

describe('promo mail templates', () => {
  it('renders every block to HTML and to text, with the recipient’s links, the label’s address and unsubscribe', () => {
    const { html, text } = renderPromoMail(DEFAULT_DESIGN, content);
    expect(html.startsWith('<!DOCTYPE html><html')).toBe(true);
    expect(html).toContain('src="https://app.test/api/v1/promo_pages/P/T/cover"');
    expect(html).toContain('href="https://app.test/promo/P/T"');
    expect(html).toContain('href="https://app.test/promo/P/T#feedback"');
    expect(html).toContain('href="https://app.test/api/v1/promo_unsubscribe/P/T"');
    expect(html).toContain('1 Quay Street, Manchester');
    // Typed words are escaped, never markup: a name with angle brackets stays text.
    expect(html).toContain('Hi Sam &lt;DJ&gt;,');
    expect(html).not.toContain('<DJ>');
    expect(text).toContain('Hi Sam <DJ>,\n\nAurora Lane – Night Drive (out 15th Jan 2027)');
    expect(text).toContain('Listen now: https://app.test/promo/P/T');
    expect(text).toContain('Unsubscribe: https://app.test/api/v1/promo_unsubscribe/P/T');
    expect(html).not.toMatch(/<script/i);
  });

  it('leaves the cover out when the release has none, and an unknown placeholder as typed', () => {
    const design = {
      accent_colour: '#112233',
      blocks: [
        { type: 'cover' as const },
        { type: 'text' as const, text: 'Dear {name}, see {nothing}' },
        { type: 'footer' as const },
      ],
    };
    const { html, text } = renderPromoMail(design, { ...content, cover_url: null, recipient_name: null });
    expect(html).not.toContain('<img');
    expect(text).toContain('Dear there, see {nothing}');
  });

  it('accepts a template only with one footer, known blocks and bounded text', () => {
    const footer = { type: 'footer' };
    const ok = promoTemplateInput.safeParse({ name: 'Club', blocks: [{ type: 'text', text: 'Hi' }, footer] });
    expect(ok.success && ok.data.accent_colour).toBe('#0972d3');
    const fails = (body: unknown) => {
      const parsed = promoTemplateInput.safeParse(body);
      return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(fails({ name: 'No footer', blocks: [{ type: 'text', text: 'Hi' }] })).toEqual([
      'blocks: A template needs exactly one footer: it carries your address and the unsubscribe link',
    ]);
    expect(fails({ name: 'Two', blocks: [footer, footer] })?.[0]).toContain('exactly one footer');
    expect(fails({ name: 'Odd', blocks: [{ type: 'script' }, footer] })?.[0]).toMatch(/^blocks\.0\.type: Block type/);
    expect(fails({ name: 'Long', blocks: [{ type: 'text', text: 'x'.repeat(5001) }, footer] })).toEqual([
      'blocks.0.text: Text must be under 5000 characters',
    ]);
    expect(fails({ name: 'Many', blocks: [...Array(30).fill({ type: 'cover' }), footer] })?.[0]).toContain(
      'at most 30',
    );
    expect(fails({ name: 'Red', accent_colour: 'red', blocks: [footer] })).toEqual([
      'accent_colour: Colour must be like #1a2b3c',
    ]);
  });
});
