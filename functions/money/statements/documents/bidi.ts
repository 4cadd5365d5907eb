import bidiFactory from 'bidi-js';

/** One piece of a printed line: the run it comes from (its index in the line), and the text to shape for it. */
export type VisualPiece = { run: number; text: string };

type Bidi = ReturnType<typeof bidiFactory>;
let made: Bidi | undefined;
/** bidi-js's tables, unpacked on the first line that needs them. */
const bidi = (): Bidi => {
  made ??= bidiFactory();
  return made;
};

/**
 * Letters written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko and their neighbours, their presentation forms,
 * the historic right-to-left scripts past U+FFFF), and the marks and controls that steer the algorithm (U+200E …
 * U+202E, U+2066 … U+2069), which are taken out before printing. A line with none of them has every character at the
 * document's left-to-right level, and is printed as it is.
 */
const RIGHT_TO_LEFT =
  /[\u0590-\u08FF\u200E\u200F\u202A-\u202E\u2066-\u2069\uFB1D-\uFDFF\uFE70-\uFEFF]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** Whether a line with this text has anything the bidirectional algorithm would move or take out. */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

/**
 * Whether a paragraph reads right to left: its first letter of a script with a direction (the algorithm's first strong
 * character, rules P2 and P3, passing over isolated text) is of a right-to-left script. An Arabic or Hebrew name,
 * address or note typed alone is such a paragraph; one that starts in English, or has no letter (a figure, Arabic-Indic
 * digits alone), reads left to right as the documents do.
 */
export function isRightToLeftParagraph(text: string): boolean {
  return hasRightToLeft(text) && bidi().getEmbeddingLevels(asRead(text), 'auto').paragraphs[0]?.level === 1;
}

/** A character of the Basic Multilingual Plane of each bidirectional class, to stand in for one past it (asRead). */
const STAND_INS: Readonly<Record<string, string>> = {
  R: '\u05D0',
  AL: '\u0627',
  EN: '0',
  AN: '\u0660',
  ES: '+',
  ET: '#',
  CS: ',',
  NSM: '\u0300',
  BN: '\u00AD',
  ON: '!',
};
const PAST_THE_BMP = /[\u{10000}-\u{10FFFF}]/gu;

/**
 * The text as bidi-js is to read it. bidi-js reads a string one UTF-16 unit at a time, so a character past U+FFFF (an
 * Adlam letter, an emoji) would be read as two halves of no class, taken as left to right: an Adlam name would print
 * left to right, and an emoji would cut an Arabic name in two. Each such character is given to it as two characters of
 * its own class instead: the same length, so every index still points at the same place in the text.
 */
function asRead(text: string): string {
  return text.replace(PAST_THE_BMP, (char) => (STAND_INS[bidi().getBidiCharTypeName(char)] ?? 'a').repeat(2));
}

/** A character of some script, not of the common ones (spaces, punctuation, European digits) nor a mark. */
const OF_A_SCRIPT = /[^\p{sc=Common}\p{sc=Inherited}\p{sc=Unknown}]/u;

/** The scripts fontkit sets right to left (its list: Arabic, Hebrew, Syriac, Thaana, N'Ko and historic ones). */
const RIGHT_TO_LEFT_SCRIPT =
  /[\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Samaritan}\p{sc=Mandaic}\p{sc=Cypriot}\p{sc=Kharoshthi}\p{sc=Phoenician}\p{sc=Lydian}\p{sc=Avestan}\p{sc=Imperial_Aramaic}\p{sc=Inscriptional_Pahlavi}\p{sc=Inscriptional_Parthian}\p{sc=Old_South_Arabian}\p{sc=Old_North_Arabian}\p{sc=Old_Turkic}\p{sc=Meroitic_Cursive}\p{sc=Meroitic_Hieroglyphs}\p{sc=Manichaean}\p{sc=Mende_Kikakui}\p{sc=Nabataean}\p{sc=Palmyrene}\p{sc=Psalter_Pahlavi}]/u;

/**
 * Whether fontkit lays this text out right to left, reversing its glyphs: it takes the script of the first character
 * that has one, and reverses when that script is written right to left. That is Arabic and Hebrew words, and also
 * Arabic-Indic digits (their script is Arabic), which the algorithm sets left to right.
 */
