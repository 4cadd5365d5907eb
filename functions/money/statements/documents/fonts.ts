import { readFileSync } from 'node:fs';
import type * as pdfmakeModule from 'pdfmake';
import type { ContentText } from 'pdfmake/interfaces';
import { assetPath } from '../../../lib/assets.js';
import { getOrCreate } from '../../../lib/get-or-create.js';
import { madeOnce } from '../../../lib/made-once.js';
import { hasRightToLeft, isRightToLeftParagraph, visualPieces } from './bidi.js';
import { PDF_FONT_FILES } from './font-files.js';
import {
  fixBacktrackForMyanmar,
  type LayoutEnginePrototype,
  type LookupProcessorPrototype,
  shapeMyanmar,
} from './myanmar.js';

/** The file store pdfmake reads fonts from (its `virtualfs`), absent from its type definitions. */
type VirtualFiles = {
  existsSync(name: unknown): boolean;
  readFileSync(name: string): Buffer;
  writeFileSync(name: string, content: Buffer): void;
};

/**
 * pdfmake 0.3 on Node is one CommonJS instance (`module.exports = new pdfmake()`): under Node's ESM
 * loader and esbuild's interop it is the namespace's `default`.
 */
type PdfMake = typeof pdfmakeModule & { virtualfs: VirtualFiles };

/**
 * The fonts' bytes by name, read once per process. It replaces pdfmake's own virtual file system,
 * which reads the CommonJS `__dirname` on every lookup: in the ESM Lambda bundle that name does
 * not exist and every font lookup would throw.
 */
function memoryFiles(): VirtualFiles {
  const files = new Map<string, Buffer>();
  return {
    existsSync: (name) => typeof name === 'string' && files.has(name),
    readFileSync: (name) => {
      const content = files.get(name);
      if (!content) throw new Error(`No font file ${name}`);
      return content;
    },
    writeFileSync: (name, content) => {
      files.set(name, content);
    },
  };
}

type FontName = keyof typeof PDF_FONT_FILES;

/**
 * Code points both Roboto faces (Regular and Medium, as shipped with pdfmake 0.3.11) have a glyph
 * for, as inclusive ranges; read from the fonts' cmaps (test/unit/statement-pdf.test.ts checks
 * this table against the embedded fonts). Everything else is printed in Noto Sans SC, whose
 * Cyrillic stops at Russian and whose Latin lacks most of Latin Extended-A (Ł, ő, ş, ř …), which
 * is why it is the second font and not the only one.
 */
// biome-ignore format: one dense range table, read from the fonts
const ROBOTO_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], [0xa0, 0x17f], [0x18f, 0x18f], [0x192, 0x192], [0x1a0, 0x1a1], [0x1af, 0x1b0], [0x1f0, 0x1f0],
  [0x1fa, 0x1ff], [0x218, 0x21b], [0x237, 0x237], [0x259, 0x259], [0x2bc, 0x2bc], [0x2c6, 0x2c7], [0x2c9, 0x2c9],
  [0x2d8, 0x2dd], [0x2f3, 0x2f3], [0x300, 0x301], [0x303, 0x303], [0x309, 0x309], [0x30f, 0x30f], [0x323, 0x323],
  [0x384, 0x38a], [0x38c, 0x38c], [0x38e, 0x3a1], [0x3a3, 0x3ce], [0x3d1, 0x3d2], [0x3d6, 0x3d6], [0x400, 0x486],
  [0x488, 0x513], [0x1e00, 0x1e01], [0x1e3e, 0x1e3f], [0x1e80, 0x1e85], [0x1e9e, 0x1e9e], [0x1ea0, 0x1ef9],
  [0x1f4d, 0x1f4d], [0x2000, 0x200b], [0x2010, 0x2011], [0x2013, 0x2015], [0x2017, 0x201e], [0x2020, 0x2022],
  [0x2025, 0x2027], [0x2030, 0x2030], [0x2032, 0x2033], [0x2039, 0x203a], [0x203c, 0x203c], [0x2044, 0x2044],
  [0x2070, 0x2070], [0x2074, 0x208e], [0x20a3, 0x20a4], [0x20a6, 0x20ac], [0x20b1, 0x20b1], [0x20b9, 0x20ba],
  [0x20bc, 0x20bd], [0x20c1, 0x20c1], [0x2105, 0x2105], [0x2113, 0x2113], [0x2116, 0x2116], [0x2122, 0x2122],
  [0x2126, 0x2126], [0x212e, 0x212e], [0x215b, 0x215e], [0x2202, 0x2202], [0x2206, 0x2206], [0x220f, 0x220f],
  [0x2211, 0x2212], [0x221a, 0x221a], [0x221e, 0x221e], [0x222b, 0x222b], [0x2248, 0x2248], [0x2260, 0x2260],
  [0x2264, 0x2265], [0x25a0, 0x25a0], [0x25ca, 0x25cb], [0x25cf, 0x25cf], [0xee01, 0xee02], [0xf6c3, 0xf6c3],
  [0xfb01, 0xfb04], [0xfeff, 0xfeff], [0xfffc, 0xfffd], [0xffff, 0xffff],
];

