import type { z } from 'zod';

/**
 * What every served collection declares, reference data or a company's catalogue: its names
 * (for answers, notices and bulk keys), its input schema, and how its lists sort and search.
 */
export type Collection = {
  /** The API path and the list answer's key: `countries`, `artists`. */
  collection: string;
  /** A record's answer key and the stem of the bulk_destroy key: `country`, `artist`. */
  singular: string;
  /** "Country" as in "Country Added". */
  title: string;
  input: z.ZodObject;
  sortFields: readonly [string, ...string[]];
  searchFields: readonly string[];
  /** The field that names a record (default `name`): pickers sort by it, messages quote it. */
  nameField?: string;
};
