import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadFiles } from '../support/web-manifest.js';

/** The SPA the global setup built (web/vite.config.ts puts the app shell in one file). */
const dist = path.resolve(import.meta.dirname, '../../web/dist');

describe('the built web app', () => {
  it('loads its first page from a handful of files: the app shell in one, not split into dozens', () => {
    const { chunks, files } = firstLoadFiles(dist, 'src/pages/auth/signin.tsx');
    // Split automatically, the sign-in page needed 89 chunks (121 requests in all); every load paid for each one.
    expect(chunks.length).toBeLessThanOrEqual(4);
    expect(files.filter((file) => file.endsWith('.css')).length).toBeLessThanOrEqual(4);
  });
});
