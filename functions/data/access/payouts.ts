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
} from '../entities/payouts.js';
import { getDb } from '../service.js';

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
