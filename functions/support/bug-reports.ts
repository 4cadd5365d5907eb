import { ulid } from 'ulid';
import type { BugReport } from '../../shared/schemas/support-views.js';
import * as store from '../data/access/support.js';
import { getUsers } from '../data/access/users.js';
import type { BugReportItem } from '../data/entities/bug-report.js';
import { NotFound } from '../lib/errors.js';
import { listAnswer, pageOfQuery, type SortSpec } from '../lib/list-query.js';

const view = (b: BugReportItem, reporter?: { name: string; email: string }): BugReport => ({
  id: b.bugReportId,
  user_id: b.userId,
  user_name: reporter?.name ?? '',
  user_email: reporter?.email ?? '',
  description: b.description,
  referer: b.referer ?? '',
  status: b.status,
  created_at: b.createdAt ?? '',
});

export async function reportBug(userId: string, input: { description: string; referer?: string }) {
  const bugReportId = ulid();
  await store.createBugReport({ bugReportId, userId, ...input, status: 'reported' });
  const created = await store.getBugReport(bugReportId);
  if (!created) throw new NotFound('Bug report');
  return { bug_report: view(created), message: 'Bug Report Added' };
}

/** Every report (admin), or one user’s (the admin’s user page), sorted as asked (created_at by default). */
export async function listBugReports(query: {
  page: number;
  per_page: number;
  sort: SortSpec<string>;
  q?: string;
  user_id?: string;
}) {
  const items = await store.listBugReports(query.user_id);
  const reporters = await getUsers([...new Set(items.map((b) => b.userId))]);
  const byId = new Map(reporters.map((u) => [u.userId, u]));
  const rows = items.map((b) => view(b, byId.get(b.userId)));
  const page = pageOfQuery(rows, query, {
    searchFields: ['description', 'referer', 'user_email'],
    tieBreaker: 'id',
  });
  return listAnswer('bug_reports', page);
}

export async function deleteBugReport(bugReportId: string) {
  if (!(await store.getBugReport(bugReportId))) throw new NotFound('Bug report');
  await store.deleteBugReport(bugReportId);
  return { message: 'Bug report deleted' };
}
