import { z } from 'zod';
import { areaHandler, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { listStuckJobs, resumeJob } from './admin-jobs.js';
import { stuckJobsResponse } from '../../shared/schemas/responses-platform.js';

/** Jobs area: the admins' Jobs page (background jobs of every company that are stuck) and Resume. */
const key = z.string().min(1).max(80);
const operations = {
  listStuckJobs: operation('admin', { response: stuckJobsResponse, run: () => listStuckJobs() }),
  resumeJob: operation('admin', {
    params: z.strictObject({ kind: z.string().min(1).max(40), tenantId: key, id: key }),
    run: async ({ params }) => reply(202, await resumeJob(params)),
  }),
} satisfies AreaOperations<'jobs'>;

export const handler = areaHandler('jobs', operations, planGate);
