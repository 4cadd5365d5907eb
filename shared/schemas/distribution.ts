import { z } from 'zod';
import { DSP_CONNECTION_STATUSES } from '../distribution.js';

/** The distribution setup's inputs. */

const id = z.string().trim().min(1).max(64);
const note = z.string().trim().max(1000).optional();
const date = (label: string) => z.union([z.literal(''), z.iso.date(`${label} must be a date (YYYY-MM-DD)`)]).optional();

/** POST companies/{id}/dsp_connections: an admin links a company to a store. */
export const dspConnectionInput = z.strictObject({
  dsp_connection: z.strictObject({
    dsp_id: id,
    status: z.enum(DSP_CONNECTION_STATUSES).default('connected'),
    note,
  }),
});

/** PATCH dsp_connections/{id}: an admin connects, declines or disconnects a link. */
export const dspConnectionUpdate = z.strictObject({
  dsp_connection: z.strictObject({ status: z.enum(DSP_CONNECTION_STATUSES).optional(), note }),
});

/** POST company/dsp_connections: the current company asks for a store. */
export const dspRequestInput = z.strictObject({ dsp_id: id, note });

/** POST companies/{id}/distributors: a company's link to a distributor, with its contract file. */
export const companyDistributorInput = z.strictObject({
  company_distributor: z
    .strictObject({
      id: id.optional(),
      distributor_id: id,
      active: z.boolean().optional(),
      base: z.boolean().optional(),
      terminated: z.boolean().optional(),
      contract_start_date: date('Contract start date'),
      contract_end_date: date('Contract end date'),
      company_distributor_config_id: z.string().trim().max(64).optional(),
      /** The key of an uploaded contract (POST companies/{id}/distributors/uploads), or null to remove it. */
      contract_key: z.string().trim().min(1).max(500).nullable().optional(),
    })
    .superRefine((row, ctx) => {
      if (row.contract_start_date && row.contract_end_date && row.contract_end_date < row.contract_start_date)
        ctx.addIssue({
          code: 'custom',
          path: ['contract_end_date'],
          message: 'Contract end date must be after Contract start date',
        });
    }),
});
export type CompanyDistributorInput = z.infer<typeof companyDistributorInput>['company_distributor'];

/** POST distribution_upcs/import: the codes, one a line (or as a list). */
export const upcImportInput = z.strictObject({
  upcs: z.union([
    z.string().max(200_000),
    z
      .array(z.string().max(40))
      .max(10_000)
      .transform((l) => l.join('\n')),
  ]),
});

/** POST distribution_upcs/link_to_release. */
export const upcLinkInput = z.strictObject({ release_id: id });
