import { royaltyTermsProblem } from '../../../../shared/contract-terms';
import { issueText } from '../../../../shared/issue-text';
import { type RoyaltyTerm, type RoyaltyTerms, royaltyTerms } from '../../../../shared/schemas/contracts';

/**
 * The contract page's deal editor as plain text fields, and the deal it sends. Every field is text while typed;
 * the deal is checked with the schema the API checks it with (and the rules the schema cannot say), so the page
 * says before saving what the API would refuse, next to the field it is about.
 */

/** One royalty term's row: "18 % of the published price to dealer, on CD sales in GB". Blank conditions: any sale. */
export type TermRow = {
  rate: string;
  base: RoyaltyTerm['base'];
  /** '' for any channel. */
  channel: string;
  configuration: string;
  store: string;
  /** Territory codes as typed: "GB, IE". */
  territories_in: string;
  territories_out: string;
};

/** A packaging deduction: a share of the dealer price of one configuration (CD, LP …) kept for packaging. */
export type DeductionRow = { configuration: string; percent: string };

/** A higher rate once sales pass a threshold, on one term or on every term. */
export type EscalationRow = {
  /** The key of the term's row ('' for every term), so removing or reordering terms keeps the right one. */
  term: string;
  threshold: 'units' | 'revenue';
  after: string;
  rate: string;
};

/** The deal's single fields. Blank: not part of the deal. */
export type DealFields = {
  deal_type: RoyaltyTerms['deal_type'];
  advance: string;
  recoupable_costs: string;
  recoupable_costs_percent: string;
  opening_balance: string;
  cross_collateral_group: string;
  reserve_percent: string;
  reserve_periods: string;
};

export const EMPTY_TERM: TermRow = {
  rate: '',
  base: 'ppd',
  channel: '',
  configuration: '',
  store: '',
  territories_in: '',
  territories_out: '',
};
export const EMPTY_DEDUCTION: DeductionRow = { configuration: '', percent: '' };
export const EMPTY_ESCALATION: EscalationRow = { term: '', threshold: 'units', after: '', rate: '' };

const codes = (typed: string) =>
  typed
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** "1,500.00" and "1 500" read as the amounts they are; anything else is sent as typed, for the schema to name. */
const amountText = (typed: string) => typed.trim().replace(/(?<=\d)[,\s](?=\d{3}\b)/g, '');
const wholeOrText = (typed: string): number | string => (/^\d{1,9}$/.test(typed.trim()) ? Number(typed) : typed.trim());

export function termRowOf(term: RoyaltyTerm): TermRow {
  const c = term.conditions;
  return {
    rate: term.rate,
    base: term.base,
    channel: c.channel ?? '',
    configuration: c.configuration ?? '',
    store: c.store ?? '',
    territories_in: (c.territories_in ?? []).join(', '),
    territories_out: (c.territories_out ?? []).join(', '),
  };
}

export function termOf(row: TermRow): RoyaltyTerm {
  const conditions: RoyaltyTerm['conditions'] = {};
  if (row.channel) conditions.channel = row.channel as NonNullable<RoyaltyTerm['conditions']['channel']>;
  if (row.configuration.trim()) conditions.configuration = row.configuration.trim();
  if (row.store.trim()) conditions.store = row.store.trim();
  if (codes(row.territories_in).length) conditions.territories_in = codes(row.territories_in);
  if (codes(row.territories_out).length) conditions.territories_out = codes(row.territories_out);
  return { rate: row.rate.trim(), base: row.base, conditions };
}

export function dealFieldsOf(terms: RoyaltyTerms): DealFields {
  return {
    deal_type: terms.deal_type,
    advance: terms.advance ?? '',
    recoupable_costs: terms.recoupable_costs ?? '',
    recoupable_costs_percent: terms.recoupable_costs_percent ?? '',
    opening_balance: terms.opening_balance ?? '',
    cross_collateral_group: terms.cross_collateral_group ?? '',
    reserve_percent: terms.reserve?.percent ?? '',
    reserve_periods: terms.reserve ? String(terms.reserve.release_periods) : '',
  };
}

export const deductionRowsOf = (terms: RoyaltyTerms): DeductionRow[] =>
  Object.entries(terms.packaging_deductions).map(([configuration, percent]) => ({ configuration, percent }));

/** The saved escalations as rows, each naming its term by the key the term rows were given. */
export function escalationRowsOf(terms: RoyaltyTerms, termKeys: readonly string[]): EscalationRow[] {
  return terms.escalations.map((e) => ({
    term: e.term === undefined ? '' : (termKeys[e.term - 1] ?? ''),
    threshold: e.threshold_revenue !== undefined ? 'revenue' : 'units',
    after: e.threshold_revenue ?? (e.threshold_units === undefined ? '' : String(e.threshold_units)),
    rate: e.rate,
  }));
}

export type DealDraft = {
  fields: DealFields;
  /** The term rows kept, in order, each with its row's key. */
  terms: readonly { key: string; values: TermRow }[];
  deductions: readonly DeductionRow[];
  escalations: readonly EscalationRow[];
};

