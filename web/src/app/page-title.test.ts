import { describe, expect, it } from 'vitest';
import { documentTitle, PRODUCT_NAME } from './page-title';
import { ROUTE_TABLE } from './route-table';

describe('browser tab titles', () => {
  it('names the page, then the product', () => {
    expect(documentTitle('Royalties: New sale')).toBe('Royalties: New sale · Label Platform');
    expect(documentTitle(undefined)).toBe(PRODUCT_NAME);
    expect(documentTitle('  ')).toBe(PRODUCT_NAME);
  });

  it('gives every route a title in words, never its internal name or path', () => {
    for (const route of ROUTE_TABLE) {
      const title = documentTitle(route.title);
      expect(title, route.path).not.toBe(PRODUCT_NAME);
      if (/[a-z][A-Z]/.test(route.name)) expect(title, route.path).not.toContain(route.name);
      expect(title, route.path).not.toMatch(/[/_]|:\w|\b[A-Z][a-z]+[A-Z]/);
    }
  });

  it('tells routes apart: at most a few share a title', () => {
    const counts = new Map<string, number>();
    for (const route of ROUTE_TABLE) counts.set(route.title, (counts.get(route.title) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
  });
});
