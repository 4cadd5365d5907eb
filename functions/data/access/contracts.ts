import type { EngineContract } from '../../money/index.js';
import type { ContractItem } from '../entities/contract.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';
import { LISTS, listsChangedAfterWrite } from '../list-cache.js';

/** Every query of a company's contracts, by name. */

/**
 * Contracts decide what statements and every earnings figure pay: each write moves the company's
 * contracts list version, which is part of the terms the figures are held for (engine/line-split.ts).
 */
const contractsChanged = (tenantId: string) => listsChangedAfterWrite([LISTS.tenantCollection('contracts', tenantId)]);

const contracts = () => getDb().entities.Contract;

type ContractFields = Omit<ContractItem, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

/** One company's contracts; with a subject (`release#id`), only that release's, label's or artist's. */
export async function listContracts(tenantId: string, subject?: string): Promise<ContractItem[]> {
  if (subject) return (await contracts().query.bySubject({ tenantId, subject }).go({ pages: 'all' })).data;
  return (await contracts().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** What the company's calendar reads of each contract: its subject, parties, status and dates (not its document). */
export async function contractCalendarRows(tenantId: string) {
  return (
    await contracts()
      .query.byTenant({ tenantId })
      .go({
        pages: 'all',
        attributes: [
          'id',
          'type',
          'status',
          'contractable_type',
          'contractable_id',
          'contractee_legal_name',
          'start_date',
          'end_date',
          'metadata',
        ],
      })
  ).data;
}

/** A contract as the earnings engine reads it: its subject, dates, versions and what its escalations counted. */
export const engineContract = (c: ContractItem): EngineContract => ({
  id: c.id,
  contractable_type: c.contractable_type,
  contractable_id: c.contractable_id,
  status: c.status,
  start_date: c.start_date,
  end_date: c.end_date ?? null,
  createdAt: c.createdAt,
  contractee_legal_name: c.contractee_legal_name,
  type: c.type,
  versions: (c.versions ?? []) as EngineContract['versions'],
  stated: (c.escalation_stated ?? undefined) as EngineContract['stated'],
});

/** A company's contract, or null (another company's id finds nothing). */
export async function getContract(tenantId: string, id: string): Promise<ContractItem | null> {
  return (await contracts().get({ tenantId, id }).go()).data;
}

/** Creates a contract; the id is new, so a retried create with the same id writes nothing twice. */
export async function createContract(tenantId: string, id: string, fields: ContractFields): Promise<boolean> {
  const written = await writtenUnlessConditionFailed(() =>
    contracts()
      .create({ tenantId, id, ...fields })
      .go(),
  );
  await contractsChanged(tenantId);
  return written;
}

/**
 * Writes a contract's fields only while it is still at the version and status the caller read:
 * a draft's terms cannot be changed after someone signed it in between, and two edits never
 * silently overwrite each other. False when the condition failed.
 */
export async function patchContract(
  tenantId: string,
  id: string,
  expected: { version: number; status: ContractItem['status'] },
  set: Partial<ContractFields>,
  remove: ('end_date' | 'signed_copy_key' | 'signed_copy_file_name')[] = [],
): Promise<boolean> {
  const written = await writtenUnlessConditionFailed(() => {
    let update = contracts().patch({ tenantId, id }).set(set);
    if (remove.length) update = update.remove(remove);
    return update
      .where(({ version, status }, { eq }) => `${eq(version, expected.version)} AND ${eq(status, expected.status)}`)
      .go();
  });
  if (written) await contractsChanged(tenantId);
  return written;
}

export async function deleteContract(tenantId: string, id: string): Promise<void> {
  await contracts().delete({ tenantId, id }).go();
  await contractsChanged(tenantId);
}

/** The name of a company's release (its title), label or artist, or null when the company has none with that id. */
export async function contractSubjectName(
  tenantId: string,
  type: ContractItem['contractable_type'],
  id: string,
): Promise<string | null> {
  const db = getDb().entities;
  if (type === 'release') return (await db.Release.get({ tenantId, id }).go()).data?.title ?? null;
  if (type === 'label') return (await db.Label.get({ tenantId, labelId: id }).go()).data?.name ?? null;
  return (await db.Artist.get({ tenantId, id }).go()).data?.name ?? null;
}

/**
 * The names of many contracts' subjects at once, `type#id` → name (absent when the company has no such record): one
 * batch read per kind instead of one read per contract, for a list of every contract.
 */
export async function contractSubjectNames(
  tenantId: string,
  subjects: readonly { type: ContractItem['contractable_type']; id: string }[],
): Promise<Map<string, string>> {
  const db = getDb().entities;
  const idsOf = (type: ContractItem['contractable_type']) => [
    ...new Set(subjects.filter((s) => s.type === type).map((s) => s.id)),
  ];
  const [releases, labels, artists] = await Promise.all([
    idsOf('release').length
      ? db.Release.get(idsOf('release').map((id) => ({ tenantId, id }))).go({ attributes: ['id', 'title'] })
      : { data: [] },
    idsOf('label').length
      ? db.Label.get(idsOf('label').map((labelId) => ({ tenantId, labelId }))).go({ attributes: ['labelId', 'name'] })
      : { data: [] },
    idsOf('artist').length
      ? db.Artist.get(idsOf('artist').map((id) => ({ tenantId, id }))).go({ attributes: ['id', 'name'] })
      : { data: [] },
  ]);
  return new Map([
    ...releases.data.map((r) => [`release#${r.id}`, r.title] as const),
    ...labels.data.map((l) => [`label#${l.labelId}`, l.name] as const),
    ...artists.data.map((a) => [`artist#${a.id}`, a.name] as const),
  ]);
}

/** The name of a company's artist or payee, or null when the company has none with that id. */
export async function contracteeName(
  tenantId: string,
  type: ContractItem['contractee_type'],
  id: string,
): Promise<string | null> {
  const db = getDb().entities;
  if (type === 'artist') return (await db.Artist.get({ tenantId, id }).go()).data?.name ?? null;
  return (await db.Payee.get({ tenantId, id }).go()).data?.name ?? null;
}

/** The company's payees among these ids, id → name (ids of other companies find nothing). */
export async function payeeNames(tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const found = await getDb()
    .entities.Payee.get(ids.map((id) => ({ tenantId, id })))
    .go({ attributes: ['id', 'name'] });
  return new Map(found.data.map((p) => [p.id, p.name]));
}

/** The company's contracts among these ids (ids of other companies find nothing), read consistently: a publisher writes under what it read. */
export async function contractsByIds(tenantId: string, ids: readonly string[]): Promise<ContractItem[]> {
  if (!ids.length) return [];
  return Promise.all(
    ids.map(async (id) => (await contracts().get({ tenantId, id }).go({ consistent: true })).data),
  ).then((found) => found.filter((c): c is ContractItem => c !== null));
}
