import { plainLatin } from '../../lib/plain-latin.js';

/**
 * CWR 2.1 carries upper-case ASCII only (CISAC "CIS Character Set Rules"): letters with accents
 * lose them (é → E, Dvořák → DVORAK), letters that do not decompose are spelt out
 * (ß → SS, Æ → AE, Ø → O, Ł → L …), typographic quotes and dashes become their ASCII forms (plainLatin).
 * A work's title is how societies find it, so a letter of another script (Chinese, Cyrillic) is never
 * spelled in Latin here, nor is anything without an ASCII form (emoji): `toCwrText` reports it, and the
 * song is refused with the reason rather than sent with a mangled title.
 */

/** Printable ASCII, space to tilde. */
const PRINTABLE = /^[\x20-\x7E]$/;

/**
 * Runs of characters CWR may spell in ASCII (Latin letters, and the marks, digits and punctuation every script
 * shares), or one character of another script. A run is spelled whole, so a letter typed with a combining accent
 * ("e" + U+0301) reads as its letter.
 */
const RUNS =
  /[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+|[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/gu;
const SPELLABLE = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

export type CwrText = { text: string; unmapped: string[] };

/**
 * A text as CWR carries it: transliterated to upper-case ASCII, runs of white space made one
 * space. `unmapped` lists the characters that have no ASCII form (left out of `text`).
 */
export function toCwrText(value: string): CwrText {
  const unmapped: string[] = [];
  let text = '';
  for (const run of value.replace(/\s+/g, ' ').trim().match(RUNS) ?? []) {
    if (!SPELLABLE.test(run)) {
      unmapped.push(run);
      continue;
    }
    for (const char of plainLatin(run)) {
      if (PRINTABLE.test(char)) text += char;
      else unmapped.push(char);
    }
  }
  return { text: text.toUpperCase(), unmapped };
}
