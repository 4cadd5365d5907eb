import type { ImportAttribute, MappedRow } from '../import-model.js';

/**
 * Turns a file's rows (keyed by their lower-cased headers) into rows keyed by the model's
 * attribute names. A header the column map names goes to that attribute; any other header is
 * matched to an attribute by its name, its name with spaces as underscores, or its label
 * ("Release title"), so a sheet written with the attributes' own names needs no map.
 */
export function mapColumns(
  headers: readonly string[],
  rows: readonly Record<string, string>[],
  attributes: readonly ImportAttribute[],
  columnMap: Readonly<Record<string, string>> = {},
): MappedRow[] {
  const explicit = new Map(Object.entries(columnMap).map(([h, a]) => [h.trim().toLowerCase(), a]));
  const byName = new Map<string, string>();
  for (const a of attributes) {
    byName.set(a.name.toLowerCase(), a.name);
    byName.set(a.label.trim().toLowerCase(), a.name);
  }
  const target = (h: string) =>
    explicit.get(h) ?? byName.get(h) ?? byName.get(h.replace(/[\s-]+/g, '_')) ?? (explicit.size ? undefined : h);
  const pairs = headers.flatMap((h) => {
    const to = target(h);
    return to ? [[h, to] as const] : [];
  });
  return rows.map((row) => {
    const mapped: Record<string, string> = Object.fromEntries(attributes.map((a) => [a.name, '']));
    for (const [h, to] of pairs)
      if (row[h] !== undefined && (mapped[to] === '' || mapped[to] === undefined)) mapped[to] = row[h];
    return mapped;
  });
}
