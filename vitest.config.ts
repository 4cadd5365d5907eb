import { defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: unit tests (domain rules, shared helpers, the SPA's pure
 * logic), CDK assertion tests, and the integration + end-to-end tests against one local
 * cloud that the global setup starts on free ports.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['test/unit/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      { test: { name: 'cdk', include: ['test/cdk/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 180_000 } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
