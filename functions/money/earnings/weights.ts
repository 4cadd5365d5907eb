import { accountKeyOf, accountOfKey } from '../accounts/account.js';
import Big from 'big.js';
import { ARTIST_ROW_SHARES } from '../../../shared/catalogue.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import { coverWords, onNetReceipts, type EngineContract } from './contract-cover.js';
import type { EscalatedSet } from './escalation-plan.js';

/**
 * Who is owed what on each recording and release (docs/statements.md), as
 * exact fractions of a line's label share. A weight set is one recording's parties for one
 * format class (or one release's, or one label's for distribution statements): each party's
 * numerator over the set's common denominator, the label's retained part included (account 0),
 * so the numerators always add up to the denominator. The engine's SQL divides a line's units by
 * these with the largest-remainder method (allocation.ts).
 */
const FORMAT_CLASSES = ['digital', 'physical', 'licensing'] as const;
type FormatClass = (typeof FORMAT_CLASSES)[number];
const CLASS_SHARE_FIELD: Record<FormatClass, keyof typeof ARTIST_ROW_SHARES> = {
  digital: 'digital_royalty_share',
  physical: 'physical_royalty_share',
  licensing: 'licensing_royalty_share',
};

/**
 * SQL: a line's format class from its sales_format and sales_category (evaluated on the distinct
 * pairs, not per line). Physical names a carrier; licensing a licence or sync; else digital.
 */
export function formatClassSql(format: string, category: string): string {
  const text = `lower(concat_ws(' ', ${format}, ${category}))`;
  return `CASE WHEN regexp_matches(${text}, '\\b(cd|cds|vinyl|lp|lps|cassettes?|physical|dvd|blu-?ray)\\b') THEN 'physical'
    WHEN regexp_matches(${text}, 'licen|sync') THEN 'licensing' ELSE 'digital' END`;
}

type Row = Record<string, unknown>;
export type StatementCatalogue = {
  recordings: {
    id: string;
    title?: string;
    isrc?: string;
    display_artists?: string;
    artist_recordings?: unknown;
    recording_payees?: unknown;
  }[];
  releases: {
    id: string;
    title?: string;
    upc?: string;
    label_id?: string;
    display_artists?: string;
    artist_releases?: unknown;
    /** Its products (format, dealer price …): a term on the published price to dealer reads the dealer price. */
    products?: unknown;
  }[];
  artists: { id: string; name?: string; email?: string; artist_members?: { payee_id?: string; active?: boolean }[] }[];
  payees: { id: string; name?: string; email?: string }[];
  labels: { id: string; name?: string; email?: string }[];
  imports: {
    id: string;
    source: string | null;
    filename: string | null;
    payment_date: string | null;
    /** A flagged import nobody accepted yet (import/held.ts): its lines are left out of every statement. */
    held?: boolean;
    problems?: string[];
  }[];
  /** The company's contracts (contract-cover.ts): a covered line is split by its contract's term. */
  contracts?: EngineContract[];
};

/** A party's weight: numerator / denominator of the line's label share. */
type Fraction = { account: string; num: bigint; den: bigint };

type AccountRow = { acct_no: number; account_key: string; type: AccountRef['type']; id: string };
type WeightSet = {
  ws_id: number;
  /** The split this set divides by: sets with the same parties and numerators share one (allocation.ts splits once per split). */
  sid: number;
  kind: 'recording' | 'release' | 'label' | 'term';
  /** A term set's owner: `contract id:version:term index` (or `none` when no term applies), see termSetId. */
  owner_id: string;
  /** A term set's words for the statement line: the contract and the term that applied. */
  term?: string;
  /** A term set's contract: a payee's earnings under it recoup its balance when the statement is published. */
  contract_id?: string;
  cls: FormatClass | null;
  den: bigint;
  /** The weights' total in percent when above 100 (then scaled to 100), else null. */
  over_total: string | null;
  /** The artists whose shares feed this set (an artist's statement sums and lines). */
  artist_ids: string[];
};
/** One party of a split: its numerator over the split's denominator, and its weight in percent (6 decimals). */
type WeightPart = { sid: number; acct_no: number; num: bigint; den: bigint; weight: string };
export type Allocation = {
  accounts: AccountRow[];
  sets: WeightSet[];
  parts: WeightPart[];
  /** The largest numerator of any set: the split's SQL picks 64- or 128-bit integers from it. */
  maxNum: bigint;
};
export const RETAINED = 0;

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : []);
const idOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** A percentage in ten-thousandths of a percent (4 decimals, half-up); null when absent or not a number. */
function percent4(value: unknown): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    return BigInt(new Big(String(value)).times(10_000).round(0, Big.roundHalfUp).toFixed(0));
  } catch {
    return null;
  }
}

const gcd = (a: bigint, b: bigint): bigint => {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y) [x, y] = [y, x % y];
  return x;
};
const lcm = (a: bigint, b: bigint) => (a / gcd(a, b)) * b;

