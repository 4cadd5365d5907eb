import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { currencyCode } from '../../../shared/schemas/currency.js';
import { VALIDATION } from '../../../shared/messages.js';
import { formNumber } from '../../../shared/schemas/form-number.js';
import * as sources from '../../data/access/royalty-sources.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import { queryRows, withConnection } from '../ledger/query.js';
import { MAPPING_COLUMNS, type MappingColumn, type RoyaltyMap } from '../../../shared/schemas/royalty-map.js';
import { unreadableReport } from '../import/report-problem.js';
import { matchHeaders, readReport } from '../import/read-report.js';
import { makeWorkFolder } from '../../lib/work-folders.js';

/**
 * Column maps ("royalty maps"): one per source of reports, saved as a
 * RoyaltySource. The preview reads the first rows of a sample through the map with the same
 * reader the import uses, so what the user sees is what will be stored. Its refusals are the map editor's own
 * words (web/src/pages/royalties/map-model.ts), so the form says before saving what the API says after.
 */
const header = z.string().trim().min(1).max(200);
const columnRecord = z.partialRecord(z.enum(MAPPING_COLUMNS), header);

const royaltyMapSchema = z
  .strictObject({
    columns: columnRecord,
    constants: z.partialRecord(z.enum(MAPPING_COLUMNS), z.string().trim().max(200)).optional(),
    delimiter: z.enum([',', '\t', ';', '|']).optional(),
    decimal: z.enum(['point', 'comma']).optional(),
    skip_header_rows: formNumber(z.number().int().min(0).max(1000)).optional(),
    skip_footer_rows: formNumber(z.number().int().min(0).max(1000)).optional(),
    currency: currencyCode('Currency').optional(),
  })
  .superRefine((map, ctx) => {
    const filled = (column: MappingColumn) => Boolean(map.columns[column] || map.constants?.[column]);
    if (!filled('subtotal_payable'))
      ctx.addIssue({
        code: 'custom',
        path: ['columns', 'subtotal_payable'],
        message: VALIDATION.required('Subtotal payable'),
      });
    if (!filled('pay_period'))
      ctx.addIssue({
        code: 'custom',
        path: ['columns', 'pay_period'],
        message: VALIDATION.required('Pay period'),
      });
    if (!filled('subtotal_payable_currency') && !map.currency)
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: 'Currency is required when no column holds the currency',
      });
  });

export const royaltyMapInput = z.strictObject({
  name: z.string().trim().min(1).max(120),
  map: royaltyMapSchema,
});

const mapJson = (item: { id: string; name: string; map: RoyaltyMap; createdAt?: string; updatedAt?: string }) => ({
  id: item.id,
  name: item.name,
  map: item.map,
  created_at: item.createdAt,
  updated_at: item.updatedAt,
});

export async function listMaps(tenantId: string) {
  const items = await sources.listSources(tenantId);
  const maps = items.map(mapJson).sort((a, b) => a.name.localeCompare(b.name));
  return { royalty_maps: maps, total_count: maps.length, total_pages: 1 };
}

export async function getMap(tenantId: string, id: string) {
  const item = await sources.getSource(tenantId, id);
  if (!item) throw new NotFound('Royalty map');
  return { royalty_map: mapJson(item) };
}

export async function createMap(tenantId: string, input: z.infer<typeof royaltyMapInput>) {
  const item = await sources.createSource(tenantId, input);
  return { royalty_map: mapJson(item), message: 'Royalty Map Added' };
}

export async function updateMap(tenantId: string, id: string, input: z.infer<typeof royaltyMapInput>) {
  await getMap(tenantId, id);
  const item = await sources.updateSource(tenantId, id, input);
  return { royalty_map: mapJson(item), message: 'Royalty Map Updated' };
}

export async function deleteMap(tenantId: string, id: string) {
  await getMap(tenantId, id);
  await sources.deleteSource(tenantId, id);
  return { message: 'Royalty Map Deleted' };
}

/** The saved map whose headers a file has (all of them), preferring the one that maps the most. */
function suggestMap(headers: string[], maps: { id: string; map: RoyaltyMap }[]): string | undefined {
  const present = new Set(headers.map((h) => h.trim().toLowerCase()));
  const fitting = maps
    .map((m) => ({
      id: m.id,
      used: Object.values(m.map.columns ?? {})
        .filter(Boolean)
        .map((h) => String(h).trim().toLowerCase()),
    }))
    .filter((m) => m.used.length > 0 && m.used.every((h) => present.has(h)))
    .sort((a, b) => b.used.length - a.used.length);
  return fitting[0]?.id;
}

export const previewInput = z.strictObject({
  sample: z.string().min(1).max(1_000_000),
  map: royaltyMapSchema.optional(),
});

/** The sample's headers, its first rows through the map (when one is given) and a saved map that fits. */
export async function previewMap(tenantId: string, input: z.infer<typeof previewInput>) {
  const dir = await makeWorkFolder('royalty-preview-');
  try {
    // A sample is the start of a file: its last line may be cut off, so it is left out.
    const text = input.sample.replace(/^\uFEFF/, '');
    const lastBreak = text.lastIndexOf('\n');
    const complete = lastBreak > 0 && text.length > lastBreak + 1 ? text.slice(0, lastBreak + 1) : text;
    const file = path.join(dir, 'sample.csv');
    await writeFile(file, complete);
    const delimiter = input.map?.delimiter;
    const skip = input.map?.skip_header_rows ?? 0;
    const headers = await withConnection(async (connection) =>
      (
        await queryRows(
          connection,
          `DESCRIBE SELECT * FROM read_csv($file, header = true, all_varchar = true${delimiter ? ', delim = $delim' : ''}${skip ? `, skip = ${skip}` : ''})`,
          { file, ...(delimiter ? { delim: delimiter } : {}) },
        )
      ).map((r) => String(r.column_name)),
    ).catch(() => {
      throw new InvalidField('sample', 'The sample could not be read as a delimited text file');
    });
    const maps = await sources.listSources(tenantId);
    const suggested = suggestMap(headers, maps);
    if (!input.map) return { headers, rows: [], suggested_map_id: suggested };
    const [missing] = matchHeaders(input.map as RoyaltyMap, headers).missing;
    if (missing) throw new InvalidField(`columns.${missing[0]}`, `The file has no column "${missing[1]}"`);
    const output = path.join(dir, 'preview.parquet');
    const { rows, totals } = await withConnection(async (connection) => {
      const totals = await readReport(connection, file, input.map as RoyaltyMap, output);
      const rows = await queryRows(connection, `SELECT * FROM read_parquet($output) ORDER BY line LIMIT 10`, {
        output,
      });
      return { rows, totals };
    }).catch((error: unknown) => {
      // In the user's words: never the engine's message.
      throw new InvalidField('sample', unreadableReport(error, dir));
    });
    return { headers, rows, rejected: totals.rejected.slice(0, 10), suggested_map_id: suggested };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
