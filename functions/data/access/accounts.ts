import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import type { PayeeItem } from '../entities/catalogue.js';
import type { AccountEntryItem, CreateAccountEntry, StatementItem } from '../entities/statements.js';
import { moneyRecordsChanged } from '../list-cache.js';
import { getDb } from '../service.js';

/**
 * A payee's account: who holds it, its entries
 * (advances, reserves, transfers, adjustments, payments) and the published statements that
 * carried them. An entry a published statement carries (statement_id set) is frozen: every
 * change here is conditional on statement_id being unset. Every write marks the company's money
 * records changed (finances and dashboards hold them).
 */
const entries = () => getDb().entities.AccountEntry;
const statements = () => getDb().entities.Statement;

/** Who holds an account, as an account's statement and view need them. */
export type AccountHolder = {
  name: string;
  email: string | null;
  minimum_payout: string | null;
  /** A payee's self-billing agreement and VAT (artists and labels have none). */
  self_billing: boolean;
  vat_registered: boolean;
  vat_rate: number | null;
  /** Percent of a statement's payable withheld as tax (payees only). */
  withholding_tax_rate: number | null;
  /** Where a payee is and its VAT number: a self-billing invoice names its supplier with both. */
  address: string | null;
  vat_number: string | null;
  /** A payee's tax form and the last day it is good for (shared/tax-forms.ts); null when none (artists, labels). */
  tax_form: string | null;
  tax_form_expires_on: string | null;
};
const NO_AGREEMENT = {
  minimum_payout: null,
  self_billing: false,
  vat_registered: false,
  vat_rate: null,
  withholding_tax_rate: null,
  address: null,
  vat_number: null,
  tax_form: null,
  tax_form_expires_on: null,
};

/** A payee as the holder of its account: its payout terms and self-billing agreement. */
const payeeHolder = (payee: PayeeItem): AccountHolder => ({
  name: payee.name,
  email: payee.email ?? null,
  minimum_payout: payee.minimum_payout ?? null,
  self_billing: payee.self_billing ?? false,
  vat_registered: payee.vat_registered ?? false,
  vat_rate: payee.vat_rate ?? null,
  withholding_tax_rate: payee.withholding_tax_rate ?? null,
  address: payee.address || null,
  vat_number: payee.vat_number || null,
  tax_form: payee.tax_form || null,
  tax_form_expires_on: payee.tax_form_expires_on || null,
});

/** What a reader of an account's holder asks beyond its name and terms. */
export type AccountHolderOptions = {
  /**
   * A label's own e-mail, from its record, for a mail to the label itself (a request for its bank details). Without
   * it a label's holder has no e-mail, as statements, the due list and payments read it; a payee's and an artist's
   * holder always has theirs.
   */
  labelEmail?: boolean;
};

/** The payee, artist or label an account belongs to, in the company; null when it has none by that id. */
export async function accountHolder(
  tenantId: string,
  account: AccountRef,
  options: AccountHolderOptions = {},
): Promise<AccountHolder | null> {
  const db = getDb().entities;
  if (account.type === 'Payee') {
    const payee = (await db.Payee.get({ tenantId, id: account.id }).go()).data;
    return payee && payeeHolder(payee);
  }
  if (account.type === 'Artist') {
    const artist = (await db.Artist.get({ tenantId, id: account.id }).go()).data;
    return artist && { ...NO_AGREEMENT, name: artist.name, email: artist.email ?? null };
  }
  const label = (await db.Label.get({ tenantId, labelId: account.id }).go()).data;
  return label && { ...NO_AGREEMENT, name: label.name, email: (options.labelEmail && label.email) || null };
}

/**
 * The holders of many payees' accounts by payee id, read 100 to a round trip (a run's preview assembles every
 * payee's figures); a payee not in the company is absent.
 */
export async function payeeHolders(tenantId: string, payeeIds: readonly string[]): Promise<Map<string, AccountHolder>> {
  const keys = [...new Set(payeeIds)].map((id) => ({ tenantId, id }));
  if (!keys.length) return new Map();
  const { data } = await getDb().entities.Payee.get(keys).go({ concurrency: 4 });
  return new Map(data.map((payee) => [payee.id, payeeHolder(payee)]));
}

/** Names of records an expense or entry links to (labels, payees, artists, releases), read in batches. */
export async function namesOf(
  tenantId: string,
  ids: { labels: string[]; payees: string[]; artists: string[]; releases: string[] },
): Promise<{
  labels: Map<string, string>;
  payees: Map<string, string>;
  artists: Map<string, string>;
  releases: Map<string, string>;
}> {
  const db = getDb().entities;
  const keyed = (list: string[]) => [...new Set(list)].map((id) => ({ tenantId, id }));
  const batch = async <T>(list: unknown[], read: () => Promise<{ data: T[] }>) =>
    list.length ? (await read()).data : [];
  const labelKeys = [...new Set(ids.labels)].map((labelId) => ({ tenantId, labelId }));
  const [labels, payees, artists, releases] = await Promise.all([
    batch(labelKeys, () => db.Label.get(labelKeys).go({ attributes: ['labelId', 'name'] })),
    batch(keyed(ids.payees), () => db.Payee.get(keyed(ids.payees)).go({ attributes: ['id', 'name'] })),
    batch(keyed(ids.artists), () => db.Artist.get(keyed(ids.artists)).go({ attributes: ['id', 'name'] })),
    batch(keyed(ids.releases), () => db.Release.get(keyed(ids.releases)).go({ attributes: ['id', 'title'] })),
  ]);
  return {
    labels: new Map(labels.map((l) => [l.labelId, l.name])),
    payees: new Map(payees.map((p) => [p.id, p.name])),
    artists: new Map(artists.map((a) => [a.id, a.name])),
    releases: new Map(releases.map((r) => [r.id, r.title])),
  };
}

