import type { Role } from '../../../shared/constants.js';
import type { CompanyItem, CreateCompany, UpdateCompany } from '../entities/company.js';
import type { CompanyUserItem } from '../entities/company-user.js';
import type { MailSender } from '../../lib/mail.js';
import { listsChanged, LISTS, moneyRecordsChanged } from '../list-cache.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';

/** Every query of companies (tenants) and their memberships, by name. */

const companies = () => getDb().entities.Company;
const memberships = () => getDb().entities.CompanyUser;

export async function getCompany(companyId: string): Promise<CompanyItem | null> {
  return (await companies().get({ companyId }).go()).data;
}

/** Whether the company exists, reading its key only. */
/**
 * The company as the sender of its mails to people outside it (promos, licence invoices, fans): its trading name, else
 * its name, and its contact address for replies (none when it has none).
 */
export async function companyMailSender(companyId: string): Promise<MailSender> {
  const company = await getCompany(companyId);
  return {
    name: company?.profile?.name || company?.name || '',
    replyTo: company?.email || company?.profile?.backup_email || null,
  };
}

export async function companyExists(companyId: string): Promise<boolean> {
  return Boolean(
    (
      await companies()
        .get({ companyId })
        .go({ attributes: ['companyId'] })
    ).data,
  );
}

/** The company's tags (a Publisher tag enables songs), empty when it has none or does not exist. */
export async function companyTags(companyId: string): Promise<string[]> {
  return (
    (
      await companies()
        .get({ companyId })
        .go({ attributes: ['tags'] })
    ).data?.tags ?? []
  );
}

/** Several companies in one batch read; absent ones are left out. */
export async function getCompanies(companyIds: readonly string[]): Promise<CompanyItem[]> {
  if (!companyIds.length) return [];
  return (
    await companies()
      .get(companyIds.map((companyId) => ({ companyId })))
      .go()
  ).data;
}

export async function listCompanies(): Promise<CompanyItem[]> {
  return (await companies().query.all({}).go({ pages: 'all' })).data;
}

/** Every company's id and name (admin lists show the company beside a record). */
export async function listCompanyNames(): Promise<{ companyId: string; name: string }[]> {
  return (
    await companies()
      .query.all({})
      .go({ pages: 'all', attributes: ['companyId', 'name'] })
  ).data;
}

export async function createCompany(company: CreateCompany): Promise<void> {
  await companies().create(company).go();
}

/** The company's members with their roles. */
export async function membersOf(companyId: string): Promise<CompanyUserItem[]> {
  return (await memberships().query.byCompany({ companyId }).go({ pages: 'all' })).data;
}

/** The user's memberships (one per company). */
export async function membershipsOfUser(userId: string): Promise<CompanyUserItem[]> {
  return (await memberships().query.byUser({ userId }).go({ pages: 'all' })).data;
}

/** The role the user holds in the company, or null when not a member. */
export async function membershipRole(userId: string, companyId: string): Promise<Role | null> {
  return (
    (
      await memberships()
        .get({ userId, companyId })
        .go({ attributes: ['role'] })
    ).data?.role ?? null
  );
}

/**
 * Changes a company and its memberships in one transaction: fields set and removed, members
 * put (added or with a new role) and removed. A new name marks the all-labels list changed,
 * since LabelsAdmin shows company names beside labels.
 */
export async function updateCompanyAndMembers(
  companyId: string,
  change: {
    set: UpdateCompany;
    remove: readonly string[];
    put: readonly { userId: string; role: Role }[];
    removeUsers: readonly string[];
  },
): Promise<void> {
  await writeTransaction(({ Company, CompanyUser, ListVersion }) => [
    (change.remove.length
      ? Company.patch({ companyId })
          .set(change.set)
          .remove(change.remove as never)
      : Company.patch({ companyId }).set(change.set)
    ).commit(),
    ...(change.set.name ? listsChanged(ListVersion, [LISTS.allLabels]) : []),
    ...change.put.map((m) => CompanyUser.put({ userId: m.userId, companyId, role: m.role }).commit()),
    ...change.removeUsers.map((userId) => CompanyUser.delete({ userId, companyId }).commit()),
  ]);
  // Finances hold the company's name and currency with its money records.
  await moneyRecordsChanged(companyId);
}

/** Deletes a company with its memberships in one transaction. */
export async function deleteCompanyAndMembers(companyId: string, memberIds: readonly string[]): Promise<void> {
  await writeTransaction(({ Company, CompanyUser }) => [
    Company.delete({ companyId }).commit(),
    ...memberIds.map((userId) => CompanyUser.delete({ userId, companyId }).commit()),
  ]);
}
