import Big from 'big.js';
import { z } from 'zod';
import { currencyCode } from './currency.js';
import { CRM_STATUSES } from '../crm.js';
import { statementSettingsInput } from './catalogue.js';
import { noteFields, taskFields } from './label-tools.js';
import { dealPercentageProblem } from './money.js';
import { nameText } from './name-text.js';

/**
 * What the distributor's CRM accepts: a client company onboarded, its status, account manager,
 * contacts and deal terms, its notes and to-dos (the label tools' rows), its labels and the stores
 * each may deliver to. Every text and list is bounded here, before any read or write.
 */

const trimmed = (max: number) => z.string().trim().max(max);
const date = (label: string) => z.union([z.literal(''), z.iso.date(`${label} must be a date (YYYY-MM-DD)`)]);

/**
 * The client company's deal: the share of each sale the client keeps, in percent (the distributor keeps the rest), as
 * the ledger applies it. Checked by every deal's one rule and in its words (`dealPercentageProblem`), and handed on as
 * text with two decimals ("15.00") so no float ever stands for it.
 */
const dealPercentage = z.unknown().transform((value, ctx): string | null => {
  // Empty or null clears the deal (a union with them would hide this rule's own message behind "Invalid input").
  const given = typeof value === 'string' ? value.trim() : value;
  if (given === '' || given === null) return given;
  const problem =
    typeof given === 'number' || typeof given === 'string'
      ? dealPercentageProblem(given)
      : 'Deal percentage must be a number';
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return new Big(String(given)).toFixed(2);
});

const contact = z.strictObject({
  id: z.string().trim().max(40).optional(),
  name: nameText(200).min(1, 'Contact name is required'),
  email: z.union([z.literal(''), z.email('Contact e-mail must be an e-mail address').max(320)]).optional(),
  phone: trimmed(40).optional(),
  role: trimmed(100).optional(),
});

/** The fields a distributor keeps about a client; the contract's end may not come before its start. */
const clientTerms = z.strictObject({
  status: z.enum(CRM_STATUSES).optional(),
  account_manager_id: z.union([z.literal(''), z.null(), trimmed(64).min(1)]).optional(),
  contacts: z.array(contact).max(50, 'At most 50 contacts').optional(),
  deal_percentage: dealPercentage.optional(),
  contract_start_date: date('Contract start date').optional(),
  contract_end_date: date('Contract end date').optional(),
});

const endNotBeforeStart = (
  terms: { contract_start_date?: string; contract_end_date?: string },
  ctx: z.RefinementCtx,
) => {
  const { contract_start_date: start, contract_end_date: end } = terms;
  if (start && end && end < start)
    ctx.addIssue({
      code: 'custom',
      path: ['contract_end_date'],
      message: 'Contract end date must not be before the start date',
    });
};

/** POST /crm/clients: a new client company, made by the distributor. */
export const crmClientCreate = z.strictObject({
  client: clientTerms
    .extend({
      name: nameText(200).min(1, 'Name is required'),
      email: z.union([z.literal(''), z.email('Email must be an e-mail address').max(320)]).optional(),
      country: trimmed(2).optional(),
      currency: currencyCode('Currency').optional(),
    })
    .superRefine(endNotBeforeStart),
});
export type CrmClientCreate = z.infer<typeof crmClientCreate>['client'];

/** PATCH /crm/clients/{id}: any of the terms. */
export const crmClientUpdate = z.strictObject({ client: clientTerms.superRefine(endNotBeforeStart) });
export type CrmClientUpdate = z.infer<typeof crmClientUpdate>['client'];

/** GET /crm: narrowed by status, account manager and words in the name, e-mail or a contact. */
export const crmQuery = z.strictObject({
  status: z.enum(CRM_STATUSES).optional(),
  account_manager_id: trimmed(64).optional(),
  q: trimmed(200).optional(),
});

/** POST /crm/clients/{id}/notes: a note as the label notebook keeps them. */
export const crmNoteCreate = z.strictObject({ note: noteFields.omit({ notebook_id: true }) });
/** POST /crm/clients/{id}/todo_tasks and PATCH …/todo_tasks/{taskId}: the label to-do list's task rows. */
export const crmTaskCreate = z.strictObject({ todo_task: taskFields });
export const crmTaskUpdate = z.strictObject({ todo_task: taskFields.partial() });

/** GET company_labels?company_id and GET distributor_labels?distributor_id. */
export const companyLabelsQuery = z.strictObject({ company_id: trimmed(80).min(1, 'Company is required') });
export const distributorLabelsQuery = z.strictObject({ distributor_id: trimmed(80).min(1, 'Distributor is required') });

/** POST /crm/clients/{id}/labels: a label of the client; `parent_label_id` makes it an affiliate (sub-label). */
export const clientLabelCreate = z.strictObject({
  label: z.strictObject({
    name: nameText(200).min(1, 'Name is required'),
    parent_label_id: trimmed(80).optional(),
  }),
});

/** PATCH /distribution_labels/{id}: the label's name, its parent label and statement settings. */
export const clientLabelUpdate = z.strictObject({
  label: z.strictObject({
    name: nameText(200).min(1, 'Name is required').optional(),
    parent_label_id: z.union([z.literal(''), z.null(), trimmed(80)]).optional(),
    statement_settings: statementSettingsInput.optional(),
  }),
});

/** PUT /distribution_labels/{id}/stores: every store the label may deliver to (the whole list). */
export const labelStoresInput = z.strictObject({
  dsp_ids: z.array(trimmed(80).min(1)).max(500, 'At most 500 stores'),
});
