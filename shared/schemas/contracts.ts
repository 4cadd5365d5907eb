import { CONTRACT_TYPE_REFUSAL } from '../contract-names.js';
import { z } from 'zod';

/** What a contract is attached to: a release, a label or an artist of the company. */
const CONTRACTABLE_TYPES = ['release', 'label', 'artist'] as const;
const CONTRACT_TYPES = ['artist_release_contract', 'licence', 'generic'] as const;
const CONTRACT_STATUSES = ['draft', 'signed', 'terminated'] as const;
const DEAL_TYPES = ['royalty', 'net_receipts'] as const;
const CHANNELS = ['streaming', 'download', 'physical', 'licensing', 'other'] as const;
const RATE_BASES = ['gross', 'net_receipts', 'ppd'] as const;
const CONTRACTEE_TYPES = ['artist', 'payee'] as const;
const SUBJECT_REFUSAL = 'Contract must be on a release, a label or an artist';

/** An exact decimal percentage as text (0 to 100, up to 4 decimals): never a float. */
const percent = (what: string) =>
  z
    .string(`${what} is required`)
    .trim()
    .regex(/^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$/, `${what} must be a percentage between 0 and 100`);

/** An exact amount as text (up to 2 decimals). */
const amount = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `${what} must be an amount such as 1500.00`);

const shortText = (what: string, max = 200) =>
  z
    .string(`${what} is required`)
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be under ${max} characters`);
const isoDate = (what: string) =>
  z
    .string()
    .trim()
    // A day of the calendar: 2026-13-45 is refused, not rolled into another day.
    .pipe(z.iso.date(`${what} must be a date (YYYY-MM-DD)`));
const TERRITORY = 'Each territory is a code such as GB or IE';
const code = z.string().trim().min(2, TERRITORY).max(3, TERRITORY);

/** When a term applies: every condition left out matches every sale. */
const termConditions = z.strictObject({
  // The channels as the deal editor names them.
  channel: z
    .enum(CHANNELS, 'Channel must be one of: Streaming, Download, Physical, Licensing and sync, Other')
    .optional(),
  configuration: z.string().trim().min(1).max(40).optional(),
  territories_in: z.array(code).max(300).optional(),
  territories_out: z.array(code).max(300).optional(),
  store: z.string().trim().min(1).max(80).optional(),
});
export type TermConditions = z.infer<typeof termConditions>;

const royaltyTerm = z.strictObject({
  conditions: termConditions.default({}),
  rate: percent('Rate'),
  base: z.enum(RATE_BASES, 'Base must be gross, net receipts or published price to dealer'),
});
export type RoyaltyTerm = z.infer<typeof royaltyTerm>;

/** A contract's deal: its royalty terms and what its payees recoup. The API and the contract page check it alike. */
export const royaltyTerms = z.strictObject({
  deal_type: z.enum(DEAL_TYPES, 'Deal type must be royalty or net receipts'),
  terms: z.array(royaltyTerm).max(100).default([]),
  /** Packaging deduction (percent) by configuration, e.g. { CD: "25" }. */
  packaging_deductions: z.record(z.string().trim().min(1).max(40), percent('Packaging deduction')).default({}),
  reserve: z
    .strictObject({
      percent: percent('Reserve'),
      /** How many statement periods after which each reserve is released. */
      release_periods: z.number().int().min(1).max(40),
    })
    .optional(),
  escalations: z
    .array(
      z.strictObject({
        threshold_units: z.number().int().min(1).optional(),
        threshold_revenue: amount('Threshold revenue').optional(),
        rate: percent('Escalated rate'),
        /** The term (numbered from 1) whose rate it changes; left out, every term's. */
        term: z.number('Escalation term must be a term number').int().min(1).max(100).optional(),
      }),
    )
    .max(20)
    .default([]),
  advance: amount('Advance').optional(),
  /** Costs the label spent on the deal (recording, video, marketing), of which recoupable_costs_percent is recouped. */
  recoupable_costs: amount('Recoupable costs').optional(),
  recoupable_costs_percent: percent('Recoupable costs').optional(),
  /**
   * A contract brought in from another system: what was still unrecouped there. When set, it is
   * where recoupment starts, in place of the advance and recoupable costs.
   */
  opening_balance: amount('Opening balance').optional(),
  /**
   * Cross-collateralisation: contracts whose terms name the same group recoup together, one balance
   * for all (Σ of what each has to recoup), from the earnings under any of them.
   */
  cross_collateral_group: z.string().trim().min(1, 'Group is required').max(80).optional(),
});
export type RoyaltyTerms = z.infer<typeof royaltyTerms>;

const contractPayee = z.strictObject({
  payee_id: shortText('Payee', 64),
  share: percent('Share'),
});

/** Free metadata with the product's defaults filled in on create. */
const contractMetadata = z.strictObject({
  act_name: z.string().trim().max(200).optional(),
  remixer_name: z.string().trim().max(200).optional(),
  recordings: z.string().trim().max(2000).optional(),
  record_label: z.string().trim().max(200).optional(),
  revenue_share: z.string().trim().max(200).optional(),
  formats: z.string().trim().max(200).optional(),
  territory: z.string().trim().max(200).optional(),
  term: z.string().trim().max(200).optional(),
  delivery_date: isoDate('Delivery date').optional(),
  release_commitment: z.string().trim().max(500).optional(),
  other_commitments: z.string().trim().max(2000).optional(),
});
export type ContractMetadata = z.infer<typeof contractMetadata>;

const contractFields = {
  type: z.enum(CONTRACT_TYPES, CONTRACT_TYPE_REFUSAL),
  contractee_type: z.enum(CONTRACTEE_TYPES, 'Contractee must be an artist or a payee'),
  contractee_id: shortText('Contractee', 64),
  contractee_legal_name: shortText('Contractee legal name'),
  contractor_legal_name: shortText('Contractor legal name'),
  start_date: isoDate('Start date'),
  end_date: isoDate('End date').optional(),
  metadata: contractMetadata.default({}),
  contract_payees: z.array(contractPayee).max(50).default([]),
  royalty_terms: royaltyTerms.default({ deal_type: 'royalty', terms: [], packaging_deductions: {}, escalations: [] }),
};

/** POST contracts: what the contract is on, and its fields. */
export const contractCreateInput = z.strictObject({
  contractable_type: z.enum(CONTRACTABLE_TYPES, SUBJECT_REFUSAL),
  contractable_id: shortText('Contract subject', 64),
  ...contractFields,
});
export type ContractCreateInput = z.infer<typeof contractCreateInput>;

/** PATCH contracts/{id}: any field; status moves draft → signed → terminated. */
export const contractUpdateInput = z.strictObject({
  type: contractFields.type.optional(),
  contractee_type: contractFields.contractee_type.optional(),
  contractee_id: contractFields.contractee_id.optional(),
  contractee_legal_name: contractFields.contractee_legal_name.optional(),
  contractor_legal_name: contractFields.contractor_legal_name.optional(),
  start_date: contractFields.start_date.optional(),
  end_date: isoDate('End date').nullable().optional(),
  metadata: contractMetadata.optional(),
  contract_payees: z.array(contractPayee).max(50).optional(),
  royalty_terms: royaltyTerms.optional(),
  status: z.enum(CONTRACT_STATUSES, 'Status must be draft, signed or terminated').optional(),
});
export type ContractUpdateInput = z.infer<typeof contractUpdateInput>;

/** POST contracts/{id}/amendments: a signed contract's new terms, from a date. */
export const contractAmendInput = z.strictObject({
  effective_date: isoDate('Effective date'),
  royalty_terms: royaltyTerms.optional(),
  contract_payees: z.array(contractPayee).max(50).optional(),
  note: z.string().trim().max(500).optional(),
});
export type ContractAmendInput = z.infer<typeof contractAmendInput>;

export const contractListQuery = z.strictObject({
  contractable_type: z.enum(CONTRACTABLE_TYPES, SUBJECT_REFUSAL).optional(),
  // Named as a new contract's field is ("Contract subject"), never by its stored name.
  contractable_id: shortText('Contract subject', 64).optional(),
});

const month = (what: string) =>
  z
    .string(`${what} is required`)
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${what} must be a month (YYYY-MM)`);

