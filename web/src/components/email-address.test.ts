import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

/** An e-mail address in a table's cell wraps before its "@" and after its dots, its words never cut there. */
describe('an e-mail address', () => {
  it('may wrap before the "@" and after each dot, inside a cell that keeps its other lines whole', () => {
    const html = renderToStaticMarkup(createElement(EmailAddress, { email: 'ann.walker@example.test' }));
    expect(html.replace(/<\/?span[^>]*>/g, '')).toBe('ann.<wbr/>walker<wbr/>@example.<wbr/>test');
    expect(html).toContain('overflow-wrap:anywhere');
    expect(html).toContain('white-space:normal');
  });
});
