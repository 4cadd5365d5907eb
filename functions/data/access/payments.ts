import type { StatementPayment } from '../../../shared/schemas/statement-views.js';
import type { CreatePayment, PaymentItem } from '../entities/payments.js';
import type { StatementItem } from '../entities/statements.js';
import { moneyRecordsChanged } from '../list-cache.js';
import { getDb } from '../service.js';
import { paymentEntryFor, paymentEntryIds } from './statements.js';

/**
 * Every read and write of payments. A payment and the paid state of its statements
 * (with the payment entries on the account) are written in one transaction, so a statement is
 * never paid without its payment, nor a payment recorded without its statements.
 */
const db = () => getDb().entities;

type PaidStatement = Pick<StatementItem, 'tenantId' | 'statementId' | 'accountKey'>;

export async function getPayment(tenantId: string, paymentId: string): Promise<PaymentItem | null> {
  return (await db().Payment.get({ tenantId, paymentId }).go()).data;
}

/** Every payment of the company (lists filter, search and page them in memory). */
export async function listPayments(tenantId: string): Promise<PaymentItem[]> {
  return (await db().Payment.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** One statement a payment pays: what its account entry adds (−payable), null when it pays nothing. */
export type PaymentLine = { statement: PaidStatement; amount: string | null };

/**
 * Why a payment was not recorded: its id is taken (the same idempotency key), a statement is paid
 * or superseded, or the payment run it belongs to is not confirming (cancelled, or not yet begun).
 */
export type RecordOutcome =
  | { outcome: 'recorded' | 'exists' | 'conflict' | 'run_not_confirming' | 'stated_moved' }
  | { outcome: 'refused'; statementId: string };

/**
 * Records a payment: the payment (only if its id is free), each statement marked paid (only while
 * unpaid and not superseded) and each payment entry, in one transaction — all or nothing.
 * `carried` are earlier statements whose balances a paid statement carries: marked paid too (same
 * condition), settled by `settledBy`, with no payment entry (their money is in the paid one's).
 * A payment of a payment run adds its account to the run's paid accounts in the same write, only
 * while the run is confirming: a cancelled run pays nothing, and the run always says what it paid.
 * `stated` is the account's stated-periods guard as read before the due rule was applied: the write
 * holds only while no statement of the account was numbered since ('stated_moved' otherwise), so a
 * payment never pays a statement whose balance a statement made meanwhile already carries.
 */
export async function writePayment(
  payment: CreatePayment,
  lines: readonly PaymentLine[],
  statementPayment: StatementPayment,
  stated: { accountKey: string; version: number },
  carried: readonly { statement: PaidStatement; settledBy: { id: string; number: string } }[] = [],
): Promise<RecordOutcome> {
  const userId = payment.userId ?? '';
  const owners: (string | null)[] = [null];
  const runId = payment.payment_run_id;
  const result = await getDb()
    .transaction.write(({ Payment, Statement, AccountEntry, PaymentRun, StatedPeriods }) => [
      Payment.create(payment).commit(),
      ...lines.flatMap(({ statement, amount }) => {
        owners.push(statement.statementId);
        const writes = [
          Statement.patch({ tenantId: statement.tenantId, statementId: statement.statementId })
            .set({ paid: true, payment: statementPayment })
            .where((attr, op) => `${op.eq(attr.paid, false)} AND ${op.notExists(attr.superseded_by)}`)
            .commit(),
        ];
        if (amount) {
          owners.push(statement.statementId);
          writes.push(AccountEntry.create(paymentEntryFor(statement, statementPayment, amount, userId)).commit());
        }
        return writes;
      }),
      ...carried.map(({ statement, settledBy }) => {
        owners.push(statement.statementId);
        return Statement.patch({ tenantId: statement.tenantId, statementId: statement.statementId })
          .set({ paid: true, payment: { ...statementPayment, settled_by: settledBy } })
          .where((attr, op) => `${op.eq(attr.paid, false)} AND ${op.notExists(attr.superseded_by)}`)
          .commit();
      }),
      StatedPeriods.check({ tenantId: payment.tenantId, accountKey: stated.accountKey })
        .where((attr, op) => (stated.version === 0 ? op.notExists(attr.version) : op.eq(attr.version, stated.version)))
        .commit(),
      ...(runId
        ? [
            PaymentRun.patch({ tenantId: payment.tenantId, runId })
              .add({ paid_accounts: [payment.accountKey] })
              .where((attr, op) => op.eq(attr.status, 'confirming'))
              .commit(),
          ]
        : []),
    ])
    .go();
  if (!result.canceled) {
    await moneyRecordsChanged(payment.tenantId);
    return { outcome: 'recorded' };
  }
  const failed = result.data.findIndex((item) => item.code === 'ConditionalCheckFailed');
  if (failed === 0) return { outcome: 'exists' };
  if (failed === owners.length) return { outcome: 'stated_moved' };
  if (runId && failed === owners.length + 1) return { outcome: 'run_not_confirming' };
  const statementId = failed > 0 ? owners[failed] : null;
  if (statementId) return { outcome: 'refused', statementId };
  // Another transaction on the same items was in flight (the same key recorded at the same moment).
  return { outcome: 'conflict' };
}

/** What may change on a recorded payment: never its money or statements. */
export type PaymentDetails = Partial<
  Pick<PaymentItem, 'payment_date' | 'payment_method' | 'payment_reference' | 'invoice_reference' | 'account_reference'>
>;

/**
 * Changes a payment's details, the copy on each statement and the payment entries (their date,
 * method and reference) in one write; the entries only while no later statement carries them.
 * False when a later statement carries one (the caller says which).
 */
export async function updatePaymentDetails(
  payment: PaymentItem,
  set: PaymentDetails,
  remove: (keyof PaymentDetails)[],
  statements: readonly (PaidStatement & { payment?: StatementPayment | null })[],
  statementPayment: StatementPayment,
  /** The statements whose payment entries change (those that paid something), none when only references change. */
  entriesOf: readonly PaidStatement[],
): Promise<boolean> {
  const { tenantId, paymentId } = payment;
  const { payment_method, payment_reference } = statementPayment;
  const entrySet = {
    date: statementPayment.payment_date,
    ...(payment_method === null ? {} : { payment_method }),
    ...(payment_reference === null ? {} : { payment_reference }),
  };
  const entryRemove = [
    ...(payment_method === null ? (['payment_method'] as const) : []),
    ...(payment_reference === null ? (['payment_reference'] as const) : []),
  ];
  const result = await getDb()
    .transaction.write(({ Payment, Statement, AccountEntry }) => {
      const paymentPatch = Payment.patch({ tenantId, paymentId }).set(set);
      return [
        (remove.length ? paymentPatch.remove(remove) : paymentPatch).commit(),
        ...statements.map((s) => {
          // A statement settled by a later one it is carried into keeps saying which.
          const settled_by = s.payment?.settled_by;
          const copy = settled_by ? { ...statementPayment, settled_by } : statementPayment;
          return Statement.patch({ tenantId, statementId: s.statementId }).set({ payment: copy }).commit();
        }),
        ...entriesOf.map((s) => {
          const entry = AccountEntry.patch(paymentEntryIds(s)).set(entrySet);
          return (entryRemove.length ? entry.remove(entryRemove) : entry)
            .where((attr, op) => op.notExists(attr.statement_id))
            .commit();
        }),
      ];
    })
    .go();
  if (!result.canceled) {
    await moneyRecordsChanged(tenantId);
    return true;
  }
  if (result.data.some((item) => item.code === 'ConditionalCheckFailed')) return false;
  throw new Error(`Payment ${paymentId} could not be changed: ${result.data.map((d) => d.code).join(', ')}`);
}

/**
 * Deletes a payment and un-pays its statements (their payment entries removed) in one write, only
 * while no later statement carries one of the entries: false then, and nothing changes.
 */
export async function removePayment(payment: PaymentItem, statements: readonly PaidStatement[]): Promise<boolean> {
  const { tenantId, paymentId } = payment;
  const result = await getDb()
    .transaction.write(({ Payment, Statement, AccountEntry }) => [
      Payment.delete({ tenantId, paymentId }).commit(),
      ...statements.flatMap((s) => [
        Statement.patch({ tenantId, statementId: s.statementId }).set({ paid: false }).remove(['payment']).commit(),
        // An entry that was never written (a statement paying nothing) passes: notExists holds.
        AccountEntry.delete(paymentEntryIds(s))
          .where((attr, op) => op.notExists(attr.statement_id))
          .commit(),
      ]),
    ])
    .go();
  if (!result.canceled) {
    await moneyRecordsChanged(tenantId);
    return true;
  }
  if (result.data.some((item) => item.code === 'ConditionalCheckFailed')) return false;
  throw new Error(`Payment ${paymentId} could not be deleted: ${result.data.map((d) => d.code).join(', ')}`);
}
