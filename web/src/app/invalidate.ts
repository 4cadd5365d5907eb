import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Whether an SWR key (`[path, company]`, see resources.ts) reads one of `paths` or what lies
 * below it: `/labels` covers `/labels`, `/labels?page=2` and `/labels/L1` (not `/labels_x`).
 * A path ending in `?` or `/` is a plain prefix: `/royalties?` covers the list pages only.
 */
export function keyUnder(key: unknown, paths: readonly string[]): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  const path: string = key[0];
  return paths.some((base) =>
    base.endsWith('?') || base.endsWith('/')
      ? path.startsWith(base)
      : path === base || path.startsWith(`${base}?`) || path.startsWith(`${base}/`),
  );
}

/**
 * The one way to reload cached answers after a write: returns a stable function that
 * revalidates every loaded answer under one of `paths` (see keyUnder), whatever company it was
 * read in.
 */
export function useInvalidate(...paths: string[]): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const joined = paths.join('\n');
  return useCallback(() => {
    const list = joined.split('\n');
    return mutate((key) => keyUnder(key, list));
  }, [mutate, joined]);
}
