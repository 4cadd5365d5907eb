import { accountKeyOf } from '../../functions/money/index.js';
import { ulid } from 'ulid';
import { listCompanies } from '../../functions/data/access/companies.js';
import { isSeeded, markSeeded } from '../../functions/data/access/reference.js';
import { listImports } from '../../functions/data/access/royalty-imports.js';
import { createAccountEntry } from '../../functions/data/access/accounts.js';
import { createExpense } from '../../functions/data/access/expenses.js';
import { tenantRows } from '../../functions/catalogue/tenant-lists.js';
import { tenantResource } from '../../functions/catalogue/tenant-resources.js';
import { startRun } from '../../functions/money/statements/runs/start-run.js';
import { updateDebtorAccount } from '../../functions/money/payouts/debtor.js';
import { updatePayoutDetails } from '../../functions/money/payouts/details.js';

/**
 * A published quarter for the demo: Aurora Vale, the payee of both demo recordings
 * (seed-catalogue.ts), gets an advance and a recoupable mastering expense, and once
 * the demo sales report is imported (seed-royalties.ts; the worker reads it after start-up) a
 * statement run for 2026-Q3 is started and published like any other, so a newcomer finds a
 * statement, its PDF and its drill-down at once. Runs in the background of the start and waits
 * for the import; seeded once.
 */
const MARKER = 'demo-statements-v1';
const IMPORT_WAIT_MS = 180_000;

export function seedDemoStatementsLater(stopped: () => boolean): void {
  void seedDemoStatements(stopped).catch((error: unknown) => {
    // Stopping the cloud mid-way is not a failure worth a warning.
    if (!stopped())
      console.warn(`Demo statement not seeded: ${error instanceof Error ? error.message : String(error)}`);
  });
}

async function seedDemoStatements(stopped: () => boolean): Promise<void> {
  const company = (await listCompanies()).find((c) => c.name === 'Northern Lights Records');
  if (!company) return;
  const tenantId = company.companyId;
  await seedDemoPayouts(tenantId);
  if (await isSeeded(MARKER)) return;
  const deadline = Date.now() + IMPORT_WAIT_MS;
  while (!(await listImports(tenantId)).some((item) => item.status === 'done')) {
    if (stopped() || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (stopped()) return;

  const payee = (await tenantRows(tenantResource('payees'), tenantId)).find((row) => row.name === 'Aurora Vale');
  if (!payee) return;
  const account = accountKeyOf({ type: 'Payee', id: String(payee.id) });
  await createAccountEntry({
    tenantId,
    accountKey: account,
    entryId: ulid(),
    kind: 'advance',
    amount: '-4.00',
    date: '2026-07-01',
    description: 'Advance on the Northern Lights EP',
  });
  await createExpense({
    tenantId,
    expenseId: ulid(),
    type: 'Expense',
    date: '2026-08-12',
    description: 'Mastering',
    supplier: 'Harbour Mastering',
    category: 'Mastering',
    tags: ['EP'],
    recoupable: true,
    recoupable_percentage: 50,
    subtotal: '3.00',
    vat: '0.00',
    total: '3.00',
    paid: true,
    accountKey: account,
  });
  await startRun(tenantId, {
    kind: 'payee',
    start_pay_period: '2026-07',
    end_pay_period: '2026-09',
    publishNow: true,
    runId: 'demo-2026-q3',
  });
  await markSeeded(MARKER);
}

const PAYOUTS_MARKER = 'demo-payouts-v1';

/**
 * Payouts for the demo: Aurora Vale is paid by UK bank transfer (sort code and account
 * number, GBP like the demo statement) and the company has its own bank account, so a payment run
 * of the demo statement exports, downloads and confirms on `npm start`. Sealed like any details
 * saved through the API; seeded once (its own marker, so an existing demo state gets it too).
 */
async function seedDemoPayouts(tenantId: string): Promise<void> {
  if (await isSeeded(PAYOUTS_MARKER)) return;
  const payee = (await tenantRows(tenantResource('payees'), tenantId)).find((row) => row.name === 'Aurora Vale');
  if (!payee) return;
  await updatePayoutDetails(
    tenantId,
    'demo-seed',
    { type: 'Payee', id: String(payee.id) },
    {
      method: 'uk_bulk',
      account_name: 'Aurora Vale',
      sort_code: '20-00-00',
      account_number: '55779911',
      currency: undefined,
      iban: undefined,
      bic: undefined,
      email: undefined,
    },
  );
  await updateDebtorAccount(tenantId, 'demo-seed', {
    name: 'Northern Lights Records',
    iban: 'GB33BUKB20201555555555',
    bic: 'BUKBGB22',
    uk_bulk_amounts: 'pounds',
  });
  await markSeeded(PAYOUTS_MARKER);
}
