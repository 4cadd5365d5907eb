/**
 * The size of each Lambda's bundle, built exactly as the CDK's NodejsFunction builds it
 * (infra/areas/product-function.ts BUNDLING: esbuild, ESM, node22, minified, AWS SDK bundled,
 * native modules left outside), and the total. A bench, not a test: it prints figures.
 *
 *   npm run bench:bundles                        # this checkout
 *   npm run bench:bundles -- --root ../other     # another checkout, same functions and options
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { BUNDLING, REPO_ROOT } from '../../infra/areas/product-function.js';
import { STACK_BUNDLES as BUNDLES, type StackBundle } from '../support/stack-bundles.js';

type Bundle = Pick<StackBundle, 'entry' | 'external'>;

/** The minified bundle NodejsFunction would write as index.mjs for `entry` under `root`. */
async function bundle(root: string, { entry, external }: Bundle): Promise<Uint8Array> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, entry)],
    bundle: true,
    write: false,
    platform: 'node',
    target: BUNDLING.target,
    format: 'esm',
    outfile: path.join(root, 'bundle-sizes-out', 'index.mjs'),
    minify: BUNDLING.minify,
    sourcemap: BUNDLING.sourceMap,
    sourcesContent: BUNDLING.sourcesContent,
    mainFields: BUNDLING.mainFields,
    banner: { js: BUNDLING.banner ?? '' },
    external: [...external, ...BUNDLING.externalModules],
    logLevel: 'silent',
  });
  const code = result.outputFiles.find((file) => file.path.endsWith('.mjs'));
  if (!code) throw new Error(`esbuild wrote no index.mjs for ${entry}`);
  return code.contents;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(12);

async function main() {
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? path.resolve(process.argv[rootFlag + 1]) : REPO_ROOT;
  console.log(`Lambda bundles of ${root} (minified, as NodejsFunction builds them; gzip for reference)`);
  let total = 0;
  let totalGzip = 0;
  // One at a time: the build machines are shared.
  const failed: string[] = [];
  for (const item of BUNDLES) {
    let code: Uint8Array;
    try {
      code = await bundle(root, item);
    } catch (error) {
      // One function that does not bundle (a native module it reaches but does not declare) should not hide the
      // figures of the rest: it is named, with esbuild's first complaint, and the run fails at the end.
      const first = (error as { errors?: { text: string }[] }).errors?.[0]?.text ?? String(error);
      console.log(`${item.entry.padEnd(44)} does not bundle: ${first}`);
      failed.push(item.entry);
      continue;
    }
    // Left outside every bundle, DuckDB must be installed beside the ones that still import it.
    const undeclared = BUNDLING.externalModules.filter(
      (name) => !item.external.includes(name) && new TextDecoder().decode(code).includes(`"${name}"`),
    );
    if (undeclared.length) {
      console.log(`${item.entry.padEnd(44)} imports ${undeclared.join(', ')} without declaring it (nativeModules)`);
      failed.push(item.entry);
      continue;
    }
    const gzip = gzipSync(code).length;
    total += code.length;
    totalGzip += gzip;
    console.log(`${item.entry.padEnd(44)} ${kib(code.length)} ${kib(gzip)} gzip  (${code.length} bytes)`);
  }
  console.log(`${'total'.padEnd(44)} ${kib(total)} ${kib(totalGzip)} gzip  (${total} bytes)`);
  if (failed.length) {
    console.log(
      `${failed.length} function(s) do not bundle or import an undeclared native module; the total leaves them out`,
    );
    process.exitCode = 1;
  }
}

await main();
