import { readFileSync } from 'node:fs';
import path from 'node:path';

type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/**
 * The files a page of the built SPA loads before it shows: the entry chunk and the route's chunk with their static
 * imports (each chunk's JavaScript and CSS), read from the Vite manifest of `dist`.
 */
export function firstLoadFiles(dist: string, route: string): { chunks: string[]; files: string[] } {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest).filter((k) => manifest[k].isEntry)) visit(key);
  visit(route);
  const chunks = [...seen];
  return { chunks, files: [...new Set(chunks.flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]))] };
}
