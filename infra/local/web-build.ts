import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Whether a built SPA carries React's development build (its JSX calls are `jsxDEV`): such a build
 * renders several times slower, so it is rebuilt even when it is newer than its sources.
 */
export function isDevelopmentBuild(dist: string): boolean {
  const assets = path.join(dist, 'assets');
  if (!existsSync(assets)) return false;
  return readdirSync(assets).some(
    (name) => name.endsWith('.js') && readFileSync(path.join(assets, name), 'utf8').includes('jsxDEV'),
  );
}

/** Builds the SPA (web/dist) when it is missing or older than its sources; used by `npm start` and the tests. */
export function buildWebIfStale(root: string): void {
  const index = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(path.join(root, 'web', 'index.html')))
    throw new Error('web/index.html is missing: the web app cannot be built');
  const sources = Math.max(
    ...['web/src', 'web/index.html', 'web/vite.config.ts', 'shared'].map((p) => newestMtime(path.join(root, p))),
  );
  const dist = path.join(root, 'web', 'dist');
  if (existsSync(index) && statSync(index).mtimeMs >= sources && !isDevelopmentBuild(dist)) return;
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
    // Always React's production build: vitest sets NODE_ENV=test, and a build that inherits it ships
    // React's development build (several times slower to render) to the browser the tests drive.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (isDevelopmentBuild(dist)) throw new Error('The web app was built with React’s development build');
}
