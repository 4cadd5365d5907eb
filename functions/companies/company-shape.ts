import { GUIDE_CONTENT_TYPES, LOGO_CONTENT_TYPES, MAX_GUIDE_BYTES, MAX_LOGO_BYTES } from '../../shared/constants.js';
import type { RecordShape } from '../reference/record-shape.js';

const linkedOnce = (what: string, field: string) => ({
  field,
  message: `This ${what} is already linked to the company`,
});

/**
 * What a company holds besides plain fields: its publishers, rightsholders and
 * distributor connections as nested rows, its profile and site settings as nested objects,
 * and its logo, contract and self-billing agreement as files under the company's own prefix.
 */
export function companyShape(companyId: string): RecordShape {
  const documents = { contentTypes: GUIDE_CONTENT_TYPES, maxBytes: MAX_GUIDE_BYTES };
  return {
    rows: [
      {
        input: 'company_publishers_attributes',
        stored: 'company_publishers',
        links: [{ field: 'publisher_id', to: 'publishers', as: 'publisher' }],
        uniqueBy: linkedOnce('publisher', 'publisher_id'),
      },
      {
        input: 'company_rightsholders_attributes',
        stored: 'company_rightsholders',
        links: [{ field: 'rightsholder_id', to: 'rightsholders', as: 'rightsholder' }],
        uniqueBy: linkedOnce('rightsholder', 'rightsholder_id'),
      },
      {
        input: 'company_distributors_attributes',
        stored: 'company_distributors',
        links: [{ field: 'distributor_id', to: 'distributors', as: 'distributor' }],
        uniqueBy: linkedOnce('distributor', 'distributor_id'),
        defaults: { active: true, base: false, terminated: false },
        // The contract (POST companies/{id}/distributors) is answered by name; its link comes from
        // GET companies/{id}/distribution, so the company page never shows a storage key.
        present: ({ contract, ...row }) => ({
          ...row,
          contract_file_name: (contract as { filename?: string } | undefined)?.filename ?? null,
        }),
      },
    ],
    objects: [
      { input: 'profile_attributes', stored: 'profile' },
      { input: 'site_settings_attributes', stored: 'site_settings' },
    ],
    files: [
      {
        field: 'logo',
        prefix: `logos/companies/${companyId}/`,
        contentTypes: LOGO_CONTENT_TYPES,
        maxBytes: MAX_LOGO_BYTES,
      },
      { field: 'contract', prefix: `documents/companies/${companyId}/contract/`, ...documents },
      { field: 'self_billing_agreement', prefix: `documents/companies/${companyId}/self-billing/`, ...documents },
    ],
  };
}
