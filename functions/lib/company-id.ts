import { InvalidField } from './errors.js';

/** Company ids are ULIDs: 26 characters of Crockford base32, written upper-case. */
const COMPANY_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** What a malformed company id (X-Company-Id or company_id) is told. */
const COMPANY_ID_INVALID = 'Company id is not valid';

/**
 * The one spelling of the company a request names. DynamoDB keys are lower-cased by ElectroDB,
 * so `01abc…` and `01ABC…` find the same membership; without this, each casing would work as a
 * tenant of its own (its own ledger table, its own object keys). Any casing of a ULID becomes
 * the upper-case id; anything else (too long, other characters) is refused with a field error,
 * never passed on to a key it could break. Absent or empty stays absent.
 */
export function canonicalCompanyId(requested: string | undefined): string | undefined {
  if (requested === undefined || requested === '') return undefined;
  const id = requested.length === 26 ? requested.toUpperCase() : '';
  if (!COMPANY_ID.test(id)) throw new InvalidField('company_id', COMPANY_ID_INVALID);
  return id;
}
