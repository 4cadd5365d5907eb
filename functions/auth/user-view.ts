import type { AdminUserRow } from '../../shared/schemas/user-views.js';
import type { UserRecord } from '../lib/auth-context.js';

/** The fields every answer about a user carries, with the defaults of a record written before them. */
export function userView(user: UserRecord): AdminUserRow {
  return {
    id: user.userId,
    name: user.name,
    email: user.email,
    role: user.role,
    active: user.active ?? true,
    frozen: user.frozen ?? false,
    confirmed: user.confirmed ?? false,
    user_setting_attributes: { beta_features: false, experimental_features: false, ...(user.userSetting ?? {}) },
  };
}
