import { describe, expect, it } from 'vitest';
import { IMPORT_MODELS } from '../../functions/catalogue-exchange/import-model.js';
import { IMPORTERS, importerFor } from '../../functions/catalogue-exchange/importers.js';
import { RELEASE_SHEET_COLUMNS } from '../../shared/catalogue-exchange/release-sheet.js';

/** The importers registry: each entry imports its own model and names its attributes. */
describe('catalogue importers', () => {
  it('registers each importer under its own model, with attributes named in the user’s words', () => {
    for (const [model, importer] of Object.entries(IMPORTERS)) {
      expect(importer?.model).toBe(model);
      expect(IMPORT_MODELS).toContain(model);
      for (const a of importer?.attributes ?? []) expect(a.label.trim()).not.toBe('');
    }
  });

  it('reads releases with every release sheet column, the required ones required', () => {
    const releases = importerFor('releases');
    expect(releases.attributes.map((a) => a.name)).toEqual(RELEASE_SHEET_COLUMNS.map((c) => c.key));
    expect(releases.attributes.filter((a) => a.required).map((a) => a.name)).toEqual(
      RELEASE_SHEET_COLUMNS.filter((c) => c.required).map((c) => c.key),
    );
    // A recording on its own has no disc or track position.
    const names = importerFor('recordings').attributes.map((a) => a.name);
    expect(names).toContain('isrc');
    expect(names).not.toContain('position');
    expect(names).not.toContain('upc');
  });
});
