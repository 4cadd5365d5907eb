import type { RoyaltyTerm, RoyaltyTerms } from '../../../shared/schemas/contracts.js';
import { contractName } from '../../../shared/contract-names.js';
import { termWords, winningTerm } from '../../../shared/contract-terms.js';

/**
 * Which contract, and which of its terms, decides a ledger line (docs/contracts.md, docs/earnings.md).
 *
 * A contract covers a line when:
 * - it is signed (or was, and is now terminated): a draft binds nobody yet;
 * - its subject is the line's: the line's release, else one of the recording's artists (for a line
 *   matched to a release only, the release's artists), else the line's label. The most specific
 *   subject wins: a release's contract before an artist's, an artist's before a label's. Several
 *   contracts on the same subject: the one that started last wins (then the later one made);
 * - the line's pay period falls within the contract's dates (the months of its start and end
 *   dates included; no end date: open-ended).
 * Of the covering contract, the version in force is the last one whose effective date's month is on
 * or before the line's pay period, and of its terms `winningTerm` picks the one for the line's
 * channel, configuration (sales format), territory and store. No contract covers the line: today's
 * rules apply unchanged.
 */
export type EngineContract = {
  id: string;
  contractable_type: 'release' | 'label' | 'artist';
  contractable_id: string;
  status: 'draft' | 'signed' | 'terminated';
  start_date: string;
  end_date?: string | null;
  createdAt?: string;
  contractee_legal_name?: string;
  /** Its type, which its name says (shared/contract-names.ts); without one it is named a "Contract". */
  type?: 'artist_release_contract' | 'licence' | 'generic';
  versions: {
    version: number;
    effective_date: string;
    royalty_terms: RoyaltyTerms;
    contract_payees: { payee_id: string; share: string }[];
  }[];
  /** What its published statements stated, by pay period: the units and revenue its escalations count from. */
  stated?: Record<string, { units: string; revenue: string }>;
};

/** The line's columns that choose its contract and term: lines are grouped by them wherever contracts apply. */
/** The artists a catalogue row's artist_recordings or artist_releases name: a line's artists, which a contract may cover. */
export const artistIdsOf = (rows: unknown): string[] =>
  (Array.isArray(rows) ? (rows as { artist_id?: string }[]) : []).flatMap((r) => (r.artist_id ? [r.artist_id] : []));

export const COVER_COLUMNS = [
  'recording_id',
  'release_id',
  'label_id',
  'pay_period',
  'territory',
  'retailer',
  'sales_format',
  'sales_category',
] as const;

/** A line's facts that choose its contract and term (format class as the engine computes it). */
export type LineFacts = {
  recording_id: string | null;
  release_id: string | null;
  label_id: string | null;
  pay_period: string | null;
  territory: string | null;
  retailer: string | null;
  sales_format: string | null;
  sales_category: string | null;
  cls: 'digital' | 'physical' | 'licensing';
};

/** What decides a covered line: the contract, its version in force, and the term (index) that applies, if any. */
export type Cover = {
  contract: EngineContract;
  version: EngineContract['versions'][number];
  term_index: number | null;
};

const SUBJECT_ORDER = ['release', 'artist', 'label'] as const;
const month = (date: string) => date.slice(0, 7);

/** The line's channel in a term's words: physical and licensing by format class, else streaming or download. */
function channelOf(facts: Pick<LineFacts, 'cls' | 'sales_format' | 'sales_category'>): string {
  if (facts.cls !== 'digital') return facts.cls;
  const text = `${facts.sales_format ?? ''} ${facts.sales_category ?? ''}`.toLowerCase();
  if (text.includes('stream')) return 'streaming';
  if (text.includes('download')) return 'download';
  return 'other';
}

const inForce = (contract: EngineContract, period: string) =>
  contract.status !== 'draft' &&
  month(contract.start_date) <= period &&
  (!contract.end_date || period <= month(contract.end_date));

/**
 * Whether the contract can cover a line of some month from `start` to `end` (YYYY-MM, inclusive; empty: open): a
 * computation over months no contract is in force for covers no line, and skips the contracts' work altogether.
 */
export const inForceWithin = (contract: EngineContract, start: string, end: string) =>
  contract.status !== 'draft' &&
  contract.versions.length > 0 &&
  (!end || month(contract.start_date) <= end) &&
  (!start || !contract.end_date || start <= month(contract.end_date));

/** Later start first, then the later made: the contract that wins among several on one subject. */
const newestFirst = (a: EngineContract, b: EngineContract) =>
  b.start_date.localeCompare(a.start_date) || (b.createdAt ?? b.id).localeCompare(a.createdAt ?? a.id);

export type ContractIndex = {
  /** Contracts by `type#id` of their subject, newest first. */
  bySubject: Map<string, EngineContract[]>;
  /** Artists of each recording and release (a line matched to a release only takes the release's). */
  recordingArtists: Map<string, string[]>;
  releaseArtists: Map<string, string[]>;
  /**
   * What coverOf found, kept for the index's one computation: the contract and version of a (recording, release,
   * label, month), and the term of a (contract version, sale). A period's lines fall into millions of groups (every
   * store and territory apart) but only thousands of each; deciding every group afresh took 4 µs, 9 s for 2,000,000.
   */
  found: { subjects: Map<string, Chosen | null>; versions: Map<EngineContract['versions'][number], Chosen> };
};