/** Whether Roboto (regular and bold) prints this code point. */
export function robotoHas(codePoint: number): boolean {
  let low = 0;
  let high = ROBOTO_RANGES.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ROBOTO_RANGES[middle];
    if (codePoint < first) high = middle - 1;
    else if (codePoint > last) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Korean's letters: the Hangul syllables, its jamo (conjoining, compatibility, extended A and B) and the
 * half-width forms. Noto Sans SC has none of the 11,172 syllables (a Korean name printed as empty boxes), Noto Sans
 * KR every assigned one (test/unit/statement-pdf.test.ts checks both faces).
 */
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF\uFFA0-\uFFDC]/;

/**
 * Scripts Roboto lacks and the font of each. By the characters' script extensions, so the script's own punctuation
 * and digits (the Arabic comma, the Devanagari danda) and its vowel marks go with its letters; a sign a script shares
 * that its font lacks (the Arabic letter mark U+061C in Syriac and Thaana, two Syriac-shared marks U+1DF8 and U+1DFA)
 * is left to the next font that has it. fontkit shapes Syriac and N'Ko as it shapes Arabic (letters joined) and
 * Javanese with its universal shaper (vowel signs before their letter); Thaana, Cherokee, the Canadian syllabics,
 * Tifinagh, Ol Chiki and Yi need only their glyphs (Thaana's vowel marks placed on their letter); Adlam it does not
 * join, so its letters print apart, as Adlam is also written. Myanmar fontkit has no shaper for: it is shaped as
 * HarfBuzz shapes it (myanmar.ts), its vowel sign E and medial Ra before the consonant they are written after.
 */
