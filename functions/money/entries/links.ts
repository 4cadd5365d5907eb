import { accountHolder, type AccountHolder } from '../accounts/account.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import { releaseExists, statementNumber } from '../../data/access/accounts.js';
import { getLabel } from '../../data/access/labels.js';
import { Conflict, InvalidField } from '../../lib/errors.js';

/**
 * What an expense or account entry links to must be the company's own: another company's label,
 * payee, artist or release is refused naming the field, as if it did not exist.
 */

/** The holder of an account the input names, or a 400 on `field`. */
export async function checkAccount(tenantId: string, account: AccountRef, field: string): Promise<AccountHolder> {
  const holder = await accountHolder(tenantId, account);
  if (!holder) throw new InvalidField(field, `${account.type} not found in this company`);
  return holder;
}

export async function checkLabel(tenantId: string, labelId: string, field: string): Promise<void> {
  if (!(await getLabel(tenantId, labelId))) throw new InvalidField(field, 'Label not found in this company');
}

export async function checkRelease(tenantId: string, releaseId: string, field = 'release_id'): Promise<void> {
  if (!(await releaseExists(tenantId, releaseId))) throw new InvalidField(field, 'Release not found in this company');
}

/** Refuses a change to what a published statement carries (409 naming the statement). */
export async function refuseIfOnStatement(tenantId: string, what: string, statementId: string | undefined) {
  if (statementId) throw new Conflict(MESSAGES.onStatement(what, await statementNumber(tenantId, statementId)));
}
