import {
  ARTIST_CONFIGS,
  ARTIST_LINK_TEXTS,
  IDENTIFIER_SERVICES,
  LINEUP_ROLES,
  MEMBERSHIP_TYPES,
  STATEMENT_FORMATS,
  STATEMENT_FORMATS_HINT,
  STATEMENT_FREQUENCIES,
} from '../../../../shared/catalogue';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '../../../../shared/constants';
import { artistInput, contributorInput, payeeInput } from '../../../../shared/schemas/catalogue';
import {
  checkbox,
  email,
  link,
  nameField,
  required,
  rowLink,
  select,
  text,
  textarea,
} from '../admin/reference/reference-fields';
import type { ReferenceConfig, ReferenceField } from '../admin/reference/reference-types';
import { identifierRowChange } from './identifier-rows';
import { ArtistCatalogue } from './related-records';
import { PayeePayoutExtra, withPayoutDetails } from '../money/payouts/payee-payout-extra';
import { TAX_FORM_FIELDS } from './payee-tax-form-fields';
import { TAX_FORM_NOTICE_DAYS } from '../../../../shared/tax-forms';

/** A company's people in the catalogue: artists, contributors and payees. */
/** The company a record belongs to: chosen on admin pages; user pages work in the current company. */
export const companyField: ReferenceField = {
  ...link('tenant_id', 'Company', 'companies', 'tenant'),
  adminArea: true,
  rules: [required('Company')],
};

export const artist: ReferenceConfig = {
  collection: 'artists',
  singular: 'artist',
  title: 'Artists',
  notice: 'Artist',
  noun: 'artist',
  nounPlural: 'artists',
  titleField: 'name',
  idsKey: 'artist_ids',
  tenant: true,
  quickAddTitle: 'Add New Artist',
  // Its releases and recordings, then how it is paid when no payee is: masked details.
  DetailExtra: withPayoutDetails('Artist', ArtistCatalogue),
  fields: [
    nameField(),
    email('email', 'Email'),
    select('config', 'Individual or band', ARTIST_CONFIGS, 'individual'),
    companyField,
    textarea('biog', 'Biography'),
    {
      name: 'image',
      label: 'Image',
      kind: 'file',
      contentTypes: LOGO_CONTENT_TYPES,
      maxBytes: MAX_LOGO_BYTES,
      accept: 'image/*',
    },
    {
      name: 'artist_identifiers',
      label: 'Identifiers',
      kind: 'rows',
      input: 'artist_identifiers_attributes',
      addLabel: 'Add identifier',
      rowFields: [
        { name: 'service', label: 'Service', kind: 'select', options: IDENTIFIER_SERVICES },
        { name: 'identifier', label: 'Identifier', kind: 'text', linkFrom: 'link' },
        { name: 'new', label: 'New', kind: 'checkbox' },
      ],
      emptyRow: { service: '', identifier: '', new: false },
      onRowChange: identifierRowChange,
    },
    {
      name: 'artist_members',
      label: 'Members',
      kind: 'rows',
      input: 'artist_members_attributes',
      addLabel: 'Add member',
      rowFields: [
        { ...rowLink('contributor_id', 'Contributor', 'contributors', 'contributor'), quickAdd: true, required: true },
        {
          name: 'membership_type',
          label: 'Membership type',
          kind: 'select',
          options: MEMBERSHIP_TYPES,
          required: true,
        },
        { name: 'roles', label: 'Roles', kind: 'multiselect', options: LINEUP_ROLES },
        rowLink('payee_id', 'Payee', 'payees', 'payee'),
        { name: 'active', label: 'Active', kind: 'checkbox' },
      ],
      emptyRow: { contributor_id: null, membership_type: '', roles: [], payee_id: null, active: true },
    },
    {
      name: 'urls',
      label: 'URLs',
      kind: 'rows',
      input: 'urls_attributes',
      addLabel: 'Add URL',
      rowFields: [
        {
          name: 'link_text',
          label: 'Link text',
          kind: 'suggest',
          options: ARTIST_LINK_TEXTS,
          placeholder: 'Artist Website',
        },
        { name: 'link', label: 'Link', kind: 'text', placeholder: 'https://' },
      ],
      emptyRow: { link_text: '', link: '' },
    },
    // Other artists of the company this one is linked to (aliases, solo names of members).
    { name: 'linked_ids', label: 'Linked artists', kind: 'links', collection: 'artists', as: 'linked_artists' },
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'config', header: 'Individual or band', sortable: true },
    { field: 'email', header: 'Email', sortable: true },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: artistInput,
};

