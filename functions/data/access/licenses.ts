import type { EngineContract } from '../../money/index.js';
import { engineContract, listContracts } from './contracts.js';
import type { LicenseItem, LicenseReminderClaimItem } from '../entities/license.js';
import type { CreateExpense } from '../entities/statements.js';
import type { CreateManualRoyalty, ManualRoyaltyItem } from '../entities/royalty-overlays.js';
import { LISTS, listsChangedAfterWrite, moneyRecordsChanged } from '../list-cache.js';
import { getDb } from '../service.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';

/**
 * Every query of a company's licences, by name. Each change is conditional on the revision the
 * caller read, and the moves that number an invoice or move money write the licence, the number
 * and the money in one transaction: a replayed or concurrent call finds the revision moved and
 * writes nothing.
 */
const licenses = () => getDb().entities.License;

export type LicenseFields = Omit<LicenseItem, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

export async function listLicenses(tenantId: string): Promise<LicenseItem[]> {
  return (await licenses().query.byTenant({ tenantId }).go({ pages: 'all' })).data as LicenseItem[];
}

/** What the company's calendar reads of each licence: its licensee, status, label, dates, invoice and reports. */
export async function licenceCalendarRows(tenantId: string) {
  return (
    await licenses()
      .query.byTenant({ tenantId })
      .go({
        pages: 'all',
        attributes: [
          'id',
          'type',
          'status',
          'label_id',
          'licensee_name',
          'usage',
          'license_start_date',
          'license_end_date',
          'signed_date',
          'invoice',
          'report_every_months',
          'report_received_through',
        ],
      })
  ).data;
}

export async function getLicense(tenantId: string, id: string): Promise<LicenseItem | null> {
  return (await licenses().get({ tenantId, id }).go()).data as LicenseItem | null;
}

export async function createLicense(tenantId: string, id: string, fields: LicenseFields): Promise<void> {
  await licenses()
    .create({ tenantId, id, ...fields })
    .go();
}

/** Writes a licence's fields only while it is at `revision`; false when someone changed it meanwhile. */
export async function patchLicense(
  tenantId: string,
  id: string,
  revision: number,
  set: Partial<LicenseFields>,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    licenses()
      .patch({ tenantId, id })
      .set({ ...set, revision: revision + 1 })
      .where((attr, op) => op.eq(attr.revision, revision))
      .go(),
  );
}

/** A company's two licence-document sequences: its invoices (LI-) and its credit notes (LC-). */
export type LicenseSequence = 'license_invoice' | 'license_credit_note';

/** The company's count of licence invoices (or credit notes) numbered so far. */
export async function documentsNumbered(tenantId: string, sequence: LicenseSequence): Promise<number> {
  return (await getDb().entities.Sequence.get({ tenantId, name: sequence }).go()).data?.value ?? 0;
}

/**
 * Numbers a licence's invoice or credit note: the company's sequence moves n → n+1 and the licence takes
 * document n+1 (its fields `set`, and `remove` taken off), in one transaction that holds only while the sequence
 * still says n and the licence is still at `revision`. So numbers are given once, in order, with no gap. The
 * ledger lines a credit note's refund writes (`lines`, at most one per asset: 50) go in the same transaction, so
 * a refund is written once, with its credit note, or not at all.
 */
export async function writeNumbered(
  tenantId: string,
  id: string,
  revision: number,
  numbered: { sequence: LicenseSequence; value: number },
  change: { set: Partial<LicenseFields>; remove?: (keyof LicenseFields)[]; lines?: CreateManualRoyalty[] },
): Promise<boolean> {
  const { sequence, value } = numbered;
  const lines = change.lines ?? [];
  const result = await getDb()
    .transaction.write(({ License, Sequence, ManualRoyalty }) => [
      License.patch({ tenantId, id })
        .set({ ...change.set, revision: revision + 1 })
        .remove(change.remove ?? [])
        .where((attr, op) => op.eq(attr.revision, revision))
        .commit(),
      value === 0
        ? Sequence.create({ tenantId, name: sequence, value: 1 }).commit()
        : Sequence.patch({ tenantId, name: sequence })
            .set({ value: value + 1 })
            .where((attr, op) => op.eq(attr.value, value))
            .commit(),
      ...lines.map((line) => ManualRoyalty.create(line).commit()),
    ])
    .go();
  if (result.canceled) return false;
  if (lines.length) await moneyWritten(tenantId);
  return true;
}

