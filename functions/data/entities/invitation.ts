import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { ROLES } from '../../../shared/constants.js';
import { SERVICE } from './service-name.js';

/**
 * A company's invitation to an e-mail address (docs/onboarding.md): accepting it makes the invitee a member
 * with `role`. The mailed token is `{invitationId}.{secret}`; only the secret's SHA-256 is stored, so the
 * managers who list invitations (by id) never hold a link that would set up the invitee's account.
 * Pending means neither accepted nor past `expiresAt` (epoch seconds; DynamoDB's TTL removes it later).
 */
export const Invitation = new Entity({
  model: { entity: 'invitation', version: '1', service: SERVICE },
  attributes: {
    invitationId: { type: 'string', required: true },
    secretHash: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    /** Lower-case, as users' e-mails are stored. */
    email: { type: 'string', required: true },
    role: { type: ROLES, required: true },
    /** The user id of the member who invited. */
    invitedBy: { type: 'string', required: true },
    /** Platform admins are not limited by plans: their invitations pass max_users at acceptance too. */
    invitedByAdmin: { type: 'boolean', default: false },
    expiresAt: { type: 'number', required: true },
    acceptedAt: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['invitationId'] }, sk: { field: 'sk', composite: [] } },
    /** A company's invitations (the team page's pending list, max_users counts). */
    byCompany: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId'] },
      sk: { field: 'gsi1sk', composite: ['invitationId'] },
    },
    /** The invitations waiting for an e-mail (the invitee's "Get started" panel). */
    byEmail: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['email'] },
      sk: { field: 'gsi2sk', composite: ['invitationId'] },
    },
  },
});

export type InvitationItem = EntityItem<typeof Invitation>;
export type CreateInvitation = CreateEntityItem<typeof Invitation>;
export type UpdateInvitation = UpdateEntityItem<typeof Invitation>;
export type InvitationIds = EntityIdentifiers<typeof Invitation>;
