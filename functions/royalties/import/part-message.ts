import { z } from 'zod';
import { MAPPING_COLUMNS, type RoyaltyMap } from '../../../shared/schemas/royalty-map.js';

/**
 * A column map as the import stored it (a saved map or a store's built-in one): its shape only, no
 * rules of the map editor, which a built-in map need not follow.
 */
const storedMap = z.object({
  columns: z.partialRecord(z.enum(MAPPING_COLUMNS), z.string()),
  constants: z.partialRecord(z.enum(MAPPING_COLUMNS), z.string()).optional(),
  delimiter: z.enum([',', '\t', ';', '|']).optional(),
  decimal: z.enum(['point', 'comma']).optional(),
  skip_header_rows: z.number().int().min(0).optional(),
  skip_footer_rows: z.number().int().min(0).optional(),
  currency: z.string().optional(),
}) satisfies z.ZodType<RoyaltyMap>;

const byteRange = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

/** The part queue's message: one part of a large report (parts.ts sends it, part-worker.ts reads it). */
export const partMessage = z.object({
  tenantId: z.string().min(1),
  importId: z.string().min(1),
  part: z.number().int().min(0),
  parts: z.number().int().min(1),
  /** The report as delimited text: the dropped object itself, or its converted text under work/. */
  textKey: z.string().min(1),
  /** The dropped object's ETag, so a report replaced meanwhile is not read half old, half new. */
  etag: z.string().min(1).optional(),
  header: byteRange,
  range: byteRange,
  /** The source's column map and name as the import started: every part reads the report alike. */
  map: storedMap,
  sourceName: z.string(),
  /** The import's snapshot of what the rules read (company, catalogue, rules, rates: LedgerInputRows as JSON), the same for every part. */
  inputsKey: z.string().min(1),
  /** Lines of the whole report before this part's own numbering (skipped rows and the records of earlier parts). */
  lineOffset: z.number().int().min(0),
  last: z.boolean(),
  /**
   * The claim of the run that sent it. A re-run (or a run resumed after a crash) claims the import anew and sends
   * its own parts: a message of an earlier run, delivered late, is skipped instead of touching the new run.
   */
  runToken: z.string().min(1).optional(),
});
export type PartMessage = z.infer<typeof partMessage>;
