import { BadRequest } from './errors.js';

/**
 * RFC 8058 one-click unsubscribe, for every mail the product sends to people who are not its users (promo
 * recipients, fans waiting for a release). The mail names an address that a mail client POSTs to with the
 * form body `List-Unsubscribe=One-Click`; the address acts only on POST, so a mail scanner or link preview
 * that GETs every link unsubscribes nobody.
 */

const ONE_CLICK_BODY = 'The body must be List-Unsubscribe=One-Click or empty';

/** The two headers that make a mail client show its own "Unsubscribe" button, which POSTs to `url`. */
export function oneClickHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Refuses an unsubscribe POST whose body is neither a mail client's one-click form nor the product's own
 * page's empty body, before the link is looked at.
 */
export function checkOneClickBody(rawBody: string): void {
  if (!['', '{}', 'List-Unsubscribe=One-Click'].includes(rawBody.trim()))
    throw new BadRequest(ONE_CLICK_BODY, { body: [ONE_CLICK_BODY] });
}
