import { termWords } from '../../shared/contract-terms.js';
import type { ContractMetadata, RoyaltyTerms } from '../../shared/schemas/contracts.js';
import type { ContractItem } from '../data/entities/contract.js';
import { formatDate, formatPercent } from '../../shared/format.js';
import { formatMoney } from '../../shared/money.js';

/**
 * The contract templates every company starts with, and the document a contract's template makes.
 * Placeholders are `{{field}}`; one for every field and term, so nothing on the contract is left off the paper.
 */
export type ContractTemplate = { id: string; name: string; type: ContractItem['type']; text: string };

const COMMON_TAIL = `
Term and territory
The term is {{term}} and the territory is {{territory}}. Formats: {{formats}}.
The agreement starts on {{start_date}}{{end_date_clause}}.

Delivery and release
The artist will deliver the masters by {{delivery_date}}. {{release_commitment}}.
Recordings: {{recordings}}
Other commitments: {{other_commitments}}

Royalties
Deal type: {{deal_type}}.
{{terms}}
{{packaging_deductions}}
{{escalations}}
{{reserve}}
Advance: {{advance}}. Recoupable costs: {{recoupable_costs}}.{{opening_balance_clause}}{{cross_collateral_clause}}
The advance and the recoupable part of the costs are recouped from the payees' royalties under this agreement before any royalty is paid.
When more than one term could apply to a sale, the term with the most conditions applies.

Payees
{{payees}}

Signed for {{contractor_legal_name}}: ______________________   Date: __________
Signed by {{contractee_legal_name}}: ______________________   Date: __________
`;

export const DEFAULT_TEMPLATES: readonly ContractTemplate[] = [
  {
    id: 'artist_release_contract',
    name: 'Artist release contract',
    type: 'artist_release_contract',
    text: `ARTIST RELEASE CONTRACT

Between {{contractor_legal_name}} ("the Label"), releasing on {{record_label}},
and {{contractee_legal_name}} ("the Artist"), performing as {{act_name}}{{remixer_clause}}.
Revenue share: {{revenue_share}}.
${COMMON_TAIL}`,
  },
  {
    id: 'licence',
    name: 'Licence',
    type: 'licence',
    text: `LICENCE AGREEMENT

Between {{contractor_legal_name}} ("the Licensee"), releasing on {{record_label}},
and {{contractee_legal_name}} ("the Licensor"), for recordings by {{act_name}}{{remixer_clause}}.
Revenue share: {{revenue_share}}.
${COMMON_TAIL}`,
  },
];

/** The template a contract of this type is written from (a generic contract uses the artist release one). */
export function templateFor(type: ContractItem['type']): ContractTemplate {
  return DEFAULT_TEMPLATES.find((t) => t.type === type) ?? DEFAULT_TEMPLATES[0];
}

const orDash = (value: string | undefined) => (value?.trim() ? value : '—');

function termLines(royalty: RoyaltyTerms): string {
  if (!royalty.terms.length) return 'No royalty terms yet.';
  return royalty.terms.map((t, i) => `${i + 1}. ${termWords(t, royalty.packaging_deductions)}`).join('\n');
}

/** "£2,000.00, of which 50% is recoupable" (or the percentage alone when no amount is set yet). */
function recoupableCosts(royalty: RoyaltyTerms, money: (amount: string) => string): string {
  const percent = royalty.recoupable_costs_percent ? formatPercent(royalty.recoupable_costs_percent) : undefined;
  if (!royalty.recoupable_costs) return percent ?? '—';
  return `${money(royalty.recoupable_costs)}, of which ${percent ?? formatPercent(0)} is recoupable`;
}

/**
 * Every placeholder's text for one contract. Its days and amounts read as the contract's page shows them ("1st Jan
 * 2026", "£1,500.00", in the company's currency), so the paper and the page say the same figures the same way.
 */