function fontkitReverses(text: string): boolean {
  for (const char of text) if (OF_A_SCRIPT.test(char)) return RIGHT_TO_LEFT_SCRIPT.test(char);
  return false;
}

/** The marks and controls that steer the algorithm; they have no glyph and are taken out before printing. */
const FORMATTING = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * One line as printed, left to right: its runs (pdfmake's inlines: a word or part of one, each in one font) in the
 * order they come in the text, cut where the Unicode Bidirectional Algorithm (bidi-js) puts their parts, each piece
 * with the text to shape. The paragraph reads left to right, as the documents are English, unless `rightToLeft` (a
 * paragraph typed right to left, isRightToLeftParagraph): then its first word is on the right, and the English or
 * numbers in it read left to right within it.
 *
 * Who reverses what: fontkit lays out a word whose script is written right to left (Arabic, Hebrew) from its logical
 * order, joins the letters and reverses the glyphs itself; but pdfkit hands it one word at a time and sets the words
 * left to right. So a right-to-left stretch is cut into its words and spaces, set in reverse order, each Arabic or
 * Hebrew word given to fontkit as typed. A piece fontkit does not turn (a dash, a bracket, spaces between two Arabic
 * words) is reversed here, and its brackets mirrored ("(" prints as ")"). Numbers keep their left-to-right order (the
 * algorithm's levels do that); Arabic-Indic digits, which fontkit would turn, are handed to it reversed. The marks
 * that steer the algorithm (U+200E …) are left out. `following` is the text of the paragraph after the line, if it
 * wraps.
 */
export function visualPieces(runs: readonly string[], following = '', rightToLeft = false): VisualPiece[] {
  const text = runs.join('');
  if (!rightToLeft && !hasRightToLeft(text)) return runs.map((run, index) => ({ run: index, text: run }));
  const runOf: number[] = [];
  runs.forEach((run, index) => {
    for (let unit = 0; unit < run.length; unit += 1) runOf.push(index);
  });
  // The levels of the paragraph as it goes on past the line: a dash at the end of a line between two Arabic words is
  // right to left, as it would be on one line. The order is the line's own, so each line reads on from the last.
  const read = asRead(text + following);
  const embedding = bidi().getEmbeddingLevels(read, rightToLeft ? 'rtl' : 'ltr');
  const { levels } = embedding;
  const order = bidi()
    .getReorderedIndices(read, embedding, 0, text.length - 1)
    .slice(0, text.length);

  // Stretches of the visual order that are one run at one level, in the order of that level's direction.
  const stretches: number[][] = [];
  for (const index of order) {
    const stretch = stretches.at(-1);
    const last = stretch?.at(-1);
    const step = levels[index] % 2 === 1 ? -1 : 1;
    if (
      stretch &&
      last !== undefined &&
      runOf[last] === runOf[index] &&
      levels[last] === levels[index] &&
      index - last === step
    )
      stretch.push(index);
    else stretches.push([index]);
  }

  const pieces: VisualPiece[] = [];
  for (const stretch of stretches) {
    const first = Math.min(...stretch);
    const logical = text.slice(first, first + stretch.length).replace(FORMATTING, '');
    const run = runOf[first];
    const turned = levels[first] % 2 === 1;
    // pdfkit sets a text's words left to right, so a stretch fontkit would turn is cut into its words and spaces,
    // set last first where the stretch reads right to left.
    const tokens = turned || fontkitReverses(logical) ? (logical.match(/\s+|\S+/g) ?? []) : [logical];
    if (turned) tokens.reverse();
    for (const token of tokens) {
      // As the token reads on the page, left to right; handed to fontkit reversed where fontkit reverses it.
      const printed = turned ? mirrored(reversed(token)) : token;
      pieces.push({ run, text: fontkitReverses(token) ? reversed(printed) : printed });
    }
  }
  return pieces.filter((piece) => piece.text !== '');
}

/** A text's characters (code points) in reverse order. */
function reversed(text: string): string {
  return [...text].reverse().join('');
}

/** Brackets and the like as printed in a right-to-left stretch: "(" as ")". */
function mirrored(text: string): string {
  return [...text].map((char) => bidi().getMirroredCharacter(char) ?? char).join('');
}
