import type { Role } from '../constants.js';
import type { CompanyPlanSummary } from './plan.js';

/** What the API answers about users: the signed-in user (GET /me) and the admin's user pages. */

type UserProfile = { address?: string; backup_email?: string; phone_no?: string; skype?: string };
type UserSettings = { beta_features: boolean; experimental_features: boolean };

/** The fields every answer about a user carries; a row of GET /admin/users. */
export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  frozen: boolean;
  confirmed: boolean;
  user_setting_attributes: UserSettings;
};

/** A company as the user sees it in their memberships (GET /me), with the role they hold there and its plan. */
export type CompanySummary = {
  id: string;
  name: string;
  tags: string[];
  distributed: boolean;
  role: Role;
  plan: CompanyPlanSummary;
};

/** The signed-in user (GET /me) with their companies and how many notices they have not read. */
export type CurrentUser = AdminUserRow & { profile: UserProfile; notices_count: number; companies: CompanySummary[] };

/** GET /admin/users/{id}: the user with the companies they belong to. */
export type AdminUser = AdminUserRow & {
  profile: UserProfile;
  company_users: { company_id: string; company_name: string; role: Role }[];
  created_at: string;
};
