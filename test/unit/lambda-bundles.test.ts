import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ERN_SCHEMA_ASSETS } from '../../functions/deliveries/ern/validate.js';
import { SEPA_SCHEMA_ASSETS } from '../../functions/money/payouts/files/xsd.js';
import { PDF_FONT_ASSETS } from '../../functions/money/statements/documents/font-files.js';
import { BUNDLING, REPO_ROOT } from '../../infra/areas/product-function.js';
import { STACK_BUNDLES } from '../support/stack-bundles.js';

/** Each module that reads data files at run time, and the files it reads. */
const READERS = [
  // Renders every PDF the product makes (statements, contracts, licence invoices, promo reports).
  { module: 'functions/money/statements/documents/fonts.ts', files: 'the PDF fonts', assets: PDF_FONT_ASSETS },
  { module: 'functions/money/payouts/files/xsd.ts', files: 'the SEPA schema', assets: SEPA_SCHEMA_ASSETS },
  { module: 'functions/deliveries/ern/validate.ts', files: 'the ERN schemas', assets: ERN_SCHEMA_ASSETS },
] as const;

/**
 * The local cloud runs the functions from source, where the fonts lie in node_modules; a Lambda has only its bundle
 * and the data files declared beside it (infra/functions.ts `assets`). A function that renders PDFs without its
 * fonts works in every local test and fails in AWS (the statement worker and the promos function did). So the rule
 * is read off the bundles themselves: whichever function's bundle holds a module that reads data files carries
 * those files, and no other carries them for nothing.
 */
// The product's own modules only (packages left outside): which of them a bundle keeps is decided by the product's
// code, and reading the packages too took 39 s of CPU for the stack instead of about 4.
describe('data files beside each Lambda', { timeout: 120_000 }, () => {
  it('gives each data file to exactly the functions whose bundle reads it: the PDF fonts, the SEPA and ERN schemas', async () => {
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
    const readersOf = (module: string) =>
      new Set(
        Object.values(result.metafile.outputs)
          .filter((output) => (output.inputs[module]?.bytesInOutput ?? 0) > 0)
          .map((output) => output.entryPoint),
      );
    // The reading itself: the functions known to read each kind are found reading it.
    expect(readersOf(READERS[0].module)).toContain('functions/money/statements/runs/worker.ts');
    expect(readersOf(READERS[1].module)).toContain('functions/money/http/payouts.ts');
    expect(readersOf(READERS[2].module)).toContain('functions/deliveries/worker.ts');
    const wrong = READERS.flatMap(({ module, files, assets }) => {
      const reading = readersOf(module);
      return STACK_BUNDLES.flatMap(({ entry, assets: carried }) => {
        const carries = assets.every((file) => carried.includes(file));
        if (reading.has(entry) && !carries) return [`${entry} reads ${files} without carrying them`];
        if (!reading.has(entry) && carries) return [`${entry} carries ${files} but never reads them`];
        return [];
      });
    });
    expect(wrong).toEqual([]);
  });
});
