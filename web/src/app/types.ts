import type { CompanySummary } from '../../../shared/schemas/user-views';

/**
 * The company the user works in: one of theirs (with their role there) or, for an admin, any
 * company from GET /admin/companies, which carries no role (nor plan: admins are not limited by plans).
 */
export type CurrentCompany = Omit<CompanySummary, 'role' | 'plan'> & Partial<Pick<CompanySummary, 'role' | 'plan'>>;

/** Every list call answers with its collection plus these. */
export type ListMeta = { total_count: number; total_pages?: number; page?: number; per_page?: number };
