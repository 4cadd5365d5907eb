import { ulid } from 'ulid';
import type { CrmStatus } from '../../shared/crm.js';
import { valueWords } from '../../shared/messages.js';
import type { CrmClientCreate, CrmClientUpdate } from '../../shared/schemas/crm.js';
import { membershipRole } from '../data/access/companies.js';
import { createClientCompany, getCrmClient, patchCrmClient, type CrmClientChanges } from '../data/access/crm.js';
import { getUsers } from '../data/access/users.js';
import type { CrmActivity, CrmClientItem, CrmContactRow } from '../data/entities/crm.js';
import { Conflict, InvalidField, LOST_RACE_MESSAGE, NotFound } from '../lib/errors.js';
import type { Caller } from '../lib/auth-context.js';
import { formatPercent } from '../../shared/format.js';

/**
 * A distributor's client companies: onboarded from the CRM (the distributor makes the company), then
 * kept up to date — status, account manager, contacts, deal terms — with every change written to the
 * client's activity history. A distributor only ever reaches its own clients: any other company is 404.
 */

/** The most activity lines a client keeps; older ones drop off. */
const ACTIVITY_KEPT = 200;

export async function clientOf(distributorId: string, companyId: string): Promise<CrmClientItem> {
  const client = await getCrmClient(distributorId, companyId);
  if (!client) throw new NotFound('Client company');
  return client;
}

/** The account manager is one of the distributor's own members (or nobody). */
async function requireMember(distributorId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  if (!(await membershipRole(userId, distributorId)))
    throw new InvalidField('client.account_manager_id', 'Account manager must be a member of your company');
}

const withIds = (contacts: CrmClientUpdate['contacts']): CrmContactRow[] | undefined =>
  contacts?.map(({ id, ...contact }) => ({ id: id || ulid(), ...contact }));

const activityLine = (caller: Caller, text: string): CrmActivity => ({
  at: new Date().toISOString(),
  by_id: caller.user.userId,
  by_name: caller.user.name,
  text,
});

/** Blank means "not set": stored as absent. */
const orUnset = (value: string | null | undefined) => (value ? value : undefined);

/** Onboards a new client: its company (distributed through this distributor) and its CRM record. */
export async function onboardClient(caller: Caller, distributorId: string, input: CrmClientCreate) {
  await requireMember(distributorId, input.account_manager_id);
  const companyId = ulid();
  const status: CrmStatus = input.status ?? 'prospect';
  await createClientCompany(
    distributorId,
    {
      companyId,
      name: input.name,
      distributed: true,
      ...(input.email ? { email: input.email } : {}),
      ...(input.country ? { country: input.country } : {}),
      ...(input.currency ? { currency: input.currency } : {}),
    },
    {
      status,
      account_manager_id: orUnset(input.account_manager_id),
      contacts: withIds(input.contacts) ?? [],
      deal_percentage: orUnset(input.deal_percentage),
      contract_start_date: orUnset(input.contract_start_date),
      contract_end_date: orUnset(input.contract_end_date),
      todo_tasks: [],
      notes: [],
      activity: [activityLine(caller, `Client onboarded as ${valueWords(status)}`)],
    },
  );
  return companyId;
}

/**
 * Reads the client, lets `change` decide its changes and the activity lines they make, and writes
 * them on the condition nobody wrote in between; on a lost race it reads again (three tries, then 409).
 */
export async function changeClient<T>(
  caller: Caller,
  distributorId: string,
  companyId: string,
  change: (client: CrmClientItem) => Promise<{ changes: CrmClientChanges; lines: string[]; result: T }>,
): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const client = await clientOf(distributorId, companyId);
    const { changes, lines, result } = await change(client);
    if (!lines.length && !Object.keys(changes).length) return result;
    const activity = [...(client.activity ?? []), ...lines.map((text) => activityLine(caller, text))].slice(
      -ACTIVITY_KEPT,
    );
    if (await patchCrmClient({ distributorId, companyId }, client.revision, { ...changes, activity })) return result;
  }
  throw new Conflict(LOST_RACE_MESSAGE);
}

async function memberName(userId: string | undefined): Promise<string> {
  if (!userId) return 'nobody';
  return (await getUsers([userId]))[0]?.name ?? 'a former member';
}

/** Changes a client's terms; each change is one line of its activity history. */
export async function updateClient(caller: Caller, distributorId: string, companyId: string, input: CrmClientUpdate) {
  await requireMember(distributorId, input.account_manager_id);
  await changeClient(caller, distributorId, companyId, async (client) => {
    const changes: CrmClientChanges = {};
    const lines: string[] = [];
    if (input.status && input.status !== client.status) {
      changes.status = input.status;
      lines.push(`Status changed from ${valueWords(client.status)} to ${valueWords(input.status)}`);
    }
    if (input.account_manager_id !== undefined && orUnset(input.account_manager_id) !== client.account_manager_id) {
      changes.account_manager_id = orUnset(input.account_manager_id);
      lines.push(`Account manager changed to ${await memberName(changes.account_manager_id)}`);
    }
    if (input.deal_percentage !== undefined && orUnset(input.deal_percentage) !== client.deal_percentage) {
      changes.deal_percentage = orUnset(input.deal_percentage);
      lines.push(
        changes.deal_percentage
          ? `Deal percentage set to ${formatPercent(changes.deal_percentage)}`
          : 'Deal percentage removed',
      );
    }
    for (const [field, label] of [
      ['contract_start_date', 'Contract start date'],
      ['contract_end_date', 'Contract end date'],
    ] as const) {
      const wanted = input[field];
      if (wanted !== undefined && orUnset(wanted) !== client[field]) {
        changes[field] = orUnset(wanted);
        lines.push(wanted ? `${label} set to ${wanted}` : `${label} removed`);
      }
    }
    if (input.contacts) {
      changes.contacts = withIds(input.contacts);
      lines.push(`Contacts updated (${input.contacts.length})`);
    }
    return { changes, lines, result: undefined };
  });
}
