/**
 * Myanmar (Burmese) shaping for fontkit, which has no shaper of its own for the script: it would apply the font's
 * substitutions all at once and leave every letter where it is typed, so the vowel sign E (U+1031) and the medial Ra
 * (U+103C), written before the consonant they follow in the text, would print after it. This is what HarfBuzz's
 * Myanmar shaper does, for the letters of Burmese: each syllable's characters are given a position (the vowel sign E
 * first, the medial Ra, the consonant the syllable is built on, then the rest, a kinzi, U+1004 U+103A U+1039, just
 * after that consonant, the anusvara before a vowel sign below), sorted by it, and the font's features applied in
 * HarfBuzz's stages: `locl` and `ccmp` before the sorting, then `rphf`, `pref`, `blwf` and `pstf` one at a time, then
 * the rest together. test/unit/statement-pdf.test.ts holds the glyphs, their order and their positions to what HarfBuzz
 * gives for common Burmese words.
 */

/** What the hook reaches of one of fontkit's glyphs while it is shaped: the characters it stands for. */
type GlyphInfo = { codePoints: number[] };

/** What the hook reaches of fontkit's shaping plan: its stages, and how it is made and filled. */
type ShapingPlan = {
  font: unknown;
  script: string;
  direction: string;
  allFeatures: Record<string, number>;
  add(features: string[]): void;
  addStage(stage: string[] | ((font: unknown, glyphs: GlyphInfo[]) => void)): void;
  assignGlobalFeatures(glyphs: GlyphInfo[]): void;
};
type ShapingPlanClass = new (font: unknown, script: string, direction: string) => ShapingPlan;

/** What the hook reaches of fontkit's OpenType layout engine: how it plans the shaping of a run of text. */
export type LayoutEnginePrototype = {
  setup(this: { plan: ShapingPlan; glyphInfos: GlyphInfo[] }, glyphRun: { features: Record<string, boolean> }): void;
  shapesMyanmar?: true;
};

/** HarfBuzz's order of the parts of a syllable (its `myanmar_position`), the ones Burmese uses. */
const PRE_M = 2;
const PRE_C = 3;
const BASE_C = 4;
const AFTER_MAIN = 5;
const BEFORE_SUB = 7;
const BELOW_C = 8;
const AFTER_SUB = 9;

const VIRAMA = 0x1039;
const ASAT = 0x103a;
const MEDIAL_RA = 0x103c;

/** A letter a syllable is built on: the consonants, the independent vowels and the dotted circle. */
function isConsonant(code: number): boolean {
  return (
    (code >= 0x1000 && code <= 0x102a) ||
    code === 0x103f ||
    code === 0x104e ||
    (code >= 0x1050 && code <= 0x1055) ||
    (code >= 0x105a && code <= 0x105d) ||
    code === 0x1061 ||
    (code >= 0x1065 && code <= 0x1066) ||
    (code >= 0x106e && code <= 0x1070) ||
    (code >= 0x1075 && code <= 0x1081) ||
    code === 0x108e ||
    code === 0x25cc
  );
}
/** The letters a kinzi is made of when followed by the asat and the virama: Nga, Ra and Mon Nga. */
const isRa = (code: number) => code === 0x1004 || code === 0x101b || code === 0x105a;
const isPreBaseVowel = (code: number) => code === 0x1031 || code === 0x1084;
const isBelowVowel = (code: number) => code === 0x102f || code === 0x1030 || code === 0x1058 || code === 0x1059;
const isAnusvara = (code: number) => code === 0x1032 || code === 0x1036;
const isVariationSelector = (code: number) => code >= 0xfe00 && code <= 0xfe0f;

/** The character a glyph stands for (its first), or none for a glyph a substitution added. */
const codeOf = (glyph: GlyphInfo) => glyph.codePoints[0] ?? -1;

/** A sign that belongs to the letter before it: a vowel sign, a medial, a tone mark, the asat, the virama, a joiner. */
const SIGN = /[\p{M}\u200C\u200D]/u;

/**
 * Where each syllable starts: at each character but a sign, and not at a letter a virama joins to the one before (a
 * kinzi starts with its Nga, and the letter after its virama goes on in its syllable). A digit or a sign of
 * punctuation is a syllable of its own, with no letter to build on, and stays as it is.
 */
