import {
  GUIDE_CONTENT_TYPES,
  LOGO_CONTENT_TYPES,
  MAX_GUIDE_BYTES,
  MAX_LOGO_BYTES,
} from '../../../../../shared/constants';
import { companyUpdate } from '../../../../../shared/schemas/company';
import { checkbox, date, email, required, rowLink, text, textarea } from '../reference/reference-fields';
import type { ReferenceConfig, ReferenceField } from '../reference/reference-types';

/**
 * The parts of a company beyond its core fields, described as reference-style
 * configs so the generic form fields, nested rows, pickers and file uploads render them and
 * `toPayload` builds the PATCH /admin/companies/{id} body.
 */
const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.zip';
const document = (name: string, label: string, section: string): ReferenceField => ({
  name,
  label,
  kind: 'file',
  contentTypes: GUIDE_CONTENT_TYPES,
  maxBytes: MAX_GUIDE_BYTES,
  accept: DOCUMENT_ACCEPT,
  section,
});

/**
 * `own`: the company's own pages (its managers, tenant routes in that company: PATCH /companies/{id}
 * and POST /companies/{id}/uploads); otherwise the admin's.
 */
function companyConfig(companyId: string, fields: ReferenceField[], own = false): ReferenceConfig {
  return {
    collection: 'companies',
    singular: 'company',
    title: 'Companies',
    notice: 'Company',
    noun: 'company',
    nounPlural: 'companies',
    titleField: 'name',
    idsKey: 'company_ids',
    fields,
    columns: [],
    defaultSort: { field: 'name', order: 'asc' },
    objects: [
      { stored: 'profile', input: 'profile_attributes' },
      { stored: 'site_settings', input: 'site_settings_attributes' },
    ],
    ...(own
      ? { uploadPath: `/companies/${encodeURIComponent(companyId)}/uploads`, uploadCompanyId: companyId }
      : { uploadPath: `/admin/companies/${encodeURIComponent(companyId)}/uploads` }),
    schema: companyUpdate,
  };
}

const PROFILE = 'Profile';
const CONTRACT = 'Contract and self-billing';

/** The company's profile and logo, as admins and the company's own managers edit them. */
const PROFILE_FIELDS: ReferenceField[] = [
  text('profile.name', 'Legal name', [], { section: PROFILE }),
  email('profile.backup_email', 'Backup e-mail', { section: PROFILE }),
  text('profile.phone_no', 'Phone', [], { section: PROFILE }),
  textarea('profile.address', 'Address', { section: PROFILE }),
  {
    name: 'logo',
    label: 'Logo',
    kind: 'file',
    contentTypes: LOGO_CONTENT_TYPES,
    maxBytes: MAX_LOGO_BYTES,
    accept: 'image/*',
    section: PROFILE,
  },
];

/** The self-billing agreement: whether there is one, its term and its document. */
const selfBillingFields = (section: string): ReferenceField[] => [
  checkbox('self_billing', 'Self-billing', false, { section }),
  date('self_billing_created_at', 'Self billing created at', { section }),
  date('self_billing_expires_at', 'Self billing expires at', { section }),
  document('self_billing_agreement', 'Self-billing agreement', section),
];

/** The edit form's extra sections: profile, logo, contract and self-billing, publishers and rightsholders. */
export const companyDetailsConfig = (companyId: string) =>
  companyConfig(companyId, [
    ...PROFILE_FIELDS,
    date('contract_date', 'Contract date', { section: CONTRACT }),
    document('contract', 'Contract', CONTRACT),
    ...selfBillingFields(CONTRACT),
    {
      name: 'company_publishers',
      label: 'Publishers',
      kind: 'rows',
      input: 'company_publishers_attributes',
      addLabel: 'Add publisher',
      rowFields: [rowLink('publisher_id', 'Publisher', 'publishers', 'publisher', true)],
      emptyRow: { publisher_id: null },
    },
    {
      name: 'company_rightsholders',
      label: 'Rightsholders',
      kind: 'rows',
      input: 'company_rightsholders_attributes',
      addLabel: 'Add rightsholder',
      rowFields: [rowLink('rightsholder_id', 'Rightsholder', 'rightsholders', 'rightsholder', true)],
      emptyRow: { rightsholder_id: null },
    },
  ]);

/** AdminCompanyConnections: the distributors the company delivers through, with contract terms. */
export const companyConnectionsConfig = (companyId: string) =>
  companyConfig(companyId, [
    {
      name: 'company_distributors',
      label: 'Distributors',
      kind: 'rows',
      input: 'company_distributors_attributes',
      addLabel: 'Connect distributor',
      rowFields: [
        rowLink('distributor_id', 'Distributor', 'distributors', 'distributor'),
        { name: 'contract_start_date', label: 'Contract start', kind: 'date' },
        { name: 'contract_end_date', label: 'Contract end', kind: 'date' },
        { name: 'active', label: 'Active', kind: 'checkbox' },
        { name: 'base', label: 'Base', kind: 'checkbox' },
        { name: 'terminated', label: 'Terminated', kind: 'checkbox' },
      ],
      emptyRow: {
        distributor_id: null,
        contract_start_date: '',
        contract_end_date: '',
        active: true,
        base: false,
        terminated: false,
      },
    },
  ]);

/** UserCompanyEdit: what a company's own managers change (the rest of the admin form is the admin's). */
export const ownCompanyConfig = (companyId: string) =>
  companyConfig(
    companyId,
    [
      text('name', 'Name', [required('Name')], { section: 'Company' }),
      email('email', 'E-mail', { section: 'Company' }),
      text('currency', 'Currency', [], { section: 'Company', constraint: '3 letters, e.g. GBP' }),
      text('registration_number', 'Registration number', [], { section: 'Company' }),
      checkbox('vat_registered', 'VAT registered', false, { section: 'VAT' }),
      text('vat_number', 'VAT number', [], { section: 'VAT', constraint: 'Required when VAT registered' }),
      ...PROFILE_FIELDS,
      ...selfBillingFields('Self-billing'),
    ],
    true,
  );

/** AdminCompanySiteSettings (and the company's own settings page): how the company's white-labelled site looks. */
export const companySiteSettingsConfig = (companyId: string, own = false) => {
  // On the company's own settings page the form sits below the company's details: its box is named for what it holds.
  const extra = own ? { section: 'Appearance and support' } : {};
  return companyConfig(
    companyId,
    [
      text('site_settings.site_name', 'Site name', [], extra),
      text('site_settings.custom_domain', 'Custom domain', [], { ...extra, constraint: 'music.example.com' }),
      text('site_settings.primary_colour', 'Primary colour', [], {
        ...extra,
        constraint: 'Hex (#1a2b3c) or rgba(26, 43, 60, 1)',
      }),
      text('site_settings.secondary_colour', 'Secondary colour', [], { ...extra, constraint: 'Hex or rgba' }),
      email('site_settings.support_email', 'Support e-mail', extra),
    ],
    own,
  );
};
