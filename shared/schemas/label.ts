import { z } from 'zod';
import { nameText } from './name-text.js';
import { dealPercentage } from './money.js';
import { statementSettingsInput } from './catalogue.js';

const trimmed = (max: number) => z.string().trim().max(max);

const urlRow = z.strictObject({
  id: z.string().max(40).optional(),
  link: trimmed(2000).min(1),
  link_text: trimmed(200).optional(),
});

const identifierRow = z.strictObject({
  id: z.string().max(40).optional(),
  type_of: trimmed(100).min(1),
  ref: trimmed(200).min(1),
});

const agreementDate = (label: string) =>
  z.union([z.literal(''), z.iso.date(`${label} must be a date (YYYY-MM-DD)`)]).optional();
/** An agreement's term: the end may not come before the start. */
const agreementTerm = {
  contract_start_date: agreementDate('Contract start date'),
  contract_end_date: agreementDate('Contract end date'),
};
const AGREEMENT_END_BEFORE_START = 'Contract end date must not be before the contract start date';
function refuseEndBeforeStart(row: { contract_start_date?: string; contract_end_date?: string }, ctx: z.RefinementCtx) {
  const { contract_start_date: start, contract_end_date: end } = row;
  if (start && end && end < start)
    ctx.addIssue({ code: 'custom', path: ['contract_end_date'], message: AGREEMENT_END_BEFORE_START });
}

/** Who distributes the label's releases, and for how long. */
const distributionAgreement = z
  .strictObject({
    id: z.string().max(40).optional(),
    distributor_id: z.string().trim().min(1, 'Distributor is required').max(64),
    ...agreementTerm,
    notes: trimmed(2000).optional(),
  })
  .superRefine(refuseEndBeforeStart);

/** Who presses, stores and ships the label's physical products. */
const fulfilmentAgreement = z
  .strictObject({
    id: z.string().max(40).optional(),
    fulfiller: trimmed(200).min(1, 'Fulfiller is required'),
    ...agreementTerm,
    notes: trimmed(2000).optional(),
  })
  .superRefine(refuseEndBeforeStart);

/**
 * A label as the form sends it. Nested rows (urls, identifiers) arrive as
 * the full list of rows to keep: rows removed in the form, saved or not, are simply absent.
 */
export const labelInput = z.strictObject({
  name: nameText(200).min(1),
  active: z.boolean().optional(),
  distributed: z.boolean().optional(),
  requested: z.boolean().optional(),
  biog: trimmed(20_000).optional(),
  short_biog: trimmed(2_000).optional(),
  email: z.union([z.literal(''), z.email().max(320)]).optional(),
  deal_percentage: dealPercentage.optional(),
  fulfilment: z.boolean().optional(),
  store: z.boolean().optional(),
  referred: z.boolean().optional(),
  referrer: trimmed(200).optional(),
  pseudonyms: z.array(trimmed(200).min(1)).max(50).optional(),
  country_id: trimmed(3).optional(),
  urls: z.array(urlRow).max(50).optional(),
  label_identifiers: z.array(identifierRow).max(50).optional(),
  /**
   * The uploaded logo's object key from logo_upload. Left out of an update when no new logo
   * was chosen; `null` removes the logo.
   */
  logo_key: z.string().max(500).nullable().optional(),
  /** The uploaded contract's object key from contract_upload; left out keeps it, `null` removes it. */
  contract_key: z.string().max(500).nullable().optional(),
  distribution_agreements: z.array(distributionAgreement).max(50).optional(),
  fulfilment_agreements: z.array(fulfilmentAgreement).max(50).optional(),
  /** Statement settings: summaries, formats, frequency, graphs (on for labels when unset). */
  statement_settings: statementSettingsInput.optional(),
});

export type LabelInput = z.infer<typeof labelInput>;

export const labelUpdate = labelInput.partial();
export type LabelUpdate = z.infer<typeof labelUpdate>;

export const LABEL_SCOPES = ['active', 'inactive', 'distributed', 'requested'] as const;
export type LabelScope = (typeof LABEL_SCOPES)[number];

export const LABEL_SORT_FIELDS = ['name', 'created_at', 'updated_at', 'active', 'distributed'] as const;

/** A label as the API answers. */
export type LabelView = Omit<
  LabelInput,
  'logo_key' | 'contract_key' | 'statement_settings' | 'distribution_agreements'
> & {
  /** As stored: read with labelStatementSettings in the SPA (graphs default on). */
  statement_settings?: { default_summaries?: string[]; formats?: string[]; frequency?: string; graphs?: boolean };
  id: string;
  company_id: string;
  active: boolean;
  distributed: boolean;
  requested: boolean;
  /** Why a member asked for the label (POST /label_requests), while it waits for approval. */
  request_notes?: string;
  logo: { url: string; content_type?: string; size?: number; filename?: string } | null;
  contract: { url: string; content_type?: string; size?: number; filename?: string } | null;
  /** Each agreement's distributor named (null when it is gone). */
  distribution_agreements?: (NonNullable<LabelInput['distribution_agreements']>[number] & {
    distributor: { id: string; name: string } | null;
  })[];
  created_at: string;
  updated_at: string;
};
