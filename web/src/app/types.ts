import type { Role } from '../../../shared/constants';

/** A company as the user sees it in their memberships (GET /me, GET /companies). */
export type CompanySummary = {
  id: string;
  name: string;
  tags: string[];
  distributed: boolean;
  role?: string;
};

type UserProfile = { address?: string; backup_email?: string; phone_no?: string; skype?: string };
type UserSettings = { beta_features: boolean; experimental_features: boolean };

/** The signed-in user (GET /me). */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  role: Role | string;
  active: boolean;
  frozen: boolean;
  profile: UserProfile;
  user_setting_attributes: UserSettings;
  companies: CompanySummary[];
  notices_count?: number;
};

export type CompanyDetail = CompanySummary & {
  email?: string;
  deal_percentage?: number;
  vat_number?: string;
  registration_number?: string;
  currency?: string;
  company_users: { user_id: string; name: string; email: string; role: string }[];
};

/** Every list call answers with its collection plus these (DESIGN.md §4). */
export type ListMeta = { total_count: number; total_pages?: number; page?: number; per_page?: number };