/** A contract's version, with the cover of each kind of sale found so far. */
type Chosen = Omit<Cover, 'term_index'> & { covers: Map<string, Cover> };

export function contractIndex(
  contracts: readonly EngineContract[],
  recordingArtists: Map<string, string[]>,
  releaseArtists: Map<string, string[]>,
): ContractIndex {
  const bySubject = new Map<string, EngineContract[]>();
  for (const c of contracts) {
    if (c.status === 'draft' || !c.versions.length) continue;
    const key = `${c.contractable_type}#${c.contractable_id}`;
    bySubject.set(key, [...(bySubject.get(key) ?? []), c].sort(newestFirst));
  }
  return { bySubject, recordingArtists, releaseArtists, found: { subjects: new Map(), versions: new Map() } };
}

/** What a contract may be on: a line's (or a cost's) recording, release and label. */
export type CoverSubject = Pick<LineFacts, 'recording_id' | 'release_id' | 'label_id'>;

function subjectsOf(index: ContractIndex, facts: CoverSubject): Record<(typeof SUBJECT_ORDER)[number], string[]> {
  const artists = facts.recording_id
    ? (index.recordingArtists.get(facts.recording_id) ?? [])
    : facts.release_id
      ? (index.releaseArtists.get(facts.release_id) ?? [])
      : [];
  return {
    release: facts.release_id ? [facts.release_id] : [],
    artist: artists,
    label: facts.label_id ? [facts.label_id] : [],
  };
}

/** The contract, version and term that decide the line, or null (today's rules apply). */
export function coverOf(index: ContractIndex, facts: LineFacts): Cover | null {
  const period = facts.pay_period;
  if (!period || !index.bySubject.size) return null;
  const subject = `${facts.recording_id}\u0000${facts.release_id}\u0000${facts.label_id}\u0000${period}`;
  let chosen = index.found.subjects.get(subject);
  if (chosen === undefined) {
    chosen = contractOf(index, facts, period);
    index.found.subjects.set(subject, chosen);
  }
  if (!chosen) return null;
  const { contract, version } = chosen;
  const sale = `${facts.cls}\u0000${facts.sales_format}\u0000${facts.sales_category}\u0000${facts.territory}\u0000${facts.retailer}`;
  let cover = chosen.covers.get(sale);
  if (!cover) {
    const term = winningTerm(version.royalty_terms.terms, {
      channel: channelOf(facts),
      configuration: facts.sales_format ?? undefined,
      territory: facts.territory ?? undefined,
      store: facts.retailer ?? undefined,
    });
    cover = { contract, version, term_index: term ? version.royalty_terms.terms.indexOf(term) : null };
    chosen.covers.set(sale, cover);
  }
  return cover;
}

/**
 * The contract that covers a subject in a month, and its version in force then, by the rule a line's contract is
 * chosen by: for money that is no ledger line, an incoming licence's cost charged to the contract's payees.
 */
export function contractCovering(
  index: ContractIndex,
  subject: CoverSubject,
  period: string,
): Pick<Cover, 'contract' | 'version'> | null {
  const chosen = contractOf(index, subject, period);
  return chosen && { contract: chosen.contract, version: chosen.version };
}

/** The contract that covers the line's subject in its month, and the contract's version in force then. */
function contractOf(index: ContractIndex, facts: CoverSubject, period: string): Chosen | null {
  const subjects = subjectsOf(index, facts);
  for (const type of SUBJECT_ORDER)
    for (const id of subjects[type]) {
      const contract = index.bySubject.get(`${type}#${id}`)?.find((c) => inForce(c, period));
      if (!contract) continue;
      const versions = [...contract.versions].sort((a, b) => a.version - b.version);
      const version =
        versions.filter((v) => month(v.effective_date) <= period).pop() ?? (versions[0] as (typeof versions)[0]);
      let chosen = index.found.versions.get(version);
      if (!chosen) {
        chosen = { contract, version, covers: new Map() };
        index.found.versions.set(version, chosen);
      }
      return chosen;
    }
  return null;
}

/**
 * A term on net receipts pays one fixed part of the label's share, the same for every sale: it has a
 * weight set of its own. A term on gross or the published price to dealer pays a part that depends on
 * each group of sales (its gross, its units × the dealer price), so the plan (escalation-plan.ts)
 * gives each group its own exact part.
 */
export const onNetReceipts = (term: RoyaltyTerm) => term.base === 'net_receipts';

/** The term in words for a statement line: "Artist release contract with X: 25 % of net receipts, on all sales". */
export function coverWords(cover: Cover): string {
  const terms = cover.version.royalty_terms;
  const who = contractName(cover.contract);
  const term = cover.term_index === null ? undefined : terms.terms[cover.term_index];
  if (!term) return `${who}: no term applies to this sale, the label keeps it`;
  return `${who}: ${termWords(term, terms.packaging_deductions)}`;
}
