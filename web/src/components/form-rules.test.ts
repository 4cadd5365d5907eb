import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dayProblem, rules, serverFieldErrors, typedTags, validate, zodErrors } from './form-rules';

describe('form rules', () => {
  it('uses the product’s messages and the first failing rule per field', () => {
    const errors = validate(
      { name: ' ', email: 'nope', deal: '150', again: 'x', pw: 'y' },
      {
        name: [rules.required('Name')],
        email: [rules.required('Email'), rules.email()],
        deal: [rules.number('Deal', 0), rules.maxValue('Deal percentage', 100)],
        again: [rules.confirmed('pw')],
      },
    );
    expect(errors).toEqual({
      name: 'Name is required',
      email: 'This field must be a valid email',
      deal: 'Deal percentage must be under 100',
      again: 'This field confirmation does not match',
    });
  });
  it('checks patterns on filled values only', () => {
    const code = rules.pattern(/^[A-Za-z]{2}$/, 'Code must be 2 letters');
    expect(validate({ a: 'GBR', b: 'gb', c: ' ' }, { a: [code], b: [code], c: [code] })).toEqual({
      a: 'Code must be 2 letters',
    });
  });
  it('takes a day of the calendar only: a typed day that does not exist is refused, not moved', () => {
    expect(dayProblem('Due date', '2026-02-28')).toBeNull();
    expect(dayProblem('Due date', '2028-02-29')).toBeNull();
    for (const typed of ['2026-13-45', '2026-02-30', '2027-02-29', '2026-1-5'])
      expect(dayProblem('Due date', typed)).toBe('Due date must be a whole date (DD/MM/YYYY)');
  });
  it('passes blank optional values', () => {
    expect(validate({ email: '', deal: '' }, { email: [rules.email()], deal: [rules.maxValue('Deal', 100)] })).toEqual(
      {},
    );
  });
  it('turns zod issues and server errors into field maps', () => {
    const parsed = z
      .object({ a: z.string().min(1, 'A short'), b: z.array(z.object({ c: z.string().min(1, 'C short') })) })
      .safeParse({ a: '', b: [{ c: '' }] });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(zodErrors(parsed.error)).toEqual({ a: 'A short', 'b.0.c': 'C short' });
    expect(serverFieldErrors({ name: ['is taken', 'is short'] })).toEqual({ name: 'is taken is short' });
    // A list's item is also said under the list's one field; a row's field keeps its own key only.
    expect(serverFieldErrors({ 'emails.1': ['This field must be a valid email'], 'urls.0.link': ['bad'] })).toEqual({
      'emails.1': 'This field must be a valid email',
      emails: 'This field must be a valid email',
      'urls.0.link': 'bad',
    });
  });

  it('words zod’s own issues as the API does: the field named, never "Too big: expected string …"', () => {
    const schema = z.object({ song: z.string().max(300), deal_percentage: z.number().min(0), email: z.email() });
    const input = { song: 'x'.repeat(5000), deal_percentage: -5, email: 'nobody' };
    const parsed = schema.safeParse(input);
    if (parsed.success) throw new Error('the input should be refused');
    expect(zodErrors(parsed.error, input)).toEqual({
      song: 'Song must be under 300 characters',
      deal_percentage: 'Deal percentage must be at least 0',
      email: 'This field must be a valid email',
    });
    const missing = z.object({ name: z.string() }).safeParse({});
    if (!missing.success) expect(zodErrors(missing.error)).toEqual({ name: 'Name is required' });
  });
});

describe('tags typed in one box', () => {
  it('splits on commas, trims each and drops empty ones; a list takes semicolons too', () => {
    expect(typedTags(' club, uk ,, techno ')).toEqual(['club', 'uk', 'techno']);
    expect(typedTags('club; uk')).toEqual(['club; uk']);
    expect(typedTags('club; uk, techno', /[,;]/)).toEqual(['club', 'uk', 'techno']);
  });
});
