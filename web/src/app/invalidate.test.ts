import { describe, expect, it } from 'vitest';
import { keyUnder } from './invalidate';

describe('keyUnder (the one SWR invalidation rule)', () => {
  const key = (path: string) => [path, 'C1'] as const;

  it('covers a path, its list pages and its records, in any company', () => {
    for (const path of ['/labels', '/labels?page=2', '/labels/L1', '/labels/L1/logo'])
      expect(keyUnder(key(path), ['/labels'])).toBe(true);
    expect(keyUnder([`/labels`, null], ['/labels'])).toBe(true);
  });

  it('does not cover a path that merely starts with the same letters', () => {
    expect(keyUnder(key('/labels_archive'), ['/labels'])).toBe(false);
    expect(keyUnder(key('/admin/labels'), ['/labels'])).toBe(false);
  });

  it('treats a path ending in ? or / as a plain prefix (list pages only)', () => {
    expect(keyUnder(key('/royalties?page=1'), ['/royalties?'])).toBe(true);
    expect(keyUnder(key('/royalties/R1'), ['/royalties?'])).toBe(false);
  });

  it('ignores keys that are not [path, company]', () => {
    expect(keyUnder('/labels', ['/labels'])).toBe(false);
    expect(keyUnder(null, ['/labels'])).toBe(false);
  });
});