const SCRIPT_FONTS: readonly (readonly [RegExp, FontName])[] = [
  [/\p{scx=Arabic}/u, 'NotoSansArabic'],
  [/\p{scx=Hebrew}/u, 'NotoSansHebrew'],
  [/\p{scx=Devanagari}/u, 'NotoSansDevanagari'],
  [/\p{scx=Bengali}/u, 'NotoSansBengali'],
  [/\p{scx=Gurmukhi}/u, 'NotoSansGurmukhi'],
  [/\p{scx=Gujarati}/u, 'NotoSansGujarati'],
  [/\p{scx=Oriya}/u, 'NotoSansOriya'],
  [/\p{scx=Tamil}/u, 'NotoSansTamil'],
  [/\p{scx=Telugu}/u, 'NotoSansTelugu'],
  [/\p{scx=Kannada}/u, 'NotoSansKannada'],
  [/\p{scx=Malayalam}/u, 'NotoSansMalayalam'],
  [/\p{scx=Sinhala}/u, 'NotoSansSinhala'],
  [/\p{scx=Thai}/u, 'NotoSansThai'],
  [/\p{scx=Lao}/u, 'NotoSansLao'],
  [/\p{scx=Khmer}/u, 'NotoSansKhmer'],
  [/\p{scx=Ethiopic}/u, 'NotoSansEthiopic'],
  [/\p{scx=Georgian}/u, 'NotoSansGeorgian'],
  [/\p{scx=Armenian}/u, 'NotoSansArmenian'],
  [/(?!\u061C|\u1DF8|\u1DFA)\p{scx=Syriac}/u, 'NotoSansSyriac'],
  [/\p{scx=Nko}/u, 'NotoSansNKo'],
  [/\p{scx=Javanese}/u, 'NotoSansJavanese'],
  [/(?!\u061C)\p{scx=Thaana}/u, 'NotoSansThaana'],
  [/\p{scx=Adlam}/u, 'NotoSansAdlam'],
  [/\p{scx=Cherokee}/u, 'NotoSansCherokee'],
  [/\p{scx=Canadian_Aboriginal}/u, 'NotoSansCanadianAboriginal'],
  [/\p{scx=Tifinagh}/u, 'NotoSansTifinagh'],
  [/\p{scx=Ol_Chiki}/u, 'NotoSansOlChiki'],
  [/\p{scx=Yi}/u, 'NotoSansYi'],
  [/\p{scx=Myanmar}/u, 'NotoSansMyanmar'],
  [HANGUL, 'NotoSansKR'],
];

/** Each script font's script, for a character several scripts share (SCRIPT_FONTS). */
const SCRIPT_OF_FONT: ReadonlyMap<FontName, RegExp> = new Map(SCRIPT_FONTS.map(([script, font]) => [font, script]));

/**
 * Characters that belong to the letters around them: the zero-width (non-)joiners, which decide how Arabic letters
 * join and Devanagari conjuncts form, and marks of no script of their own. They stay in the run of the letter before
 * them, as a shaper sees them only within one run.
 */
const JOINED_TO_LETTER = /[\u200C\u200D]|\p{sc=Inherited}/u;
const INHERITED = /\p{sc=Inherited}/u;

/** The fonts of the scripts whose letters are shaped together, which keep JOINED_TO_LETTER (and have its glyphs). */
const SHAPED_FONTS: ReadonlySet<FontName> = new Set([
  'NotoSansArabic',
  'NotoSansDevanagari',
  'NotoSansBengali',
  'NotoSansGurmukhi',
  'NotoSansGujarati',
  'NotoSansOriya',
  'NotoSansTamil',
  'NotoSansTelugu',
  'NotoSansKannada',
  'NotoSansMalayalam',
  'NotoSansSinhala',
  'NotoSansThai',
  'NotoSansLao',
  'NotoSansKhmer',
  'NotoSansSyriac',
  'NotoSansNKo',
  'NotoSansJavanese',
  'NotoSansMyanmar',
]);

/**
 * The embedded font that prints this code point: Roboto where it can, the font of its script (SCRIPT_FONTS), else
 * Noto Sans SC. `previous` is the font of the character before it, which a joiner or a mark keeps.
 */
function fontFor(char: string, previous: FontName | undefined): FontName {
  const code = char.codePointAt(0) ?? 0;
  // The only embedded font with (empty, zero-width) glyphs for them; taken out before printing (visualPieces).
  if (char === LEFT_TO_RIGHT_MARK || char === '\u200F') return 'NotoSansArabic';
  if (previous && SHAPED_FONTS.has(previous) && JOINED_TO_LETTER.test(char)) return previous;
  if (code < 0x20 || robotoHas(code)) return 'Roboto';
  // A mark of no script of its own (U+0308, the diaeresis, is Hebrew's too) not after one of those letters is not
  // taken for the script: it stays with Noto Sans SC, as before these fonts.
  if (!INHERITED.test(char)) {
    // A sign several scripts share (the danda ends a sentence in Bengali, Tamil, Sinhala … as in Devanagari) stays in
    // the run of the script it follows, whose font has it, instead of splitting the run.
    if (previous && SCRIPT_OF_FONT.get(previous)?.test(char)) return previous;
    for (const [script, font] of SCRIPT_FONTS) if (script.test(char)) return font;
  }
  return 'NotoSansSC';
}