/** 100 × num / den, half-up to `places` decimals, as text. */
function percentText(num: bigint, den: bigint, places: number): string {
  return new Big(String(num)).times(100).div(String(den)).round(places, Big.roundHalfUp).toFixed(places);
}

/** Parties of an artist's weight: its active members with a payee, in equal parts, else the artist itself. */
function artistParties(members: Map<string, string[]>, artistId: string, num: bigint, den: bigint): Fraction[] {
  const payees = members.get(artistId) ?? [];
  if (!payees.length) return [{ account: accountKeyOf({ type: 'Artist', id: artistId }), num, den }];
  const parts = BigInt(payees.length);
  return payees.map((payee) => ({ account: accountKeyOf({ type: 'Payee', id: payee }), num, den: den * parts }));
}

const TEN_6 = 1_000_000n;

/** The owner id of a contract term's weight set. */
export const termSetId = (contractId: string, version: number, termIndex: number | null) =>
  `${contractId}:${version}:${termIndex ?? 'none'}`;

/**
 * A contract's weight sets, one per version and term the engine applies, and one per version for
 * the sales no term covers (the label keeps those). A term on net receipts pays rate × the label's
 * share, divided among the contract's payees by their shares: payee's weight = rate × share.
 * Rates and shares are at most 100 % (the contract's schema), so the payees' part never exceeds
 * the label's share, and the label retains the rest.
 */
function contractSets(contracts: readonly EngineContract[]) {
  const sets: { set: Omit<WeightSet, 'ws_id' | 'sid' | 'den' | 'over_total'>; parties: Fraction[] }[] = [];
  for (const contract of contracts) {
    if (contract.status === 'draft') continue;
    for (const version of contract.versions) {
      const none = { contract, version, term_index: null };
      sets.push({
        set: {
          kind: 'term',
          owner_id: termSetId(contract.id, version.version, null),
          cls: null,
          artist_ids: [],
          term: coverWords(none),
          contract_id: contract.id,
        },
        parties: [],
      });
      version.royalty_terms.terms.forEach((term, term_index) => {
        if (!onNetReceipts(term)) return;
        const rate = percent4(term.rate) ?? 0n;
        sets.push({
          set: {
            kind: 'term',
            owner_id: termSetId(contract.id, version.version, term_index),
            cls: null,
            artist_ids: [],
            term: coverWords({ contract, version, term_index }),
            contract_id: contract.id,
          },
          parties: version.contract_payees.map((p) => ({
            account: accountKeyOf({ type: 'Payee', id: p.payee_id }),
            num: rate * (percent4(p.share) ?? 0n),
            den: TEN_12,
          })),
        });
      });
    }
  }
  return sets;
}
const TEN_12 = TEN_6 * TEN_6;

/**
 * The sets escalations add (escalation-plan.ts): a term at its escalated rate, or one group's exact
 * mix of rates where it crosses a threshold. The rate is a fraction, so payee's weight = rate × share
 * stays exact; still at most 100 %, so the payees' part never exceeds the label's share.
 */
function escalatedSets(escalated: readonly EscalatedSet[]) {
  return escalated.map((e) => ({
    set: {
      kind: 'term' as const,
      owner_id: e.owner_id,
      cls: null,
      artist_ids: [],
      term: e.term,
      contract_id: e.contract_id,
    },
    parties: e.payees.map((p) => ({
      account: accountKeyOf({ type: 'Payee', id: p.payee_id }),
      num: e.rate.num * (percent4(p.share) ?? 0n),
      den: e.rate.den * TEN_12,
    })),
  }));
}

/** A recording's parties for one format class; null when it names nobody (its lines are unaccountable). */
function recordingParties(recording: Row, cls: FormatClass, members: Map<string, string[]>) {
  const payees = rowsOf(recording.recording_payees).filter((r) => idOf(r.payee_id));
  if (payees.length)
    return {
      artists: [] as string[],
      parties: payees.map((r) => ({
        account: accountKeyOf({ type: 'Payee', id: String(r.payee_id) }),
        num: percent4(r.split) ?? 0n,
        den: TEN_6,
      })),
    };
  const artists = rowsOf(recording.artist_recordings).filter((r) => idOf(r.artist_id));
  if (!artists.length) return null;
  const field = CLASS_SHARE_FIELD[cls];
  return {
    artists: artists.map((r) => String(r.artist_id)),
    parties: artists.flatMap((r) => {
      const share = percent4(r.payee_share) ?? 0n;
      const classShare = percent4(r[field]) ?? percent4(ARTIST_ROW_SHARES[field]) ?? 0n;
      return artistParties(members, String(r.artist_id), share * classShare, TEN_12);
    }),
  };
}

/** A release's parties (lines matched to the release only): artist_releases payee shares, no format share. */
function releaseParties(release: Row, members: Map<string, string[]>) {
  const artists = rowsOf(release.artist_releases).filter((r) => idOf(r.artist_id));
  if (!artists.length) return null;
  return {
    artists: artists.map((r) => String(r.artist_id)),
    parties: artists.flatMap((r) => artistParties(members, String(r.artist_id), percent4(r.payee_share) ?? 0n, TEN_6)),
  };
}

