import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root when running from source (the local cloud, tests). */
const SOURCE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The absolute path of a data file a function reads at run time (a font, a template), given
 * relative to the repository root. A Lambda bundle carries such files at the same relative path
 * beside its code (infra/functions.ts `assets`, copied by ProductFunction), under
 * LAMBDA_TASK_ROOT; from source they are read where they are.
 */
export function assetPath(relative: string): string {
  return path.join(process.env.LAMBDA_TASK_ROOT ?? SOURCE_ROOT, relative);
}
