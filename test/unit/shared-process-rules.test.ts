import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Test files share their worker's process (`isolate: false` in vitest.config.ts), so what one file leaves in the
 * process reaches the files after it. Replacing `process.env` with a plain object is such a leak, and a silent one:
 * a worker thread started later copies the process's real environment, not the replacement, so every variable set
 * after it goes missing in that thread (the worker-threads timings test lost its STATEMENT_TIMINGS that way, only
 * when it ran after the DynamoDB signing file in the same fork). Stub variables in place with `vi.stubEnv`.
 */
const TEST_DIRS = ['test', 'web/src'];
const files = TEST_DIRS.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('node_modules'))
    .map((name) => path.join(dir, name)),
);

describe('what test files may leave in their shared process', () => {
  it('no file replaces process.env (stub its variables in place instead)', () => {
    const replacing = files.filter((file) => /\bprocess\.env\s*=(?!=)/.test(readFileSync(file, 'utf8')));
    expect(replacing).toEqual([]);
  });
});
