import type { LicenseInvoiceParties } from '../../shared/schemas/licensing.js';
import type { LicenseItem } from '../data/entities/license.js';
import { formatPercent } from '../../shared/format.js';

/** What an invoice needs of the licensing company (the seller): the name, address and VAT number it prints. */
export type Licensor = { name: string; address: string | null; vatNumber: string | null };

/**
 * The invoice's parties and what was licensed, in the words it prints. Taken once, when the invoice is numbered,
 * and kept on it: the invoice's PDF is made from these, so it reads the same whenever and however often it is made.
 */
export function invoiceParties(license: LicenseItem, licensor: Licensor): LicenseInvoiceParties {
  return {
    licensor_name: licensor.name,
    licensor_address: licensor.address || null,
    licensor_vat_number: licensor.vatNumber || null,
    licensee_name: license.licensee_name,
    licensee_address: license.licensee_address || null,
    licensee_vat_number: license.licensee_vat_number?.trim() || null,
    licensee_country: license.licensee_country || null,
    licensed: (license.assets ?? []).map((a) => `${a.title ?? ''} (${formatPercent(a.split)})`).join(', '),
    usage: license.usage || null,
    territory: license.territory || null,
    term: license.term || null,
  };
}
