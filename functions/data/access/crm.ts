import type { CreateCompany } from '../entities/company.js';
import type { CrmClientItem, CrmLabelItem } from '../entities/crm.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';
import { writeTransaction, writtenUnlessRefused } from '../transaction.js';

/** Every query of the distributor's CRM: its client companies and their labels' store authorisations. */

const clients = () => getDb().entities.CrmClient;
const labels = () => getDb().entities.CrmLabel;

export async function getCrmClient(distributorId: string, companyId: string): Promise<CrmClientItem | null> {
  return (await clients().get({ distributorId, companyId }).go()).data;
}

export async function crmClientsOf(distributorId: string): Promise<CrmClientItem[]> {
  return (await clients().query.byDistributor({ distributorId }).go({ pages: 'all' })).data;
}

/** The CRM record naming this company a client, or null when no distributor runs it. */
export async function distributorOf(companyId: string): Promise<CrmClientItem | null> {
  return (await clients().query.byClient({ companyId }).go()).data[0] ?? null;
}

type NewClient = Omit<CrmClientItem, 'distributorId' | 'companyId' | 'createdAt' | 'updatedAt' | 'revision'>;

/** Makes the client company and its CRM record together: neither exists without the other. */
export async function createClientCompany(distributorId: string, company: CreateCompany, client: NewClient) {
  await writeTransaction(({ Company, CrmClient }) => [
    Company.create(company).commit(),
    CrmClient.create({ ...client, distributorId, companyId: company.companyId, revision: 0 }).commit(),
  ]);
}

export type CrmClientChanges = Partial<
  Pick<
    CrmClientItem,
    | 'status'
    | 'account_manager_id'
    | 'contacts'
    | 'contract_start_date'
    | 'contract_end_date'
    | 'todo_tasks'
    | 'notes'
    | 'activity'
  >
>;

/**
 * Writes a client's changes on the condition nobody changed it since `revision` was read; false when
 * someone did. Fields set to undefined are removed. `companyDeal`, when given, is the client company's new deal
 * percentage (null: none), written in the same transaction, so the history never tells of a deal that was not set.
 */
export async function patchCrmClient(
  key: { distributorId: string; companyId: string },
  revision: number,
  changes: CrmClientChanges,
  companyDeal?: number | null,
): Promise<boolean> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as CrmClientChanges;
  const remove = Object.entries(changes)
    .filter(([, v]) => v === undefined)
    .map(([k]) => k as keyof CrmClientChanges);
  if (companyDeal !== undefined)
    return writtenUnlessRefused(({ CrmClient, Company }) => {
      const client = CrmClient.patch(key).set({ ...set, revision: revision + 1 });
      const company = Company.patch({ companyId: key.companyId });
      return [
        (remove.length ? client.remove(remove as never) : client)
          .where(({ revision: r }, { eq }) => eq(r, revision))
          .commit(),
        (companyDeal === null
          ? company.remove(['deal_percentage'])
          : company.set({ deal_percentage: companyDeal })
        ).commit(),
      ];
    });
  return writtenUnlessConditionFailed(() => {
    let write = clients()
      .patch(key)
      .set({ ...set, revision: revision + 1 });
    if (remove.length) write = write.remove(remove as never);
    return write.where(({ revision: r }, { eq }) => eq(r, revision)).go();
  });
}

export async function crmLabelsOf(companyId: string): Promise<CrmLabelItem[]> {
  return (await labels().query.byCompany({ companyId }).go({ pages: 'all' })).data;
}

export async function getCrmLabel(companyId: string, labelId: string): Promise<CrmLabelItem | null> {
  return (await labels().get({ companyId, labelId }).go()).data;
}

/** Sets a client label's stores and parent; the other fields stay as they were. */
export async function putCrmLabel(
  key: { companyId: string; labelId: string; distributorId: string },
  fields: { dsp_ids?: string[]; parent_label_id?: string | null; updated_by: string },
): Promise<void> {
  const { parent_label_id: parent, ...rest } = fields;
  await labels()
    .upsert({ ...key, ...rest, ...(parent ? { parent_label_id: parent } : {}) })
    .go();
  if (parent === null)
    await labels().patch({ companyId: key.companyId, labelId: key.labelId }).remove(['parent_label_id']).go();
}