/**
 * Records money on a licence — its payment, its advance or the advance's refund — and writes what it makes: ledger
 * lines (outgoing) or expenses (incoming), with the licence's fields `set` and `remove`d, in one transaction that holds
 * only while the licence is still at `revision`: of two "paid" calls, the second finds nothing to do. A licence has at most 50 assets
 * and a contract at most 50 payees, so the transaction stays within its 100 items.
 */
export async function writeMoney(
  tenantId: string,
  id: string,
  revision: number,
  set: Partial<LicenseFields>,
  money: { lines: CreateManualRoyalty[]; expenses: CreateExpense[] },
  remove: (keyof LicenseFields)[] = [],
): Promise<boolean> {
  const result = await getDb()
    .transaction.write(({ License, ManualRoyalty, Expense }) => [
      License.patch({ tenantId, id })
        .set({ ...set, revision: revision + 1 })
        .remove(remove)
        .where((attr, op) => op.eq(attr.revision, revision))
        .commit(),
      ...money.lines.map((line) => ManualRoyalty.create(line).commit()),
      ...money.expenses.map((expense) => Expense.create(expense).commit()),
    ])
    .go();
  if (result.canceled) return false;
  await moneyWritten(tenantId);
  return true;
}

/** Marks the company's royalties and money records changed (the lists and figures hold them). */
export async function moneyWritten(tenantId: string): Promise<void> {
  await listsChangedAfterWrite([LISTS.royalties(tenantId)]);
  await moneyRecordsChanged(tenantId);
}

/** The ledger lines a licence's payment wrote, as written. */
export async function linesOfLicense(tenantId: string, licenseId: string): Promise<ManualRoyaltyItem[]> {
  return (
    await getDb()
      .entities.ManualRoyalty.query.byTenant({ tenantId })
      .where((attr, op) => op.eq(attr.license_id, licenseId))
      .go({ pages: 'all' })
  ).data;
}

/** Deletes a licence only while it is at `revision`; false when it changed meanwhile. */
export async function deleteLicense(tenantId: string, id: string, revision: number): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    licenses()
      .delete({ tenantId, id })
      .where((attr, op) => op.eq(attr.revision, revision))
      .go(),
  );
}

/** A company's release or recording as a licence names it, or null when the company has none with that id. */
export async function licensedAsset(
  tenantId: string,
  type: 'recording' | 'release',
  id: string,
): Promise<{ title: string; isrc?: string; upc?: string; artist?: string; label_id?: string } | null> {
  const db = getDb().entities;
  if (type === 'recording') {
    const recording = (await db.Recording.get({ tenantId, id }).go()).data;
    return recording ? { title: recording.title, isrc: recording.isrc, artist: recording.display_artists } : null;
  }
  const release = (await db.Release.get({ tenantId, id }).go()).data;
  return release
    ? { title: release.title, upc: release.upc, artist: release.display_artists, label_id: release.label_id }
    : null;
}

/** The recordings on a release (its tracks), or none when the id is not one of the company's releases. */
export async function recordingIdsOfRelease(tenantId: string, releaseId: string): Promise<string[]> {
  const release = (await getDb().entities.Release.get({ tenantId, id: releaseId }).go()).data;
  const rows = (release?.release_recordings ?? []) as { recording_id?: string }[];
  return rows.flatMap((row) => (row.recording_id ? [row.recording_id] : []));
}

/** The artist rows and label of the asset an incoming licence's cost is charged to (a recording has no label). */
export async function costAsset(
  tenantId: string,
  asset: { asset_type: 'recording' | 'release'; asset_id: string },
): Promise<{ artist_rows: unknown; label_id: string | null }> {
  const db = getDb().entities;
  if (asset.asset_type === 'recording') {
    const recording = (await db.Recording.get({ tenantId, id: asset.asset_id }).go()).data;
    return { artist_rows: recording?.artist_recordings ?? [], label_id: null };
  }
  const release = (await db.Release.get({ tenantId, id: asset.asset_id }).go()).data;
  return { artist_rows: release?.artist_releases ?? [], label_id: release?.label_id ?? null };
}

/** The contracts on any of these subjects (`release#id`, `artist#id`, `label#id`) that bind: every one but drafts. */
export async function contractsOn(tenantId: string, subjects: readonly string[]): Promise<EngineContract[]> {
  const found = await Promise.all(subjects.map((subject) => listContracts(tenantId, subject)));
  return found
    .flat()
    .filter((c) => c.status !== 'draft')
    .map(engineContract);
}

