import { inject } from 'vitest';

/**
 * Runs before each integration and e2e file: the product's modules a file imports read the
 * shared local cloud's endpoints, table and buckets from the environment, and the worker that
 * runs the file may have run another file before (its modules and variables are kept), so each
 * file starts from the shared cloud's variables whatever came before.
 */
Object.assign(process.env, inject('cloudEnv'));
