import { z } from 'zod';
import { areaHandler, operation } from '../lib/http.js';
import * as companies from './companies.js';

/** Companies area: the user's companies (Choose Current Company), a company page, the admin list. */
export const handler = areaHandler('companies', {
  listMyCompanies: operation({ run: ({ caller }) => companies.listMyCompanies(caller!) }),
  getCompany: operation({
    params: z.strictObject({ id: z.string().min(1).max(64) }),
    run: ({ caller, params }) => companies.getCompany(caller!, params.id),
  }),
  listAllCompanies: operation({ run: () => companies.listAllCompanies() }),
});