export const contributor: ReferenceConfig = {
  collection: 'contributors',
  singular: 'contributor',
  title: 'Contributors',
  notice: 'Contributor',
  noun: 'contributor',
  nounPlural: 'contributors',
  titleField: 'name',
  idsKey: 'contributor_ids',
  tenant: true,
  quickAddTitle: 'Add New Contributor',
  fields: [
    nameField(),
    email('email', 'Email'),
    link('society_id', 'Society', 'societies', 'society', { quickAdd: true }),
    text('ipi_name_number', 'IPI name number', [], { constraint: '11 digits, for CWR registrations' }),
    companyField,
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'email', header: 'Email', sortable: true },
    { field: 'society_id', header: 'Society' },
  ],
  defaultSort: { field: 'name', order: 'asc' },
  schema: contributorInput,
};

const SETTINGS = 'Statement settings';
const PAYMENT_TERMS = 'Payment terms';

export const payee: ReferenceConfig = {
  collection: 'payees',
  singular: 'payee',
  title: 'Payees',
  notice: 'Payee',
  noun: 'payee',
  nounPlural: 'payees',
  titleField: 'name',
  idsKey: 'payee_ids',
  tenant: true,
  fields: [
    nameField(),
    email('email', 'Email'),
    { ...select('statement_settings.frequency', 'Frequency', STATEMENT_FREQUENCIES), section: SETTINGS },
    {
      name: 'statement_settings.formats',
      label: 'Formats',
      kind: 'multiselect',
      options: STATEMENT_FORMATS,
      constraint: STATEMENT_FORMATS_HINT,
      section: SETTINGS,
    },
    checkbox('statement_settings.graphs', 'Graphs', false, { section: SETTINGS }),
    text('minimum_payout', 'Minimum payout', [], {
      section: PAYMENT_TERMS,
      isMoney: true,
      constraint: 'Nothing is paid while the balance is below it. Blank: any amount is paid.',
    }),
    checkbox('self_billing', 'Self-billing agreement', false, { section: PAYMENT_TERMS }),
    checkbox('vat_registered', 'VAT registered', false, { section: PAYMENT_TERMS }),
    text('vat_number', 'VAT number', [], { section: PAYMENT_TERMS }),
    text('vat_rate', 'VAT rate (%)', [], {
      section: PAYMENT_TERMS,
      constraint: 'Added to a self-billing invoice when the payee is VAT registered. Blank: 20.',
    }),
    text('withholding_tax_rate', 'Withholding tax rate (%)', [], {
      section: PAYMENT_TERMS,
      constraint: 'Kept back from each payment and paid to the tax authority for the payee. Blank or 0: none.',
    }),
    textarea('address', 'Address', { section: PAYMENT_TERMS }),
    // Under the payment terms: which tax form the payee gave and how long it is good for.
    ...TAX_FORM_FIELDS,
  ],
  columns: [
    { field: 'name', header: 'Name', sortable: true },
    { field: 'email', header: 'Email', sortable: true },
    { field: 'tax_form', header: 'Tax form' },
  ],
  listFilter: {
    param: 'tax_form_running_out',
    label: `Tax form expired or expiring within ${TAX_FORM_NOTICE_DAYS} days`,
  },
  defaultSort: { field: 'name', order: 'asc' },
  objects: [{ stored: 'statement_settings', input: 'statement_settings_attributes' }],
  schema: payeeInput,
  // How the payee is paid: masked bank, PayPal or Wise details.
  DetailExtra: PayeePayoutExtra,
};
