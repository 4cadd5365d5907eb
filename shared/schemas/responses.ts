import { z } from 'zod';

/**
 * The shapes of the API's answers, as its OpenAPI document declares them: a test calls the routes
 * and checks the real answers against the document, so a handler that answers otherwise fails it.
 * A record names the fields integrators rely on; records may carry more (`looseObject`).
 */

/** A record: its id and the named fields; it may carry more. */
const recordRow = <S extends z.ZodRawShape>(shape: S) => z.looseObject({ id: z.string().min(1), ...shape });

/** A list call's answer: the rows under the collection's name, with the page's counts. */
export const listResponse = (collection: string, row: z.ZodType) =>
  z.object({
    [collection]: z.array(row),
    total_count: z.number().int().min(0),
    total_pages: z.number().int().min(0),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
  });

/** A detail call's answer: the record under its singular name. */
export const recordResponse = (singular: string, row: z.ZodType) => z.object({ [singular]: row });

/** A company's own record (catalogue): it belongs to one company. */
export const companyRecordRow = recordRow({ tenant_id: z.string().min(1) });

/** A label as the labels list and a label's page read it. */
export const labelRow = recordRow({
  name: z.string(),
  company_id: z.string().min(1),
  active: z.boolean(),
  distributed: z.boolean(),
  requested: z.boolean(),
}).meta({ id: 'Label' });

/** Reference data (countries, genres …): shared records with a name. */
export const referenceRow = recordRow({});