const LEFT_TO_RIGHT_MARK = '\u200E';

/**
 * Text as pdfmake inlines, each run in a font that has its glyphs (fontFor); spread it into a cell or paragraph to
 * style it. Line breaks and tabs count as Roboto so they do not split a run. NFC first: a name typed with combining
 * accents ("e" + U+0301) prints as the precomposed letter Roboto has, and Korean typed as jamo as its syllables.
 */
export function fontRuns(value: string): ContentText {
  // A name or title with right-to-left letters ends in a left-to-right mark: what follows it on the line (" · Q3 2026",
  // another name) is then read in the document's direction, not drawn into the name's right-to-left run ("Q3 2026"
  // printed as "2026 Q3" after an Arabic name), as if the name were set apart.
  const normalized = value.normalize('NFC');
  const text = hasRightToLeft(normalized) ? normalized + LEFT_TO_RIGHT_MARK : normalized;
  const runs: { text: string; font: FontName }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const font = fontFor(char, last?.font);
    if (last && last.font === font) last.text += char;
    else runs.push({ text: char, font });
  }
  // Plain text, the common case, stays one string.
  if (runs.length <= 1 && (runs[0]?.font ?? 'Roboto') === 'Roboto') return { text };
  return { text: runs.map((r) => (r.font === 'Roboto' ? r.text : { text: r.text, font: r.font })) };
}

/**
 * pdfmake with the statement fonts, loaded once per process: the files are read into memory on
 * the first render (a Lambda container then reuses them), and nothing a document names may be
 * fetched or read from disk.
 */
// Pure, so a bundle that never calls it may leave it out; pdfmake itself is imported on the first call (load), so a
// function holding this module through the money facade does not load pdfmake as it starts. Which functions carry
// the fonts is read off their bundles (test/unit/lambda-bundles.test.ts).
export const pdfmakeWithFonts: () => Promise<PdfMake> = /* @__PURE__ */ madeOnce(load);

async function load(): Promise<PdfMake> {
  // Imported here, not at the top: a bundle that never renders a PDF then carries none of pdfmake (see above).
  const loaded = await import('pdfmake');
  const pdfmake = ((loaded as unknown as { default?: PdfMake }).default ?? loaded) as PdfMake;
  pdfmake.virtualfs = memoryFiles();
  const fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }> = {};
  // A font with one weight names the same file for bold: read once, the same bytes (and decoded tables) for both.
  const bytes = new Map<string, Buffer>();
  const read = (file: string) => getOrCreate(bytes, file, () => readFileSync(assetPath(file)));
  for (const [name, files] of Object.entries(PDF_FONT_FILES)) {
    const normal = `${name}-normal.ttf`;
    const bold = `${name}-bold.ttf`;
    pdfmake.virtualfs.writeFileSync(normal, read(files.normal));
    pdfmake.virtualfs.writeFileSync(bold, read(files.bold));
    fonts[name] = { normal, bold, italics: normal, bolditalics: bold };
  }
  pdfmake.setFonts(fonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  await shareFontWork(pdfmake);
  // Imported here for the same reason as pdfmake: its own module, the one pdfmake lays out lines with.
  const layoutBuilder = (await import('pdfmake/js/LayoutBuilder.js')) as { default: unknown };
  orderLinesForPrinting(layoutBuilder);
  return pdfmake;
}

/** What shareDecodedTables reaches of a fontkit font: its bytes, and the method that decodes one table of them. */
type FontkitFontPrototype = {
  _decodeTable(this: { stream: { buffer: object } }, table: { tag: string }): unknown;
  sharesDecodedTables?: true;
};

