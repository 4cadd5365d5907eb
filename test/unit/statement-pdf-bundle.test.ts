import { execFileSync, execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assetCopyCommands, BUNDLING, REPO_ROOT } from '../../infra/areas/product-function.js';
import { PDF_FONT_ASSETS } from '../../functions/money/statements/documents/font-files.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * The renderer as Lambda runs it: bundled to one ESM file with the functions' own esbuild options
 * (no CommonJS __dirname there), the fonts copied beside it as the `assets` declaration does, and
 * found through LAMBDA_TASK_ROOT, not the repository.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'statement-bundle-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('renders from the Lambda bundle with the fonts carried as assets', async () => {
  const entry = path.join(dir, 'entry.ts');
  const render = path.join(REPO_ROOT, 'functions/money/statements/documents/render.ts');
  const sample = path.join(REPO_ROOT, 'test/support/statement-document.ts');
  const fonts = path.join(REPO_ROOT, 'functions/money/statements/documents/fonts.ts');
  writeFileSync(
    entry,
    [
      `import { writeFileSync } from 'node:fs';`,
      `import { renderStatementPdf } from ${JSON.stringify(render)};`,
      `import { sampleStatementDocument } from ${JSON.stringify(sample)};`,
      `import { pdfmakeWithFonts } from ${JSON.stringify(fonts)};`,
      `const document = sampleStatementDocument({ rows: 2 });`,
      // An Arabic title: its font carried too, and its words set right to left by the bundled pdfmake's lines.
      `document.statement.summaries.track.unshift({ value: 'R6', label: 'محمد عمر — سلام', lines: 1, quantity: 1, amount: '1' });`,
      `writeFileSync(process.argv[2], await renderStatementPdf(document));`,
      // Whether two documents' Roboto share its decoded tables in the bundle too (fonts.ts shareDecodedTables).
      `const roboto = async () => (await (await pdfmakeWithFonts()).createPdf({ content: [] }).getStream()).provideFont('Roboto', false, false).font;`,
      `const [a, b] = [await roboto(), await roboto()];`,
      `process.stdout.write(String(a !== b && a.GPOS !== undefined && a.GPOS === b.GPOS));`,
    ].join('\n'),
  );
  const out = path.join(dir, 'task');
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: BUNDLING.target,
    format: 'esm',
    outfile: path.join(out, 'index.mjs'),
    minify: BUNDLING.minify,
    mainFields: BUNDLING.mainFields,
    banner: { js: BUNDLING.banner ?? '' },
    logLevel: 'error',
  });
  for (const command of assetCopyCommands(REPO_ROOT, out, PDF_FONT_ASSETS)) execSync(command);
  const pdf = path.join(dir, 'out.pdf');
  const shared = execFileSync(process.execPath, [path.join(out, 'index.mjs'), pdf], {
    cwd: os.tmpdir(),
    env: { ...process.env, LAMBDA_TASK_ROOT: out },
    encoding: 'utf8',
  });
  expect(shared).toBe('true');
  expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(readFileSync(pdf));
  expect(text).toContain('Пётр Ильич Чайковский');
  expect(text).toContain('周杰伦');
  expect(text).toContain('سلام — عمر محمد');
}, 60_000);
