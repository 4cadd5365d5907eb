import { ACCOUNT_TYPES, type AccountRef, type AccountType } from '../../../shared/schemas/statement-views.js';
import { required } from '../../lib/required.js';

/**
 * An account: the payee, artist or label money is owed to. It has three faces, and this file is the only place
 * that turns one into another:
 * - its reference, `{ type: 'Payee', id: '01H…' }` (what the API and the engine pass around);
 * - its key, `Payee#01H…` (what every stored statement, entry, expense, payment and payout detail is filed under);
 * - its holder, the payee, artist or label record behind it (name, email, payout terms), read by `accountHolder`.
 *
 * The key is branded so a string made by hand elsewhere is a type error where a key is expected; keys read back
 * from the store are plain strings, so the readers here accept a string. The format never changes: stored items
 * carry it.
 */
export type AccountKey = string & { readonly __accountKey: unique symbol };

/** { type: 'Payee', id: '01H…' } → "Payee#01H…". */
export const accountKeyOf = (account: AccountRef): AccountKey => `${account.type}#${account.id}` as AccountKey;

/** "Payee#01H…" → { type: 'Payee', id: '01H…' }; null when the text is not an account key. */
export function accountRefOf(accountKey: string): AccountRef | null {
  const at = accountKey.indexOf('#');
  const type = accountKey.slice(0, at);
  if (at < 1 || !(ACCOUNT_TYPES as readonly string[]).includes(type)) return null;
  return { type: type as AccountType, id: accountKey.slice(at + 1) };
}

/** The reference of a key the code itself wrote (a stored statement's, a run's own): it is always valid. */
export const accountOfKey = (accountKey: string): AccountRef =>
  required(accountRefOf(accountKey), `the account of key ${accountKey}`);

/** An account in words when its holder cannot be named (never its id): "a payee", "an artist", "a label". */
export const ACCOUNT_WORDS: Readonly<Record<AccountType, string>> = {
  Payee: 'a payee',
  Artist: 'an artist',
  Label: 'a label',
};

// The holder is read from the store by the data layer; money code reaches it through this module only.
export { accountHolder, type AccountHolder, type AccountHolderOptions } from '../../data/access/accounts.js';
