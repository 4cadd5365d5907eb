import { taxFormProblems, taxFormToStore } from '../../shared/tax-forms.js';
import { BadRequest } from '../lib/errors.js';
import type { Row } from '../reference/reference-resource.js';
import type { TenantResource } from './tenant-resource.js';

const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The expiry the user gave: only an Other form's is typed, and the worked-out expiry of the form it replaces, still
 * in the record as stored, is not one (a W-8BEN changed to Other keeps no W-8BEN date).
 */
function givenExpiry(record: Record<string, unknown>, before?: Row): string {
  const expires = String(record.tax_form_expires_on ?? '');
  if (record.tax_form !== 'Other') return '';
  const carriedOver = before && before.tax_form !== 'Other' && expires === String(before.tax_form_expires_on ?? '');
  return carriedOver ? '' : expires;
}

/**
 * A payee's tax form as it will be stored (shared/tax-forms.ts): refused with a field error when the rules across
 * its fields fail, before anything is written; else the form, its signed day and the expiry worked out from them.
 */
export const preparePayeeTaxForm: NonNullable<TenantResource['prepare']> = async (record, { before }) => {
  const fields = {
    tax_form: String(record.tax_form ?? ''),
    tax_form_signed_on: String(record.tax_form_signed_on ?? ''),
    tax_form_expires_on: givenExpiry(record, before),
  };
  const problems = Object.entries(taxFormProblems(fields, todayUtc()));
  if (problems.length)
    throw new BadRequest(
      problems.map(([, message]) => message).join('. '),
      Object.fromEntries(problems.map(([field, message]) => [field, [message]])),
    );
  return taxFormToStore(fields);
};
