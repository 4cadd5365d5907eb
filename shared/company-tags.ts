import type { CompanyTag } from './constants.js';

export type CompanyFlags = { tags?: readonly string[] | null; distributed?: boolean | null };

/** Company tags are matched case-insensitively. */
export function hasTag(company: CompanyFlags | null | undefined, tag: CompanyTag): boolean {
  const wanted = tag.toLowerCase();
  return (company?.tags ?? []).some((t) => t.trim().toLowerCase() === wanted);
}

/** Normalise user-entered tags onto the canonical spelling, dropping duplicates. */
export function canonicalTags(tags: readonly string[], known: readonly CompanyTag[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const canonical = known.find((k) => k.toLowerCase() === raw.trim().toLowerCase()) ?? raw.trim();
    if (canonical && !out.includes(canonical)) out.push(canonical);
  }
  return out;
}
