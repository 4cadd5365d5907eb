import { z } from 'zod';
import { areaHandler, operation, reply } from '../lib/http.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as bugs from './bug-reports.js';

/** Support area: bug reports from the Bugs page (spec 3 §7.10). */
export const handler = areaHandler('support', {
  reportBug: operation({
    body: z.strictObject({ description: z.string().trim().min(1).max(10_000), referer: z.string().trim().max(2000).optional() }),
    run: async ({ caller, body }) => reply(201, await bugs.reportBug(caller!.user.userId, body)),
  }),
  listBugReports: operation({
    query: listQuerySchema(['created_at', 'status', 'user_email'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => bugs.listBugReports(query),
  }),
  deleteBugReport: operation({ params: z.strictObject({ id: z.string().min(1).max(64) }), run: ({ params }) => bugs.deleteBugReport(params.id) }),
});
