import type { z } from 'zod';
import { fieldErrors } from '../../lib/validation.js';
import type {
  ImportAttribute,
  ImportContext,
  ImportModel,
  MappedRow,
  ModelImporter,
  PlannedRecord,
  RowError,
} from '../import-model.js';
import { importedId, retryLostRace } from '../imported-ids.js';

/** One row as the API's input, with what the row's cells could not give (a society not found). */
type RowInput = {
  input: Record<string, unknown>;
  /** Problems found while reading cells, by attribute name. */
  problems?: { attribute: string; message: string }[];
  /** The attribute an input path came from, where it is not the path's first key (identifier rows). */
  origins?: Readonly<Record<string, string>>;
};

/**
 * A model whose rows are one record each (artists, contributors, payees, labels): how a row becomes
 * the API's input, which identities make two records the same, and the company's records to compare with.
 */
export type RecordModel<Lookups> = {
  model: ImportModel;
  /** The record in the user's words ("Artist"). */
  title: string;
  attributes: readonly ImportAttribute[];
  /** The API's own input schema (the same rules as the form). */
  schema: z.ZodType;
  /** Reference data a row names (societies), read once per plan or write. */
  lookups: (ctx: ImportContext) => Promise<Lookups>;
  toInput: (row: MappedRow, lookups: Lookups) => RowInput;
  /** What makes two records the same, as `kind:value` strings (name, ISNI, Spotify id …); from input or stored record. */
  identities: (record: Readonly<Record<string, unknown>>) => string[];
  /** The company's records of the model. */
  existing: (tenantId: string) => Promise<Readonly<Record<string, unknown>>[]>;
  exists: (tenantId: string, id: string) => Promise<boolean>;
  /** Creates the record with this id through the catalogue's own write (guards, list versions). */
  create: (tenantId: string, id: string, input: Record<string, unknown>) => Promise<void>;
};

/** How a duplicate's identity reads in a sentence: `isni:0000…` → `ISNI 0000…`. */
const IDENTITY_WORDS: Record<string, string> = { name: 'name', isni: 'ISNI', spotify: 'Spotify id' };
const describeIdentity = (identity: string) => {
  const [kind, ...rest] = identity.split(':');
  return `${IDENTITY_WORDS[kind] ?? kind} ${rest.join(':')}`;
};

const isBlank = (row: MappedRow) => Object.values(row).every((cell) => (cell ?? '').trim() === '');

/**
 * The rows of one record: `rows` is either the whole file (rows[i] is spreadsheet row i + 2) or only
 * the record's rows in order; when the lengths are equal both readings give the same rows.
 */
function rowsOf(record: PlannedRecord, rows: readonly MappedRow[]): MappedRow[] {
  if (rows.length === record.rows.length) return [...rows];
  return record.rows.map((n) => rows[n - 2] ?? {});
}

/** Turns a model of one-row records into a {@link ModelImporter} (plan: validate, find duplicates; write: idempotent create). */
export function recordImporter<Lookups>(spec: RecordModel<Lookups>): ModelImporter {
  /** Every error of a row: `field` is the attribute (as the release importer's), the message says it in the user's words. */
  function rowErrors(rowNumber: number, read: RowInput): { errors: RowError[]; parsed?: Record<string, unknown> } {
    const errors: RowError[] = (read.problems ?? []).map((p) => ({
      row: rowNumber,
      field: p.attribute,
      message: p.message,
    }));
    const result = spec.schema.safeParse(read.input);
    if (!result.success) {
      for (const [path, messages] of Object.entries(fieldErrors(result.error, read.input))) {
        const attribute = read.origins?.[path] ?? path.split('.')[0];
        const label = spec.attributes.find((a) => a.name === attribute)?.label ?? attribute;
        // A line of the preview must name its column: "Email: This field must be a valid email".
        const named = (m: string) => (m.toLowerCase().startsWith(label.toLowerCase()) ? m : `${label}: ${m}`);
        for (const message of messages) errors.push({ row: rowNumber, field: attribute, message: named(message) });
      }
    }
    // In column order, as the file reads.
    const order = (e: RowError) => spec.attributes.findIndex((a) => a.name === e.field);
    errors.sort((a, b) => order(a) - order(b));
    return { errors, parsed: result.success ? (result.data as Record<string, unknown>) : undefined };
  }

  return {
    model: spec.model,
    attributes: spec.attributes,

    async plan(ctx, rows) {
      const [lookups, existing] = await Promise.all([spec.lookups(ctx), spec.existing(ctx.tenantId)]);
      const known = new Map<string, string>();
      for (const record of existing) for (const id of spec.identities(record)) known.set(id, String(record.name));
      const seen = new Map<string, number>();
      const planned: PlannedRecord[] = [];
      rows.forEach((row, i) => {
        const rowNumber = i + 2;
        if (isBlank(row)) return;
        const read = spec.toInput(row, lookups);
        const { errors, parsed } = rowErrors(rowNumber, read);
        const name = String(read.input.name ?? '').trim();
        const record: PlannedRecord = {
          key: `row-${rowNumber}`,
          rows: [rowNumber],
          label: name ? `${name} (row ${rowNumber})` : `Row ${rowNumber}`,
          errors,
        };
        if (parsed) {
          const identities = spec.identities(parsed);
          const inCompany = identities.find((id) => known.has(id));
          const earlier = identities.find((id) => seen.has(id));
          if (inCompany) {
            record.duplicate = `${spec.title} ${known.get(inCompany)} exists already (same ${describeIdentity(inCompany)})`;
          } else if (earlier) {
            record.duplicate = `Same ${describeIdentity(earlier)} as row ${seen.get(earlier)}`;
          }
          for (const id of identities) if (!seen.has(id)) seen.set(id, rowNumber);
        }
        planned.push(record);
      });
      return planned;
    },

    async write(ctx, record, rows) {
      if (record.errors.length || record.duplicate) return 0;
      const id = importedId(ctx.importId, spec.model, record.key);
      // The id is this import's own: a record found under it was added by this import, by an earlier try
      // of this chunk that died before counting it. It counts; the chunk's count is added once (addChunkProgress).
      if (await spec.exists(ctx.tenantId, id)) return 1;
      const [row] = rowsOf(record, rows);
      const read = spec.toInput(row ?? {}, await spec.lookups(ctx));
      const { errors, parsed } = rowErrors(record.rows[0] ?? 0, read);
      if (!parsed || errors.length) throw new Error(`Row ${record.rows[0]} no longer reads as it did in the plan`);
      // Records of a chunk are written side by side and each bumps the company's list version: a write
      // that lost that race is tried again. A retry of the chunk that raced this one wrote it: once.
      return retryLostRace(
        async () => {
          await spec.create(ctx.tenantId, id, parsed);
          return 1;
        },
        async () => ((await spec.exists(ctx.tenantId, id)) ? 1 : undefined),
      );
    },
  };
}
