import {
  MODEL_ATTRIBUTES,
  type ExchangeModel,
  type ModelAttribute,
} from '../../../../../shared/catalogue-exchange/model-attributes';
import { mapProblems } from '../../../../../shared/schemas/metadata-map';

/** One line of the column-map editor: a file's column and the attribute it fills ('' = not imported). */
export type MapRow = { column: string; attribute: string };

export const rowsOfMap = (map: Readonly<Record<string, string>>): MapRow[] =>
  Object.entries(map).map(([column, attribute]) => ({ column, attribute }));

/** The editor's rows as the API's map; blank columns are dropped. */
export function mapOfRows(rows: readonly MapRow[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const row of rows) if (row.column.trim()) map[row.column.trim()] = row.attribute;
  return map;
}

/** Problems with the editor's rows for a model, in the words the server uses (shared rules). */
export function columnMapProblems(model: ExchangeModel, rows: readonly MapRow[]): string[] {
  return mapProblems(model, mapOfRows(rows));
}

/**
 * Guesses each column's attribute the way the import matches unmapped headers: by the attribute's
 * name or label, ignoring case, spaces and dashes.
 */
export function guessRows(columns: readonly string[], attributes: readonly ModelAttribute[]): MapRow[] {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
  return columns.map((column) => {
    const found = attributes.find((a) => norm(a.name) === norm(column) || norm(a.label) === norm(column));
    return { column, attribute: found?.name ?? '' };
  });
}

/**
 * The columns of a CSV or JSON file read in the browser (its header line, or the first object's keys),
 * so the page can offer them for mapping. XLSX headers are typed in by hand (answer: []).
 */
export function headersOf(filename: string, text: string): string[] {
  if (/\.json$/i.test(filename)) {
    try {
      const parsed: unknown = JSON.parse(text);
      const first = Array.isArray(parsed) ? parsed[0] : undefined;
      return first && typeof first === 'object' ? Object.keys(first as object) : [];
    } catch {
      return [];
    }
  }
  if (!/\.(csv|txt)$/i.test(filename)) return [];
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells.filter(Boolean);
}

export const attributesOf = (model: ExchangeModel) => MODEL_ATTRIBUTES[model];
