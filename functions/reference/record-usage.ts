import { humanizeField } from '../../shared/messages.js';
import { Conflict } from '../lib/errors.js';
import type { RecordShape } from './record-shape.js';
import type { Row } from './reference-resource.js';

/** A collection whose records may link to others: its words, its shape, and its records. */
export type LinkingCollection = {
  collection: string;
  singular: string;
  shape: RecordShape;
  rows: () => Promise<Row[]>;
};

const plural = (n: number, one: string, many: string) =>
  `${n} ${humanizeField(n === 1 ? one : many, { inSentence: true })}`;

/**
 * Refuses to delete records others still link to, at the top level or in nested rows (a society
 * its rightsholders name, a contributor an artist's members name, a genre recordings use):
 * "Society PRS is used by 2 rightsholders". Records deleted together do not count.
 */
export async function refuseIfUsed(
  target: { collection: string; title: string; nameField?: string },
  rows: readonly Row[],
  sources: readonly LinkingCollection[],
): Promise<void> {
  const deleting = new Set(rows.map((row) => `${target.collection}:${row.id}`));
  for (const row of rows) {
    const uses: string[] = [];
    for (const source of sources) {
      const top = (source.shape.links ?? []).filter((l) => l.to === target.collection);
      const nested = (source.shape.rows ?? []).flatMap((rf) =>
        (rf.links ?? []).filter((l) => l.to === target.collection).map((l) => ({ rf, l })),
      );
      if (!top.length && !nested.length) continue;
      const linking = (await source.rows()).filter(
        (record) =>
          !deleting.has(`${source.collection}:${record.id}`) &&
          (top.some((l) => record[l.field] === row.id) ||
            nested.some(({ rf, l }) =>
              ((record[rf.stored] as Row[] | undefined) ?? []).some((child) => child[l.field] === row.id),
            )),
      );
      if (linking.length) uses.push(plural(linking.length, source.singular, source.collection));
    }
    if (uses.length)
      throw new Conflict(`${target.title} ${String(row[target.nameField ?? 'name'])} is used by ${uses.join(' and ')}`);
  }
}
