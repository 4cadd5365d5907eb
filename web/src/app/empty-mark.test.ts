import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PAGES = fileURLToPath(new URL('../pages/', import.meta.url));

/** Every page file of the app, below web/src/pages. */
const pageFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });

describe('an empty value', () => {
  it("shows '-' on every page, never a dash of another width", () => {
    // The value a cell or field shows when there is nothing: `?? '-'`, `|| '-'` or the branch of a condition.
    const otherDash = /(\?\?|\|\||:)\s*'[—–]'/;
    const found = pageFiles(PAGES).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (otherDash.test(line) ? [`${path.relative(PAGES, file)}:${index + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