/** What a field of the page is told, keyed as the page looks it up: `advance`, `terms.0.rate`, `escalations.1.after` … */
export type DealErrors = Record<string, string>;

/**
 * The deal the draft says, as the API takes it. Values the schema refuses are passed on as typed, so the check
 * below names them; a deduction's configuration and an escalation's term are checked here, since the deal keys
 * deductions by configuration and numbers terms.
 */
function candidate(draft: DealDraft): { deal: Record<string, unknown>; errors: DealErrors } {
  const { fields } = draft;
  const errors: DealErrors = {};
  const deal: Record<string, unknown> = {
    deal_type: fields.deal_type,
    terms: draft.terms.map((row) => termOf(row.values)),
    packaging_deductions: {},
    escalations: [],
  };
  const deductions: Record<string, string> = {};
  for (const [index, row] of draft.deductions.entries()) {
    const configuration = row.configuration.trim();
    if (!configuration) errors[`deductions.${index}.configuration`] = 'Configuration is required';
    else if (Object.keys(deductions).some((c) => c.toUpperCase() === configuration.toUpperCase()))
      errors[`deductions.${index}.configuration`] = `${configuration} has a deduction already`;
    else deductions[configuration] = row.percent.trim();
  }
  deal.packaging_deductions = deductions;
  const termNumbers = new Map(draft.terms.map((row, index) => [row.key, index + 1]));
  deal.escalations = draft.escalations.map((row, index) => {
    const term = row.term ? termNumbers.get(row.term) : undefined;
    if (row.term && term === undefined) errors[`escalations.${index}.term`] = 'Its term is removed: choose another';
    if (!row.after.trim())
      errors[`escalations.${index}.after`] =
        `Say after how ${row.threshold === 'units' ? 'many units' : 'much revenue'} the rate rises`;
    const after = row.threshold === 'units' ? wholeOrText(row.after) : amountText(row.after);
    return {
      rate: row.rate.trim(),
      ...(term === undefined ? {} : { term }),
      ...(row.after.trim() ? { [row.threshold === 'units' ? 'threshold_units' : 'threshold_revenue']: after } : {}),
    };
  });
  for (const key of ['advance', 'recoupable_costs', 'opening_balance'] as const)
    if (fields[key].trim()) deal[key] = amountText(fields[key]);
  if (fields.recoupable_costs_percent.trim()) deal.recoupable_costs_percent = fields.recoupable_costs_percent.trim();
  if (fields.cross_collateral_group.trim()) deal.cross_collateral_group = fields.cross_collateral_group.trim();
  if (fields.reserve_percent.trim() || fields.reserve_periods.trim())
    deal.reserve = { percent: fields.reserve_percent.trim(), release_periods: wholeOrText(fields.reserve_periods) };
  return { deal, errors };
}

/** Where the page shows an issue at `path` of the deal (the schema's path, `royalty_terms.` left off). */
function pageKey(path: readonly PropertyKey[]): string {
  const [head, index, next, condition] = path.map(String);
  if (head === 'terms' && index !== undefined) return `terms.${index}.${next === 'conditions' ? condition : next}`;
  if (head === 'escalations' && index !== undefined)
    return `escalations.${index}.${next === 'threshold_units' || next === 'threshold_revenue' ? 'after' : next}`;
  if (head === 'reserve') return index === 'release_periods' ? 'reserve_periods' : 'reserve_percent';
  return head ?? 'deal';
}

/** Why the page's section (`terms`, `escalations`) or field the API's rule names cannot be saved. */
const RULE_KEYS: Record<string, string> = {
  'royalty_terms.terms': 'terms',
  'royalty_terms.escalations': 'escalations',
};

/**
 * The deal to save, or what stops it: each problem under the field it is about, the first of a field kept.
 * A deduction's configuration in error is left out of the deal, so its percent is not checked twice.
 */
export function dealOf(draft: DealDraft): { deal: RoyaltyTerms; errors: null } | { deal: null; errors: DealErrors } {
  const { deal, errors } = candidate(draft);
  const parsed = royaltyTerms.safeParse(deal);
  if (parsed.success && !Object.keys(errors).length) {
    const rule = royaltyTermsProblem(parsed.data);
    if (!rule) return { deal: parsed.data, errors: null };
    return { deal: null, errors: { [RULE_KEYS[rule.field] ?? 'deal']: rule.text } };
  }
  for (const issue of parsed.success ? [] : parsed.error.issues)
    for (const { text } of issueText(issue, deal)) {
      const key = issue.path[0] === 'packaging_deductions' ? deductionKey(draft, issue.path) : pageKey(issue.path);
      errors[key] ??= text;
    }
  return { deal: null, errors };
}

/** A deduction's percent refused: the row of the configuration the schema names. */
function deductionKey(draft: DealDraft, path: readonly PropertyKey[]): string {
  const index = draft.deductions.findIndex((row) => row.configuration.trim() === String(path[1]));
  return `deductions.${Math.max(index, 0)}.percent`;
}
