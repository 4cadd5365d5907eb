import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WebAddress } from './web-address';

/** An address shown to share wraps only after its path's slashes: its words are never cut. */
describe('a web address', () => {
  it('may wrap after each slash of its path, never inside "//" or a word', () => {
    const html = renderToStaticMarkup(createElement(WebAddress, { url: 'https://app.example.com/l/journey-ep/x' }));
    expect(html.replace(/<\/?span[^>]*>/g, '')).toBe('https://app.example.com/<wbr/>l/<wbr/>journey-ep/<wbr/>x');
    expect(html).toContain('overflow-wrap:anywhere');
  });
});
