import { z } from 'zod';
import { dealPercentage } from './money.js';
import { nameText } from './name-text.js';
import { statementSettingsInput } from './catalogue.js';
import type { StatementRow } from './statement-views.js';

const fields = {
  name: nameText(200).min(1),
  email: z.union([z.literal(''), z.email().max(320)]).optional(),
  active: z.boolean().optional(),
  // The label's share of its sales under the distribution deal (the distributor keeps the rest): every deal's one rule.
  deal_percentage: dealPercentage.optional(),
  statement_settings: statementSettingsInput.optional(),
};

/** POST admin/distributed_labels: a distributed label of a company. */
export const distributedLabelInput = z.strictObject({
  company_id: z.string().trim().min(1, 'Company is required').max(64),
  ...fields,
});

/** PATCH admin/distributed_labels/{id}: its deal and statement settings (the company stays). */
export const distributedLabelUpdate = z.strictObject(fields).partial();

const payPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a pay period (YYYY-MM)');

/** POST admin/distributed_labels/generate_statement: the label and the months to state. */
export const generateStatementInput = z.strictObject({
  label_id: z.string().trim().max(80).optional(),
  start_pay_period: payPeriod.optional(),
  end_pay_period: payPeriod.optional(),
});

/** A distributed label as the admin pages show it. */
export type DistributedLabel = {
  id: string;
  company_id: string;
  company_name: string;
  name: string;
  email: string | null;
  active: boolean;
  /** "15.00", or null when the label has no deal of its own. */
  deal_percentage: string | null;
  statement_settings: { default_summaries: string[]; formats: string[]; frequency: string; graphs: boolean };
  created_at: string;
};

/** A distribution statement in the admin's list across companies. */
export type DistributionStatementRow = StatementRow & { company_id: string; company_name: string };
