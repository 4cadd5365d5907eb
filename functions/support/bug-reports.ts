import { ulid } from 'ulid';
import { getDb } from '../data/service.js';
import { NotFound } from '../lib/errors.js';
import { pageOf, type SortSpec } from '../lib/list-query.js';

type Item = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof getDb>['entities']['BugReport']['get']>['go']>>['data']>;

const view = (b: Item, reporter?: { name: string; email: string }) => ({
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
  await getDb().entities.BugReport.create({ bugReportId, userId, ...input, status: 'reported' }).go();
  return { bug_report: view((await getDb().entities.BugReport.get({ bugReportId }).go()).data!), message: 'Bug Report Added' };
}

/** Every report (admin), or one user’s (the admin’s user page), sorted as asked (created_at by default). */
export async function listBugReports(query: { page: number; per_page: number; sort: SortSpec<string>; q?: string; user_id?: string }) {
  const db = getDb();
  const items = query.user_id
    ? (await db.entities.BugReport.query.byUser({ userId: query.user_id }).go({ pages: 'all' })).data
    : (await db.entities.BugReport.query.all({}).go({ pages: 'all' })).data;
  const reporterIds = [...new Set(items.map((b) => b.userId))];
  const reporters = reporterIds.length ? (await db.entities.User.get(reporterIds.map((userId) => ({ userId }))).go()).data : [];
  const byId = new Map(reporters.map((u) => [u.userId, u]));
  const rows = items.map((b) => view(b, byId.get(b.userId)));
  const page = pageOf(rows, { page: query.page, perPage: query.per_page, sort: query.sort, q: query.q, searchFields: ['description', 'referer', 'user_email'], tieBreaker: 'id' });
  return { bug_reports: page.items, total_count: page.total_count, total_pages: page.total_pages, page: page.page, per_page: page.per_page };
}

export async function deleteBugReport(bugReportId: string) {
  const found = await getDb().entities.BugReport.get({ bugReportId }).go();
  if (!found.data) throw new NotFound('Bug report');
  await getDb().entities.BugReport.delete({ bugReportId }).go();
  return { message: 'Bug report deleted' };
}
