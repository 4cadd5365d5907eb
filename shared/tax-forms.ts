import { formatDate } from './format.js';
import { VALIDATION } from './messages.js';

/**
 * A payee's tax form: which form they gave, the day they signed it and the last day it is good for. Labels paying
 * royalties abroad (US labels above all) must hold one to pay without withholding at the full rate; a form that has
 * run out is as good as none. The API, the payee form, the payee's page, its list and the payments due all read the
 * rules here, so the expiry a page shows is the expiry stored.
 */
export const TAX_FORMS = ['W-9', 'W-8BEN', 'W-8BEN-E', 'Other'] as const;

/** The tax form fields of a payee, as stored or as a form holds them ('' or absent: not given). */
export type TaxFormFields = {
  tax_form?: string | null;
  tax_form_signed_on?: string | null;
  tax_form_expires_on?: string | null;
};

/** Days a list's filter looks ahead for forms running out. */
export const TAX_FORM_NOTICE_DAYS = 90;

const blank = (value: string | null | undefined): value is '' | null | undefined => !value;

/**
 * The last day a form is good for, from the form, the day it was signed and, for Other, the expiry the user gave:
 * a W-8BEN or W-8BEN-E stays in force until the last day of the third calendar year after the year it was signed
 * (IRS instructions for Form W-8BEN); a W-9 does not run out; a certificate (Other) runs out when its own date says,
 * if it has one. Null when the form never runs out, or when there is no form or no signed day to work from.
 */
export function taxFormExpiry(
  form: string | null | undefined,
  signedOn: string | null | undefined,
  given?: string | null,
): string | null {
  if (form === 'W-8BEN' || form === 'W-8BEN-E') {
    if (blank(signedOn)) return null;
    return `${Number(signedOn.slice(0, 4)) + 3}-12-31`;
  }
  if (form === 'Other') return blank(given) ? null : given;
  return null;
}

/** The form as the user names it: a certificate of another kind is "Other tax form". */
const formName = (form: string) => (form === 'Other' ? 'Other tax form' : form);

/**
 * A payee's tax form in the user's words, on `today` (YYYY-MM-DD): "W-8BEN, valid until 31st Dec 2029",
 * "W-8BEN expired on 31st Dec 2025", "W-9 on file", "No tax form". The last day of a form is still a good day.
 */
export function taxFormStatus(payee: TaxFormFields, today: string): string {
  const form = payee.tax_form;
  if (blank(form)) return 'No tax form';
  const expires = payee.tax_form_expires_on;
  if (blank(expires)) return `${formName(form)} on file`;
  return expires < today
    ? `${formName(form)} expired on ${formatDate(expires)}`
    : `${formName(form)}, valid until ${formatDate(expires)}`;
}

/**
 * What a payment made on `payDay` should be warned of, in the user's words, on `today`: a form that has run out, or
 * will have by the day the money leaves. Never a reason not to pay: a label may pay without a form, withholding at
 * the full rate. A payee with no form at all is not warned of: labels that pay no one abroad hold none.
 */
export function taxFormWarning(payee: TaxFormFields, payDay: string, today: string): string | null {
  const expires = payee.tax_form_expires_on;
  if (blank(payee.tax_form) || blank(expires)) return null;
  if (expires < today) return `Tax form expired on ${formatDate(expires)}`;
  if (expires < payDay) return `Tax form expires on ${formatDate(expires)}, before the payment date`;
  return null;
}

/** The day `days` after a YYYY-MM-DD day. */
const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether the payee's form has run out, or runs out within TAX_FORM_NOTICE_DAYS of `today`: time to ask for a new one. */
export function taxFormRunningOut(payee: TaxFormFields, today: string): boolean {
  const expires = payee.tax_form_expires_on;
  return !blank(payee.tax_form) && !blank(expires) && expires <= daysAfter(today, TAX_FORM_NOTICE_DAYS);
}

/**
 * Rules across the tax form fields, on `today`, as { field: message }: a form needs the day it was signed, which
 * cannot be in the future; an expiry the user gives (Other only: the others' is worked out) cannot come before it.
 */
export function taxFormProblems(payee: TaxFormFields, today: string): Record<string, string> {
  const { tax_form: form, tax_form_signed_on: signed, tax_form_expires_on: expires } = payee;
  const problems: Record<string, string> = {};
  if (blank(form)) return problems;
  if (blank(signed)) problems.tax_form_signed_on = VALIDATION.required('Tax form signed on');
  else if (signed > today) problems.tax_form_signed_on = 'Tax form signed on must not be in the future';
  if (form === 'Other' && !blank(expires) && !blank(signed) && expires < signed)
    problems.tax_form_expires_on = 'Tax form expires on must be on or after the day it was signed';
  return problems;
}

/**
 * The tax form fields as stored: with no form, no days either (clearing the form clears them); otherwise the days
 * given and the expiry taxFormExpiry works out ('' when it never runs out).
 */
export function taxFormToStore(payee: TaxFormFields): Required<{ [K in keyof TaxFormFields]: string }> {
  const form = payee.tax_form;
  if (blank(form)) return { tax_form: '', tax_form_signed_on: '', tax_form_expires_on: '' };
  const signed = payee.tax_form_signed_on ?? '';
  return {
    tax_form: form,
    tax_form_signed_on: signed,
    tax_form_expires_on: taxFormExpiry(form, signed, payee.tax_form_expires_on) ?? '',
  };
}