/** What a reminder tells, kept on its claim so a resumed claim is sent as it was decided. */
export type ReminderMessage = Pick<LicenseReminderClaimItem, 'license_id' | 'subject' | 'text' | 'permission'>;

const reminderClaims = () => getDb().entities.LicenseReminderClaim;

/**
 * Claims a reminder for sending: true the first time this licence's reminder of this kind for this
 * due date is claimed, false ever after. The claim is created only when absent, so a schedule that
 * runs twice, or a re-delivered run, sends each reminder once; it stays `sending` until
 * `reminderSent`, so one left by a run that died is found and carried on (`unsentReminders`).
 */
export async function claimReminder(
  tenantId: string,
  key: string,
  message: ReminderMessage,
  now: string,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    reminderClaims()
      .create({ tenantId, key, status: 'sending', claimed_at: now, ...message })
      .go(),
  );
}

/** The claim is done: its notice and mails are out. */
export async function reminderSent(tenantId: string, key: string): Promise<void> {
  await reminderClaims().patch({ tenantId, key }).set({ status: 'sent' }).go();
}

/** Every reminder claimed and not yet sent, in every company (their sparse index: the local cloud's start and the admins' Jobs page). */
export async function unsentReminders(): Promise<LicenseReminderClaimItem[]> {
  return (await reminderClaims().query.unfinished({ status: 'sending' }).go({ pages: 'all' })).data;
}

export async function getReminderClaim(tenantId: string, key: string): Promise<LicenseReminderClaimItem | null> {
  return (await reminderClaims().get({ tenantId, key }).go()).data;
}

/**
 * Takes over a claim a dead run left `sending`: only while it still says `sending` as claimed at
 * `claimedAt`, so of two resumers one carries it on. Whether this call holds it now.
 */
export async function takeOverReminder(
  tenantId: string,
  key: string,
  claimedAt: string,
  now: string,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    reminderClaims()
      .patch({ tenantId, key })
      .set({ claimed_at: now })
      .where((attr, op) => `${op.eq(attr.status, 'sending')} AND ${op.eq(attr.claimed_at, claimedAt)}`)
      .go(),
  );
}

/** A company's label name, or null when the company has none with that id. */
export async function licensedLabelName(tenantId: string, labelId: string): Promise<string | null> {
  return (await getDb().entities.Label.get({ tenantId, labelId }).go()).data?.name ?? null;
}

/**
 * What the invoice and the ledger lines need of the company: its name and postal address (a VAT invoice names the
 * seller's), its VAT registration, country and currency.
 */
export async function licensorTerms(tenantId: string) {
  const company = (await getDb().entities.Company.get({ companyId: tenantId }).go()).data;
  return {
    name: company?.name ?? '',
    address: company?.profile?.address || null,
    vatRegistered: Boolean(company?.vat_registered),
    vatNumber: company?.vat_number ?? null,
    country: company?.country ?? null,
    currency: (company?.currency ?? 'GBP').toUpperCase(),
  };
}

/**
 * The licence each of these manual lines came from, by line id (lines not from a licence left out).
 * Batch reads keyed by id: a page of the royalties list costs two reads whatever the company's size.
 */
export async function licensesOfLines(
  tenantId: string,
  lineIds: string[],
): Promise<Map<string, Pick<LicenseItem, 'id' | 'type' | 'licensee_name' | 'usage'>>> {
  const found = new Map<string, Pick<LicenseItem, 'id' | 'type' | 'licensee_name' | 'usage'>>();
  if (!lineIds.length) return found;
  const db = getDb().entities;
  const lines = (await db.ManualRoyalty.get(lineIds.map((id) => ({ tenantId, id }))).go()).data;
  const licenseIds = [...new Set(lines.flatMap((line) => (line.license_id ? [line.license_id] : [])))];
  if (!licenseIds.length) return found;
  const byId = new Map(
    (
      (
        await licenses()
          .get(licenseIds.map((id) => ({ tenantId, id })))
          .go()
      ).data as LicenseItem[]
    ).map((l) => [l.id, l]),
  );
  for (const line of lines) {
    const license = line.license_id ? byId.get(line.license_id) : undefined;
    if (license) found.set(line.id, license);
  }
  return found;
}
