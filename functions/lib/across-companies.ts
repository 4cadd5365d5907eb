import { z } from 'zod';
import { listCompanyNames } from '../data/access/companies.js';
import { mapLimit } from './map-limit.js';

/**
 * The admin's lists across companies (statements, expenses, the UPC pools …): every company's
 * rows, or one company's, each with its company's id and name, so one list shows them all with a
 * company column and a company filter. Companies are read a few at a time: an admin list must not
 * open a connection per company at once.
 */
export type CompanyColumns = { company_id: string; company_name: string };

/** The filter every such list takes: `company` (not company_id, which every route reads as the caller's current company). */
export const companyFilter = { company: z.string().trim().min(1).max(80).optional() };

const AT_ONCE = 8;

export async function rowsAcrossCompanies<T extends object>(
  company: string | undefined,
  rowsOf: (tenantId: string) => Promise<readonly T[]>,
): Promise<(T & CompanyColumns)[]> {
  const companies = (await listCompanyNames()).filter((c) => !company || c.companyId === company);
  const found = await mapLimit(companies, AT_ONCE, (c) => rowsOf(c.companyId));
  return companies.flatMap((c, i) =>
    (found[i] ?? []).map((row) => ({ ...row, company_id: c.companyId, company_name: c.name })),
  );
}
