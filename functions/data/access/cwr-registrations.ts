import type { CreateCwrRegistration, CwrRegistrationItem } from '../entities/cwr-registration.js';
import { getDb } from '../service.js';

/** Every query of a company's CWR registrations (README "CWR registrations"), by name. */

const registrations = () => getDb().entities.CwrRegistration;

/** One company's registrations, every file and song. */
export async function listCwrRegistrations(tenantId: string): Promise<CwrRegistrationItem[]> {
  return (await registrations().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** Records the songs of one sent file (a batch write: the rows are new and keyed by file and song). */
export async function putCwrRegistrations(rows: readonly CreateCwrRegistration[]): Promise<void> {
  if (rows.length)
    await registrations()
      .put([...rows])
      .go();
}
