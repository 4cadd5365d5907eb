import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The local cloud answers every request in one process, where a DuckDB query holds a libuv thread until it ends; with
 * libuv's four threads a few slow queries held up every other answer (docs/local-cloud.md). libuv reads the size before
 * any of our code runs, so the scripts that start the cloud set it.
 */
const scripts = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'))
  .scripts as Record<string, string>;

describe('libuv thread pool of the processes that run the local cloud', () => {
  it.each(['start', 'test'])('npm %s sets UV_THREADPOOL_SIZE to at least 16 unless already set', (name) => {
    const set = /UV_THREADPOOL_SIZE=\$\{UV_THREADPOOL_SIZE:-(\d+)\}/.exec(scripts[name]);
    expect(set, scripts[name]).not.toBeNull();
    expect(Number(set?.[1])).toBeGreaterThanOrEqual(16);
  });

  it('npm test gives the setting to the vitest run, which starts the test cloud', () => {
    expect(scripts.test).toMatch(/UV_THREADPOOL_SIZE=\$\{UV_THREADPOOL_SIZE:-\d+\} vitest run/);
  });
});
