import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer.js';

/**
 * `npm test` runs every project: unit tests (domain rules, shared helpers, the SPA's pure
 * logic), CDK assertion tests, and the integration + end-to-end tests against one local
 * cloud that the global setup starts on free ports.
 *
 * Speed on 2 cores: files share their worker's modules (`isolate: false`) instead of a fresh
 * process and fresh imports per file (about 2 s a file). The unit, CDK and cloud files run in one
 * group on `WORKERS` workers, side by side (each cloud file makes its own company), each project's longest files
 * first (test/support/longest-first-sequencer.ts): a cloud file waits
 * on the cloud, DynamoDB Local and Chromium more than it computes, and measured with two workers the
 * machine stayed 40 % idle (1.15 of 2 cores busy), so more files at once fill the idle time. The
 * restart tests' own clouds mostly wait too. The few files that change the demo store take turns among
 * themselves (test/support/take-turns.ts) while the others run beside them. Only unit files that swap a
 * module (`vi.mock`) keep a fresh module graph each; an integration file that swaps one does it on a fresh
 * graph itself.
 */
const UNIT = ['test/unit', 'web/src'];
const unitFiles = UNIT.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => path.join(dir, name)),
);
/** Unit files that replace a module: with shared modules the swap could reach (or miss) other files. */
const swapsModules = unitFiles.filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')));

/**
 * A unit test's time limit, and its hooks'. The unit files run beside the type check and the code rules (`npm test`
 * starts all three at once), so on 2 cores a test that takes 1 s alone has taken over 5 s, vitest's default; and a
 * hook that imports the data layer on a fresh module graph took over 10 s (the hooks' default) when a shuffled
 * order put it among the first files.
 */
const UNIT_TIMEOUT = 30_000;

/** What both unit projects share: Node, and the time limits above for tests and hooks. */
const UNIT_PROJECT = { environment: 'node', testTimeout: UNIT_TIMEOUT, hookTimeout: UNIT_TIMEOUT } as const;

/** Files at once. Every project of a group must use the same number, so the unit and CDK projects take it too. */
const WORKERS = 4;

/** The integration project runs against the one local cloud of the global setup. */
const AGAINST_THE_CLOUD = {
  globalSetup: ['test/support/global-setup.ts'],
  setupFiles: ['test/support/shared-cloud-env.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  isolate: false,
  // expect.poll gives up after 1 s by default; with four files, browsers and the cloud sharing 2 cores a screen
  // can take several seconds to show what the server already saved, and CI machines are slower still: two CI runs
  // in a row lost a browser test to a click whose answer came after 15 s. The cloud prints each answer slower than
  // 5 s and each blocked event loop (infra/local/stall-watch.ts), so a wait this long still leaves a trace.
  // A try every 250 ms rather than every 100: a try is a round trip to Chromium that reads a page's text (and works
  // out its layout again), and on 2 cores, where the suite keeps both cores busy, the tries were CPU the other files
  // waited for. Three browser journeys took 90–97 s of machine CPU at 250 ms against 110 s at 100 ms, in the same
  // time.
  expect: { poll: { timeout: 30_000, interval: 250 } },
};

/** Asked for shuffled files (test/isolation.ts): a sequencer of our own would quietly replace vitest's shuffling one. */
const shuffled = process.argv.some((arg) => arg.startsWith('--sequence.shuffle'));

export default defineConfig({
  test: {
    reporters: ['default', './test/support/project-times-reporter.ts'],
    maxWorkers: WORKERS,
    sequence: shuffled ? {} : { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          ...UNIT_PROJECT,
          name: 'unit',
          include: unitFiles,
          exclude: swapsModules,
          isolate: false,
        },
      },
      { test: { ...UNIT_PROJECT, name: 'unit-swapped-modules', include: swapsModules } },
      { test: { name: 'cdk', include: ['test/cdk/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 } },
      {
        test: {
          ...AGAINST_THE_CLOUD,
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
        },
      },
    ],
  },
});
