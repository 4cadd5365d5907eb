import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PDF_FONT_ASSETS } from '../../functions/money/statements/documents/font-files.js';
import { BUNDLING, REPO_ROOT } from '../../infra/areas/product-function.js';
import { STACK_BUNDLES } from '../support/stack-bundles.js';

/** The module that renders every PDF the product makes (statements, contracts, licence invoices, promo reports). */
const PDF_RENDERER = 'functions/money/statements/documents/fonts.ts';

/**
 * The local cloud runs the functions from source, where the fonts lie in node_modules; a Lambda has only its bundle
 * and the data files declared beside it (infra/functions.ts `assets`). A function that renders PDFs without its
 * fonts works in every local test and fails in AWS (the statement worker and the promos function did). So the rule
 * is read off the bundles themselves, built as NodejsFunction builds them: whichever function's bundle holds the PDF
 * renderer carries the fonts, and no other carries them for nothing.
 */
// The product's own modules only (packages left outside): which of them a bundle keeps is decided by the product's
// code, and reading the packages too took 39 s of CPU for the stack instead of about 4.
describe('data files beside each Lambda', { timeout: 120_000 }, () => {
  it('gives the PDF fonts to exactly the functions whose bundle renders PDFs', async () => {
    // One build of every entry: esbuild parses the modules they share once.
    const entries = [...new Set(STACK_BUNDLES.map((b) => b.entry))];
    const result = await build({
      absWorkingDir: REPO_ROOT,
      entryPoints: entries.map((entry) => path.join(REPO_ROOT, entry)),
      bundle: true,
      packages: 'external',
      write: false,
      metafile: true,
      platform: 'node',
      target: BUNDLING.target,
      format: 'esm',
      outdir: path.join(REPO_ROOT, 'function-assets-out'),
      logLevel: 'silent',
    });
    const rendering = new Set(
      Object.values(result.metafile.outputs)
        .filter((output) => (output.inputs[PDF_RENDERER]?.bytesInOutput ?? 0) > 0)
        .map((output) => output.entryPoint),
    );
    // A sanity check of the reading: the statement worker renders every statement's PDF.
    expect(rendering).toContain('functions/money/statements/runs/worker.ts');
    const wrong = STACK_BUNDLES.flatMap(({ entry, assets }) => {
      const carries = PDF_FONT_ASSETS.every((font) => assets.includes(font));
      if (rendering.has(entry) && !carries) return [`${entry} renders PDFs without the fonts`];
      if (!rendering.has(entry) && carries) return [`${entry} carries the fonts but renders no PDF`];
      return [];
    });
    expect(wrong).toEqual([]);
  });
});