/**
 * A set's parties over one common denominator: the same account's fractions added, a total over
 * 100 % scaled down to 100 % (the denominator becomes the total), the rest retained, reduced.
 */
function normalise(parties: Fraction[]) {
  const den0 = parties.reduce((d, p) => lcm(d, p.den), 1n);
  const byAccount = new Map<string, bigint>();
  for (const p of parties) byAccount.set(p.account, (byAccount.get(p.account) ?? 0n) + (p.num * den0) / p.den);
  const total = [...byAccount.values()].reduce((a, b) => a + b, 0n);
  const den = total > den0 ? total : den0;
  const nums = [...byAccount].filter(([, num]) => num > 0n);
  const retained = den - total;
  const divisor = [retained, ...nums.map(([, n]) => n)].reduce(gcd, den);
  return {
    den: den / divisor,
    retained: retained / divisor,
    nums: nums.map(([account, num]) => ({ account, num: num / divisor })),
    over_total: total > den0 ? percentText(total, den0, 2) : null,
  };
}

/** Active members with a payee, per artist (a member whose active flag is unset counts as active). */
function memberPayees(artists: StatementCatalogue['artists']): Map<string, string[]> {
  return new Map(
    artists.map((a) => [
      a.id,
      (a.artist_members ?? []).filter((m) => m.active !== false && idOf(m.payee_id)).map((m) => String(m.payee_id)),
    ]),
  );
}

/**
 * The catalogue as weight sets and accounts. Payee statements: a recording's sets per format
 * class, a release's one set. Distribution statements: one set per label, the label owed all of
 * its lines' label share. `extraAccounts` are accounts a run names even without earnings.
 */
export function buildAllocation(
  catalogue: StatementCatalogue,
  kind: 'payee' | 'distribution',
  extraAccounts: AccountRef[] = [],
  escalated: readonly EscalatedSet[] = [],
): Allocation {
  const members = memberPayees(catalogue.artists);
  const raw: { set: Omit<WeightSet, 'ws_id' | 'sid' | 'den' | 'over_total'>; parties: Fraction[] }[] = [];
  if (kind === 'distribution') {
    for (const label of catalogue.labels)
      raw.push({
        set: { kind: 'label', owner_id: label.id, cls: null, artist_ids: [] },
        parties: [{ account: accountKeyOf({ type: 'Label', id: label.id }), num: 1n, den: 1n }],
      });
  } else {
    for (const recording of catalogue.recordings)
      for (const cls of FORMAT_CLASSES) {
        const found = recordingParties(recording as Row, cls, members);
        if (found)
          raw.push({
            set: { kind: 'recording', owner_id: recording.id, cls, artist_ids: found.artists },
            parties: found.parties,
          });
      }
    for (const release of catalogue.releases) {
      const found = releaseParties(release as Row, members);
      if (found)
        raw.push({
          set: { kind: 'release', owner_id: release.id, cls: null, artist_ids: found.artists },
          parties: found.parties,
        });
    }
    raw.push(...contractSets(catalogue.contracts ?? []), ...escalatedSets(escalated));
  }
  const normalised = raw.map((r) => ({ ...r, ...normalise(r.parties) }));
  // Accounts numbered in key order: ties of the largest-remainder method go to the lower number.
  const keys = new Set([
    ...normalised.flatMap((r) => r.nums.map((n) => n.account)),
    ...extraAccounts.map(accountKeyOf),
  ]);
  const accounts = [...keys]
    .sort()
    .map((account_key, index) => ({ acct_no: index + 1, account_key, ...accountOfKey(account_key) }));
  const numbers = new Map(accounts.map((a) => [a.account_key, a.acct_no]));
  const sets: WeightSet[] = [];
  const parts: WeightPart[] = [];
  const splits = new Map<string, number>();
  let maxNum = 1n;
  normalised.forEach((r, index) => {
    const party = [{ account: null, num: r.retained }, ...r.nums]
      .filter((x) => x.num > 0n)
      .map((x) => ({ acct_no: x.account === null ? RETAINED : (numbers.get(x.account) ?? RETAINED), num: x.num }));
    const key = `${r.den}:${party.map((x) => `${x.acct_no}=${x.num}`).join(',')}`;
    let sid = splits.get(key);
    if (sid === undefined) {
      sid = splits.size + 1;
      splits.set(key, sid);
      for (const { acct_no, num } of party) {
        if (num > maxNum) maxNum = num;
        parts.push({ sid, acct_no, num, den: r.den, weight: percentText(num, r.den, 6) });
      }
    }
    sets.push({ ...r.set, ws_id: index + 1, sid, den: r.den, over_total: r.over_total });
  });
  return { accounts, sets, parts, maxNum };
}
