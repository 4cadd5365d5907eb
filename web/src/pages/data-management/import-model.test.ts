import { describe, expect, it } from 'vitest';
import {
  importContentType,
  importFileProblem,
  importPercent,
  previewDuplicates,
  previewErrorLines,
  previewShownPart,
} from './import-model';

const preview = {
  import_id: 'x',
  model: 'releases',
  valid: 1,
  invalid: 1,
  duplicates: 1,
  rows: 4,
  left_out: 0,
  listed_all: true,
  notes: ['New artist: Mira', 'New writer: Jo'],
  records: [
    { key: 'a', rows: [2], label: 'A', errors: [], notes: ['New artist: Mira', 'New writer: Jo'] },
    {
      key: 'b',
      rows: [3, 4],
      label: 'B',
      errors: [
        { row: 4, field: 'isrc', message: 'ISRC must be …' },
        { row: 3, field: 'upc', message: 'UPC is required' },
      ],
    },
    { key: 'c', rows: [5], label: 'C', errors: [], duplicate: 'UPC 1 is already in the catalogue', notes: ['x'] },
  ],
};

describe('data management import model', () => {
  it('lists every error by row with the field in the user’s words', () => {
    expect(previewErrorLines(preview).map((l) => [l.row, l.field, l.message])).toEqual([
      [3, 'UPC', 'UPC is required'],
      [4, 'ISRC', 'ISRC must be …'],
    ]);
  });

  it('names duplicates, and says when only the first errors are listed', () => {
    expect(previewDuplicates(preview).map((r) => r.key)).toEqual(['c']);
    expect(previewShownPart(preview)).toBeUndefined();
    expect(previewShownPart({ ...preview, listed_all: false })).toBe(
      'Only the first errors and duplicates are listed; fix them and upload the file again to see the rest.',
    );
  });

  it('counts whole percents and checks files', () => {
    expect(importPercent(0, 0)).toBe(0);
    expect(importPercent(49, 50)).toBe(98);
    expect(importPercent(60, 50)).toBe(100);
    expect(importContentType({ name: 'a.XLSX', type: '' })).toContain('spreadsheetml');
    expect(importFileProblem({ name: 'a.pdf', size: 3 })).toBe('Choose a CSV, XLSX or JSON file');
    expect(importFileProblem({ name: 'a.csv', size: 0 })).toBe('The file is empty');
    expect(importFileProblem({ name: 'a.csv', size: 3 })).toBeUndefined();
  });
});
