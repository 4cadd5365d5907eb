import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { TemplateBlock } from '../../shared/schemas/promo-templates.js';
import { formatDate } from '../../shared/format.js';

/**
 * A promo mail from a label's template blocks: HTML rendered with React (react-dom/server, already the
 * web app's renderer; no other library needed) in the shape mail clients display alike — one centred
 * 600-pixel table, inline styles, no scripts, no web fonts — and the plain-text part beside it, so a
 * client that shows text only gets the same links. The same function renders the designer's preview,
 * the test send and every recipient's mail: what the label previews is what is sent.
 */
export type TemplateDesign = { accent_colour: string; blocks: readonly TemplateBlock[] };

/** What one mail is about and where its buttons lead (a recipient's own links, or a test's). */
export type MailContent = {
  title: string;
  artists: string;
  release_date: string | null;
  expiry_date: string;
  biog: string;
  recipient_name: string | null;
  cover_url: string | null;
  /** The designer's preview: no release to take a cover from, so the cover block shows where it would sit. */
  cover_placeholder?: true;
  page_link: string;
  feedback_link: string;
  unsubscribe_link: string;
  label: { name: string; address: string | null };
};

/** The template a promo without a chosen one is sent with. */
export const DEFAULT_DESIGN: TemplateDesign = {
  accent_colour: '#0972d3',
  blocks: [
    { type: 'cover' },
    { type: 'text', text: 'Hi {name},\n\n{artists} – {title} (out {release_date})\n\n{biog}' },
    { type: 'player_button', label: 'Listen now' },
    { type: 'feedback_button', label: 'Leave feedback' },
    { type: 'footer' },
  ],
};

/** The words a text block may name in braces, filled per recipient; an unknown one is left as typed. */
function fill(text: string, content: MailContent): string {
  const values: Record<string, string> = {
    name: content.recipient_name ?? 'there',
    title: content.title,
    artists: content.artists,
    // Days in words, as the product shows them everywhere ("15th Jan 2027"), not as stored.
    release_date: content.release_date ? formatDate(content.release_date) : 'soon',
    expiry_date: formatDate(content.expiry_date),
    biog: content.biog,
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

const font: CSSProperties = { fontFamily: 'Helvetica, Arial, sans-serif', color: '#16191f' };

function Button({ href, colour, children }: { href: string; colour: string; children: ReactNode }) {
  return (
    <a
      href={href}
      style={{
        ...font,
        display: 'inline-block',
        background: colour,
        color: '#ffffff',
        padding: '12px 24px',
        borderRadius: 4,
        textDecoration: 'none',
        fontWeight: 'bold',
      }}
    >
      {children}
    </a>
  );
}

function Block({ block, design, content }: { block: TemplateBlock; design: TemplateDesign; content: MailContent }) {
  switch (block.type) {
    case 'cover':
      if (content.cover_url)
        return (
          <img src={content.cover_url} alt={content.title} width={600} style={{ display: 'block', width: '100%' }} />
        );
      return content.cover_placeholder ? (
        <div
          style={{
            ...font,
            background: '#e9ebed',
            color: '#5f6b7a',
            fontSize: 15,
            padding: '96px 24px',
            textAlign: 'center',
          }}
        >
          The release's cover art
        </div>
      ) : null;
    case 'text':
      return (
        <div style={{ ...font, fontSize: 15, lineHeight: '22px', whiteSpace: 'pre-line' }}>
          {fill(block.text, content)}
        </div>
      );
    case 'player_button':
      return (
        <Button href={content.page_link} colour={design.accent_colour}>
          {block.label}
        </Button>
      );
    case 'feedback_button':
      return (
        <Button href={content.feedback_link} colour={design.accent_colour}>
          {block.label}
        </Button>
      );
    case 'footer':
      return (
        <div style={{ ...font, fontSize: 12, color: '#5f6b7a', borderTop: '1px solid #e9ebed', paddingTop: 12 }}>
          {block.text ? <p style={{ margin: '0 0 8px' }}>{fill(block.text, content)}</p> : null}
          <p style={{ margin: '0 0 8px', whiteSpace: 'pre-line' }}>
            {content.label.name}
            {content.label.address ? `\n${content.label.address}` : ''}
          </p>
          <a href={content.unsubscribe_link} style={{ color: '#5f6b7a' }}>
            Unsubscribe
          </a>
        </div>
      );
  }
}

function PromoMail({ design, content }: { design: TemplateDesign; content: MailContent }) {
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width" />
        <title>{content.title}</title>
      </head>
      <body style={{ margin: 0, background: '#f4f4f4' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: '#f4f4f4' }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 0' }}>
                <table
                  role="presentation"
                  width={600}
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ background: '#ffffff', maxWidth: 600 }}
                >
                  <tbody>
                    {design.blocks.map((block, index) => (
                      // The blocks' order is their identity: a template has no ids per block.
                      // biome-ignore lint/suspicious/noArrayIndexKey: see above
                      <tr key={index}>
                        <td style={{ padding: block.type === 'cover' ? 0 : '16px 24px' }}>
                          <Block block={block} design={design} content={content} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** One block in words for the mail's plain-text part (a button as its link); null for the cover. */
function blockText(block: TemplateBlock, content: MailContent): string | null {
  switch (block.type) {
    case 'cover':
      return null;
    case 'text':
      return fill(block.text, content);
    case 'player_button':
      return `${block.label}: ${content.page_link}`;
    case 'feedback_button':
      return `${block.label}: ${content.feedback_link}`;
    case 'footer':
      return [
        block.text ? fill(block.text, content) : null,
        content.label.name,
        content.label.address,
        `Unsubscribe: ${content.unsubscribe_link}`,
      ]
        .filter(Boolean)
        .join('\n');
  }
}

const plainText = (design: TemplateDesign, content: MailContent) =>
  design.blocks
    .map((block) => blockText(block, content))
    .filter((text): text is string => text !== null)
    .join('\n\n');

export function renderPromoMail(design: TemplateDesign, content: MailContent): { html: string; text: string } {
  return {
    html: `<!DOCTYPE html>${renderToStaticMarkup(<PromoMail design={design} content={content} />)}`,
    text: plainText(design, content),
  };
}
