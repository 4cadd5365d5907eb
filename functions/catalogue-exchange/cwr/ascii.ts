/**
 * CWR 2.1 carries upper-case ASCII only (CISAC "CIS Character Set Rules"): letters with accents
 * lose them (é → E, Dvořák → DVORAK), a few letters that do not decompose are spelt out
 * (ß → SS, Æ → AE, Ø → O, Ł → L …), typographic quotes and dashes become their ASCII forms.
 * Anything else (Chinese, Cyrillic, emoji) has no ASCII form: `toCwrText` reports it, and the
 * song is refused with the reason rather than sent with a mangled title.
 */

const SPELT_OUT: Readonly<Record<string, string>> = {
  ß: 'SS',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'AE',
  Œ: 'OE',
  œ: 'OE',
  Ø: 'O',
  ø: 'O',
  Ł: 'L',
  ł: 'L',
  Đ: 'D',
  đ: 'D',
  Ð: 'D',
  ð: 'D',
  Þ: 'TH',
  þ: 'TH',
  ı: 'I',
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00A0': ' ',
};

/** Printable ASCII, space to tilde. */
const PRINTABLE = /^[\x20-\x7E]$/;

export type CwrText = { text: string; unmapped: string[] };

/**
 * A text as CWR carries it: transliterated to upper-case ASCII, runs of white space made one
 * space. `unmapped` lists the characters that have no ASCII form (left out of `text`).
 */
export function toCwrText(value: string): CwrText {
  const unmapped: string[] = [];
  let text = '';
  for (const char of value.replace(/\s+/g, ' ').trim()) {
    const spelt = SPELT_OUT[char];
    if (spelt !== undefined) {
      text += spelt;
      continue;
    }
    // Canonical decomposition, then the combining marks (U+0300–U+036F) dropped.
    const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    if (base.length > 0 && [...base].every((c) => PRINTABLE.test(c))) text += base;
    else unmapped.push(char);
  }
  return { text: text.toUpperCase(), unmapped };
}