/** What skipEmptyAnchors reaches of fontkit's glyph positioning: how it places a mark on the glyph it sits on. */
type GposProcessorPrototype = {
  applyAnchor(this: unknown, mark: { markAnchor: object | null }, base: object | null, baseIndex: number): void;
  skipsEmptyAnchors?: true;
};

/** What shareLayouts reaches of pdfkit's font of a document: its fontkit font, and how it lays out one word. */
type PdfkitFont = {
  font: { stream: { buffer: object }; _layoutEngine?: { engine?: { GPOSProcessor?: object | null } } };
  layoutRun(text: string): unknown;
};
type PdfkitFontPrototype = { layoutCached(this: PdfkitFont, text: string): unknown; sharesLayouts?: true };

/**
 * fontkit's and pdfkit's per-document work on the fonts, done once per process instead (shareDecodedTables,
 * shareLayouts), fontkit's mark positioning made to pass over a mark the font gives no place (skipEmptyAnchors), and
 * Myanmar shaped as HarfBuzz shapes it (shapeMyanmar, fixBacktrackForMyanmar).
 * All are reached through a font pdfmake opened (its own copies of fontkit and pdfkit, whichever the bundler chose);
 * if one ever stops having the method, documents render as before without that change.
 */
async function shareFontWork(instance: PdfMake): Promise<void> {
  const doc = (await instance.createPdf({ content: [] }).getStream()) as unknown as {
    provideFont(family: string, bold: boolean, italics: boolean): PdfkitFont;
  };
  const font = doc.provideFont('Roboto', false, false);
  shareDecodedTables(Object.getPrototypeOf(font.font) as FontkitFontPrototype);
  shareLayouts(Object.getPrototypeOf(font) as PdfkitFontPrototype);
  // Roboto has glyph positioning (kerning), so its layout engine has the processor every font's shares.
  const engine = font.font._layoutEngine?.engine;
  const positioning = engine?.GPOSProcessor;
  if (positioning) {
    const gpos = Object.getPrototypeOf(positioning) as GposProcessorPrototype;
    skipEmptyAnchors(gpos);
    // The lookup processor GSUB's and GPOS's share.
    fixBacktrackForMyanmar(Object.getPrototypeOf(gpos) as LookupProcessorPrototype);
  }
  if (engine) shapeMyanmar(Object.getPrototypeOf(engine) as LayoutEnginePrototype);
}

/**
 * A font may leave a mark with no anchor on some glyphs (an empty offset: no place for that mark there). fontkit 2.0.4
 * reads the anchor's coordinates all the same and throws: a whole document would fail on one Malayalam, Gurmukhi,
 * Gujarati, Tamil, Telugu or Khmer name with a vowel sign or nasal mark where Noto Sans leaves one empty (most
 * Malayalam and Gurmukhi names). Such a mark is left where the shaping put it, as HarfBuzz does.
 */
function skipEmptyAnchors(prototype: GposProcessorPrototype): void {
  if (typeof prototype.applyAnchor !== 'function' || prototype.skipsEmptyAnchors) return;
  const applyOwn = prototype.applyAnchor;
  prototype.applyAnchor = function (mark, base, baseIndex) {
    if (!base || !mark.markAnchor) return;
    applyOwn.call(this, mark, base, baseIndex);
  };
  prototype.skipsEmptyAnchors = true;
}

/**
 * fontkit decodes a font's tables (glyph positions and kerning, metrics, character map) when first read, and keeps
 * them on the font object; pdfkit makes a new font object for every document. So every statement decoded Roboto's
 * tables again: about half of its render time (p50 76 → 36 ms measured on the sample statement). Here the tables of
 * the same font bytes are decoded once per process and shared by every later font object: a decoded table is only
 * read afterwards, and the fonts are the same bytes for the life of the process.
 */
