import { describe, expect, it } from 'vitest';
import { canonicalCompanyId } from '../../functions/lib/company-id.js';
import { jsonDepth, MAX_JSON_DEPTH } from '../../functions/lib/json-depth.js';
import { illFormedText } from '../../functions/lib/validation.js';
import { duckJson, isWellFormed, wellFormed } from '../../functions/lib/well-formed-text.js';
import { isDeclaredImage } from '../../functions/uploads/image-type.js';

describe('well-formed text', () => {
  it('tells a lone surrogate from a pair, and replaces only the lone one', () => {
    expect(isWellFormed('🎵 x')).toBe(true);
    expect(isWellFormed('x\ud800')).toBe(false);
    expect(isWellFormed('\udc00x')).toBe(false);
    expect(wellFormed('a\ud800🎵\udc00')).toBe('a\ufffd🎵\ufffd');
  });

  it('hands DuckDB JSON without the \\ud800 escape it refuses, keys included', () => {
    const json = duckJson([{ song: 'x\ud800', 'k\udc00': 1, ok: '🎵' }]);
    expect(json).not.toMatch(/\\ud[89a-f]/i);
    expect(JSON.parse(json)).toEqual([{ song: 'x\ufffd', 'k\ufffd': 1, ok: '🎵' }]);
  });

  it('is found in every string and key of a request part, by field path', () => {
    expect(illFormedText({ name: 'ok', urls: [{ link: 'x\ud800' }], 'b\ud800': 1 })).toEqual({
      'urls.0.link': ['Link contains characters that cannot be stored'],
      'b\ufffd': ['B\ufffd contains characters that cannot be stored'],
    });
    expect(illFormedText({ constructor: 'fine', __proto__: 'x' })).toEqual({});
  });
});

describe('company ids', () => {
  const id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
  it('are one spelling of a ULID whatever the casing; absent stays absent', () => {
    expect(canonicalCompanyId(id.toLowerCase())).toBe(id);
    expect(canonicalCompanyId(id)).toBe(id);
    expect(canonicalCompanyId(undefined)).toBeUndefined();
    expect(canonicalCompanyId('')).toBeUndefined();
  });
  it('refuse anything else with a field error on company_id', () => {
    for (const bad of ['x'.repeat(3000), 'not-a-company', `${id}X`, '01ARZ3NDEKTSV4RRFFQ69G5FAU!'.slice(1)]) {
      expect(() => canonicalCompanyId(bad)).toThrow(
        expect.objectContaining({ status: 400, errors: { company_id: ['Company id is not valid'] } }),
      );
    }
  });
});

describe('logo bytes', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
  it('must be the raster image the content type says', () => {
    expect(isDeclaredImage(png, 'image/png')).toBe(true);
    expect(isDeclaredImage(png, 'image/gif')).toBe(false);
    expect(isDeclaredImage(Buffer.from('<svg><script>alert(1)</script></svg>'), 'image/png')).toBe(false);
    expect(isDeclaredImage(Buffer.from('<html><script>alert(1)</script>'), 'image/png')).toBe(false);
    expect(isDeclaredImage(Buffer.from('<svg/>'), 'image/svg+xml')).toBe(false);
  });
});

describe('deeply nested input', () => {
  it('measures JSON nesting in one pass, ignoring brackets inside strings, and stops past the limit', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
    expect(jsonDepth('[]')).toBe(1);
    expect(jsonDepth('['.repeat(100_000), 64)).toBe(65);
    expect(jsonDepth(`${'['.repeat(64)}${']'.repeat(64)}`)).toBe(MAX_JSON_DEPTH);
  });

  it('walks a value nested 100,000 levels deep for ill-formed text without running out of stack', () => {
    let deep: unknown = 'x\ud800';
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 ? [deep] : { a: deep };
    const errors = illFormedText(deep);
    expect(Object.keys(errors)).toHaveLength(1);
    expect(Object.values(errors)[0]).toEqual(['A contains characters that cannot be stored']);
  });
});
