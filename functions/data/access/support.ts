import type { AccessTokenItem, CreateAccessToken, UpdateAccessToken } from '../entities/access-token.js';
import type { CompanyApiTokenItem, CreateCompanyApiToken } from '../entities/company-api-token.js';
import type { BugReportItem, CreateBugReport } from '../entities/bug-report.js';
import type { SiteHelpItem } from '../entities/site-help.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';

/** Every query of the support area: bug reports, users' access tokens and the site help, by name. */

const reports = () => getDb().entities.BugReport;
const tokens = () => getDb().entities.AccessToken;

export async function createBugReport(report: CreateBugReport): Promise<void> {
  await reports().create(report).go();
}

export async function getBugReport(bugReportId: string): Promise<BugReportItem | null> {
  return (await reports().get({ bugReportId }).go()).data;
}

/** Every report, or one user's. */
export async function listBugReports(userId?: string): Promise<BugReportItem[]> {
  return userId
    ? (await reports().query.byUser({ userId }).go({ pages: 'all' })).data
    : (await reports().query.all({}).go({ pages: 'all' })).data;
}

export async function deleteBugReport(bugReportId: string): Promise<void> {
  await reports().delete({ bugReportId }).go();
}

export async function createAccessToken(token: CreateAccessToken): Promise<void> {
  await tokens().create(token).go();
}

export async function getAccessToken(accessTokenId: string): Promise<AccessTokenItem | null> {
  return (await tokens().get({ accessTokenId }).go()).data;
}

/** Every token, or one user's. */
export async function listAccessTokens(userId?: string): Promise<AccessTokenItem[]> {
  return userId
    ? (await tokens().query.byUser({ userId }).go({ pages: 'all' })).data
    : (await tokens().query.all({}).go({ pages: 'all' })).data;
}

/** Sets fields of a token; `removeExpiry` clears its expiry date. */
export async function patchAccessToken(
  accessTokenId: string,
  changes: UpdateAccessToken,
  removeExpiry = false,
): Promise<void> {
  const update = tokens().patch({ accessTokenId }).set(changes);
  await (removeExpiry ? update.remove(['expires_at']) : update).go();
}

export async function deleteAccessToken(accessTokenId: string): Promise<void> {
  await tokens().delete({ accessTokenId }).go();
}

const siteHelp = () => getDb().entities.SiteHelp;

/** Every page's edited help (one partition: a few hundred small items at most). */
export async function listSiteHelp(): Promise<SiteHelpItem[]> {
  return (await siteHelp().query.byPage({}).go({ pages: 'all' })).data;
}

/** Writes a page's help whole: the admin's form sends every topic. */
export async function putSiteHelp(item: Omit<SiteHelpItem, 'updatedAt'>): Promise<void> {
  await siteHelp().put(item).go();
}

/** Deletes a page's edited help; false when it had none (a condition, so a reset is answered once). */
export function deleteSiteHelp(page: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    siteHelp()
      .delete({ page })
      .where(({ page: stored }, { exists }) => exists(stored))
      .go(),
  );
}

const apiTokens = () => getDb().entities.CompanyApiToken;

export async function createCompanyApiToken(token: CreateCompanyApiToken): Promise<void> {
  await apiTokens().create(token).go();
}

/** The token a request carries, by the hash of its secret: one read on every call made with a token. */
export async function companyApiTokenByHash(tokenHash: string): Promise<CompanyApiTokenItem | null> {
  return (await apiTokens().get({ tokenHash }).go()).data;
}

/** A company's tokens, newest last (ids are ULIDs); a company holds a few dozen at most. */
export async function listCompanyApiTokens(companyId: string): Promise<CompanyApiTokenItem[]> {
  return (await apiTokens().query.byCompany({ companyId }).go({ pages: 'all' })).data;
}

export async function companyApiToken(companyId: string, apiTokenId: string): Promise<CompanyApiTokenItem | null> {
  return (await apiTokens().query.byCompany({ companyId, apiTokenId }).go()).data[0] ?? null;
}

/** Revokes a token of the company; false when it was revoked already (a condition, so it is answered once). */
export function revokeCompanyApiToken(tokenHash: string, revokedAt: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    apiTokens()
      .patch({ tokenHash })
      .set({ revoked: true, revokedAt })
      .where(({ revoked }, { eq }) => eq(revoked, false))
      .go(),
  );
}
