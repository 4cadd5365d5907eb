import { describe, expect, it } from 'vitest';
import { labelInput } from '../../../../shared/schemas/label';
import { nestedRowsReducer, toNestedRows, type NestedRow } from '../../components/nested-rows';
import {
  emptyLabelValues,
  logoContentType,
  nestedErrorKey,
  toLabelPayload,
  validateLabelForm,
  validateLogoFile,
  type IdentifierRowValues,
  type UrlRowValues,
} from './label-form-model';

const key = (() => {
  let n = 0;
  return () => {
    n += 1;
    return `new${n}`;
  };
})();
const urls = (): NestedRow<UrlRowValues>[] =>
  toNestedRows<UrlRowValues>(
    [
      { id: 'u1', link: 'https://a.example', link_text: 'A' },
      { id: 'u2', link: 'b.example', link_text: '' },
    ],
    key,
  );
const ids = (): NestedRow<IdentifierRowValues>[] =>
  toNestedRows<IdentifierRowValues>([{ id: 'i1', type_of: 'PPL', ref: 'X1' }], key);

describe('label form model', () => {
  it('requires a name, a valid e-mail and a deal percentage of at most 100, with the product’s messages', () => {
    const values = { ...emptyLabelValues(), name: '', email: 'bad', deal_percentage: '101' };
    const errors = validateLabelForm({ values, urls: [], identifiers: [], requireCompany: false });
    expect(errors.name).toBe('Name is required');
    expect(errors.email).toBe('This field must be a valid email');
    expect(errors.deal_percentage).toBe('Deal percentage must be under 100');
    // Before sending, in the words the API answers with (every deal's one rule).
    const deal = (deal_percentage: string) =>
      validateLabelForm({
        values: { ...values, name: 'Aurora', email: 'a@b.co', deal_percentage },
        urls: [],
        identifiers: [],
        requireCompany: false,
      }).deal_percentage;
    expect([deal('12.345'), deal('-1'), deal('ten'), deal('')]).toEqual([
      'Deal percentage must have at most 2 decimals',
      'Deal percentage must be at least 0',
      'Deal percentage must be a number',
      undefined,
    ]);
    const ok = validateLabelForm({
      values: { ...values, name: 'Aurora', email: 'a@b.co', deal_percentage: '100' },
      urls: [],
      identifiers: [],
      requireCompany: false,
    });
    expect(ok).toEqual({});
  });

  it('asks an admin creating a label for its company', () => {
    const values = { ...emptyLabelValues(), name: 'X' };
    expect(validateLabelForm({ values, urls: [], identifiers: [], requireCompany: true }).company_id).toBe(
      'Company is required',
    );
    expect(validateLabelForm({ values, urls: [], identifiers: [], requireCompany: false }).company_id).toBeUndefined();
  });

  it('checks only the nested rows that are kept', () => {
    let rows = nestedRowsReducer(urls(), { type: 'update', key: 'saved-u2', patch: { link: '' } });
    expect(
      validateLabelForm({
        values: { ...emptyLabelValues(), name: 'X' },
        urls: rows,
        identifiers: [],
        requireCompany: false,
      })['urls.saved-u2.link'],
    ).toBe('Link is required');
    rows = nestedRowsReducer(rows, { type: 'remove', key: 'saved-u2' });
    expect(
      validateLabelForm({
        values: { ...emptyLabelValues(), name: 'X' },
        urls: rows,
        identifiers: [],
        requireCompany: false,
      }),
    ).toEqual({});
  });

  it('sends a strict LabelInput: kept rows only, no logo_key, deal percentage as a number', () => {
    const rows = nestedRowsReducer(nestedRowsReducer(urls(), { type: 'remove', key: 'saved-u1' }), {
      type: 'add',
      key: 'n',
      values: { link: ' c.example ', link_text: 'C' },
    });
    const payload = toLabelPayload(
      {
        ...emptyLabelValues(),
        name: ' Aurora ',
        deal_percentage: '12.5',
        pseudonyms: ['A', 'A', ' '],
        company_id: 'c1',
      },
      rows,
      ids(),
    );
    expect(labelInput.safeParse(payload).success).toBe(true);
    expect(payload).not.toHaveProperty('logo_key');
    expect(payload).not.toHaveProperty('company_id');
    expect(payload.name).toBe('Aurora');
    expect(payload.deal_percentage).toBe(12.5);
    expect(payload.pseudonyms).toEqual(['A']);
    expect(payload.urls).toEqual([
      { id: 'u2', link: 'b.example', link_text: '' },
      { link: 'c.example', link_text: 'C' },
    ]);
    expect(payload.label_identifiers).toEqual([{ id: 'i1', type_of: 'PPL', ref: 'X1' }]);
    expect(toLabelPayload({ ...emptyLabelValues(), name: 'x' }, [], [])).not.toHaveProperty('deal_percentage');
  });

  it('maps an index among kept rows back to the row key', () => {
    const rows = nestedRowsReducer(urls(), { type: 'remove', key: 'saved-u1' });
    expect(nestedErrorKey('urls.0.link', rows, [])).toBe('urls.saved-u2.link');
    expect(nestedErrorKey('name', rows, [])).toBe('name');
  });

  it('accepts png, jpeg, gif and webp logos up to 5 MB and nothing else (no SVG: it can carry a script)', () => {
    expect(validateLogoFile({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(validateLogoFile({ name: 'a.svg', type: '', size: 1000 })).toMatch(/PNG, JPEG, GIF or WebP/);
    expect(validateLogoFile({ name: 'a.svg', type: 'image/svg+xml', size: 1000 })).toMatch(/PNG, JPEG, GIF or WebP/);
    expect(validateLogoFile({ name: 'a.webp', type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(validateLogoFile({ name: 'a.pdf', type: 'application/pdf', size: 1000 })).toMatch(/PNG, JPEG, GIF or WebP/);
    expect(validateLogoFile({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe(
      'Logo size must be under 5 MB',
    );
    expect(logoContentType({ name: 'x.JPG', type: '' })).toBe('image/jpeg');
    expect(logoContentType({ name: 'x.bmp', type: 'image/bmp' })).toBeNull();
  });
});
