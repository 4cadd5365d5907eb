import type { UpdateEntityItem } from 'electrodb';
import type { PaymentRunStatus } from '../../../shared/schemas/payment-views.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import type {
  CreatePaymentRun,
  CreatePayoutDetail,
  DebtorAccountItem,
  PaymentRun,
  PaymentRunItemRecord,
  PayoutDetailItem,
  PayoutDetailsRequestItem,
} from '../entities/payouts.js';
import { getDb } from '../service.js';
import { writtenUnlessRefused } from '../transaction.js';

/**
 * Every read and write of payout details, the company's debtor account and payment runs (issue
 * 14, pay-payouts). A run's status only moves forward, each move conditional on where it was, so
 * two confirmations (or an export and a cancel) racing each other change it once.
 */
const db = () => getDb().entities;

// ——— Payout details ———

export async function getPayoutDetail(tenantId: string, accountKey: string): Promise<PayoutDetailItem | null> {
  return (await db().PayoutDetail.get({ tenantId, accountKey }).go()).data;
}

/** Every account's payout details in the company (payments_due_summary reads them at once). */
export async function listPayoutDetails(tenantId: string): Promise<PayoutDetailItem[]> {
  return (await db().PayoutDetail.query.byAccount({ tenantId }).go({ pages: 'all' })).data;
}

export async function putPayoutDetail(detail: CreatePayoutDetail): Promise<PayoutDetailItem> {
  return (await db().PayoutDetail.put(detail).go()).data as PayoutDetailItem;
}

export async function deletePayoutDetail(tenantId: string, accountKey: string): Promise<void> {
  await db().PayoutDetail.delete({ tenantId, accountKey }).go();
}

// ——— A payee's secure link to give their own details ———

type NewPayoutDetailsRequest = Omit<PayoutDetailsRequestItem, 'createdAt' | 'updatedAt' | 'status'>;

export async function createPayoutDetailsRequest(request: NewPayoutDetailsRequest): Promise<void> {
  await db()
    .PayoutDetailsRequest.create({ ...request, status: 'open' })
    .go();
}

/** The request a link's token names (by the token's SHA-256); null for an unknown one. */
export async function payoutDetailsRequestByToken(tokenHash: string): Promise<PayoutDetailsRequestItem | null> {
  return (await db().PayoutDetailsRequest.get({ tokenHash }).go()).data;
}

/** Every request ever made for one account, oldest first. */
export async function payoutDetailsRequestsOf(
  tenantId: string,
  accountKey: string,
): Promise<PayoutDetailsRequestItem[]> {
  return (await db().PayoutDetailsRequest.query.byAccount({ tenantId, accountKey }).go({ pages: 'all' })).data;
}

/** Revokes a request only while it is open (a link being used at that moment stays used): whether it did. */
export async function revokePayoutDetailsRequest(tokenHash: string, at: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .PayoutDetailsRequest.patch({ tokenHash })
      .set({ status: 'revoked', revokedAt: at })
      .where(({ status }, { eq }) => eq(status, 'open'))
      .go(),
  );
}

/**
 * Saves the details a payee gave and spends their link in one transaction, only while the link is open and not
 * past its expiry at `at`: two submits at once save once. Whether it saved (false: the link was spent, revoked or
 * expired first, or another write on it was under way).
 */
export async function putPayoutDetailSpendingRequest(
  detail: CreatePayoutDetail,
  tokenHash: string,
  at: string,
): Promise<boolean> {
  return writtenUnlessRefused(({ PayoutDetailsRequest, PayoutDetail }) => [
    PayoutDetailsRequest.patch({ tokenHash })
      .set({ status: 'used', usedAt: at })
      .where(({ status, expiresAt }, { eq, gt }) => `${eq(status, 'open')} AND ${gt(expiresAt, at)}`)
      .commit(),
    PayoutDetail.put(detail).commit(),
  ]);
}

// ——— The company's debtor account ———

export async function getDebtorAccount(tenantId: string): Promise<DebtorAccountItem | null> {
  return (await db().DebtorAccount.get({ tenantId }).go()).data;
}

export async function putDebtorAccount(
  account: Omit<DebtorAccountItem, 'createdAt' | 'updatedAt'>,
): Promise<DebtorAccountItem> {
  return (await db().DebtorAccount.put(account).go()).data as DebtorAccountItem;
}

// ——— Payment runs ———

export async function createPaymentRun(run: CreatePaymentRun): Promise<PaymentRunItemRecord> {
  return (await db().PaymentRun.create(run).go()).data;
}

export async function getPaymentRun(tenantId: string, runId: string): Promise<PaymentRunItemRecord | null> {
  return (await db().PaymentRun.get({ tenantId, runId }).go()).data;
}

export async function listPaymentRuns(tenantId: string): Promise<PaymentRunItemRecord[]> {
  return (await db().PaymentRun.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

type RunUpdate = UpdateEntityItem<typeof PaymentRun>;

/**
 * Cancels a run, only while it is a draft or exported and has recorded no payment (payments add
 * their account to the run in their own write, only while it is confirming): whether it did.
 */
export async function cancelPaymentRun(tenantId: string, runId: string): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .PaymentRun.patch({ tenantId, runId })
      .set({ status: 'cancelled' })
      .where(
        (attr, op) =>
          `(${op.eq(attr.status, 'draft')} OR ${op.eq(attr.status, 'exported')}) AND ${op.notExists(attr.paid_accounts)}`,
      )
      .go(),
  );
}

/** Every run left confirming, in every tenant (their sparse index: the local cloud's start and the admins' Jobs page). */
export async function listConfirmingRuns(): Promise<PaymentRunItemRecord[]> {
  return (await db().PaymentRun.query.unfinished({ status: 'confirming' }).go({ pages: 'all' })).data;
}

/** Moves a run on, only from `from`: whether this call moved it. */
export async function movePaymentRun(
  tenantId: string,
  runId: string,
  from: readonly PaymentRunStatus[],
  set: RunUpdate,
): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    db()
      .PaymentRun.patch({ tenantId, runId })
      .set(set)
      .where((attr, op) => from.map((status) => op.eq(attr.status, status)).join(' OR '))
      .go(),
  );
}
