import { describe, expect, it } from 'vitest';
import { valueWords } from '../../../shared/messages';
import { documentTitle, PRODUCT_NAME } from './page-title';
import { ROUTE_BY_NAME, ROUTE_TABLE } from './route-table';

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
      // A brand keeps its own capitals ("YouTube claims"); any other word with a capital inside is an internal name.
      const words = title.replace(/\b(?:YouTube|SoundCloud|TikTok)\b/g, 'Brand');
      expect(words, route.path).not.toMatch(/[/_]|:\w|\b[A-Z][a-z]+[A-Z]/);
    }
  });

  it('writes acronyms in capitals in every title ("API tokens", "DSPs"), never as made from the path ("Api", "dsp")', () => {
    // A word the product writes in capitals is one `valueWords` does not put in small letters mid-sentence.
    const wrong = (title: string) =>
      title.split(/[\s:/,()·]+/).filter((word) => {
        const right = valueWords(word, { inSentence: true });
        return right !== word.toLowerCase() && right !== word;
      });
    for (const route of ROUTE_TABLE) expect(wrong(route.title), route.path).toEqual([]);
    expect(ROUTE_BY_NAME.get('AdminDsps')?.title).toBe('Admin: DSPs');
    expect(ROUTE_BY_NAME.get('AdminNewDsp')?.title).toBe('Admin: new DSP');
  });

  it('tells routes apart: at most a few share a title', () => {
    const counts = new Map<string, number>();
    for (const route of ROUTE_TABLE) counts.set(route.title, (counts.get(route.title) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
  });
});
