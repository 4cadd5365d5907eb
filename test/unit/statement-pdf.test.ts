import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { isRightToLeftParagraph, visualPieces } from '../../functions/money/statements/documents/bidi.js';
import { fontRuns, pdfmakeWithFonts, robotoHas } from '../../functions/money/statements/documents/fonts.js';
import { exact, money } from '../../functions/money/statements/documents/format.js';
import { renderStatementPdf, type StatementDocument } from '../../functions/money/statements/documents/render.js';
import { summariesSection } from '../../functions/money/statements/documents/tables-section.js';
import { pdfPieces, pdfText as readText } from '../support/pdf-text.js';
import { sampleStatementDocument } from '../support/statement-document.js';

/**
 * The statement PDF read back as text (test/support/pdf-text.ts: lines as laid out, pages ending
 * in a form feed): what a reader (and a screen reader, a search) gets out of the file.
 */
async function pdfText(document: StatementDocument): Promise<{ text: string; pages: number; bytes: Uint8Array }> {
  const bytes = await renderStatementPdf(document);
  const text = await readText(bytes);
  const pages = text.split('\f').filter((p) => p.trim() !== '').length;
  return { text, pages, bytes };
}

/** A printed money figure back to a decimal: "-£1,234.50" → "-1234.50". */
function amount(printed: string): string {
  return printed.replace(/[£,\s]/g, '');
}

/** The account row's printed figure, e.g. row(text, 'Opening balance') → "-250.00". */
function row(text: string, label: string): string {
  const match = new RegExp(`^\\s*${label}\\b.*?(-?£[\\d,]+\\.\\d\\d)\\s*$`, 'm').exec(text);
  if (!match) throw new Error(`no "${label}" row in:\n${text.slice(0, 3000)}`);
  return amount(match[1]);
}

/**
 * A name in each script whose font came with Bengali's, and the font: conjuncts, vowel signs written before, after,
 * above, below and around their letter, and the joiners.
 */
const SCRIPT_SAMPLES: readonly (readonly [string, string])[] = [
  ['NotoSansBengali', 'রবীন্দ্রনাথ ঠাকুর — শ্রেয়া ঘোষাল'],
  ['NotoSansGurmukhi', 'ਦਿਲਜੀਤ ਦੋਸਾਂਝ — ਸਿੱਧੂ'],
  ['NotoSansGujarati', 'ફાલ્ગુની પાઠક — કિંજલ દવે'],
  ['NotoSansOriya', 'ଅକ୍ଷୟ ମହାନ୍ତି — ଓଡ଼ିଆ'],
  ['NotoSansTamil', 'இளையராஜா — A. R. Rahman (ரஹ்மான்)'],
  ['NotoSansTelugu', 'ఘంటసాల — బాలసుబ్రహ్మణ్యం'],
  ['NotoSansKannada', 'ಪುನೀತ್ ರಾಜ್\u200Cಕುಮಾರ್'],
  ['NotoSansMalayalam', 'കെ. ജെ. യേശുദാസ് — കൃഷ്ണ'],
  ['NotoSansSinhala', 'සුනිල් එදිරිසිංහ — ශ්\u200Dරී ලංකා'],
  ['NotoSansKhmer', 'ស៊ីន ស៊ីសាមុត — រស់ សេរីសុទ្ធា'],
  ['NotoSansLao', 'ພູມີ ວົງວິຈິດ'],
  ['NotoSansEthiopic', 'ቴዲ አፍሮ — ጥላሁን ገሠሠ'],
  ['NotoSansGeorgian', 'ნინო ქათამაძე'],
  ['NotoSansArmenian', 'Արամ Խաչատրյան'],
];

/**
 * A name in each script whose font came with Syriac's, and the font: Syriac and N'Ko joined as Arabic is, Javanese with
 * a vowel sign written before its letter, Thaana with its vowel marks, Adlam (right to left, its letters apart), Burmese
 * (shaped as HarfBuzz shapes it), and scripts of letters alone.
 */
const MORE_SCRIPT_SAMPLES: readonly (readonly [string, string])[] = [
  ['NotoSansSyriac', 'ܡܪܝܡ ܐܦܪܝܡ'],
  ['NotoSansNKo', 'ߒߞߏ ߞߊ߲ߕߍ'],
  ['NotoSansJavanese', 'ꦱꦸꦏꦂꦤ ꦏꦺꦴ'],
  ['NotoSansThaana', 'ދިވެހި ރާއްޖެ'],
  ['NotoSansAdlam', '𞤀𞤣𞤤𞤢𞤥'],
  ['NotoSansMyanmar', 'မြန်မာ — ရန်ကုန်မြို့'],
  ['NotoSansCherokee', 'ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ'],
  ['NotoSansCanadianAboriginal', 'ᐃᓄᒃᑎᑐᑦ'],
  ['NotoSansTifinagh', 'ⵜⴰⵎⴰⵣⵉⵖⵜ'],
  ['NotoSansOlChiki', 'ᱥᱟᱱᱛᱟᱲᱤ'],
  ['NotoSansYi', 'ꆈꌠꁱꂷ'],
];

// Each test renders whole statements (CJK fonts embedded) and reads them back: seconds each on a busy machine.

type Glyph = { id: number; name: string; codePoints: number[] };

/** The embedded fonts as a document opens them (pdfkit's provideFont), each laid out by fontkit as the PDF is. */
async function fontsOfADocument() {
  return (await (await pdfmakeWithFonts()).createPdf({ content: [] }).getStream()) as unknown as {
    provideFont(
      family: string,
      bold: boolean,
      italics: boolean,
    ): { font: { layout(text: string): { glyphs: Glyph[] } } };
  };
}

type TrackSummary = { value: string; label: string; lines: number; quantity: number; amount: string };

/** A three-row sample statement whose track summary starts with `tracks`, paid to `payeeName` when given. */
function statementWithTracks(tracks: TrackSummary[], payeeName?: string) {
  const sample = sampleStatementDocument({ rows: 3 });
  const summaries = { ...sample.statement.summaries, track: [...tracks, ...(sample.statement.summaries?.track ?? [])] };
  const payee = payeeName ? { ...sample.payee, name: payeeName } : sample.payee;
  return { ...sample, payee, statement: { ...sample.statement, summaries } };
}