function syllableStarts(glyphs: readonly GlyphInfo[]): number[] {
  const starts: number[] = [];
  glyphs.forEach((glyph, index) => {
    const code = codeOf(glyph);
    const sign = code === -1 || SIGN.test(String.fromCodePoint(code));
    if (index === 0 || (!sign && codeOf(glyphs[index - 1]) !== VIRAMA)) starts.push(index);
  });
  return starts;
}

/** One syllable's glyphs in HarfBuzz's order (its initial reordering of a consonant syllable). */
function reorderSyllable(syllable: GlyphInfo[]): GlyphInfo[] {
  const codes = syllable.map(codeOf);
  const hasKinzi = codes.length >= 3 && isRa(codes[0]) && codes[1] === ASAT && codes[2] === VIRAMA;
  const limit = hasKinzi ? 3 : 0;
  let base = codes.length;
  for (let index = limit; index < codes.length; index += 1)
    if (isConsonant(codes[index])) {
      base = index;
      break;
    }
  if (base === codes.length) return syllable;
  const positions: number[] = [];
  let index = 0;
  for (; index < limit; index += 1) positions.push(AFTER_MAIN);
  for (; index < base; index += 1) positions.push(PRE_C);
  positions.push(BASE_C);
  index += 1;
  let position = AFTER_MAIN;
  for (; index < codes.length; index += 1) {
    const code = codes[index];
    if (code === MEDIAL_RA) positions.push(PRE_C);
    else if (isPreBaseVowel(code)) positions.push(PRE_M);
    else if (isVariationSelector(code)) positions.push(positions[index - 1]);
    else if (position === AFTER_MAIN && isBelowVowel(code)) {
      position = BELOW_C;
      positions.push(position);
    } else if (position === BELOW_C && isAnusvara(code)) positions.push(BEFORE_SUB);
    else if (position === BELOW_C && isBelowVowel(code)) positions.push(position);
    else if (position === BELOW_C) {
      position = AFTER_SUB;
      positions.push(position);
    } else positions.push(position);
  }
  return syllable
    .map((glyph, at) => ({ glyph, at, position: positions[at] }))
    .sort((a, b) => a.position - b.position || a.at - b.at)
    .map(({ glyph }) => glyph);
}

/** Every syllable of the run in HarfBuzz's order, in place (fontkit's plan keeps the array it is given). */
function reorderMyanmar(_font: unknown, glyphs: GlyphInfo[]): void {
  const starts = syllableStarts(glyphs);
  const ordered: GlyphInfo[] = [];
  starts.forEach((start, at) => {
    ordered.push(...reorderSyllable(glyphs.slice(start, starts[at + 1] ?? glyphs.length)));
  });
  glyphs.splice(0, glyphs.length, ...ordered);
}

/**
 * fontkit's layout made to shape Myanmar as HarfBuzz does (above): a run whose script the font has as Myanmar is
 * planned again, in HarfBuzz's stages, with the syllables sorted after `ccmp`. Other scripts are planned as before.
 */
export function shapeMyanmar(prototype: LayoutEnginePrototype): void {
  if (typeof prototype.setup !== 'function' || prototype.shapesMyanmar) return;
  const setupOwn = prototype.setup;
  prototype.setup = function (glyphRun) {
    setupOwn.call(this, glyphRun);
    const { script } = this.plan;
    if (script !== 'mym2' && script !== 'mymr') return;
    const Plan = this.plan.constructor as ShapingPlanClass;
    const plan = new Plan(this.plan.font, script, this.plan.direction);
    plan.add(['rvrn', 'ltra', 'ltrm']);
    plan.addStage(['locl', 'ccmp']);
    plan.addStage(reorderMyanmar);
    for (const feature of ['rphf', 'pref', 'blwf', 'pstf']) plan.addStage([feature]);
    plan.addStage(['pres', 'abvs', 'blws', 'psts', 'rlig', 'calt', 'clig', 'liga', 'rclt']);
    plan.addStage(['abvm', 'blwm', 'mark', 'mkmk', 'curs', 'dist', 'kern']);
    plan.assignGlobalFeatures(this.glyphInfos);
    this.plan = plan;
    for (const feature of Object.keys(plan.allFeatures)) glyphRun.features[feature] = true;
  };
  prototype.shapesMyanmar = true;
}

