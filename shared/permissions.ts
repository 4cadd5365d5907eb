import type { Role } from './constants.js';
import { humanizeField } from './messages.js';

/**
 * What a company member may do in the company's data, by part of the product: see it (read) or
 * change it (write). Every tenant route in functions/routes.ts names the one permission it
 * needs; the server checks it on every call (functions/lib/auth-context.ts) and the SPA can use
 * the same table to hide what a role may not do.
 */
export const PERMISSIONS = [
  'catalogue.read',
  'catalogue.write',
  'delivery.read',
  'delivery.write',
  'promotion.read',
  'promotion.write',
  'money.read',
  'money.write',
  /** The company itself: its settings, its team (invite, change roles, remove), its plan and billing. */
  'company.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a member do, in the words of the refusal ("… does not allow you to change the catalogue"). */
const PERMISSION_ACTIONS: Record<Permission, string> = {
  'catalogue.read': 'see the catalogue',
  'catalogue.write': 'change the catalogue',
  'delivery.read': 'see deliveries',
  'delivery.write': 'deliver releases or change deliveries',
  'promotion.read': 'see promos and marketing',
  'promotion.write': 'change promos and marketing',
  'money.read': 'see royalties, statements and payments',
  'money.write': 'change royalties, statements and payments',
  'company.manage': 'manage the company, its team or its plan',
};

/** What a permission lets a member do, in words ("see the catalogue"): the API reference shows it per route. */
export const permissionAction = (permission: Permission): string => PERMISSION_ACTIONS[permission];

const READ_ONLY = ['catalogue.read', 'delivery.read', 'promotion.read'] as const satisfies readonly Permission[];

/**
 * The permission matrix: what each role a user holds in a company (CompanyUser.role) allows
 * there. Money (royalties, imports, statements, payments, payee accounts) is for label managers
 * and accountants only. Platform admins (User.role admin) are not limited by it: they work in
 * every company. docs/companies.md shows the same table.
 */
export const COMPANY_ROLE_PERMISSIONS = {
  /** A platform role held in a company: as much as a label manager. */
  admin: PERMISSIONS,
  /** The company's owner role: the creator of a self-service company holds it. */
  label_manager: PERMISSIONS,
  label_assistant: ['catalogue.read', 'catalogue.write', 'delivery.read', 'delivery.write', 'promotion.read'],
  accounting: ['money.read', 'money.write', 'catalogue.read'],
  accountable: ['money.read', 'money.write', 'catalogue.read'],
  promotions: ['promotion.read', 'promotion.write', 'catalogue.read'],
  intern: READ_ONLY,
  /** The default role of a new membership: read-only until an admin gives a working role. */
  user: READ_ONLY,
  /** An artist's own account added to a company sees its catalogue only. */
  artist_user: ['catalogue.read'],
} as const satisfies Record<Role, readonly Permission[]>;

/** Whether a member with this company role may do what the permission covers. */
export function rolePermits(role: Role, permission: Permission): boolean {
  return (COMPANY_ROLE_PERMISSIONS[role] as readonly Permission[]).includes(permission);
}

/** The refusal a member gets for a call their company role does not allow. */
export function roleRefusal(role: Role, permission: Permission): string {
  return `Your role in this company (${humanizeField(role)}) does not allow you to ${PERMISSION_ACTIONS[permission]}`;
}
