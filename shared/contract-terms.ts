import Big from 'big.js';
import type { ContractMetadata, RoyaltyTerm, RoyaltyTerms, TermConditions } from './schemas/contracts.js';
import { formatPercent } from './format.js';

/**
 * The contract's royalty terms in words, and the rule for which term applies to a sale. The term
 * editor and the contract document both use these functions, so the page and the paper never disagree.
 */

const BASE_WORDS: Record<RoyaltyTerm['base'], string> = {
  gross: 'gross receipts',
  net_receipts: 'net receipts',
  ppd: 'the published price to dealer',
};
const CHANNEL_WORDS: Record<NonNullable<TermConditions['channel']>, string> = {
  streaming: 'streaming',
  download: 'download',
  physical: 'physical',
  licensing: 'licensing and sync',
  other: 'other',
};

/** "18%": an exact decimal as written, without trailing zeros. */
function pct(value: string): string {
  return formatPercent(new Big(value).toString());
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Which sales the conditions cover, in words: "on CD sales in GB". Empty conditions cover "all sales". */
function conditionWords(conditions: TermConditions): string {
  const kind = [conditions.configuration, conditions.channel && CHANNEL_WORDS[conditions.channel]]
    .filter(Boolean)
    .join(' ');
  let words = `on ${kind ? `${kind} sales` : 'all sales'}`;
  if (conditions.store) words += ` through ${conditions.store}`;
  if (conditions.territories_in?.length) words += ` in ${list(conditions.territories_in)}`;
  if (conditions.territories_out?.length) words += ` outside ${list(conditions.territories_out)}`;
  return words;
}

/**
 * One term in words: "18 % of the published price to dealer, less 25 % packaging, on CD sales in GB".
 * The packaging deduction shows when the term's configuration has one.
 */
export function termWords(term: RoyaltyTerm, packaging: RoyaltyTerms['packaging_deductions'] = {}): string {
  const parts = [`${pct(term.rate)} of ${BASE_WORDS[term.base]}`];
  const config = term.conditions.configuration;
  const deduction = config ? packaging[config] : undefined;
  if (deduction && new Big(deduction).gt(0)) parts.push(`less ${pct(deduction)} packaging`);
  parts.push(conditionWords(term.conditions));
  return parts.join(', ');
}

/** How specific a term is: the number of conditions it sets. The most specific matching term wins. */
export function specificity(conditions: TermConditions): number {
  return [
    conditions.channel,
    conditions.configuration,
    conditions.territories_in?.length ? 1 : undefined,
    conditions.territories_out?.length ? 1 : undefined,
    conditions.store,
  ].filter((c) => c !== undefined).length;
}

/** A sale as the statements engine sees it, for choosing the term that applies. */
export type SaleFacts = { channel?: string; configuration?: string; territory?: string; store?: string };

/** Letter case never makes a difference: "CD" on a term matches a ledger's "cd", "gb" matches "GB". */
const same = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toUpperCase() === b.toUpperCase();

function termMatches(conditions: TermConditions, sale: SaleFacts): boolean {
  if (conditions.channel && conditions.channel !== sale.channel) return false;
  if (conditions.configuration && !same(conditions.configuration, sale.configuration)) return false;
  if (conditions.store && !same(conditions.store, sale.store)) return false;
  const inList = (list: string[]) => list.some((t) => same(t, sale.territory));
  if (conditions.territories_in?.length && !inList(conditions.territories_in)) return false;
  if (conditions.territories_out?.length && inList(conditions.territories_out)) return false;
  return true;
}

/**
 * The term that applies to a sale: among the terms whose conditions match, the one with the most
 * conditions. Two terms with identical conditions are refused when saved, so the choice is never a coin toss.
 */
export function winningTerm(terms: readonly RoyaltyTerm[], sale: SaleFacts): RoyaltyTerm | undefined {
  let best: RoyaltyTerm | undefined;
  for (const term of terms)
    if (termMatches(term.conditions, sale) && (!best || specificity(term.conditions) > specificity(best.conditions)))
      best = term;
  return best;
}

/** The conditions as one comparable key: territory order and letter case do not make two terms different. */
function conditionKey(c: TermConditions): string {
  const sorted = (xs?: string[]) => (xs?.length ? [...xs].map((x) => x.toUpperCase()).sort() : []);
  return JSON.stringify([
    c.channel ?? '',
    c.configuration?.toUpperCase() ?? '',
    sorted(c.territories_in),
    sorted(c.territories_out),
    c.store?.toUpperCase() ?? '',
  ]);
}

/**
 * What the schema cannot say about a deal: two terms for the same sales, an escalation without one threshold or
 * naming a term the contract does not have. The API refuses with it and the contract page says it before saving.
 */
export function royaltyTermsProblem(royalty: RoyaltyTerms): { field: string; text: string } | null {
  const tie = termTieError(royalty.terms);
  if (tie) return { field: 'royalty_terms.terms', text: tie };
  if (royalty.escalations.some((e) => !e.threshold_units && !e.threshold_revenue))
    return { field: 'royalty_terms.escalations', text: 'Each escalation needs a threshold in units or revenue' };
  if (royalty.escalations.some((e) => e.threshold_units !== undefined && e.threshold_revenue !== undefined))
    return {
      field: 'royalty_terms.escalations',
      text: 'An escalation’s threshold is in units or in revenue, not both',
    };
  if (royalty.escalations.some((e) => e.term !== undefined && e.term > royalty.terms.length))
    return { field: 'royalty_terms.escalations', text: 'An escalation names a term the contract does not have' };
  return null;
}

/** "Terms 2 and 3 apply to the same sales: make one more specific", or null when every term is distinct. */
export function termTieError(terms: readonly RoyaltyTerm[]): string | null {
  const seen = new Map<string, number>();
  for (const [i, term] of terms.entries()) {
    const key = conditionKey(term.conditions);
    const first = seen.get(key);
    if (first !== undefined) return `Terms ${first + 1} and ${i + 1} apply to the same sales: make one more specific`;
    seen.set(key, i);
  }
  return null;
}

/** A contract ends on or after the day it starts (or runs until it is terminated: no end date). */
export function contractDatesProblem(start: string, end: string | null | undefined): string | null {
  return end && end < start ? 'End date must be on or after the start date' : null;
}

/** Payee splits must add up to exactly 100 % (exact decimals); none is fine while the contract has no payees. */
export function payeeSplitError(payees: readonly { payee_id: string; share: string }[]): string | null {
  if (!payees.length) return null;
  const ids = new Set(payees.map((p) => p.payee_id));
  if (ids.size !== payees.length) return 'A payee is listed twice';
  const total = payees.reduce((sum, p) => sum.plus(p.share), new Big(0));
  return total.eq(100)
    ? null
    : `Payee shares must add up to ${formatPercent(100)} (they add up to ${formatPercent(total.toString())})`;
}

/**
 * The defaults a new contract starts with: digital, world, life of copyright, release within 12 months of signing,
 * and delivery 30 days after signing, counted from the start date: a contract is made before it is signed, and its
 * document (which names the delivery date) is what gets signed, so the date is set when it is made and edited by hand,
 * never moved when the contract is marked signed.
 */
export function defaultMetadata(startDate: string): ContractMetadata {
  const delivery = new Date(`${startDate}T00:00:00Z`);
  delivery.setUTCDate(delivery.getUTCDate() + 30);
  return {
    formats: 'Digital',
    territory: 'World',
    term: 'Life of Copyright',
    delivery_date: delivery.toISOString().slice(0, 10),
    release_commitment: 'Release within 12 months of signing',
  };
}
