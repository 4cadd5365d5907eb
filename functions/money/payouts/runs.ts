import { accountKeyOf } from '../accounts/account.js';
import Big from 'big.js';
import { ulid } from 'ulid';
import {
  type ExchangeRateInput,
  PAYOUT_METHOD_NAMES,
  type PaymentRun,
  type PaymentRunItem,
  type PaymentRunList,
  type PayoutMethod,
  type RecordPaymentInput,
} from '../../../shared/schemas/payment-views.js';
import { formatDate } from '../../../shared/format.js';
import { MESSAGES } from '../../../shared/messages.js';
import { DUE_PROBLEM_TEXT } from '../../../shared/schemas/payout-details.js';
import { convertedAmount, pairKey } from '../../../shared/schemas/payout-conversion.js';
import { createLog } from '../../data/access/logs.js';
import { entriesOfAccount } from '../../data/access/accounts.js';
import {
  cancelPaymentRun,
  createPaymentRun,
  getPaymentRun,
  listPaymentRuns,
  movePaymentRun,
} from '../../data/access/payouts.js';
import { getStatement, statementSender, statementsOfAccount } from '../../data/access/statements.js';
import type { PaymentRunItemRecord } from '../../data/entities/payouts.js';
import type { StatementItem } from '../../data/entities/statements.js';
import { BadRequest, Conflict, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/list-query.js';
import { accountOwes } from '../payments/due-rule.js';
import { paymentIdForKey } from '../payments/payment-figures.js';
import { recordPayment } from '../payments/record.js';
import { openDebtorAccount } from './debtor.js';
import { openPayoutDetails } from './details.js';
import { dueAccounts } from './due.js';
import { bankFiles } from './files/bank-files.js';
import { sentBy } from './files/sent.js';
import type { FileRow } from './files/types.js';
import { downloadUrl, removeAttemptFiles, storeRunFile } from './run-files.js';
import { statementPayout } from '../statements/accounts/payout.js';

/**
 * Payment runs: choose what is due (a draft: the preview), export (the run freezes:
 * its items never change again, and one checked file per method and currency is stored),
 * download, confirm once the bank accepted it (one payment per account through recordPayment,
 * idempotent: a second confirm pays nothing twice), or cancel before confirming.
 *
 * Confirming moves the run to `confirming` before the first payment, and each payment adds its
 * account to the run in the same write (only while confirming): from then on the run can only be
 * finished (confirming again, or resumed after a crash: resume.ts), never cancelled, and it always
 * says which of its payments are recorded.
 */
const today = () => new Date().toISOString().slice(0, 10);

/** The payment a run records for an account: always the same id, so it is recorded once however often confirmed. */
const runPaymentKey = (runId: string, accountKey: string) => `payment-run:${runId}:${accountKey}`;

/** The run's items with the payment recorded for each, read from the run's own record of what it paid. */
function itemsWithPayments(run: PaymentRunItemRecord): PaymentRunItem[] {
  const paid = new Set(run.paid_accounts ?? []);
  return run.items.map((item) => {
    const key = accountKeyOf(item.account);
    if (item.payment_id || !paid.has(key)) return item;
    return { ...item, payment_id: paymentIdForKey(run.tenantId, runPaymentKey(run.runId, key)) };
  });
}

function presentPaymentRun(run: PaymentRunItemRecord): PaymentRun {
  const items = itemsWithPayments(run);
  const totals = new Map<string, { currency: string; count: number; amount: Big }>();
  for (const item of run.items) {
    const { currency, amount } = sentBy(item);
    const entry = totals.get(currency) ?? { currency, count: 0, amount: new Big(0) };
    entry.count += 1;
    entry.amount = entry.amount.plus(amount);
    totals.set(currency, entry);
  }
  return {
    id: run.runId,
    status: run.status,
    execution_date: run.execution_date,
    items,
    // The stored object's key stays on the server.
    files: (run.files ?? []).map(({ key: _key, ...file }) => file),
    totals: [...totals.values()].map((t) => ({ currency: t.currency, count: t.count, amount: t.amount.toFixed(2) })),
    exchange_rates: run.exchange_rates ?? [],
    created_at: run.createdAt ?? '',
    created_by: run.createdBy ?? null,
    exported_at: run.exportedAt ?? null,
    confirmed_at: run.confirmedAt ?? null,
    confirmed_by: run.confirmedBy ?? null,
    paid_count: items.filter((item) => item.payment_id).length,
  };
}

async function runOf(tenantId: string, runId: string): Promise<PaymentRunItemRecord> {
  const run = await getPaymentRun(tenantId, runId);
  if (!run) throw new NotFound('Payment run');
  return run;
}

export async function paymentRunView(tenantId: string, runId: string): Promise<PaymentRun> {
  return presentPaymentRun(await runOf(tenantId, runId));
}

export async function listPaymentRunViews(
  tenantId: string,
  query: { page: number; per_page: number; status?: string },
): Promise<PaymentRunList> {
  const runs = (await listPaymentRuns(tenantId)).map(presentPaymentRun);
  const page = pageOf(runs, {
    page: query.page,
    perPage: query.per_page,
    sort: { field: 'created_at', direction: 'desc' },
    searchFields: [],
    tieBreaker: 'id',
    filter: (run) => !query.status || run.status === query.status,
  });
  return { payment_runs: page.items, total_count: page.total_count, total_pages: page.total_pages };
}

export type CreateRunInput = {
  statement_ids?: string[];
  execution_date?: string;
  label_id?: string;
  exchange_rates?: ExchangeRateInput[];
};

/**
 * A draft run of the chosen statements (or of every statement a run can pay): each must be the
 * company's (else 404), due, and of an account with nothing in the way (else a field error naming
 * the statement and why). A statement whose method pays another currency is converted at the rate
 * given for its pair of currencies (else a field error naming the pair and who needs it).
 */
export async function createRun(tenantId: string, userId: string, input: CreateRunInput): Promise<PaymentRun> {
  if (input.statement_ids)
    for (const id of input.statement_ids) if (!(await getStatement(tenantId, id))) throw new NotFound('Statement');
  const accounts = await dueAccounts(tenantId, input.label_id, input.execution_date);
  const chosen = input.statement_ids ? new Set(input.statement_ids) : null;
  const problems: string[] = [];
  const items: PaymentRunItem[] = [];
  const rates = new Map((input.exchange_rates ?? []).map((r) => [pairKey(r.from, r.to), r]));
  const ratesUsed = new Map<string, ExchangeRateInput>();
  const missingRates = new Map<string, string[]>();
  for (const account of accounts) {
    const picked = account.items.filter((s) => !chosen || chosen.has(s.statementId));
    if (!picked.length) {
      // An earlier statement alone: its balance is in the due one, which is the one to pay.
      const carried = account.carried.filter((s) => chosen?.has(s.statementId));
      if (carried.length)
        problems.push(
          ...carried.map((s) =>
            MESSAGES.statementCarriedForward(s.number, account.items[account.items.length - 1].number),
          ),
        );
      continue;
    }
    if (account.problems.length || !account.method) {
      if (chosen)
        problems.push(
          `${picked.map((s) => s.number).join(', ')} (${account.name}): ` +
            account.problems.map((p) => DUE_PROBLEM_TEXT[p]).join('; '),
        );
      continue;
    }
    const method: PayoutMethod = account.method;
    const pair = pairKey(account.currency, account.pay_currency);
    const rate = account.pay_currency === account.currency ? null : rates.get(pair);
    if (rate === undefined) {
      missingRates.set(pair, [...(missingRates.get(pair) ?? []), account.name]);
      continue;
    }
    if (rate) ratesUsed.set(pair, rate);
    for (const statement of picked) {
      const amount = statementPayout(statement).total;
      items.push({
        statement_id: statement.statementId,
        statement_number: statement.number,
        account: account.account,
        name: account.name,
        amount,
        currency: statement.currency,
        method,
        ...(rate
          ? { converted: { currency: rate.to, rate: rate.rate, amount: convertedAmount(amount, rate.rate) } }
          : {}),
        ...(account.carried.length ? { carried_statement_numbers: account.carried.map((s) => s.number) } : {}),
        // What to know before the run pays it, as of its payment date (a tax form run out by then).
        ...(account.warnings.length ? { warnings: account.warnings } : {}),
        payment_id: null,
      });
    }
  }
  if (missingRates.size)
    throw new BadRequest(MESSAGES.exchangeRateNeeded, {
      exchange_rates: [...missingRates].map(([pair, names]) => MESSAGES.exchangeRateMissing(pair, names)),
    });
  const due = new Set(accounts.flatMap((a) => [...a.statement_ids, ...a.carried.map((s) => s.statementId)]));
  for (const id of chosen ?? []) {
    if (due.has(id)) continue;
    const statement = await getStatement(tenantId, id);
    problems.push(`${statement?.number ?? id}: not due (paid, superseded or paying nothing)`);
  }
  if (problems.length)
    throw new BadRequest(`These statements cannot be paid in a run: ${problems.join('. ')}`, {
      statement_ids: problems,
    });
  if (!items.length)
    throw new BadRequest('Nothing is due that a payment run can pay', {
      statement_ids: ['Nothing is due that a payment run can pay: see the problems listed beside each payee'],
    });
  const run = await createPaymentRun({
    tenantId,
    runId: ulid(),
    status: 'draft',
    execution_date: input.execution_date ?? today(),
    items,
    files: [],
    ...(ratesUsed.size ? { exchange_rates: [...ratesUsed.values()] } : {}),
    createdBy: userId,
  });
  return presentPaymentRun(run);
}

/** Each item with its account's details in the clear, checked still to be what the run was made with. */
async function fileRows(tenantId: string, items: readonly PaymentRunItem[]): Promise<FileRow[]> {
  const rows: FileRow[] = [];
  const stale: string[] = [];
  const detailsOf = new Map<string, Awaited<ReturnType<typeof openPayoutDetails>>>();
  for (const item of items) {
    const key = accountKeyOf(item.account);
    if (!detailsOf.has(key)) detailsOf.set(key, await openPayoutDetails(tenantId, item.account));
    const details = detailsOf.get(key);
    if (!details || details.method !== item.method) stale.push(`${item.name} (${item.statement_number})`);
    else rows.push({ item, details });
  }
  if (stale.length)
    throw new Conflict(
      `The payout details changed since the run was made: ${stale.join(', ')}. Cancel it and make a new run`,
      { payout_details: stale.map((who) => `${who}: payout details changed since the run was made`) },
    );
  return rows;
}

/**
 * Every item's statement still its account's due one by the rule recordPayment applies
 * (due-rule.ts: unpaid, in force, not carried into a newer statement, not counting money paid
 * since it was made), with the amount the run holds. Export checks it before making the files and
 * confirm before the first payment: so a file never holds a statement confirm would refuse, and a
 * run confirm refuses has paid nothing (cancel it).
 */
async function checkStillDue(tenantId: string, items: readonly PaymentRunItem[], doing: 'export' | 'confirm') {
  const gone: string[] = [];
  const dueOf = new Map<string, { due: Map<string, StatementItem>; refused: Map<string, string> }>();
  for (const item of items) {
    const key = accountKeyOf(item.account);
    if (!dueOf.has(key)) {
      const [account, entries] = await Promise.all([
        statementsOfAccount(tenantId, key),
        entriesOfAccount(tenantId, key),
      ]);
      const { due, refused } = accountOwes(account, entries);
      dueOf.set(key, {
        due: new Map(due.map((s) => [s.statementId, s])),
        refused: new Map(refused.map((r) => [r.statement.statementId, r.reason])),
      });
    }
    const statement = dueOf.get(key)?.due.get(item.statement_id);
    if (!statement || !new Big(statementPayout(statement).total).eq(item.amount))
      gone.push(dueOf.get(key)?.refused.get(item.statement_id) ?? `${item.statement_number} is no longer due`);
  }
  if (gone.length)
    throw new Conflict(
      doing === 'export'
        ? `These statements cannot be paid: ${gone.join('. ')}. Cancel the run and make a new one`
        : `These statements cannot be paid: ${gone.join('. ')}. Nothing was paid: cancel the run and make a new one`,
      { statement_ids: gone },
    );
}

/**
 * Export: the run's files, each checked (the SEPA file against the EPC schema and its amounts to
 * the cent), stored, and the run frozen — all files or none. Exporting an exported run answers it.
 */
export async function exportRun(tenantId: string, runId: string): Promise<PaymentRun> {
  const run = await runOf(tenantId, runId);
  if (run.status === 'exported' || run.status === 'confirming' || run.status === 'confirmed')
    return presentPaymentRun(run);
  if (run.status === 'cancelled') throw new Conflict('This payment run was cancelled');
  await checkStillDue(tenantId, run.items, 'export');
  const [rows, debtor, sender] = await Promise.all([
    fileRows(tenantId, run.items),
    openDebtorAccount(tenantId),
    statementSender(tenantId),
  ]);
  const made = bankFiles(rows, {
    runId,
    executionDate: run.execution_date,
    companyName: sender.name,
    debtor,
    now: new Date(),
  });
  if ('problems' in made) throw new BadRequest('The bank files could not be made', made.problems);
  const attempt = ulid();
  const files = await Promise.all(made.files.map((file) => storeRunFile(tenantId, runId, attempt, file)));
  const frozen = await movePaymentRun(tenantId, runId, ['draft'], {
    status: 'exported',
    files,
    exportedAt: new Date().toISOString(),
  });
  if (!frozen) await removeAttemptFiles(files);
  const now = await runOf(tenantId, runId);
  if (!frozen && now.status === 'cancelled') throw new Conflict('This payment run was cancelled');
  return presentPaymentRun(now);
}

/** A presigned download of one of the run's files; who downloaded it is logged (it holds bank details in full). */
export async function runFileUrl(tenantId: string, userId: string, runId: string, name: string) {
  const run = await runOf(tenantId, runId);
  const file = (run.files ?? []).find((f) => f.name === name);
  if (!file) throw new NotFound('File');
  await createLog({
    userId,
    logId: ulid(),
    action: 'download',
    subject: `Bank file ${name} of the payment run of ${formatDate(run.execution_date)}`,
  }).catch((error: unknown) => console.error('bank file download not logged', error));
  const filename = `payment-run-${run.execution_date}-${name}`;
  return { url: await downloadUrl(file.key, filename), filename };
}

/**
 * The reference a payment made by a run is recorded with in the product: the run's day as the product writes days and
 * the statements it paid ("Payment run of 1st Dec 2026: ST-000002"), within the payment's 200 characters. Never the
 * run's id: people read it beside their bank statement, whose lines name the statements ("Royalty statement
 * ST-000002"). It never goes to a bank: the bank files carry their own references (files/sepa.ts, uk-bulk.ts,
 * wise.ts), kept to each scheme's characters and lengths (files/bank-text.ts) and free of dates in words, since a
 * bank may cut or refuse them.
 */
function runPaymentReference(executionDate: string, items: readonly { statement_number: string }[]): string {
  const words = `Payment run of ${formatDate(executionDate)}: ${items.map((i) => i.statement_number).join(', ')}`;
  return words.length <= 200 ? words : `${words.slice(0, 199)}…`;
}

/**
 * Confirm: the bank accepted the files, so each account's statements are paid through
 * recordPayment, keyed by run and account. First every statement is checked by the rule
 * recordPayment applies (none paid yet if one is refused: the run can still be cancelled), then
 * the run moves to confirming (a cancel racing it loses, or wins before anything is paid), then
 * the payments are recorded. A confirmed run answers as it is; a confirmation cut off half-way
 * (a crash, a timeout) is finished by the next confirm or by resuming it, whose recordPayment
 * calls find the payments already made under their keys: nothing is paid twice.
 */
export async function confirmRun(
  tenantId: string,
  userId: string,
  runId: string,
  paymentDate?: string,
): Promise<PaymentRun> {
  const run = await runOf(tenantId, runId);
  if (run.status === 'confirmed') return presentPaymentRun(run);
  if (run.status === 'draft') throw new Conflict("Export the run's bank files before confirming it");
  if (run.status === 'cancelled') throw new Conflict('This payment run was cancelled');
  if (run.status === 'exported') {
    await checkStillDue(tenantId, run.items, 'confirm').catch(async (error: unknown) => {
      // A second confirmation (a double click) that read the run before the first one began paying it finds the
      // statements paid by this very run: it carries on with the first instead of saying nothing was paid. Only a
      // run still exported, which nobody began confirming, is refused.
      if (!(error instanceof Conflict) || (await runOf(tenantId, runId)).status === 'exported') throw error;
    });
    const began = await movePaymentRun(tenantId, runId, ['exported'], {
      status: 'confirming',
      confirmingSince: new Date().toISOString(),
      confirmedBy: userId,
      payment_date: paymentDate ?? run.execution_date,
    });
    if (!began && (await runOf(tenantId, runId)).status === 'cancelled')
      throw new Conflict('This payment run was cancelled');
  }
  return presentPaymentRun(await finishConfirming(tenantId, runId));
}

/**
 * Records the payments of a confirming run that are not recorded yet, each once, then marks the
 * run confirmed with each item's payment. An account whose statements were paid or corrected by
 * something else since the check is left unpaid, saying why (the run still finishes). Finishing a
 * run that is not confirming changes nothing.
 */
export async function finishConfirming(tenantId: string, runId: string): Promise<PaymentRunItemRecord> {
  const run = await runOf(tenantId, runId);
  if (run.status !== 'confirming') return run;
  const userId = run.confirmedBy ?? run.createdBy ?? '';
  const byAccount = new Map<string, PaymentRunItem[]>();
  for (const item of run.items) {
    const key = accountKeyOf(item.account);
    byAccount.set(key, [...(byAccount.get(key) ?? []), item]);
  }
  const paid = new Set(run.paid_accounts ?? []);
  const notPaid = new Map<string, string>();
  for (const [accountKey, items] of byAccount) {
    if (paid.has(accountKey)) continue;
    const input: RecordPaymentInput = {
      statement_ids: items.map((i) => i.statement_id),
      payment_date: run.payment_date ?? run.execution_date,
      payment_method: PAYOUT_METHOD_NAMES[items[0].method],
      // In the words the bank file used for each statement, so the payment reads as the bank statement does.
      payment_reference: runPaymentReference(run.execution_date, items),
      payment_run_id: runId,
      idempotency_key: runPaymentKey(runId, accountKey),
      // The rate the run's file converted at: the payment records what left the bank, worked out the same way.
      ...(items[0].converted
        ? { convert_to: { currency: items[0].converted.currency, rate: items[0].converted.rate } }
        : {}),
    };
    // Two confirmations at once: the one that loses the race finds the statements paid before it
    // finds the payment under the key; asking again answers the winner's payment. A statement
    // paid by anything else is refused again: the account stays unpaid, saying why.
    await recordPayment(tenantId, userId, input)
      .catch((error: unknown) => {
        if (error instanceof Conflict) return recordPayment(tenantId, userId, input);
        throw error;
      })
      .catch((error: unknown) => {
        if (!(error instanceof Conflict)) throw error;
        notPaid.set(accountKey, error.message);
      });
  }
  const now = await runOf(tenantId, runId);
  const items = itemsWithPayments(now).map((item) => {
    const why = notPaid.get(accountKeyOf(item.account));
    return why && !item.payment_id ? { ...item, not_paid: why } : item;
  });
  await movePaymentRun(tenantId, runId, ['confirming'], {
    status: 'confirmed',
    items,
    confirmedAt: new Date().toISOString(),
  });
  return runOf(tenantId, runId);
}

/**
 * Cancel before any payment: its statements are free for another run; its files stay for the
 * record. The cancelling write itself refuses a run that is confirming or has recorded a payment,
 * so a cancel racing a confirm never leaves payments behind a cancelled run.
 */
export async function cancelRun(tenantId: string, runId: string): Promise<PaymentRun> {
  const run = await runOf(tenantId, runId);
  if (run.status === 'cancelled') return presentPaymentRun(run);
  if (!(await cancelPaymentRun(tenantId, runId))) {
    const now = await runOf(tenantId, runId);
    if (now.status === 'confirmed')
      throw new Conflict('A confirmed payment run cannot be cancelled: delete its payments instead');
    if (now.status !== 'cancelled') throw new Conflict(MESSAGES.paymentRunPaying);
  }
  return presentPaymentRun(await runOf(tenantId, runId));
}
