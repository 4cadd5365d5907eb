import { TAX_FORMS, taxFormExpiry, taxFormProblems, taxFormStatus } from '../../../../shared/tax-forms';
import { date, select } from '../admin/reference/reference-fields';
import type { FormValues, ReferenceField } from '../admin/reference/reference-types';

/** A payee's tax form on its form, page and list: the rules and the words are shared/tax-forms.ts's. */
const SECTION = 'Tax form';
const todayUtc = () => new Date().toISOString().slice(0, 10);
const form = (values: FormValues) => String(values.tax_form ?? '');

/** The rules across the fields, as the server runs them: the message of `field`, if any. */
const across =
  (field: string) =>
  (_value: unknown, values: FormValues): string | null =>
    taxFormProblems(
      {
        tax_form: form(values),
        tax_form_signed_on: String(values.tax_form_signed_on ?? ''),
        tax_form_expires_on: String(values.tax_form_expires_on ?? ''),
      },
      todayUtc(),
    )[field] ?? null;

const signedOn = date('tax_form_signed_on', 'Tax form signed on', { section: SECTION });
const expiresOn = date('tax_form_expires_on', 'Tax form expires on', { section: SECTION });

export const TAX_FORM_FIELDS: ReferenceField[] = [
  select('tax_form', 'Tax form', TAX_FORMS, undefined, {
    section: SECTION,
    blank: 'No tax form',
    // On the payee's page and in the list: "W-8BEN, valid until 31st Dec 2029".
    describe: (record) => taxFormStatus(record, todayUtc()),
  }),
  {
    ...signedOn,
    rules: [...(signedOn.rules ?? []), across('tax_form_signed_on')],
    // No form, no day: clearing the form clears it.
    derived: (values) => (form(values) ? null : ''),
  },
  {
    ...expiresOn,
    constraint:
      'A W-8BEN or W-8BEN-E is good until 31 December of the third year after it was signed; a W-9 does not run out. Give a date for another form only.',
    rules: [...(expiresOn.rules ?? []), across('tax_form_expires_on')],
    // Worked out as the server will store it, live, except for another form, whose own date the user gives.
    derived: (values) =>
      form(values) === 'Other' ? null : (taxFormExpiry(form(values), String(values.tax_form_signed_on ?? '')) ?? ''),
  },
];
