import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(__dirname, '../../web/src');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(path.join(dir, entry.name))
        : Promise.resolve(/\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []),
    ),
  );
  return nested.flat();
}

describe('the SPA and the API share a contract through shared/ only', () => {
  it('no file of web/src imports from functions/', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(WEB)) {
      const text = await readFile(file, 'utf8');
      if (/from\s+['"][./]*functions\//.test(text) || /import\(\s*['"][./]*functions\//.test(text))
        offenders.push(path.relative(WEB, file));
    }
    expect(offenders).toEqual([]);
  });
});
