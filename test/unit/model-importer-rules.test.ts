import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Conflict, LOST_RACE_MESSAGE } from '../../functions/lib/errors.js';
import { recordImporter } from '../../functions/catalogue-exchange/models/record-importer.js';
import { MODEL_ATTRIBUTES } from '../../shared/catalogue-exchange/model-attributes.js';
import { mapProblems } from '../../shared/schemas/metadata-map.js';
import { importerFor } from '../../functions/catalogue-exchange/importers.js';
import { type CellProblem, numeric, sameName, yesNoReader } from '../../functions/catalogue-exchange/models/cells.js';
import { importedId } from '../../functions/catalogue-exchange/imported-ids.js';

describe('model importers and the shared attribute lists', () => {
  it('read exactly the attributes the pages and metadata maps offer', () => {
    for (const model of ['artists', 'contributors', 'payees', 'labels', 'releases'] as const)
      expect(importerFor(model).attributes, model).toEqual(MODEL_ATTRIBUTES[model]);
  });

  it('a metadata map of a model may name only that model’s attributes', () => {
    expect(mapProblems('artists', { Name: 'name', ISNI: 'isni', Skip: '' })).toEqual([]);
    expect(mapProblems('labels', { Name: 'name', ISNI: 'isni' })).toEqual([
      'Column ISNI: isni is not an attribute of Labels',
    ]);
  });
});

describe('cells', () => {
  it('yes/no reads Y/N, yes/no, true/false, 1/0 and names anything else in spreadsheet words', () => {
    const problems: CellProblem[] = [];
    const read = yesNoReader(
      { a: 'Y', b: 'no', c: 'TRUE', d: '0', e: '', f: 'maybe' },
      [{ name: 'f', label: 'Self billing' }],
      problems,
    );
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map(read)).toEqual([true, false, true, false, undefined, undefined]);
    expect(problems).toEqual([{ attribute: 'f', message: 'Self billing must be Y or N' }]);
  });

  it('numbers stay text when they are not numbers, so the schema names them; names compare loosely', () => {
    expect([numeric(' 70 '), numeric('seventy'), numeric('')]).toEqual([70, 'seventy', undefined]);
    expect(sameName('  The   Band ')).toBe(sameName('the band'));
  });
});

describe('imported ids', () => {
  it('are the same for the same (import, model, key) and differ otherwise, shaped like the product’s ids', () => {
    const id = importedId('imp-1', 'artists', 'row-2');
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(importedId('imp-1', 'artists', 'row-2')).toBe(id);
    expect(
      new Set([
        importedId('imp-2', 'artists', 'row-2'),
        importedId('imp-1', 'labels', 'row-2'),
        importedId('imp-1', 'artists', 'row-3'),
      ]).has(id),
    ).toBe(false);
  });
});

describe('a record importer’s write', () => {
  /** A model over an in-memory company whose first `losses` creates lose the list-version race. */
  function fakeModel(losses: number, refusal?: Error) {
    const stored = new Map<string, Record<string, unknown>>();
    let attempts = 0;
    const importer = recordImporter({
      model: 'payees',
      title: 'Payee',
      attributes: [{ name: 'name', label: 'Name', required: true }],
      schema: z.strictObject({ name: z.string().min(1) }),
      lookups: async () => undefined,
      toInput: (row) => ({ input: { name: row.name ?? '' } }),
      identities: (r) => [`name:${String(r.name)}`],
      existing: async () => [...stored.values()],
      exists: async (_tenant, id) => stored.has(id),
      create: async (_tenant, id, input) => {
        attempts += 1;
        if (refusal) throw refusal;
        if (attempts <= losses) throw new Conflict(LOST_RACE_MESSAGE);
        stored.set(id, input);
      },
    });
    return { importer, stored, attempts: () => attempts };
  }
  const ctx = { tenantId: 't', userId: 'u', importId: 'i' };
  const rows = [{ name: 'Ada' }];

  it('tries again when it lost the race on the list version, and writes once', async () => {
    const { importer, stored, attempts } = fakeModel(2);
    const [record] = await importer.plan(ctx, rows);
    expect(await importer.write(ctx, record, rows)).toBe(1);
    expect(attempts()).toBe(3);
    // Written again (its chunk run again after a crash): nothing is written twice, and the record, this
    // import's own, still counts as added.
    expect(await importer.write(ctx, record, rows)).toBe(1);
    expect(attempts()).toBe(3);
    expect(stored.size).toBe(1);
  });

  it('gives up on any other refusal at once', async () => {
    const { importer, attempts } = fakeModel(0, new Conflict('Name has already been taken'));
    const [record] = await importer.plan(ctx, rows);
    await expect(importer.write(ctx, record, rows)).rejects.toThrow('Name has already been taken');
    expect(attempts()).toBe(1);
  });
});
