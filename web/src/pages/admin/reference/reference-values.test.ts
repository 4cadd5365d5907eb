import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { requireConfig } from './reference-config';
import { ReferenceValue } from './reference-values';

const shown = (field: string, value: unknown) =>
  renderToStaticMarkup(
    createElement(ReferenceValue, {
      config: requireConfig('distributors'),
      record: { id: 'd1', name: 'Distro', [field]: value },
      field,
    }),
  );

/** A distributor's web addresses are links a reader can follow, in a new tab; anything else stays text. */
describe('a record’s web address', () => {
  it('is a link to the address that opens in a new tab', () => {
    const html = shown('url', 'https://distro.example.com/about');
    expect(html).toContain('href="https://distro.example.com/about"');
    expect(html).toContain('target="_blank"');
    expect(html.replace(/<[^>]*>/g, '')).toContain('https://distro.example.com/about');
  });

  it('stays text when it is not an http or https address', () => {
    expect(shown('admin_url', 'javascript:alert(1)')).not.toContain('href');
    expect(shown('url', '')).toBe('-');
  });
});
