import { z } from 'zod';
import { count, licenseRow, money } from './responses.js';

/**
 * The answers of licensing's pipeline summary and of the company's document templates, and of a contract's preview
 * (declared in the OpenAPI document and checked against real answers by the response-schema tests). Money is an exact
 * decimal string throughout.
 */

/** Licensing at a glance: each pipeline state's licences and fees, what is due, ending soon, reminders, reports due. */
export const licensingSummaryResponse = z.looseObject({
  pipeline: z.array(
    z.looseObject({
      status: z.string(),
      count,
      /** Outgoing licences' fees (the label is paid them) apart from incoming ones' (it pays them), per currency. */
      totals: z.array(z.looseObject({ type: z.enum(['outgoing', 'incoming']), currency: z.string(), amount: money })),
    }),
  ),
  due: z.array(licenseRow.extend({ overdue: z.boolean() })),
  ending_soon: z.array(licenseRow),
  reminders: z.array(
    z.looseObject({
      kind: z.string(),
      license_id: z.string(),
      licensee_name: z.string(),
      due_date: z.string(),
      subject: z.string(),
    }),
  ),
  reports_due: z.array(licenseRow.extend({ next_report_due: z.string(), overdue: z.boolean() })),
});

/** A text the company's contracts or licences are written from: its own text or the standard one. */
const documentTemplateRow = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    used_for: z.enum(['contract', 'licence']),
    text: z.string(),
    default_text: z.string(),
    customised: z.boolean(),
    placeholders: z.array(z.string()),
  })
  .meta({ id: 'DocumentTemplate' });
export const documentTemplatesResponse = z.looseObject({ document_templates: z.array(documentTemplateRow) });
export const documentTemplateSavedResponse = z.looseObject({
  document_template: documentTemplateRow,
  message: z.string(),
});
/** The contract templates a contract's document may be written from, with the company's own text where it has one. */
export const contractTemplatesResponse = z.looseObject({
  contract_templates: z.array(z.looseObject({ id: z.string(), name: z.string(), text: z.string() })),
});

/** One term's part of a preview: its lines, units, the label's share of them and what the payees would be paid. */
const termPreview = z.looseObject({
  term: z.number().int().min(1).nullable(),
  words: z.string(),
  lines: count,
  units: z.number(),
  label_share: money,
  amount: money,
});
/** What an unsaved contract would have paid over past months, per term, exact to the millionth. */
export const contractPreviewResponse = z.looseObject({
  preview: z.looseObject({
    start_pay_period: z.string(),
    end_pay_period: z.string(),
    terms: z.array(termPreview),
    not_paid: z.array(z.looseObject({ term: z.number().int(), reason: z.string(), lines: count })),
    amount: money,
  }),
});

/** GET /licensing/invoices: the register of licence invoices and credit notes in a range of days, with sums. */
export const invoiceRegisterResponse = z.object({
  from: z.string(),
  to: z.string(),
  documents: z.array(
    z.looseObject({
      kind: z.enum(['invoice', 'credit_note']),
      number: z.string(),
      date: z.string(),
      license_id: z.string(),
      licensee: z.string(),
      currency: z.string(),
      net: money,
      vat: money,
      total: money,
      status: z.string(),
    }),
  ),
  totals: z.array(z.object({ currency: z.string(), count, net: money, vat: money, total: money })),
});

/** GET /licensing/invoices_csv: the register as a CSV file's name and text. */
export const invoiceRegisterCsvResponse = z.object({ filename: z.string(), csv: z.string() });
