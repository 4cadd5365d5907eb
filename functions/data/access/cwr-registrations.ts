import type { CreateCwrRegistration, CwrRegistrationItem } from '../entities/cwr-registration.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/** Every query of a company's CWR registrations (docs/cwr.md), by name. */

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

/**
 * Claims a CWR file name for the company (a guard item, created only if absent): false when
 * another recording took it first, so two files recorded at once never share a number.
 */
export async function claimCwrFilename(tenantId: string, filename: string, fileId: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    getDb()
      .entities.UniqueValue.create({ scope: `cwr-file#${tenantId}`, value: filename, ownerId: fileId })
      .go(),
  );
}
