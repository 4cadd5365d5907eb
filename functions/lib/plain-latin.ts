import transliterate from '@sindresorhus/transliterate';

/**
 * Typographic punctuation in its plain ASCII form, which the transliteration leaves as it is: files that carry
 * ASCII only (CWR, a bank's payment file) would otherwise lose it.
 */
const PLAIN_PUNCTUATION: [string, string][] = [
  ['\u2018', "'"],
  ['\u2019', "'"],
  ['\u201A', "'"],
  ['\u201B', "'"],
  ['\u201C', '"'],
  ['\u201D', '"'],
  ['\u201E', '"'],
  ['\u2013', '-'],
  ['\u2014', '-'],
  ['\u2026', '...'],
  ['\u00A0', ' '],
];

/**
 * The umlauts keep their letter (Björk → Bjork, Dvořák's neighbours alike). The transliteration's default is the
 * German spelling (ö → oe), which is right for a German word but not for a Nordic or Turkish name, and a name or
 * title reads the same to everyone who receives it.
 */
const PLAIN_UMLAUTS: [string, string][] = [
  ['ä', 'a'],
  ['ö', 'o'],
  ['ü', 'u'],
  ['Ä', 'A'],
  ['Ö', 'O'],
  ['Ü', 'U'],
];

/**
 * A text spelled in plain Latin letters and ASCII punctuation, for files whose receivers take nothing else: each
 * letter keeps its plain spelling rather than being dropped (é → e, ø → o, ß → ss, Þ → Th, Д → D), typographic
 * quotes and dashes become ASCII. Characters with no Latin spelling (Chinese, emoji) are left as they are, for the
 * caller to refuse or replace. `replacements` come first (a scheme's own: SEPA writes & as +).
 */
export function plainLatin(value: string, replacements: [string, string][] = []): string {
  return transliterate(value, { customReplacements: [...replacements, ...PLAIN_PUNCTUATION, ...PLAIN_UMLAUTS] });
}
