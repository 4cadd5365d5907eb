import { inject } from 'vitest';

/**
 * The statement worker's account step and what it reads, imported against the shared cloud of the run (its
 * environment set first, so the SDK clients reach it): for files that drive the step by hand, as a delivery would.
 */
export async function statementStepModules() {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    step: await import('../../functions/money/statements/runs/account-step.js'),
    deps: (await import('../../functions/money/statements/runs/account-deps.js')).accountStepDeps,
    objects: await import('../../functions/lib/bucket-objects.js'),
    keys: await import('../../functions/money/statements/statement-keys.js'),
    db: (await import('../../functions/data/service.js')).getDb,
  };
}