function shareDecodedTables(prototype: FontkitFontPrototype): void {
  if (typeof prototype._decodeTable !== 'function' || prototype.sharesDecodedTables) return;
  const decodeOwn = prototype._decodeTable;
  const decoded = new WeakMap<object, Map<string, unknown>>();
  prototype._decodeTable = function (table) {
    const tables = getOrCreate(decoded, this.stream.buffer, () => new Map<string, unknown>());
    if (!tables.has(table.tag)) tables.set(table.tag, decodeOwn.call(this, table));
    return tables.get(table.tag);
  };
  prototype.sharesDecodedTables = true;
}

/** How many words' layouts are kept per font before they are dropped and gathered again (a bound on memory). */
const LAYOUTS_PER_FONT = 10_000;

/**
 * pdfkit shapes text a word at a time (glyphs, kerning, widths: fontkit's layout, the largest part of a statement's
 * render left after the tables) and keeps each word's layout for the rest of its document only. A run's statements
 * repeat most of their words (headings, stores, territories, months, titles), so the layouts are kept per font bytes
 * for the process. A layout depends on the font and the word alone, and pdfkit only reads it (it copies what it
 * adjusts), as it already did within one document.
 */
function shareLayouts(prototype: PdfkitFontPrototype): void {
  if (typeof prototype.layoutCached !== 'function' || prototype.sharesLayouts) return;
  const layouts = new WeakMap<object, Map<string, unknown>>();
  prototype.layoutCached = function (text) {
    const words = getOrCreate(layouts, this.font.stream.buffer, () => new Map<string, unknown>());
    let layout = words.get(text);
    if (layout === undefined) {
      if (words.size >= LAYOUTS_PER_FONT) words.clear();
      layout = this.layoutRun(text);
      words.set(text, layout);
    }
    return layout;
  };
  prototype.sharesLayouts = true;
}

/** What orderLinesForPrinting reaches of one of pdfmake's inlines: a word, or the part of one in one font. */
type Inline = {
  text: string;
  width: number;
  leadingCut?: number;
  trailingCut?: number;
  font: { widthOfString(text: string, size: number, features: unknown): number };
  fontSize: number;
  fontFeatures: unknown;
  characterSpacing?: number;
  /** The last word before a line break typed in the text. */
  lineEnd?: boolean;
  /** How pdfmake aligns the line this inline starts: 'left' unless the document says otherwise. */
  alignment?: string;
  /** Whether the paragraph of this inline reads right to left (paragraphIsRightToLeft), once its first line is set. */
  rightToLeftParagraph?: boolean;
};

/** What orderLinesForPrinting reaches of pdfmake's line: its inlines, placed left to right as they are added. */
type Line = {
  inlines: Inline[];
  inlineWidths: number;
  leadingCut: number;
  trailingCut: number;
  addInline(inline: Inline): void;
};

/** A paragraph being broken into lines: the inlines not yet laid out. */
type TextNode = { _inlines?: Inline[] };

type LayoutBuilderPrototype = { buildNextLine(this: unknown, node: TextNode): Line | null; ordersLines?: true };

/**
 * pdfmake sets a line's words left to right in the order they are typed, which reads wrong wherever a name or title
 * is in Arabic or Hebrew. Each line is set again, once pdfmake has broken the text into lines (so a name that wraps
 * has its right-to-left words ordered within each line, as they are read), in the order the Unicode Bidirectional
 * Algorithm gives (visualPieces). A paragraph typed right to left (a name, an address line, a note wholly in Arabic or
 * Hebrew: paragraphIsRightToLeft) is set as one, its first word on the right, and its lines aligned to the right edge
 * of its cell or column where the document left them aligned left. A line of a left-to-right paragraph with no
 * right-to-left character, the common case, is left as it is. If pdfmake's layout ever stops having the method, lines
 * print as before.
 */
