import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: unit tests (domain rules, shared helpers, the SPA's pure
 * logic), CDK assertion tests, and the integration + end-to-end tests against one local
 * cloud that the global setup starts on free ports.
 *
 * Speed on 2 cores: files share their worker's modules (`isolate: false`) instead of a fresh
 * process and fresh imports per file (about 2 s a file); two workers run the unit and CDK files,
 * then one runs the integration files in turn. Only unit files that swap a module (`vi.mock`) keep
 * a fresh module graph each; an integration file that swaps one does it on a fresh graph itself.
 */
const UNIT = ['test/unit', 'web/src'];
const unitFiles = UNIT.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name)),
);
/** Unit files that replace a module: with shared modules the swap could reach (or miss) other files. */
const swapsModules = unitFiles.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    reporters: ['default', './test/support/project-times-reporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'unit', include: unitFiles, exclude: swapsModules, environment: 'node', isolate: false },
      },
      { test: { name: 'unit-swapped-modules', include: swapsModules, environment: 'node' } },
      { test: { name: 'cdk', include: ['test/cdk/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/shared-cloud-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time against the one local cloud, after the unit and CDK files: files that
          // still sign in to the demo company must not run beside one another.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          isolate: false,
        },
      },
    ],
  },
});
