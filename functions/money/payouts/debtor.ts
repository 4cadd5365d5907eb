import { ulid } from 'ulid';
import { humanizeField } from '../../../shared/messages.js';
import { lastFour, normaliseBic, normaliseIban } from '../../../shared/bank-details.js';
import type { DebtorAccountView } from '../../../shared/schemas/payment-views.js';
import {
  debtorAccountProblems,
  type DebtorAccount,
  type DebtorAccountInput,
} from '../../../shared/schemas/payout-details.js';
import { createLog } from '../../data/access/logs.js';
import { getDebtorAccount, putDebtorAccount } from '../../data/access/payouts.js';
import type { DebtorAccountItem } from '../../data/entities/payouts.js';
import { BadRequest } from '../../lib/errors.js';
import { open, seal } from '../../lib/sealed.js';

/**
 * The company's own bank account a SEPA file pays from (the file's debtor), sealed like payees'
 * details, answered masked, and every change logged without its values.
 */
const sealContext = (tenantId: string) => `debtor#${tenantId}`;

function presentDebtorAccount(item: DebtorAccountItem | null): DebtorAccountView {
  return {
    name: item?.name ?? null,
    iban_last4: item?.iban_last4 ?? null,
    bic: item?.bic ?? null,
    uk_bulk_amounts: item?.uk_bulk_amounts ?? 'pounds',
    complete: Boolean(item),
    updated_at: item?.updatedAt ?? null,
    updated_by: item?.updatedBy ?? null,
  };
}

/** The company's debtor account in the clear (for the SEPA file); null when none is set. */
export async function openDebtorAccount(tenantId: string): Promise<DebtorAccount | null> {
  const item = await getDebtorAccount(tenantId);
  if (!item) return null;
  const { iban } = await open<{ iban: string }>(item.sealed, sealContext(tenantId));
  return { name: item.name, iban, bic: item.bic, uk_bulk_amounts: item.uk_bulk_amounts };
}

export async function debtorAccountView(tenantId: string): Promise<DebtorAccountView> {
  return presentDebtorAccount(await getDebtorAccount(tenantId));
}

/** Saves the debtor account; an IBAN left out keeps the stored one (the browser only has its last four). */
export async function updateDebtorAccount(
  tenantId: string,
  userId: string,
  input: DebtorAccountInput,
): Promise<DebtorAccountView> {
  const stored = await openDebtorAccount(tenantId);
  const account: DebtorAccount = {
    name: input.name,
    iban: normaliseIban(input.iban?.trim() || stored?.iban || ''),
    bic: normaliseBic(input.bic?.trim() || stored?.bic || ''),
    uk_bulk_amounts: input.uk_bulk_amounts,
  };
  const problems = debtorAccountProblems(account);
  if (Object.keys(problems).length)
    throw new BadRequest(
      'The bank account is not complete',
      Object.fromEntries(Object.entries(problems).map(([field, text]) => [field, [text]])),
    );
  const saved = await putDebtorAccount({
    tenantId,
    name: account.name,
    sealed: await seal({ iban: account.iban }, sealContext(tenantId)),
    iban_last4: lastFour(account.iban),
    bic: account.bic,
    uk_bulk_amounts: account.uk_bulk_amounts,
    updatedBy: userId,
  });
  const changed = (['name', 'iban', 'bic', 'uk_bulk_amounts'] as const).filter(
    (field) => stored?.[field] !== account[field],
  );
  if (changed.length)
    await createLog({
      userId,
      logId: ulid(),
      action: 'update',
      subject: `Company bank account changed: ${changed.map((field) => humanizeField(field, { inSentence: true })).join(', ')}`,
    }).catch((error: unknown) => console.error('debtor account change not logged', error));
  return presentDebtorAccount(saved);
}