function orderLinesForPrinting(module: { default: unknown }): void {
  // pdfmake's modules are CommonJS: under Node's loader the class is the exports' `default`, under esbuild's the
  // namespace's.
  const exported = module.default as { default?: { prototype: LayoutBuilderPrototype }; prototype?: unknown };
  const prototype = (exported.default ?? exported).prototype as LayoutBuilderPrototype | undefined;
  if (typeof prototype?.buildNextLine !== 'function' || prototype.ordersLines) return;
  const buildOwn = prototype.buildNextLine;
  prototype.buildNextLine = function (node) {
    const rightToLeft = paragraphIsRightToLeft(node);
    const line = buildOwn.call(this, node);
    if (line && (rightToLeft || line.inlines.some((inline) => hasRightToLeft(inline.text))))
      setInVisualOrder(line, following(line, node), rightToLeft);
    return line;
  };
  prototype.ordersLines = true;
}

/**
 * Whether the paragraph the node's next line starts, or goes on with, reads right to left (isRightToLeftParagraph).
 * A paragraph is the text up to a line break typed in it, so each line of an address has its own direction. Decided
 * when its first line is set, from all its words, and kept on each of them: pdfmake copies a word it has to cut, with
 * what it holds, and measures a document afresh (new words) when it lays it out again.
 */
function paragraphIsRightToLeft(node: TextNode): boolean {
  const inlines = node._inlines ?? [];
  const first = inlines[0];
  if (!first) return false;
  if (first.rightToLeftParagraph === undefined) {
    const end = inlines.findIndex((inline) => inline.lineEnd);
    const paragraph = end === -1 ? inlines : inlines.slice(0, end + 1);
    const rightToLeft = isRightToLeftParagraph(paragraph.map((inline) => inline.text).join(''));
    for (const inline of paragraph) inline.rightToLeftParagraph = rightToLeft;
  }
  return first.rightToLeftParagraph === true;
}

/** How much of the paragraph after a line is read for its levels: enough for the words next to it, not a page. */
const FOLLOWING_CHARS = 200;

/** The text of the paragraph after the line (up to a typed line break), for the levels at its end. */
function following(line: Line, node: TextNode): string {
  if (line.inlines.at(-1)?.lineEnd) return '';
  let text = '';
  for (const inline of node._inlines ?? []) {
    text += inline.text;
    if (inline.lineEnd || text.length >= FOLLOWING_CHARS) break;
  }
  return text;
}

/**
 * The line's inlines replaced by its pieces left to right, each measured as pdfmake measures a word; a line of a
 * right-to-left paragraph aligned to the right where it would be aligned left (pdfmake aligns a line as its first
 * inline says).
 */
function setInVisualOrder(line: Line, after: string, rightToLeft: boolean): void {
  const inlines = line.inlines;
  const alignment = (inline: Inline) =>
    rightToLeft && (inline.alignment ?? 'left') === 'left' ? 'right' : inline.alignment;
  const pieces = visualPieces(
    inlines.map((inline) => inline.text),
    after,
    rightToLeft,
  ).map(({ run, text }) => {
    const inline = inlines[run];
    if (text === inline.text) {
      inline.alignment = alignment(inline);
      return inline;
    }
    const width = (part: string) =>
      part === ''
        ? 0
        : inline.font.widthOfString(part, inline.fontSize, inline.fontFeatures) +
          (inline.characterSpacing ?? 0) * (part.length - 1);
    // Spaces at either end of a line are not counted in its width, as pdfmake cuts them from a word.
    return {
      ...inline,
      alignment: alignment(inline),
      text,
      width: width(text),
      leadingCut: width(/^\s*/.exec(text)?.[0] ?? ''),
      trailingCut: width(/\s*$/.exec(text)?.[0] ?? ''),
    };
  });
  line.inlines = [];
  line.inlineWidths = 0;
  line.leadingCut = 0;
  line.trailingCut = 0;
  for (const piece of pieces) line.addInline(piece);
}
