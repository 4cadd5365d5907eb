import { createHash } from 'node:crypto';
import { Conflict, LOST_RACE_MESSAGE } from '../lib/errors.js';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * An id derived from its parts: the same parts, the same id. Every record an import writes takes
 * one derived from the import and the record's key, so a retried chunk finds what it wrote and
 * creates nothing twice. 26 Crockford base-32 characters like the product's ULIDs, but not
 * time-ordered.
 */
export function derivedId(...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let id = '';
  for (let i = 0; i < 26; i++) id += CROCKFORD[digest[i] % 32];
  return id;
}

/** The id of the record an import writes for one planned record of a model. */
export const importedId = (importId: string, model: string, key: string): string => derivedId(importId, model, key);

/**
 * Runs a write again when it lost a race on a shared item (a list version that records written
 * side by side all change); a refusal that names a field, or any other error, is final.
 * `settled` is asked after each failure: when it answers a value (a retried chunk wrote the
 * record meanwhile), that value is the result.
 */
export async function retryLostRace<T>(
  write: () => Promise<T>,
  settled: () => Promise<T | undefined> = async () => undefined,
  tries = 6,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const already = await settled();
      if (already !== undefined) return already;
      const lost = error instanceof Conflict && error.message === LOST_RACE_MESSAGE;
      if (!lost || attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.floor(Math.random() * 40)));
    }
  }
}

/** How many imports' values a warm worker keeps: it works on one import at a time, rarely a few. */
const IMPORTS_KEPT = 8;

/**
 * Values a warm worker keeps per import (the catalogue's names, the names the import made), made
 * on first use and dropped all at once when more imports than IMPORTS_KEPT have come by.
 */
export function importMemo<T>() {
  const values = new Map<string, T>();
  return {
    get(importId: string, make: () => T): T {
      const known = values.get(importId);
      if (known !== undefined) return known;
      if (values.size >= IMPORTS_KEPT) values.clear();
      const made = make();
      values.set(importId, made);
      return made;
    },
    forget(importId: string): void {
      values.delete(importId);
    },
  };
}
