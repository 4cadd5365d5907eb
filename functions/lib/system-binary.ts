import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Whether a path is a file this process may execute. */
function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable called `name` in the PATH directories, like `command -v`. */
function onPath(name: string, searchPath = process.env.PATH ?? ''): string | undefined {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The machine's own build of a tool, which callers prefer over a package's bundled copy (Debian's
 * builds are newer). `override` (an environment variable's value) wins when it names an
 * executable; when it is set but names nothing, the system copies are skipped on purpose, so
 * `FFMPEG_PATH=/nowhere` makes the caller use its package fallback (how CI proves the fallback).
 * Otherwise the first of `candidates` found: a bare name is looked up on the PATH, a path is
 * checked as is. `undefined` means: use the fallback.
 */
export function systemBinary(
  override: string | undefined,
  candidates: string[],
  searchPath?: string,
): string | undefined {
  if (override) return isExecutable(override) ? override : undefined;
  for (const candidate of candidates) {
    const found = candidate.includes('/') ? [candidate].find(isExecutable) : onPath(candidate, searchPath);
    if (found) return found;
  }
  return undefined;
}
