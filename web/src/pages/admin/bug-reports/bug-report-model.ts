import { listPath, type ListParams } from '../../../app/list-params';

export const BUG_REPORTS_BASE = '/admin/bug_reports';

/** GET /admin/bug_reports for one user. */
export const bugReportsPath = (params: ListParams, userId: string | undefined) =>
  listPath(BUG_REPORTS_BASE, params, { user_id: userId });

/** Newest first (sort created_at desc by default). */
export const BUG_REPORTS_DEFAULT_SORT = { field: 'created_at', order: 'desc' } as const;

/** A shortened description for the table; the full text is the cell's title. */
export function summarise(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
