import { ulid } from 'ulid';
import type { CrmStatus } from '../../shared/crm.js';
import { valueWords } from '../../shared/messages.js';
import type { CrmClientCreate, CrmClientUpdate } from '../../shared/schemas/crm.js';
import { getCompany, membershipRole } from '../data/access/companies.js';
import { createClientCompany, getCrmClient, patchCrmClient, type CrmClientChanges } from '../data/access/crm.js';
import { getUsers } from '../data/access/users.js';
import type { CrmActivity, CrmClientItem, CrmContactRow } from '../data/entities/crm.js';
import { Conflict, InvalidField, LOST_RACE_MESSAGE, NotFound } from '../lib/errors.js';
import type { Caller } from '../lib/auth-context.js';
import { formatDate, formatPercent } from '../../shared/format.js';

/**
 * A distributor's client companies: onboarded from the CRM (the distributor makes the company), then
 * kept up to date — status, account manager, contacts, deal terms — with every change written to the
 * client's activity history. A distributor only ever reaches its own clients: any other company is 404.
 *
 * The deal a distributor sets in the CRM is the client company's own deal percentage, the one the ledger applies
 * (the company keeps that share of each sale, the distributor the rest): the CRM reads and writes that one value
 * rather than keeping a copy, so a client's page never shows a deal its statements do not use, and a deal changed
 * in the company's distribution settings shows here too.
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
      ...(input.deal_percentage ? { deal_percentage: Number(input.deal_percentage) } : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.country ? { country: input.country } : {}),
      ...(input.currency ? { currency: input.currency } : {}),
    },
    {
      status,
      account_manager_id: orUnset(input.account_manager_id),
      contacts: withIds(input.contacts) ?? [],
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
 * A change may also set the client company's deal (`companyDeal`, null for none), written with them.
 */
export async function changeClient<T>(
  caller: Caller,
  distributorId: string,
  companyId: string,
  change: (
    client: CrmClientItem,
  ) => Promise<{ changes: CrmClientChanges; lines: string[]; result: T; companyDeal?: number | null }>,
): Promise<T> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const client = await clientOf(distributorId, companyId);
    const { changes, lines, result, companyDeal } = await change(client);
    if (!lines.length && !Object.keys(changes).length && companyDeal === undefined) return result;
    const activity = [...(client.activity ?? []), ...lines.map((text) => activityLine(caller, text))].slice(
      -ACTIVITY_KEPT,
    );
    const key = { distributorId, companyId };
    if (await patchCrmClient(key, client.revision, { ...changes, activity }, companyDeal)) return result;
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
    let companyDeal: number | null | undefined;
    if (input.deal_percentage !== undefined) {
      const stored = (await getCompany(companyId))?.deal_percentage;
      const wanted = input.deal_percentage ? Number(input.deal_percentage) : null;
      if (wanted !== (stored ?? null)) {
        companyDeal = wanted;
        lines.push(
          input.deal_percentage
            ? `Deal percentage set to ${formatPercent(input.deal_percentage)}`
            : 'Deal percentage removed',
        );
      }
    }
    for (const [field, label] of [
      ['contract_start_date', 'Contract start date'],
      ['contract_end_date', 'Contract end date'],
    ] as const) {
      const wanted = input[field];
      if (wanted !== undefined && orUnset(wanted) !== client[field]) {
        changes[field] = orUnset(wanted);
        // The history says a day as every page does ("1st Jan 2026"), never as stored.
        lines.push(wanted ? `${label} set to ${formatDate(wanted)}` : `${label} removed`);
      }
    }
    if (input.contacts) {
      changes.contacts = withIds(input.contacts);
      lines.push(`Contacts updated (${input.contacts.length})`);
    }
    return { changes, lines, result: undefined, companyDeal };
  });
}
