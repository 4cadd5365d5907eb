import type { Role } from '../constants.js';

/** What the companies API answers: the admin's company pages read these. */

/** A row of GET /admin/companies; the fields a company was saved without are left out. */
export type AdminCompanyRow = {
  id: string;
  name: string;
  email?: string;
  tags: string[];
  distributed: boolean;
  deal_percentage?: number;
  registration_number?: string;
  vat_number?: string;
  vat_registered: boolean;
  currency: string;
  /** ISO 3166 alpha-2, where the company is based. */
  country?: string;
  /** The company as a CWR sender (docs/cwr.md). */
  ipi_name_number?: string;
  cwr_sender_code?: string;
  /** The plan the company is on (functions/plans: its own, else Enterprise for an admin-created company). */
  subscription_id?: string;
};
type CompanyMember = { user_id: string; name: string; email: string; role: Role };

/** What the company page shows beyond the list's fields, null when unset; their shapes vary with the record. */
export type CompanyPageField =
  | 'contract_date'
  | 'self_billing'
  | 'self_billing_created_at'
  | 'self_billing_expires_at'
  | 'profile'
  | 'site_settings'
  | 'logo'
  | 'contract'
  | 'self_billing_agreement'
  | 'company_publishers'
  | 'company_rightsholders'
  | 'company_distributors';

/** GET /companies/{id} and /admin/companies/{id}: the row's fields, the page's own fields and the company's users. */
export type AdminCompany = AdminCompanyRow & Record<CompanyPageField, unknown> & { company_users: CompanyMember[] };