/** Whether the company has the release (another company's id is not found). */
export async function releaseExists(tenantId: string, releaseId: string): Promise<boolean> {
  return Boolean((await getDb().entities.Release.get({ tenantId, id: releaseId }).go()).data);
}

/** Every entry of one account, on a statement or not. */
export async function entriesOfAccount(tenantId: string, accountKey: string): Promise<AccountEntryItem[]> {
  return (await entries().query.byAccount({ tenantId, accountKey }).go({ pages: 'all' })).data;
}

/**
 * An entry by its id alone (the API's account_entries/{id}): the company's entries are read
 * under their own key prefix and filtered to the one id.
 */
export async function findAccountEntry(tenantId: string, entryId: string): Promise<AccountEntryItem | null> {
  const found = await entries()
    .query.byAccount({ tenantId })
    .where(({ entryId: id }, { eq }) => eq(id, entryId))
    .go({ pages: 'all' });
  return found.data[0] ?? null;
}

export async function createAccountEntry(entry: CreateAccountEntry): Promise<AccountEntryItem> {
  const created = (await entries().create(entry).go()).data;
  await moneyRecordsChanged(entry.tenantId);
  return created;
}

/** Attributes of an entry a change may set; its account, kind of payment and statement stay. */
export type AccountEntryChanges = Partial<
  Pick<CreateAccountEntry, 'kind' | 'amount' | 'date' | 'description' | 'release_id'>
>;

/** Sets and removes fields of an entry no statement carries; the entry as it is afterwards. */
export async function updateAccountEntry(
  entry: Pick<AccountEntryItem, 'tenantId' | 'accountKey' | 'entryId'>,
  changes: AccountEntryChanges,
  remove: readonly ('description' | 'release_id')[],
): Promise<AccountEntryItem> {
  const patch = entries()
    .patch({ tenantId: entry.tenantId, accountKey: entry.accountKey, entryId: entry.entryId })
    .set(changes);
  const updated = await (remove.length ? patch.remove([...remove]) : patch)
    .where(({ statement_id }, { notExists }) => notExists(statement_id))
    .go({ response: 'all_new' });
  await moneyRecordsChanged(entry.tenantId);
  return updated.data as AccountEntryItem;
}

/** Deletes an entry no statement carries. */
export async function deleteAccountEntry(
  entry: Pick<AccountEntryItem, 'tenantId' | 'accountKey' | 'entryId'>,
): Promise<void> {
  await entries()
    .delete({ tenantId: entry.tenantId, accountKey: entry.accountKey, entryId: entry.entryId })
    .where(({ statement_id }, { notExists }) => notExists(statement_id))
    .go();
  await moneyRecordsChanged(entry.tenantId);
}

/** The published statements of one account, through the Statement entity's byAccount index. */
export async function statementsOfAccount(tenantId: string, accountKey: string): Promise<StatementItem[]> {
  return (await statements().query.byAccount({ tenantId, accountKey }).go({ pages: 'all' })).data;
}

type Chained = Pick<StatementItem, 'statementId' | 'end_pay_period' | 'version' | 'superseded_by' | 'queue_status'>;

/**
 * The statement no correction replaced with the latest end period, highest version first, whether
 * its documents are made yet or not. Its money is fixed when it is numbered: a statement made
 * while the previous one's PDF is still being made (or was cut off by a crash) must still open with
 * that one's closing balance, or that balance is stated by no later statement and never paid.
 */
export function latestStated<T extends Chained>(items: readonly T[], excludeId?: string): T | null {
  const current = items.filter((s) => !s.superseded_by && s.statementId !== excludeId);
  current.sort((a, b) => b.end_pay_period.localeCompare(a.end_pay_period) || (b.version ?? 1) - (a.version ?? 1));
  return current[0] ?? null;
}

/** The finished statement in force with the latest end period, highest version first. */
export function latestInForce<T extends Chained>(items: readonly T[], excludeId?: string): T | null {
  return latestStated(
    items.filter((s) => (s.queue_status ?? 'published') === 'published'),
    excludeId,
  );
}

/** A statement's number ("ST-000012"), for the message refusing a change to what it carries. */
export async function statementNumber(tenantId: string, statementId: string): Promise<string> {
  const statement = (
    await statements()
      .get({ tenantId, statementId })
      .go({ attributes: ['number'] })
  ).data;
  return statement?.number ?? statementId;
}

export type CompanyAccountTerms = { currency: string; self_billing: boolean; self_billing_expires_at?: string };

/** The company's currency (GBP unless it says otherwise) and its self-billing agreement. */
export async function companyAccountTerms(tenantId: string): Promise<CompanyAccountTerms> {
  const company = (
    await getDb()
      .entities.Company.get({ companyId: tenantId })
      .go({ attributes: ['currency', 'self_billing', 'self_billing_expires_at'] })
  ).data;
  return {
    currency: company?.currency ?? 'GBP',
    self_billing: company?.self_billing ?? false,
    self_billing_expires_at: company?.self_billing_expires_at,
  };
}
