import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { systemBinary } from '../lib/system-binary.js';

/**
 * The one place that finds ffmpeg. The machine's own build first: FFMPEG_PATH (the Lambda layer
 * sets it), else `ffmpeg` on the PATH (Debian's build is newer than the packaged ones). Then the
 * packages that ship a binary: ffmpeg-static if its install download happened, then
 * @ffmpeg-installer/ffmpeg (a static linux-x64 build inside the package, so `npm install` alone
 * makes audio work). An FFMPEG_PATH that names nothing skips the system build (see
 * `systemBinary`). Neither package is required, so `npm ci` never depends on a binary download.
 */
let resolved: string | undefined;

function fromPackage(name: string, pick: (module: unknown) => string | undefined): string | undefined {
  try {
    const found = pick(createRequire(import.meta.url)(name));
    return found && existsSync(found) ? found : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves ffmpeg for an environment (exported for the resolver's tests; code calls `ffmpegPath`). */
export function resolveFfmpeg(env: NodeJS.ProcessEnv = process.env): string {
  return (
    systemBinary(env.FFMPEG_PATH, ['ffmpeg'], env.PATH) ??
    fromPackage('ffmpeg-static', (m) => m as string) ??
    fromPackage('@ffmpeg-installer/ffmpeg', (m) => (m as { path?: string }).path) ??
    // Nothing found: the bare name, so the spawn error says which program is missing.
    'ffmpeg'
  );
}

/** The ffmpeg this process uses, resolved once. */
export function ffmpegPath(): string {
  resolved ??= resolveFfmpeg();
  return resolved;
}

/** Whether the resolved ffmpeg runs at all (the worker reports a clear failure otherwise). */
export function ffmpegWorks(): boolean {
  try {
    execFileSync(ffmpegPath(), ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
