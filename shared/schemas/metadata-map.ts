import { z } from 'zod';
import { formNumber } from './form-number.js';
import {
  EXCHANGE_MODELS,
  EXCHANGE_MODEL_TITLES,
  MODEL_ATTRIBUTES,
  type ExchangeModel,
} from '../catalogue-exchange/model-attributes.js';

/** What a metadata map belongs to (`mapable_type`): the source whose files it reads. */
export const MAPABLE_TYPES = ['Company', 'Distributor', 'Dsp'] as const;
/** Whether a map reads files in (the importer) or writes them out. */
export const METADATA_MAP_TYPES = ['import', 'export'] as const;
export const METADATA_MAP_SORT_FIELDS = [
  'created_at',
  'model_type',
  'source_service',
  'target_service',
  'type',
  'year',
  'updated_at',
] as const;

const text = (max: number) => z.string().trim().max(max);

/**
 * A metadata map as the form sends it (map, mapable_type, mapable_id, model_type, notes,
 * source_service, target_service, type, year). `map` is the column map: a file's header → the
 * attribute of `model_type` it fills (checked with {@link mapProblems}, as the targets depend on the model).
 */
export const metadataMapInput = z.strictObject({
  map: z.record(text(200).min(1, 'A column name is required'), text(100)),
  model_type: z.enum(EXCHANGE_MODELS),
  mapable_type: z.union([z.literal(''), z.enum(MAPABLE_TYPES)]).optional(),
  mapable_id: text(64).optional(),
  notes: text(5000).optional(),
  source_service: text(200).optional(),
  target_service: text(200).optional(),
  type: z.enum(METADATA_MAP_TYPES).optional(),
  year: z
    .union([
      z.literal(''),
      formNumber(
        z.number().int('Year must be a year').min(1900, 'Year must be a year').max(2100, 'Year must be a year'),
      ),
    ])
    .optional(),
});
export type MetadataMapInput = z.infer<typeof metadataMapInput>;

/**
 * Every reason a column map does not fit its model, in the user's words: no column, a target that is
 * not one of the model's attributes, an attribute filled from two columns. Empty when it fits.
 * Blank targets (a column left unmapped) are allowed and ignored.
 */
export function mapProblems(model: ExchangeModel, map: Readonly<Record<string, string>>): string[] {
  const attributes = MODEL_ATTRIBUTES[model];
  const problems: string[] = [];
  const from = new Map<string, string>();
  const pairs = Object.entries(map).filter(([, attribute]) => attribute.trim() !== '');
  if (!pairs.length) problems.push('Map must name at least one column');
  for (const [column, attribute] of pairs) {
    const known = attributes.find((a) => a.name === attribute);
    if (!known) {
      problems.push(`Column ${column}: ${attribute} is not an attribute of ${EXCHANGE_MODEL_TITLES[model]}`);
      continue;
    }
    const earlier = from.get(attribute);
    if (earlier !== undefined) problems.push(`${known.label} is mapped from two columns: ${earlier} and ${column}`);
    else from.set(attribute, column);
  }
  return problems;
}
