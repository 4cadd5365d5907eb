import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the SPA (web/dist) when it is missing or older than its sources; used by `npm start` and the tests. */
export function buildWebIfStale(root: string): void {
  const index = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(path.join(root, 'web', 'index.html')))
    throw new Error('web/index.html is missing: the web app cannot be built');
  const sources = Math.max(
    ...['web/src', 'web/index.html', 'web/vite.config.ts', 'shared'].map((p) => newestMtime(path.join(root, p))),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('Building the web app…');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
