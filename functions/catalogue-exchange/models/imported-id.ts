import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The id of the record an import writes for one planned record: derived from (import, model, key),
 * so a retried chunk finds the record it wrote and creates nothing twice. 26 Crockford base-32
 * characters like the product's ULIDs, but not time-ordered (ids are never sequential).
 */
export function importedId(importId: string, model: string, key: string): string {
  const digest = createHash('sha256').update(`${importId}\u0000${model}\u0000${key}`).digest();
  let id = '';
  for (let i = 0; i < 26; i++) id += CROCKFORD[digest[i] % 32];
  return id;
}
