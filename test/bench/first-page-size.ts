/**
 * `npm run bench:web`: gzipped JavaScript the first page (/signin) needs, read from the Vite
 * manifest: the entry chunk, its static imports, and the sign-in route's chunk with its static
 * imports. Printed beside the goal (≤ 350 kB) and beside the whole bundle as a baseline.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale } from '../../infra/local/web-build.js';
import { firstLoadFiles } from '../support/web-manifest.js';

const root = path.resolve(import.meta.dirname, '../..');
buildWebIfStale(root);
const dist = path.join(root, 'web', 'dist');
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

const firstPage = firstLoadFiles(dist, 'src/pages/auth/signin.tsx');
const firstPageBytes = firstPage.files.filter((f) => f.endsWith('.js')).reduce((sum, file) => sum + gz(file), 0);
const allJs = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const allBytes = allJs.reduce((sum, f) => sum + gz(path.join('assets', f)), 0);
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
console.log(
  `first page (/signin): ${firstPage.chunks.length} chunks, ${kB(firstPageBytes)} gzipped JS (goal ≤ 350 kB: ${firstPageBytes <= 350_000 ? 'met' : 'NOT met'})`,
);
console.log(
  `baseline, every route at once: ${allJs.length} chunks, ${kB(allBytes)} gzipped JS (${((firstPageBytes / allBytes) * 100).toFixed(0)} % loaded first)`,
);
