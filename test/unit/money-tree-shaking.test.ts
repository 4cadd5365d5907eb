import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Other areas import the money module through one facade (functions/money/index.ts), which re-exports the whole
 * module. A Lambda that needs one name must not carry the rest (the earnings engine brings DuckDB, the documents
 * pdfmake): functions/money/package.json tells the bundler the module's files have no side effects, so the files
 * a function does not use are left out. That promise holds only while no money file is imported for its side
 * effects alone.
 */
const MONEY = path.join(import.meta.dirname, '../../functions/money');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('the money module is tree-shakeable', () => {
  it('declares its files free of side effects, as ES modules', () => {
    expect(JSON.parse(readFileSync(path.join(MONEY, 'package.json'), 'utf8'))).toMatchObject({
      type: 'module',
      sideEffects: false,
    });
  });

  it('has no file imported only for its side effects', () => {
    const bare = /^\s*import\s+['"][^'"]+['"]/m;
    // Any file of functions/: a bare import of a money file from another area would be dropped as well.
    const root = path.join(MONEY, '../..');
    const offending = tsFiles(path.join(MONEY, '..'))
      .filter((file) => bare.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offending).toEqual([]);
  });
});
