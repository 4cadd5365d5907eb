import type { AccountEntryItem } from '../entities/statements.js';
import { getDb } from '../service.js';

/** Every account entry of a company, of every account (finances hold them with its other money records). */
export async function companyEntries(tenantId: string): Promise<AccountEntryItem[]> {
  return (await getDb().entities.AccountEntry.query.byAccount({ tenantId }).go({ pages: 'all' })).data;
}
