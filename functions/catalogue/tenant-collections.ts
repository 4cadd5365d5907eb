import { artistInput, contributorInput, payeeInput } from '../../shared/schemas/catalogue.js';
import { identifierLink } from '../../shared/catalogue.js';
import { LOGO_CONTENT_TYPES, MAX_LOGO_BYTES } from '../../shared/constants.js';
import type { TenantResource } from './tenant-resource.js';

/** The catalogue collections every company keeps (spec 2 §3, §7); each is one entry here. */
export const TENANT_RESOURCES: TenantResource[] = [
  {
    collection: 'artists',
    singular: 'artist',
    title: 'Artist',
    entity: 'Artist',
    input: artistInput,
    sortFields: ['name', 'config', 'email', 'created_at'],
    searchFields: ['name', 'email'],
    tenantSettable: true,
    shape: (tenantId) => ({
      rows: [
        {
          input: 'artist_identifiers_attributes',
          stored: 'artist_identifiers',
          // The answer carries each identifier's outbound link (spec 1 §3 Identifier services and links).
          present: (row) => ({ ...row, link: identifierLink(String(row.service ?? ''), String(row.identifier ?? '')) }),
        },
        {
          input: 'artist_members_attributes',
          stored: 'artist_members',
          links: [
            { field: 'contributor_id', to: 'contributors', as: 'contributor', scope: 'tenant' },
            { field: 'payee_id', to: 'payees', as: 'payee', scope: 'tenant' },
          ],
          defaults: { active: true, roles: [] },
        },
        { input: 'urls_attributes', stored: 'urls' },
      ],
      files: [{ field: 'image', prefix: `images/${tenantId}/artists/`, contentTypes: LOGO_CONTENT_TYPES, maxBytes: MAX_LOGO_BYTES }],
    }),
  },
  {
    collection: 'contributors',
    singular: 'contributor',
    title: 'Contributor',
    entity: 'Contributor',
    input: contributorInput,
    sortFields: ['name', 'email', 'created_at'],
    searchFields: ['name', 'email'],
    tenantSettable: true,
    shape: () => ({ links: [{ field: 'society_id', to: 'societies', as: 'society' }] }),
  },
  {
    collection: 'payees',
    singular: 'payee',
    title: 'Payee',
    entity: 'Payee',
    input: payeeInput,
    sortFields: ['name', 'email', 'created_at'],
    searchFields: ['name', 'email'],
    shape: () => ({ objects: [{ input: 'statement_settings_attributes', stored: 'statement_settings' }] }),
    // Statement settings start empty, graphs off for payees (spec 3 §3.3).
    defaults: { statement_settings: { default_summaries: [], formats: [], frequency: '', graphs: false } },
  },
];
