import Big from 'big.js';
import { z } from 'zod';
import type { Money } from './statement-views.js';

/**
 * Paying a statement in another currency than it was stated in: a SEPA transfer pays euro and a UK bank payment
 * pounds, so a pound label paying a payee's euro account converts the payout at a rate the label gives for the run.
 *
 * The one rule: the amount sent = the statement's payout × the rate (units of the sent currency for one unit of the
 * statement's), rounded half-up to the cent, statement by statement (each is a line of the bank file). The
 * account is settled in its own currency by the payable as ever: the rate only says what left the bank.
 */
export type PayoutConversion = {
  /** ISO code of what the bank file pays ("EUR"). */
  currency: string;
  /** Units of `currency` for one unit of the statement's currency, as typed (up to 6 decimals). */
  rate: string;
  /** What the file sends for this statement: the payout × rate, half-up to the cent. */
  amount: Money;
};

/** The most decimals a rate may have: what a bank or a rates page quotes. */
const RATE_DECIMALS = 6;

/** A rate as typed: positive, up to 6 decimals and below a million, read as an exact decimal string. */
export const exchangeRateText = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,6})?$/, `Exchange rate must be a number with up to ${RATE_DECIMALS} decimals (1.165)`)
  // Read as text, never as a number: a rate the pattern refused still reaches this check.
  .refine((rate) => !/^[0.]*$/.test(rate), 'Exchange rate must be more than 0');

/** A payout converted at a rate: half-up to the cent. */
export function convertedAmount(payout: Money, rate: string): Money {
  return new Big(payout).times(rate).round(2, Big.roundHalfUp).toFixed(2);
}

/**
 * Several statements' payouts sent at one rate: each converted on its own (each is a line of the bank file) and the
 * lines added up, as a payment records them and as the payment form shows them before it is recorded.
 */
export function convertedPayouts(payouts: readonly Money[], rate: string): { amounts: Money[]; total: Money } {
  const amounts = payouts.map((payout) => convertedAmount(payout, rate));
  return { amounts, total: amounts.reduce((sum, amount) => sum.plus(amount), new Big(0)).toFixed(2) };
}

/** "GBP→EUR": a pair of currencies as one key, from the statement's currency to the sent one. */
export const pairKey = (from: string, to: string) => `${from.toUpperCase()}→${to.toUpperCase()}`;

/** "1 GBP = 1.165 EUR": a rate in the words a bank's rates page uses. */
export const rateWords = (from: string, to: string, rate: string) => `1 ${from} = ${rate} ${to}`;