function placeholderValues(contract: ContractItem, currency: string): Record<string, string> {
  const money = (amount: string) => formatMoney(amount, currency);
  const day = (value: string | undefined) => (value ? formatDate(value) || value : '—');
  const metadata = (contract.metadata ?? {}) as ContractMetadata;
  const royalty = contract.royalty_terms as RoyaltyTerms;
  const payees = (contract.contract_payees ?? []) as { payee_id: string; share: string; name?: string }[];
  const packaging = Object.entries(royalty.packaging_deductions);
  return {
    contractor_legal_name: contract.contractor_legal_name,
    contractee_legal_name: contract.contractee_legal_name,
    start_date: day(contract.start_date),
    end_date_clause: contract.end_date ? ` and ends on ${day(contract.end_date)}` : '',
    act_name: orDash(metadata.act_name),
    remixer_clause: metadata.remixer_name ? `, remixed by ${metadata.remixer_name}` : '',
    record_label: orDash(metadata.record_label),
    revenue_share: orDash(metadata.revenue_share),
    formats: orDash(metadata.formats),
    territory: orDash(metadata.territory),
    term: orDash(metadata.term),
    delivery_date: day(metadata.delivery_date),
    release_commitment: orDash(metadata.release_commitment),
    recordings: orDash(metadata.recordings),
    other_commitments: orDash(metadata.other_commitments),
    deal_type: royalty.deal_type === 'royalty' ? 'Royalty' : 'Net receipts (profit share)',
    terms: termLines(royalty),
    packaging_deductions: packaging.length
      ? `Packaging deductions: ${packaging.map(([config, p]) => `${formatPercent(p)} on ${config}`).join(', ')}.`
      : '',
    escalations: royalty.escalations
      .map(
        (e) =>
          `From ${e.threshold_units ? `${e.threshold_units} units` : `${money(e.threshold_revenue ?? '0')} in revenue`} the rate${e.term ? ` of term ${e.term}` : ''} becomes ${formatPercent(e.rate)}.`,
      )
      .join('\n'),
    reserve: royalty.reserve
      ? `A reserve of ${formatPercent(royalty.reserve.percent)} is held and released after ${royalty.reserve.release_periods} statement periods.`
      : '',
    advance: royalty.advance ? money(royalty.advance) : '—',
    recoupable_costs: recoupableCosts(royalty, money),
    cross_collateral_clause: royalty.cross_collateral_group
      ? ` This agreement is cross-collateralised with the label's other agreements in "${royalty.cross_collateral_group}": their advances and costs are recouped together, from the royalties under any of them.`
      : '',
    opening_balance_clause:
      royalty.opening_balance === undefined
        ? ''
        : ` Unrecouped balance brought forward from before this agreement was recorded here: ${money(royalty.opening_balance)}; recoupment continues from it.`,
    payees: payees.length
      ? payees.map((p) => `${p.name ?? p.payee_id}: ${formatPercent(p.share)}`).join('\n')
      : 'No payees yet.',
  };
}

/** A template's text with every placeholder filled; empty lines left by absent terms are dropped. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text
    .replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The document text: the template with every placeholder filled from the contract, amounts in `currency`. */
export function renderContractText(template: ContractTemplate, contract: ContractItem, currency: string): string {
  return fillTemplate(template.text, placeholderValues(contract, currency));
}

/**
 * The licensing hub's papers for a licence of a master (in or out): the agreement to sign and the
 * quote that comes before it. Their placeholders are the licence's own fields (licensing/documents.ts).
 */
const LICENCE_TEMPLATES = {
  licence: {
    name: 'Master use licence',
    text: `MASTER USE LICENCE

Between {{licensor}} ("the Licensor") and {{licensee}} ("the Licensee"), {{licensee_address}}.

The Licensor grants the Licensee the right to use the following masters:
{{assets}}

Use: {{usage}}
Territory: {{territory}}
Term: {{term}}, from {{start_date}} to {{end_date}}.
Credit: {{credit}}

Fee: {{fee}}. Advance: {{advance}}, paid before the invoice and deducted from it.
Reports of use: {{reports}}.

{{terms}}

Signed for {{licensor}}: ______________________   Date: __________
Signed for {{licensee}}: ______________________   Date: __________`,
  },
  quote: {
    name: 'Licence quote',
    text: `QUOTE FOR A MASTER USE LICENCE

From {{licensor}} to {{licensee}}, {{licensee_address}}. Quoted on {{proposal_date}}.

Masters:
{{assets}}

Use: {{usage}}
Territory: {{territory}}
Term: {{term}}, from {{start_date}} to {{end_date}}.
Credit: {{credit}}

Fee quoted: {{fee}}, of which {{advance}} as an advance on signing.
Reports of use: {{reports}}.

This quote is not a licence: the use is licensed once both parties sign the licence.`,
  },
} as const;

/** The licensing hub's papers' default texts, by the id a company's own text is kept under. */
export const LICENCE_TEMPLATE_IDS = { licence: 'master_use_licence', quote: 'licence_quote' } as const;
export type LicenceDocumentKind = keyof typeof LICENCE_TEMPLATES;

export const DEFAULT_LICENCE_TEMPLATES = (Object.keys(LICENCE_TEMPLATES) as LicenceDocumentKind[]).map((kind) => ({
  id: LICENCE_TEMPLATE_IDS[kind],
  kind,
  ...LICENCE_TEMPLATES[kind],
}));
