import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The one place that finds ffmpeg (DESIGN.md §1): FFMPEG_PATH (the Lambda layer sets it) →
 * ffmpeg-static's binary if its install download happened → @ffmpeg-installer/ffmpeg if it is
 * installed → `ffmpeg` on the PATH. Neither package is required, so `npm ci` never depends on a
 * binary download.
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

export function ffmpegPath(): string {
  if (resolved) return resolved;
  const candidates = [
    process.env.FFMPEG_PATH,
    fromPackage('ffmpeg-static', (m) => m as string),
    fromPackage('@ffmpeg-installer/ffmpeg', (m) => (m as { path?: string }).path),
  ];
  resolved = candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? 'ffmpeg';
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