/** What fixBacktrackForMyanmar reaches of fontkit's lookup processor (GSUB's and GPOS's base). */
type ChainRule = { backtrack: number[]; input: number[]; lookahead: number[]; lookupRecords: unknown };
type Coverage = unknown;
type ClassDef = unknown;
type ChainingTable =
  | { version: 1; coverage: Coverage; chainRuleSets: ChainRule[][] }
  | {
      version: 2;
      coverage: Coverage;
      backtrackClassDef: ClassDef;
      inputClassDef: ClassDef;
      lookaheadClassDef: ClassDef;
      chainClassSet: (ChainRule[] | null)[];
    }
  | {
      version: 3;
      backtrackGlyphCount: number;
      backtrackCoverage: Coverage[];
      inputCoverage: Coverage[];
      inputGlyphCount: number;
      lookaheadCoverage: Coverage[];
      lookupRecords: unknown;
    };
export type LookupProcessorPrototype = {
  applyChainingContext(this: LookupProcessor, table: ChainingTable): boolean;
  readsBacktrackClosestFirst?: true;
};
type LookupProcessor = {
  scriptTag: string | null;
  glyphIterator: { cur: { id: number } };
  coverageIndex(coverage: Coverage, glyph?: number): number;
  getClassID(glyph: number, classDef: ClassDef): number;
  sequenceMatches(index: number, sequence: number[]): boolean;
  classSequenceMatches(index: number, sequence: number[], classDef: ClassDef): boolean;
  coverageSequenceMatches(index: number, sequence: Coverage[]): boolean;
  applyLookupList(records: unknown): boolean;
};

/**
 * fontkit 2.0.4 compares a chained rule's backtrack (the glyphs before the one it changes) farthest first, but a font
 * lists them closest first: a rule that looks two glyphs back never matches. Noto Sans Myanmar has such rules (after a
 * medial Ra, its consonant and the vowel sign U or UU take their spacing form, clear of the Ra's tail), so for a run
 * shaped as Myanmar the backtrack is read closest first, as the OpenType specification and HarfBuzz read it. Other
 * scripts keep fontkit's reading.
 */
export function fixBacktrackForMyanmar(prototype: LookupProcessorPrototype): void {
  if (typeof prototype.applyChainingContext !== 'function' || prototype.readsBacktrackClosestFirst) return;
  const applyOwn = prototype.applyChainingContext;
  const back = (sequence: readonly unknown[]) => [...sequence].reverse();
  prototype.applyChainingContext = function (table) {
    if (this.scriptTag !== 'mym2' && this.scriptTag !== 'mymr') return applyOwn.call(this, table);
    if (table.version === 1) {
      const index = this.coverageIndex(table.coverage);
      if (index === -1) return false;
      for (const rule of table.chainRuleSets[index])
        if (
          this.sequenceMatches(-rule.backtrack.length, back(rule.backtrack) as number[]) &&
          this.sequenceMatches(1, rule.input) &&
          this.sequenceMatches(1 + rule.input.length, rule.lookahead)
        )
          return this.applyLookupList(rule.lookupRecords);
      return false;
    }
    if (table.version === 2) {
      if (this.coverageIndex(table.coverage) === -1) return false;
      const rules = table.chainClassSet[this.getClassID(this.glyphIterator.cur.id, table.inputClassDef)];
      for (const rule of rules ?? [])
        if (
          this.classSequenceMatches(
            -rule.backtrack.length,
            back(rule.backtrack) as number[],
            table.backtrackClassDef,
          ) &&
          this.classSequenceMatches(1, rule.input, table.inputClassDef) &&
          this.classSequenceMatches(1 + rule.input.length, rule.lookahead, table.lookaheadClassDef)
        )
          return this.applyLookupList(rule.lookupRecords);
      return false;
    }
    if (
      this.coverageSequenceMatches(-table.backtrackGlyphCount, back(table.backtrackCoverage)) &&
      this.coverageSequenceMatches(0, table.inputCoverage) &&
      this.coverageSequenceMatches(table.inputGlyphCount, table.lookaheadCoverage)
    )
      return this.applyLookupList(table.lookupRecords);
    return false;
  };
  prototype.readsBacktrackClosestFirst = true;
}