describe('statement PDF', { timeout: 30_000 }, () => {
  it('prints Cyrillic, CJK and accented names, and the account adds up as printed', async () => {
    const { text, pages, bytes } = await pdfText(sampleStatementDocument({ rows: 60 }));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(pages).toBeGreaterThan(3);
    expect(text).toContain('Пётр Ильич Чайковский');
    expect(text).toContain('ул. Тверская, 7');
    expect(text).toContain('周杰伦 — 晴天');
    expect(text).toContain('日本');
    expect(text).toContain('Zoë Ørsted — Café Señorita');
    expect(text).toContain('Łódź Polska');
    expect(text).toContain('12 Rue de la Paix');
    expect(text).toContain('VAT number GB987654321');
    expect(text).toContain('Version 2 — corrects ST-000041');
    expect(text).toContain('ST-000042');
    // The period in words, never the stored "2026-Q3" or "2026-07 to 2026-09".
    expect(text).toContain('Q3 2026 (Jul 2026 to Sep 2026)');
    expect(text).toContain('Jul 2026 to Sep 2026');
    expect(text).not.toContain('2026-Q3');
    expect(text).not.toContain('2026-07');

    const parts = ['Opening balance', 'Net revenue', 'Net costs', 'Reserves', 'Transfers', 'Payments', 'Adjustments'];
    const sum = parts.reduce((a, label) => a.plus(row(text, label)), new Big(0));
    expect(row(text, 'Closing balance')).toBe('620.00');
    expect(sum.toFixed(2)).toBe(row(text, 'Closing balance'));
    expect(new Big(row(text, 'Recoupable expenses')).plus(row(text, 'Advances')).toFixed(2)).toBe(
      row(text, 'Net costs'),
    );
    expect(row(text, 'Amount payable')).toBe('620.00');

    expect(text).toContain('Lines: 10,234 — control total 1,234.567891 (matches the CSV)');
    expect(text).toContain('Rounding carried in 0.003000, carried out 0.000891');
    expect(text).toMatch(/Advance £1,000\.00\s+Recouped £700\.00\s+Remaining £300\.00/);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('prints Korean names in a font that has Hangul, not as empty boxes', async () => {
    const korean = { value: 'R9', label: '방탄소년단 — 봄날 (KRA381700001)', lines: 7, quantity: 70, amount: '3.5' };
    const { text } = await pdfText(statementWithTracks([korean]));
    expect(text).toContain('방탄소년단 — 봄날 (KRA381700001)');
  });

  it('prints Arabic and Hebrew names right to left within the line, and Devanagari and Thai, in fonts that have them', async () => {
    const tracks = [
      { value: 'R6', label: 'محمد عمر — سلام (LBA123456789)', lines: 7, quantity: 70, amount: '3.5' },
      { value: 'R7', label: 'עומר אדם — תל אביב', lines: 6, quantity: 60, amount: '3' },
      { value: 'R8', label: 'Sigur Rós — سلام (live)', lines: 5, quantity: 50, amount: '2.5' },
      { value: 'R9', label: 'लता मंगेशकर — ธงไชย แมคอินไตย์', lines: 4, quantity: 40, amount: '2' },
    ];
    const { text } = await pdfText(statementWithTracks(tracks, 'محمد عمر'));
    // Read back left to right as laid out (each word as typed, PDF.js turns it back): the first word typed of a
    // right-to-left run is the rightmost, and the Latin around the run keeps its place. A letter printed as an empty
    // box would read back as nothing. (Arabic letters drawn with separate dots, as ز or ي in this font, read back
    // without them, so the names here have none.) A label typed right to left reads right to left as a whole: its
    // code in brackets, typed last, is on the left.
    expect(text).toContain('(LBA123456789) سلام — عمر محمد');
    expect(text).toContain('אביב תל — אדם עומר');
    expect(text).toContain('Sigur Rós — سلام (live)');
    expect(text).toContain('लता मंगेशकर — ธงไชย แมคอินไตย์');
    // The footer's period after an Arabic name stays as written, not drawn into the name ("2026 Q3").
    expect(text).toContain('ST-000042 · عمر محمد · Q3 2026');
  });

  it('sets a paragraph typed right to left as one: its first word on the right, aligned to the right of its column', async () => {
    const tracks = [
      { value: 'R6', label: 'محمد عمر — سلام (LBA123456789)', lines: 7, quantity: 70, amount: '3.5' },
      { value: 'R8', label: 'Sigur Rós — سلام (live)', lines: 5, quantity: 50, amount: '2.5' },
    ];
    const sample = statementWithTracks(tracks, 'محمد عمر');
    // An address typed in Arabic on its first line and in English on its second: each line has its own direction.
    const document = { ...sample, payee: { ...sample.payee, address: 'دار السلام 12، حمص\nHoms, Syria' } };
    const bytes = await renderStatementPdf(document);
    const pages = await pdfPieces(bytes);
    /** The pieces of text on the baseline of the first piece that reads `word`, left to right, and their page. */
    const lineOf = (word: string) => {
      for (const [page, pieces] of pages.entries()) {
        const found = pieces.find((piece) => piece.text === word);
        if (found)
          return {
            page,
            pieces: pieces
              .filter((piece) => piece.text.trim() !== '' && Math.abs(piece.y - found.y) < 1)
              .sort((a, b) => a.x - b.x),
          };
      }
      throw new Error(`no "${word}" in the PDF`);
    };
    const left = (word: string) => lineOf(word).pieces[0].x;
    const right = (word: string) => Math.max(...lineOf(word).pieces.map((piece) => piece.x + piece.width));
    // A4 is 595.28 points wide; the statement's margins are 40 points.
    const [leftEdge, rightEdge] = [40, 595.28 - 40];
    // The payee's block: its label and English address line on the left, as before; the Arabic name and address line
    // against the right edge, each read from the right (its first word the rightmost).
    expect(left('Statement for')).toBeCloseTo(leftEdge, 1);
    expect(left('Homs, Syria')).toBeCloseTo(leftEdge, 1);
    expect(lineOf('محمد').page).toBe(0);
    expect(right('محمد')).toBeCloseTo(rightEdge, 1);
    expect(lineOf('محمد').pieces.map((piece) => piece.text)).toEqual(['عمر', 'محمد']);
    expect(right('دار')).toBeCloseTo(rightEdge, 1);
    expect(lineOf('دار').pieces.at(-1)?.text).toBe('دار');
    expect(left('دار')).toBeGreaterThan(rightEdge / 2);
    const { text } = await pdfText(document);
    expect(text).toContain('حمص ،12 السلام دار');
    // In the track table: the label typed right to left against the right of its column, next to its figures; the
    // one typed in English first where it was, at the column's left, as the other tracks.
    expect(left('Sigur Rós —')).toBeCloseTo(left('Track 1'), 1);
    expect(left('(LBA123456789)')).toBeGreaterThan(left('Track 1') + 100);
    expect(lineOf('(LBA123456789)').pieces.map((piece) => piece.text)).toEqual([
      '(LBA123456789)',
      'سلام',
      '—',
      'عمر',
      'محمد',
    ]);
  });

  it('prints names in the scripts of South and South-East Asia, Ethiopia, Georgia and Armenia, in fonts that have them', async () => {
    const tracks = [...SCRIPT_SAMPLES, ...MORE_SCRIPT_SAMPLES].map(([, name], index) => ({
      value: `S${index}`,
      label: name,
      lines: 3,
      quantity: 30,
      amount: '1.5',
    }));
    // A Malayalam payee: its vowel signs reach the marks Noto Sans gives no place on some letters (skipEmptyAnchors).
    const { text } = await pdfText(statementWithTracks(tracks, 'കെ. എസ്. ചിത്ര'));
    // Scripts printed letter by letter read back as typed; shaped ones are checked glyph by glyph below.
    expect(text).toContain('ნინო ქათამაძე');
    for (const [, name] of MORE_SCRIPT_SAMPLES.slice(6)) expect(text).toContain(name);
    expect(text).toContain('Արամ Խաչատրյան');
    expect(text).toContain('ቴዲ አፍሮ');
    expect(text).toContain('A. R. Rahman');
  });

  it('repeats a summary’s heading and column names on every page it runs over', async () => {
    const { text } = await pdfText(sampleStatementDocument({ rows: 120 }));
    // Pages with rows of the store table (the chart's bars have no line or quantity columns).
    const storePages = text.split('\f').filter((page) => /Store \d+\s+[\d,]+\s+[\d,]+\s+£/.test(page));
    expect(storePages.length).toBeGreaterThan(1);
    for (const page of storePages) expect(page).toMatch(/By store\s*\n\s*Lines\s+Quantity\s+Amount/);
    expect(text).toMatch(/By store — chart/);
  });

  it('shows the provenance of every report: no hidden deductions', async () => {
    const { text } = await pdfText(sampleStatementDocument({ rows: 3 }));
    expect(text).toContain('Where the money came from — no hidden deductions');
    expect(text).toMatch(/The Orchard\s+orchard_2026_07\.csv\s+Jul 2026\s+USD\s+0\.791200\s+31st Jul 2026\s+£120\.50/);
    // Its months as every table names them; an empty cell is '-', as on every page.
    expect(text).toMatch(/Manual sales\s+-\s+Aug 2026, Sep 2026\s+GBP\s+1\s+-\s/);
  });

  it("leaves the summaries (and the chart) out in the 'summary' style", async () => {
    const full = await pdfText(sampleStatementDocument({ rows: 10, style: 'full' }));
    const summary = await pdfText(sampleStatementDocument({ rows: 10, style: 'summary' }));
    expect(full.text).toContain('By store');
    expect(full.text).toContain('By release');
    for (const title of ['By store', 'By territory', 'By release', 'By track', '周杰伦']) {
      expect(summary.text).not.toContain(title);
    }
    expect(summary.text).toContain('Closing balance');
    expect(summary.text).toContain('control total 1,234.567891');
    expect(summary.text).toContain('no hidden deductions');
  });

  it('draws the chart only when the statement settings have graphs on', async () => {
    const off = await pdfText(sampleStatementDocument({ rows: 5, graphs: false }));
    expect(off.text).not.toContain('chart');
    expect(off.text).toContain('By store');
  });

  it('adds the self-billing invoice page only for a self-billing statement', async () => {
    const billed = await pdfText(sampleStatementDocument({ rows: 3, selfBilling: true }));
    const plain = await pdfText(sampleStatementDocument({ rows: 3, selfBilling: false }));
    expect(billed.pages).toBe(plain.pages + 1);
    const invoice =
      billed.text
        .split('\f')
        .filter((p) => p.trim() !== '')
        .at(-1) ?? '';
    expect(invoice).toContain('Self-billing invoice');
    expect(invoice).toContain('SB-000007');
    expect(invoice).toMatch(/Accounting period\s+Q3 2026 \(Jul 2026 to Sep 2026\)/);
    expect(invoice).toContain('Royalties for Q3 2026 (Jul 2026 to Sep 2026) (statement ST-000042)');
    expect(invoice).toMatch(/Subtotal\s+£620\.00/);
    expect(invoice).toMatch(/VAT at 20%\s+£124\.00/);
    expect(invoice).toMatch(/Total\s+£744\.00/);
    expect(invoice).toContain('Self-billing invoice issued by Aurora Sound Ltd on behalf of Пётр Ильич Чайковский.');
    expect(plain.text).not.toContain('Self-billing');
    expect(plain.text).not.toContain('SB-000007');
  });

  it('goes from the amount payable to what is paid out when VAT is added or tax withheld', async () => {
    // Payable 620.00 + VAT 124.00 − 30 % withheld (186.00) = 558.00.
    const both = await pdfText(sampleStatementDocument({ rows: 3, selfBilling: true, withholding: 30 }));
    expect(both.text).toMatch(/Amount payable\s+£620\.00/);
    expect(both.text).toMatch(/VAT\s+at 20% on self-billing invoice SB-000007\s+£124\.00/);
    expect(both.text).toMatch(/Tax withheld\s+at 30%, paid to the tax authority for you\s+-£186\.00/);
    expect(both.text).toMatch(/Amount paid to you\s+£558\.00/);
    const plain = await pdfText(sampleStatementDocument({ rows: 3 }));
    expect(plain.text).not.toContain('Tax withheld');
    expect(plain.text).not.toContain('Amount paid to you');
  });

  it('says why nothing is paid, and draws no recoupment meter without an advance', async () => {
    const document = sampleStatementDocument({ rows: 3 });
    document.statement.figures = { ...document.statement.figures, payable: '0.00' };
    document.statement.not_paid_reasons = [
      { code: 'below_minimum_payout', text: 'below the minimum payout of £1,000.00' },
    ];
    document.statement.recoupment = { advance: '0.00', recouped: '0.00', remaining: '0.00' };
    document.statement.version = 1;
    document.replaces = null;
    const { text } = await pdfText(document);
    expect(text).toContain('Why nothing is paid: below the minimum payout of £1,000.00');
    expect(row(text, 'Amount payable')).toBe('0.00');
    expect(text).not.toContain('Recoupment of advances');
    expect(text).not.toContain('Version');
  });

  it('prints what contracts recouped as a row of the account, which still adds up, and each contract’s recoupment and reserves', async () => {
    const document = sampleStatementDocument({ rows: 3 });
    const f = document.statement.figures;
    // The same statement, its earnings having repaid £600.00 of a contract's advance first.
    document.statement.figures = {
      ...f,
      recouped: '-600.00',
      closing_balance: new Big(f.closing_balance).minus(600).toFixed(2),
      payable: new Big(f.closing_balance).minus(600).toFixed(2),
    };
    document.statement.contract_recoupment = [
      {
        contract_id: 'C1',
        name: 'Contract with Jane Q. Artist Ltd',
        opening: '5000.00',
        recouped: '600.00',
        closing: '4400.00',
      },
    ];
    document.statement.contract_reserves = [
      { contract_id: 'C1', name: 'Contract with Jane Q. Artist Ltd', held: '20.00', released: '5.00' },
    ];
    const { text } = await pdfText(document);
    expect(text).toContain('Reserves by contract');
    expect(text).toMatch(/Contract with Jane Q\. Artist Ltd\s+£20\.00\s+£5\.00/);
    const parts = ['Opening balance', 'Net revenue', 'Net costs', 'Reserves', 'Transfers', 'Payments', 'Adjustments'];
    const sum = parts.reduce((a, label) => a.plus(row(text, label)), new Big(row(text, 'Recouped by contracts')));
    expect(row(text, 'Recouped by contracts')).toBe('-600.00');
    expect(sum.toFixed(2)).toBe(row(text, 'Closing balance'));
    expect(text).toContain('Recoupment by contract');
    expect(text).toMatch(/Contract with Jane Q\. Artist Ltd\s+£5,000\.00\s+£600\.00\s+£4,400\.00/);
  });
});

describe('statement fonts', () => {
  it('Roboto’s range table is exactly what both embedded Roboto faces have glyphs for', async () => {
    // pdfmake's document is a pdfkit document; its fonts are fontkit fonts with a characterSet.
    type Face = { font: { characterSet: number[] } };
    const doc = (await (await pdfmakeWithFonts()).createPdf({ content: [] }).getStream()) as unknown as {
      provideFont(family: string, bold: boolean, italics: boolean): Face;
    };
    const regular = new Set(doc.provideFont('Roboto', false, false).font.characterSet);
    const bold = new Set(doc.provideFont('Roboto', true, false).font.characterSet);
    for (let code = 0x20; code <= 0xffff; code += 1) {
      expect.soft(robotoHas(code), code.toString(16)).toBe(regular.has(code) && bold.has(code));
    }
    const cjk = new Set(doc.provideFont('NotoSansSC', false, false).font.characterSet);
    for (const char of '周杰伦晴天日本東京') expect(cjk.has(char.codePointAt(0) ?? 0)).toBe(true);
    // Every Hangul syllable in both faces of Noto Sans KR; Noto Sans SC has none of them.
    const korean = [false, true].map((bold) => new Set(doc.provideFont('NotoSansKR', bold, false).font.characterSet));
    for (let code = 0xac00; code <= 0xd7a3; code += 1)
      for (const face of korean) if (!face.has(code)) expect.fail(`Noto Sans KR has no ${code.toString(16)}`);
    expect([...'방탄소년단'].some((char) => cjk.has(char.codePointAt(0) ?? 0))).toBe(false);
    // The letters of each script in both faces of its font: Arabic with the Persian and Urdu ones and the
    // Arabic-Indic digits, Hebrew, the Devanagari block, Thai, and those below.
    const letters: [string, [number, number][]][] = [
      [
        'NotoSansArabic',
        [
          [0x621, 0x63a],
          [0x641, 0x64a],
          [0x660, 0x669],
          [0x679, 0x679],
          [0x67e, 0x67e],
          [0x686, 0x686],
          [0x688, 0x688],
          [0x691, 0x691],
          [0x698, 0x698],
          [0x6a9, 0x6a9],
          [0x6af, 0x6af],
          [0x6ba, 0x6ba],
          [0x6be, 0x6be],
          [0x6c1, 0x6c1],
          [0x6cc, 0x6cc],
          [0x6d2, 0x6d2],
          [0x6f0, 0x6f9],
        ],
      ],
      ['NotoSansHebrew', [[0x5d0, 0x5ea]]],
      ['NotoSansDevanagari', [[0x900, 0x97f]]],
      [
        'NotoSansThai',
        [
          [0xe01, 0xe3a],
          [0xe3f, 0xe5b],
        ],
      ],
    ];
    // Each script's consonants (with its independent vowels where they run on) or syllables, vowel signs, digits.
    // biome-ignore format: one dense range table
    const more: [string, [number, number][]][] = [
      ['NotoSansBengali', [[0x995, 0x9a8], [0x9be, 0x9c4], [0x9e6, 0x9ef]]],
      ['NotoSansGurmukhi', [[0xa13, 0xa28], [0xa3e, 0xa42], [0xa66, 0xa6f]]],
      ['NotoSansGujarati', [[0xa93, 0xaa8], [0xabe, 0xac5], [0xae6, 0xaef]]],
      ['NotoSansOriya', [[0xb13, 0xb28], [0xb3e, 0xb44], [0xb66, 0xb6f]]],
      ['NotoSansTamil', [[0xbae, 0xbb9], [0xbbe, 0xbc2], [0xbe6, 0xbef]]],
      ['NotoSansTelugu', [[0xc12, 0xc28], [0xc2a, 0xc39], [0xc66, 0xc6f]]],
      ['NotoSansKannada', [[0xc92, 0xca8], [0xcaa, 0xcb3], [0xce6, 0xcef]]],
      ['NotoSansMalayalam', [[0xd12, 0xd44], [0xd66, 0xd6f]]],
      ['NotoSansSinhala', [[0xd85, 0xd96], [0xd9a, 0xdb1], [0xdcf, 0xdd4]]],
      ['NotoSansLao', [[0xe8c, 0xea3], [0xea7, 0xebd], [0xed0, 0xed9]]],
      ['NotoSansKhmer', [[0x1780, 0x17d3], [0x17e0, 0x17e9]]],
      ['NotoSansEthiopic', [[0x1200, 0x1248], [0x1260, 0x1288], [0x12d8, 0x1310]]],
      ['NotoSansGeorgian', [[0x10a0, 0x10c5], [0x10d0, 0x10fa], [0x1c90, 0x1cba]]],
      ['NotoSansArmenian', [[0x531, 0x556], [0x561, 0x587]]],
    ];
    for (const [family, ranges] of [...letters, ...more])
      for (const bold of [false, true]) {
        const face = new Set(doc.provideFont(family, bold, false).font.characterSet);
        for (const [first, last] of ranges)
          for (let code = first; code <= last; code += 1)
            if (!face.has(code)) expect.fail(`${family} ${bold ? 'bold' : 'regular'} has no ${code.toString(16)}`);
      }
  });

  it('joins Arabic letters: the embedded font and its shaping give each letter its initial, medial or final form', async () => {
    const doc = await fontsOfADocument();
    for (const bold of [false, true]) {
      const { glyphs } = doc.provideFont('NotoSansArabic', bold, false).font.layout('سلام');
      // Left to right as printed: م (alone, as ا does not join on), ا final, ل medial, س initial.
      expect(glyphs.map((g) => String.fromCodePoint(...g.codePoints)).join('')).toBe('مالس');
      expect(glyphs.map((g) => /\.(init|medi|fina)/.exec(g.name)?.[1] ?? '')).toEqual(['', 'fina', 'medi', 'init']);
    }
  });

  it('shapes each script’s names: every letter a glyph of the font fontRuns picks, vowel signs on their letters', async () => {
    const doc = await fontsOfADocument();
    const layout = (family: string, bold: boolean, text: string) =>
      doc.provideFont(family, bold, false).font.layout(text).glyphs;
    for (const [family, name] of SCRIPT_SAMPLES) {
      const runs = fontRuns(name).text as (string | { text: string; font: string })[];
      const inFont = runs.flatMap((run) => (typeof run === 'string' ? [] : [run]));
      expect(new Set(inFont.map((run) => run.font)), name).toEqual(new Set([family]));
      for (const bold of [false, true])
        for (const run of inFont) {
          const glyphs = layout(family, bold, run.text);
          // Glyph 0 is the empty box; a dotted circle is what a shaper draws for a vowel sign it could not attach.
          expect(
            glyphs.filter((g) => g.id === 0 || g.codePoints.includes(0x25cc)),
            `${family} ${run.text}`,
          ).toEqual([]);
        }
    }
    // Vowel signs written before the consonant they follow in the text: printed first, left to right.
    const first = (family: string, text: string) => layout(family, false, text)[0].codePoints;
    expect(first('NotoSansBengali', 'মে')).toEqual([0x9c7]);
    expect(first('NotoSansTamil', 'கொ')).toEqual([0xbc6]);
    expect(first('NotoSansMalayalam', 'കെ')).toEqual([0xd46]);
    expect(first('NotoSansSinhala', 'කෙ')).toEqual([0xdd9]);
    expect(first('NotoSansKhmer', 'កែ')).toEqual([0x17c2]);
    // A conjunct is one glyph: Kannada ksha, Malayalam ksha.
    expect(layout('NotoSansKannada', false, 'ಕ್ಷ')).toHaveLength(1);
    expect(layout('NotoSansMalayalam', true, 'ക്ഷ')).toHaveLength(1);
  });

  it('has the letters of Syriac, N’Ko, Javanese, Thaana, Adlam, Cherokee, the Canadian syllabics, Tifinagh, Ol Chiki, Yi and Myanmar in their fonts', async () => {
    type Face = { font: { hasGlyphForCodePoint(code: number): boolean } };
    const doc = (await (await pdfmakeWithFonts()).createPdf({ content: [] }).getStream()) as unknown as {
      provideFont(family: string, bold: boolean, italics: boolean): Face;
    };
    // Each script's letters (with its vowel signs and marks where it has them) and digits.
    // biome-ignore format: one dense range table
    const scripts: [string, [number, number][]][] = [
      ['NotoSansSyriac', [[0x710, 0x72c], [0x730, 0x74a], [0x74d, 0x74f]]],
      ['NotoSansNKo', [[0x7c0, 0x7fa], [0x7fd, 0x7ff]]],
      ['NotoSansJavanese', [[0xa980, 0xa9cd], [0xa9cf, 0xa9d9], [0xa9de, 0xa9df]]],
      ['NotoSansThaana', [[0x780, 0x7b1]]],
      ['NotoSansAdlam', [[0x1e900, 0x1e94b], [0x1e950, 0x1e959], [0x1e95e, 0x1e95f]]],
      ['NotoSansCherokee', [[0x13a0, 0x13f5], [0x13f8, 0x13fd], [0xab70, 0xabbf]]],
      ['NotoSansCanadianAboriginal', [[0x1400, 0x167f], [0x18b0, 0x18f5]]],
      ['NotoSansTifinagh', [[0x2d30, 0x2d67], [0x2d6f, 0x2d70], [0x2d7f, 0x2d7f]]],
      ['NotoSansOlChiki', [[0x1c50, 0x1c7f]]],
      ['NotoSansYi', [[0xa000, 0xa48c], [0xa490, 0xa4c6]]],
      ['NotoSansMyanmar', [[0x1000, 0x109f]]],
    ];
    for (const [family, ranges] of scripts)
      for (const bold of [false, true]) {
        const { font } = doc.provideFont(family, bold, false);
        for (const [first, last] of ranges)
          for (let code = first; code <= last; code += 1)
            if (!font.hasGlyphForCodePoint(code))
              expect.fail(`${family} ${bold ? 'bold' : 'regular'} has no ${code.toString(16)}`);
      }
  });

  it('shapes the names of those scripts: joined, vowel signs before their letter, nothing as an empty box', async () => {
    const doc = await fontsOfADocument();
    const layout = (family: string, bold: boolean, text: string) =>
      doc.provideFont(family, bold, false).font.layout(text).glyphs;
    for (const [family, name] of MORE_SCRIPT_SAMPLES) {
      // A name with right-to-left letters ends in a left-to-right mark, in the Arabic font, taken out before printing.
      const runs = (fontRuns(name).text as (string | { text: string; font: string })[]).flatMap((run) =>
        typeof run === 'string' || run.text === '\u200E' ? [] : [run],
      );
      expect(new Set(runs.map((run) => run.font)), name).toEqual(new Set([family]));
      for (const bold of [false, true])
        for (const run of runs)
          expect(
            layout(family, bold, run.text).filter((g) => g.id === 0 || g.codePoints.includes(0x25cc)),
            `${family} ${run.text}`,
          ).toEqual([]);
    }
    const forms = (family: string, text: string) =>
      layout(family, false, text).map((g) => /\.(init|medi|fina)/.exec(g.name)?.[1] ?? '');
    // Syriac and N'Ko letters joined, laid out right to left (fontkit turns them): ܡܪܝܡ, Resh not joining on.
    expect(forms('NotoSansSyriac', 'ܡܪܝܡ')).toEqual(['fina', 'init', 'fina', 'init']);
    expect(forms('NotoSansNKo', 'ߞߊߕߍ')).toEqual(['fina', 'medi', 'medi', 'init']);
    // Javanese taling (ꦺ), typed after its letter, printed before it.
    expect(layout('NotoSansJavanese', false, 'ꦏꦺꦴ')[0].codePoints).toEqual([0xa9ba]);
  });

  it('shapes Burmese as HarfBuzz does: vowel sign E and medial Ra before their consonant, kinzi, stacks, spacing vowels', async () => {
    type Run = {
      glyphs: { name: string }[];
      positions: { xOffset: number; yOffset: number; xAdvance: number }[];
    };
    const doc = (await (await pdfmakeWithFonts()).createPdf({ content: [] }).getStream()) as unknown as {
      provideFont(family: string, bold: boolean, italics: boolean): { font: { layout(text: string): Run } };
    };
    const { font } = doc.provideFont('NotoSansMyanmar', false, false);
    /** A word's glyphs as HarfBuzz's hb-shape writes them (--no-clusters): name, offset if any, advance. */
    const shaped = (word: string) => {
      const { glyphs, positions } = font.layout(word);
      const glyph = ({ name }: { name: string }, at: number) => {
        const { xOffset, yOffset, xAdvance } = positions[at];
        return `${name}${xOffset || yOffset ? `@${xOffset},${yOffset}` : ''}+${xAdvance}`;
      };
      return `[${glyphs.map(glyph).join('|')}]`;
    };
    // What HarfBuzz 6.0 (hb-shape) gives for each word with the same font, Noto Sans Myanmar Regular.
    const harfBuzz: [string, string][] = [
      ['မြန်မာ', '[medial_ra+229|ma+676|na+570|asat@43,0+0|ma+676|_aa+455]'],
      ['ကြေး', '[_e+618|medial_ra.w2+229|ka+1124|visarga+346]'],
      ['ကျော်', '[_e+618|ka+1124|medial_ya+257|_aa+455|asat@-36,0+0]'],
      ['မင်္ဂလာပါ', '[ma+676|ga+668|kinzi@-4,0+0|la+1126|_aa+455|pa+676|_tall_aa+267]'],
      ['ကုံ', '[ka+1124|anusvara@-27,0+0|_u@-5,0+0]'],
      ['စန္ဒာ', '[ca+674|na.alt+630|da.sub@2,-24+0|_aa+455]'],
      [
        'ရန်ကုန်မြို့',
        '[ra+689|na+570|asat@43,0+0|ka+1124|_u@-5,0+0|na+570|asat@43,0+0|medial_ra_tt+229|ma+676|_i@-35,0+0|_u_dot_spacing+469|dummymarkmymr+0]',
      ],
      ['လေးဖြူ', '[_e+618|la+1126|visarga+346|medial_ra+229|pha+675|_uu_spacing+461|dummymarkmymr+0]'],
    ];
    for (const [word, glyphs] of harfBuzz) expect(shaped(word), word).toBe(glyphs);
  });

  it('decodes each font’s tables once per process: a later document’s font reads the same decoded tables', async () => {
    type Face = { font: { GPOS: unknown; cmap: unknown } };
    const pdfmake = await pdfmakeWithFonts();
    const fontOfNextDocument = async () =>
      (
        (await pdfmake.createPdf({ content: [] }).getStream()) as unknown as {
          provideFont(family: string, bold: boolean, italics: boolean): Face;
        }
      ).provideFont('Roboto', false, false).font;
    const [first, second] = [await fontOfNextDocument(), await fontOfNextDocument()];
    expect(second).not.toBe(first);
    expect(second.GPOS).toBeDefined();
    expect(second.GPOS).toBe(first.GPOS);
    expect(second.cmap).toBe(first.cmap);
  });

  it('prints each run in a font that has it, precomposing combining accents first', () => {
    expect(fontRuns('Łódź — Чайковский')).toEqual({ text: 'Łódź — Чайковский' });
    expect(fontRuns('Cafe\u0301')).toEqual({ text: 'Café' });
    expect(fontRuns('周杰伦 (Jay)')).toEqual({ text: [{ text: '周杰伦', font: 'NotoSansSC' }, ' (Jay)'] });
    expect(fontRuns('방탄소년단 (BTS)')).toEqual({ text: [{ text: '방탄소년단', font: 'NotoSansKR' }, ' (BTS)'] });
    expect(fontRuns('봄날')).toEqual({ text: [{ text: '봄날', font: 'NotoSansKR' }] });
    // Typed as jamo, NFC makes them the syllables.
    expect(fontRuns('\u1107\u1169\u11B7')).toEqual({ text: [{ text: '봄', font: 'NotoSansKR' }] });
    expect(fontRuns('लता (live)')).toEqual({ text: [{ text: 'लता', font: 'NotoSansDevanagari' }, ' (live)'] });
    expect(fontRuns('ธงไชย')).toEqual({ text: [{ text: 'ธงไชย', font: 'NotoSansThai' }] });
    expect(fontRuns('A. R. Rahman (ரஹ்மான்)')).toEqual({
      text: ['A. R. Rahman (', { text: 'ரஹ்மான்', font: 'NotoSansTamil' }, ')'],
    });
    // The danda several Indic scripts share stays in the run of the script before it (its font has it).
    expect(fontRuns('ঘোষাল।')).toEqual({ text: [{ text: 'ঘোষাল।', font: 'NotoSansBengali' }] });
    expect(fontRuns('ශ්\u200Dරී')).toEqual({ text: [{ text: 'ශ්\u200Dරී', font: 'NotoSansSinhala' }] });
    expect(fontRuns('ნინო')).toEqual({ text: [{ text: 'ნინო', font: 'NotoSansGeorgian' }] });
    expect(fontRuns('ᏣᎳᎩ (live)')).toEqual({ text: [{ text: 'ᏣᎳᎩ', font: 'NotoSansCherokee' }, ' (live)'] });
    // The Arabic comma goes on in the Syriac run (its font has it); the Arabic letter mark, which it lacks, does not.
    expect(fontRuns('ܡܪܝܡ،\u061Cܐ')).toEqual({
      text: [
        { text: 'ܡܪܝܡ،', font: 'NotoSansSyriac' },
        { text: '\u061C', font: 'NotoSansArabic' },
        { text: 'ܐ', font: 'NotoSansSyriac' },
        { text: '\u200E', font: 'NotoSansArabic' },
      ],
    });
    // A name with right-to-left letters ends in a left-to-right mark (in the Arabic font, which has an empty glyph
    // for it), taken out again before printing; an Arabic vowel mark and a joiner stay in the run of their letter.
    expect(fontRuns('עומר (live)')).toEqual({
      text: [{ text: 'עומר', font: 'NotoSansHebrew' }, ' (live)', { text: '\u200E', font: 'NotoSansArabic' }],
    });
    expect(fontRuns('مُحمد\u200Cي')).toEqual({ text: [{ text: 'مُحمد\u200Cي\u200E', font: 'NotoSansArabic' }] });
  });
});

describe('statement text direction', () => {
  it('sets a line’s right-to-left words last first, each handed to fontkit as typed (fontkit turns its letters)', () => {
    expect(visualPieces(['Sigur Rós — ', 'فيروز', ' (live)'])).toEqual([
      { run: 0, text: 'Sigur Rós — ' },
      { run: 1, text: 'فيروز' },
      { run: 2, text: ' (live)' },
    ]);
    // Two Arabic words and the space between them: the second typed is printed first, on the left.
    expect(visualPieces(['Sigur Rós — ', 'فيروز', ' ', 'سلام', ' (live)'])).toEqual([
      { run: 0, text: 'Sigur Rós — ' },
      { run: 3, text: 'سلام' },
      { run: 2, text: ' ' },
      { run: 1, text: 'فيروز' },
      { run: 4, text: ' (live)' },
    ]);
    expect(visualPieces(['עומר', ' — ', 'אדם'])).toEqual([
      { run: 2, text: 'אדם' },
      { run: 1, text: ' ' },
      { run: 1, text: '—' },
      { run: 1, text: ' ' },
      { run: 0, text: 'עומר' },
    ]);
  });

  it('mirrors brackets in right-to-left text, keeps numbers left to right, and leaves Latin lines alone', () => {
    // The year in brackets after an Arabic name belongs to its run: printed "(2024)" on its left.
    expect(visualPieces(['دياب', ' (2024)\u200E'])).toEqual([
      { run: 1, text: '(' },
      { run: 1, text: '2024' },
      { run: 1, text: ')' },
      { run: 1, text: ' ' },
      { run: 0, text: 'دياب' },
    ]);
    // Arabic-Indic digits read left to right too; fontkit turns them as Arabic script, so they are handed over turned.
    expect(visualPieces(['عجرم', ' ', '١٢٣'])).toEqual([
      { run: 2, text: '٣٢١' },
      { run: 1, text: ' ' },
      { run: 0, text: 'عجرم' },
    ]);
    const latin = ['Łódź ', 'Polska ', '周杰伦'];
    expect(visualPieces(latin)).toEqual(latin.map((text, run) => ({ run, text })));
  });

  it('sets a paragraph typed right to left from the right: its numbers and English left to right within it', () => {
    // The address line "دار السلام 12، حمص": its first word on the right, the comma after the number on its left.
    expect(visualPieces(['دار', ' ', 'السلام', ' 12، ', 'حمص'], '', true).map((piece) => piece.text)).toEqual([
      'حمص',
      ' ',
      '،',
      '12',
      ' ',
      'السلام',
      ' ',
      'دار',
    ]);
    // Typed last, the code in brackets is on the left; the left-to-right mark after a name is left out.
    expect(
      visualPieces(['محمد', ' ', 'عمر', ' — ', 'سلام', ' (LBA123456789)', '\u200E'], '', true).map(
        (piece) => piece.text,
      ),
    ).toEqual(['(', 'LBA123456789', ')', ' ', 'سلام', ' ', '—', ' ', 'عمر', ' ', 'محمد']);
    // A paragraph is right to left when its first letter is; one that starts in English, or has no letter, is not.
    expect(isRightToLeftParagraph('محمد عمر')).toBe(true);
    expect(isRightToLeftParagraph('«עומר» (live)')).toBe(true);
    expect(isRightToLeftParagraph('محمد\u200E')).toBe(true);
    expect(isRightToLeftParagraph('Sigur Rós — سلام')).toBe(false);
    expect(isRightToLeftParagraph('١٢٣')).toBe(false);
    expect(isRightToLeftParagraph('2024')).toBe(false);
  });

  it('reads a character past U+FFFF by its own direction: an Adlam name right to left, an emoji within an Arabic one', () => {
    // fontkit does not turn Adlam, so its letters are handed over turned, the first typed on the right.
    expect(isRightToLeftParagraph('𞤀𞤣𞤤𞤢𞤥')).toBe(true);
    expect(visualPieces(['𞤀𞤣𞤤𞤢𞤥'])).toEqual([{ run: 0, text: '𞤥𞤢𞤤𞤣𞤀' }]);
    expect(visualPieces(['Track by ', '𞤀𞤣𞤤𞤢𞤥'])).toEqual([
      { run: 0, text: 'Track by ' },
      { run: 1, text: '𞤥𞤢𞤤𞤣𞤀' },
    ]);
    // An emoji between two Arabic words is in their run, not a left-to-right word that parts them.
    expect(visualPieces(['محمد', ' 🎵 ', 'عمر']).map((piece) => piece.text)).toEqual(['عمر', ' ', '🎵', ' ', 'محمد']);
  });

  it('reads the paragraph past the end of a wrapped line: a dash between two Arabic words stays in their run', () => {
    // Alone, the line's last dash would be left to right, on the right; with the next line's Arabic it is on the left.
    // (The space at the very end stays at the end, where pdfmake leaves it out of the line's width.)
    expect(visualPieces(['أم', ' ', 'كلثوم', ' — '], 'الأطلال').map((piece) => piece.text)).toEqual([
      '—',
      ' ',
      'كلثوم',
      ' ',
      'أم',
      ' ',
    ]);
    expect(visualPieces(['أم', ' ', 'كلثوم', ' — ']).map((piece) => piece.text)).toEqual(['كلثوم', ' ', 'أم', ' — ']);
  });
});

describe('statement figures', () => {
  it('money has the currency sign, 2 decimals and grouped thousands; exact amounts 6 decimals', () => {
    expect(money('-1234.5', 'gbp')).toBe('-£1,234.50');
    expect(money('1234567.891', 'usd')).toBe('$1,234,567.89');
    expect(money('0.005', 'eur')).toBe('EUR 0.01');
    expect(money('-0.001', 'gbp')).toBe('£0.00');
    expect(exact('1234.5678915')).toBe('1,234.567892');
  });
});

describe('statement summaries as printed', () => {
  it('the rows of a "By …" table add up to its printed total, as the statement page shows them', () => {
    const document = sampleStatementDocument({ rows: 3 });
    const statement = {
      ...document.statement,
      summaries: {
        store: [
          { value: 'S1', label: 'Store one', lines: 1, quantity: 1, amount: '62.444' },
          { value: 'S2', label: 'Store two', lines: 1, quantity: 1, amount: '61.194' },
          { value: 'S3', label: 'Store three', lines: 1, quantity: 1, amount: '58.334' },
        ],
      },
    };
    const [table] = summariesSection(statement) as { table: { body: unknown[][] } }[];
    const amounts = (table?.table.body ?? []).slice(2).map((cells) => (cells[3] as { text: string }).text);
    // Each rounded on its own the rows would read 62.44 + 61.19 + 58.33 = 181.96.
    expect(amounts).toEqual(['£62.45', '£61.19', '£58.33', '£181.97']);
  });

  it('says in words that no sales report is behind a statement of balances alone, not an empty table totalling nothing', async () => {
    const document = sampleStatementDocument({ rows: 3 });
    document.statement = { ...document.statement, summaries: {}, provenance: [] };
    const { text } = await pdfText(document);
    const section = text.slice(text.indexOf('Where the money came from'));
    expect(section).toMatch(/^No sales reports$/m);
    expect(section).not.toMatch(/^Total\b/m);
  });

  it('names a "By sales period" row by its month in words, as the statement page does, never the stored month', async () => {
    const document = sampleStatementDocument({ rows: 3 });
    document.statement = {
      ...document.statement,
      summaries: {
        period: [
          { value: '2026-07', label: '2026-07', lines: 1, quantity: 1, amount: '100.00' },
          { value: '2026-09', label: '2026-09', lines: 1, quantity: 1, amount: '81.97' },
        ],
      },
    };
    const { text } = await pdfText(document);
    const table = text.slice(text.indexOf('By sales period'));
    expect(table).toMatch(/^Jul 2026\s+1\s+1\s+£100\.00$/m);
    expect(table).toMatch(/^Sep 2026\s+1\s+1\s+£81\.97$/m);
    expect(table).not.toMatch(/\b2026-0[79]\b/);
  });
});