/**
 * POST contracts/preview: what an unsaved contract would have paid over past months of the ledger
 * (at most a year, so the work is bounded). `contract_id`: the contract being edited, which the
 * preview stands in for (its statements' stated sales still count towards its escalations).
 */
export const contractPreviewInput = z
  .strictObject({
    contract_id: z.string().trim().min(1).max(64).optional(),
    contractable_type: contractCreateInput.shape.contractable_type,
    contractable_id: contractCreateInput.shape.contractable_id,
    contract_payees: contractFields.contract_payees,
    royalty_terms: royaltyTerms,
    start_pay_period: month('First month'),
    end_pay_period: month('Last month'),
  })
  .refine((v) => v.end_pay_period >= v.start_pay_period, {
    path: ['end_pay_period'],
    message: 'Last month must be on or after the first month',
  })
  .refine((v) => monthsBetween(v.start_pay_period, v.end_pay_period) <= 12, {
    path: ['end_pay_period'],
    message: 'A preview covers at most 12 months',
  });
export type ContractPreviewInput = z.infer<typeof contractPreviewInput>;

function monthsBetween(start: string, end: string): number {
  const [sy, sm] = start.split('-').map(Number);
  const [ey, em] = end.split('-').map(Number);
  return ((ey ?? 0) - (sy ?? 0)) * 12 + ((em ?? 0) - (sm ?? 0)) + 1;
}

/** PATCH document_templates/{id}: the company's own text of a contract or licence template (bounded before any work). */
export const documentTemplateUpdate = z.strictObject({
  text: z
    .string('Text is required')
    .trim()
    .min(1, 'Text is required')
    .max(20_000, 'Text must be at most 20,000 characters'),
});
