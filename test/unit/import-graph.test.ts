import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../functions/routes.js';
import { httpEntry } from '../../infra/functions.js';

/**
 * The runtime import graph of the Lambda code, as esbuild bundles it (type-only imports are
 * gone by then): no module of functions/ may import itself back, and an entry bundles only what
 * it runs — the reference Lambda no ffmpeg resolver, the upload worker no catalogue registry.
 */
const root = path.resolve(import.meta.dirname, '../..');
// Every HTTP area's handler wherever its row puts it, and the other folders' handlers (the WebSocket one).
const areaHandlers = [
  ...new Set([
    ...AREAS.map(httpEntry),
    ...readdirSync(path.join(root, 'functions'))
      .map((area) => `functions/${area}/handler.ts`)
      .filter((entry) => existsSync(path.join(root, entry))),
  ]),
].sort();
const ENTRIES = [...areaHandlers, 'functions/uploads/worker.ts', 'functions/reference/seed-handler.ts'];

let metafile: Metafile;
beforeAll(async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outdir: 'out',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Only the graph of our own modules matters here.
    packages: 'external',
  });
  metafile = result.metafile;
}, 60_000);

/** The modules an entry's bundle holds. */
function inputsOf(entry: string): string[] {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint === entry);
  if (!output) throw new Error(`no bundle for ${entry}`);
  return Object.keys(output.inputs);
}

describe('import graph of functions/', () => {
  it('has no runtime import cycle', () => {
    const edges = new Map<string, string[]>();
    for (const [file, input] of Object.entries(metafile.inputs)) {
      if (file.startsWith('functions/'))
        edges.set(
          file,
          input.imports.map((i) => i.path).filter((p) => p.startsWith('functions/')),
        );
    }
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of edges.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('keeps the audio pipeline out of the reference and companies Lambdas', () => {
    for (const entry of [
      'functions/reference/handler.ts',
      'functions/companies/handler.ts',
      'functions/reference/seed-handler.ts',
    ]) {
      expect(inputsOf(entry).filter((file) => file.startsWith('functions/audio/'))).toEqual([]);
    }
  });

  it('keeps the catalogue registry and its rules out of the upload worker', () => {
    expect(
      inputsOf('functions/uploads/worker.ts').filter(
        (file) => file.startsWith('functions/catalogue/') || file.startsWith('functions/reference/'),
      ),
    ).toEqual([]);
  });

  it('keeps sharp (a native module bundled only with the upload worker) out of the catalogue Lambda', () => {
    expect(inputsOf('functions/catalogue/handler.ts').filter((file) => file.includes('cover-art-check'))).toEqual([]);
    expect(inputsOf('functions/uploads/worker.ts')).toContain('functions/artwork/cover-art-check.ts');
  });
});
