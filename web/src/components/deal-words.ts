/**
 * What a deal percentage means, under every form field that sets one. The ledger gives the label (or the company)
 * amount × deal % of each sale and the distributor the rest; a label's own deal comes before its company's, and
 * with neither the label keeps everything. Saying it the other way round makes staff type the distributor's cut.
 */
export const DEAL_WORDS = {
  label:
    'The share of each sale the label keeps, in percent, at most two decimals; the distributor keeps the rest. Empty: the company’s deal.',
  company:
    'The share of each sale the company keeps, in percent, at most two decimals; the distributor keeps the rest. A label’s own deal comes first. Empty: 100.',
} as const;
