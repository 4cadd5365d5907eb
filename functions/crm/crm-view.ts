import Big from 'big.js';
import type { z } from 'zod';
import { CRM_STATUS_COLOURS } from '../../shared/crm.js';
import type { crmQuery } from '../../shared/schemas/crm.js';
import { getCompanies, membersOf } from '../data/access/companies.js';
import { crmClientsOf } from '../data/access/crm.js';
import type { CrmClientItem } from '../data/entities/crm.js';
import { getUsers } from '../data/access/users.js';
import type { Note, TodoTask } from '../label-tools/index.js';
import { clientFigures } from './client-figures.js';
import { clientOf } from './clients.js';

/**
 * GET crm and a client's page: the distributor's clients with their terms, contacts, figures,
 * notes, to-dos and activity, narrowed by status, account manager and words looked for.
 */

type CompanyFacts = { name: string; email?: string; country?: string; currency?: string; deal_percentage?: number };

/** The client company's deal as the CRM shows it, with two decimals ("15.50"); null when it has none. */
const dealText = (deal: number | undefined) => (typeof deal === 'number' ? new Big(deal).toFixed(2) : null);

async function views(distributorId: string, clients: readonly CrmClientItem[]) {
  const ids = clients.map((c) => c.companyId);
  const [companies, figures, managers] = await Promise.all([
    getCompanies(ids),
    clientFigures(ids),
    getUsers([...new Set(clients.flatMap((c) => (c.account_manager_id ? [c.account_manager_id] : [])))]),
  ]);
  const facts = new Map<string, CompanyFacts>(companies.map((c) => [c.companyId, c]));
  const managerNames = new Map(managers.map((u) => [u.userId, u.name]));
  return clients.map((client) => {
    const company = facts.get(client.companyId);
    const tasks = (client.todo_tasks as TodoTask[] | undefined) ?? [];
    return {
      id: client.companyId,
      distributor_id: distributorId,
      name: company?.name ?? '',
      email: company?.email ?? null,
      country: company?.country ?? null,
      status: client.status,
      status_colour: CRM_STATUS_COLOURS[client.status],
      account_manager: client.account_manager_id
        ? { id: client.account_manager_id, name: managerNames.get(client.account_manager_id) ?? '' }
        : null,
      contacts: client.contacts ?? [],
      deal_percentage: dealText(company?.deal_percentage),
      contract_start_date: client.contract_start_date ?? null,
      contract_end_date: client.contract_end_date ?? null,
      open_tasks: tasks.filter((t) => !t.done).length,
      ...(figures.get(client.companyId) as NonNullable<ReturnType<typeof figures.get>>),
      created_at: client.createdAt ?? '',
      updated_at: client.updatedAt ?? '',
    };
  });
}

export type CrmClientView = Awaited<ReturnType<typeof views>>[number];

const matches = (view: CrmClientView, q: string) => {
  const words = q.toLowerCase();
  return [view.name, view.email ?? '', ...view.contacts.flatMap((c) => [c.name, c.email ?? '', c.role ?? ''])].some(
    (text) => text.toLowerCase().includes(words),
  );
};

/** Who may manage a client: the distributor's own members, by name (the pickers' choices). */
async function accountManagers(distributorId: string) {
  const users = await getUsers((await membersOf(distributorId)).map((m) => m.userId));
  return users.map((u) => ({ id: u.userId, name: u.name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** GET crm: the clients, by name, narrowed by the query; the counts by status are of every client. */
export async function crmList(distributorId: string, query: z.infer<typeof crmQuery>) {
  const all = await views(distributorId, await crmClientsOf(distributorId));
  const clients = all
    .filter((v) => !query.status || v.status === query.status)
    .filter((v) => !query.account_manager_id || v.account_manager?.id === query.account_manager_id)
    .filter((v) => !query.q || matches(v, query.q))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  const by_status = Object.fromEntries(
    Object.keys(CRM_STATUS_COLOURS).map((status) => [status, all.filter((v) => v.status === status).length]),
  );
  return { clients, total_count: clients.length, by_status, account_managers: await accountManagers(distributorId) };
}

/** A client's page: everything the list shows plus its notes, to-dos and activity (newest first). */
export async function crmClient(distributorId: string, companyId: string) {
  const client = await clientOf(distributorId, companyId);
  const [view] = await views(distributorId, [client]);
  return {
    client: {
      ...view,
      notes: [...((client.notes as Note[] | undefined) ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at)),
      todo_tasks: (client.todo_tasks as TodoTask[] | undefined) ?? [],
      activity: [...(client.activity ?? [])].reverse(),
    },
    account_managers: await accountManagers(distributorId),
  };
}
