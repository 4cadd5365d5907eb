import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERN_SCHEMA_ASSETS } from '../../functions/deliveries/ern/validate.js';
import { SEPA_SCHEMA_ASSETS } from '../../functions/money/payouts/files/xsd.js';
import { PDF_FONT_ASSETS } from '../../functions/money/statements/documents/font-files.js';
import { BUNDLING, REPO_ROOT } from '../../infra/areas/product-function.js';
import { BUCKET_ENV } from '../../infra/areas/storage.js';
import { type BucketKey, ENV, QUEUE_URL_ENV, type QueueKey } from '../../infra/resources.js';
import { STACK_BUNDLES } from '../support/stack-bundles.js';

/** Each module that reads data files at run time, and the files it reads. */
const READERS = [
  // Renders every PDF the product makes (statements, contracts, licence invoices, promo reports).
  { module: 'functions/money/statements/documents/fonts.ts', files: 'the PDF fonts', assets: PDF_FONT_ASSETS },
  { module: 'functions/money/payouts/files/xsd.ts', files: 'the SEPA schema', assets: SEPA_SCHEMA_ASSETS },
  { module: 'functions/deliveries/ern/validate.ts', files: 'the ERN schemas', assets: ERN_SCHEMA_ASSETS },
] as const;

/**
 * The local cloud runs the functions from source, where every package and data file lies in place; a Lambda has
 * only its bundle, the native modules installed beside it (infra/functions.ts `nativeModules`) and the data files
 * declared beside it (`assets`). What a row forgets works in every local test and fails in AWS: the statement worker
 * and the promos function rendered PDFs without their fonts, and the catalogue's and the jobs' functions imported
 * DuckDB, installed beside neither, as they started. So the rules are read off the bundles themselves.
 *
 * The product's own modules are bundled, the packages left outside: which modules a bundle keeps is decided by the
 * product's code, and reading the packages too took 39 s of CPU for the stack instead of about 4.
 */
let outputs: (Metafile['outputs'][string] & { text: string })[];
beforeAll(async () => {
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
    outdir: path.join(REPO_ROOT, 'lambda-bundles-out'),
    logLevel: 'silent',
  });
  const texts = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  outputs = Object.entries(result.metafile.outputs)
    .filter(([, output]) => output.entryPoint)
    .map(([file, output]) => ({ ...output, text: texts.get(path.join(REPO_ROOT, file)) ?? '' }));
}, 120_000);

/** The entries whose bundle keeps some of `module`'s code. */
const holding = (module: string) =>
  new Set(outputs.filter((o) => (o.inputs[module]?.bytesInOutput ?? 0) > 0).map((o) => o.entryPoint));

describe('each Lambda as AWS runs it', () => {
  it('gives each data file to exactly the functions whose bundle reads it: the PDF fonts, the SEPA and ERN schemas', () => {
    // The reading itself: the functions known to read each kind are found reading it.
    expect(holding(READERS[0].module)).toContain('functions/money/statements/runs/worker.ts');
    expect(holding(READERS[1].module)).toContain('functions/money/http/payouts.ts');
    expect(holding(READERS[2].module)).toContain('functions/deliveries/worker.ts');
    const wrong = READERS.flatMap(({ module, files, assets }) => {
      const reading = holding(module);
      return STACK_BUNDLES.flatMap(({ entry, assets: carried }) => {
        const carries = assets.every((file) => carried.includes(file));
        if (reading.has(entry) && !carries) return [`${entry} reads ${files} without carrying them`];
        if (!reading.has(entry) && carries) return [`${entry} carries ${files} but never reads them`];
        return [];
      });
    });
    expect(wrong).toEqual([]);
  });

  it('starts without a native module it does not declare: left out of every bundle, such a module is imported only where installed', () => {
    const native = (name: string) => BUNDLING.externalModules.some((m) => name === m || name.startsWith(`${m}/`));
    const declared = new Map(STACK_BUNDLES.map((b) => [b.entry, b.external]));
    const wrong = outputs.flatMap((output) =>
      output.imports
        // A static import runs as the function starts; a dynamic one only when the code that needs it runs.
        .filter((i) => i.external && i.kind === 'import-statement' && native(i.path))
        .filter((i) => !declared.get(output.entryPoint ?? '')?.includes(i.path))
        .map((i) => `${output.entryPoint} imports ${i.path} as it starts, without declaring it`),
    );
    expect(wrong).toEqual([]);
    // The reading itself: DuckDB's one importer is read by the areas that declare it, dynamically.
    const ledger = outputs.find((o) => o.entryPoint === 'functions/royalties/handler.ts');
    expect(ledger?.imports.filter((i) => i.path === '@duckdb/node-api').map((i) => i.kind)).toContain('dynamic-import');
  });

  /**
   * esbuild drops the functions a bundle never calls, so what is left in a bundle's text is what its code can reach.
   * A queue's URL, mail (SES) and pushes (the WebSocket API) are given only to the functions that declare them
   * (`needs`): the URL as a variable, the right to send as a grant. What a row forgets works locally, where every
   * function has everything, and fails in AWS: the promo send worker queues its own send again without its queue's
   * URL, the admins' Jobs function could not resume a promo send, and member invitations, payee bank-details requests,
   * quality-control decisions and licence documents could not be mailed.
   */
  const reaching = (entry: string) => outputs.find((o) => o.entryPoint === entry)?.text ?? '';
  const queueOf = new Map(Object.entries(QUEUE_URL_ENV).map(([queue, variable]) => [variable, queue as QueueKey]));
  const envNames = new Map(Object.entries(ENV));
  const queuesRead = (text: string) =>
    new Set(
      [...text.matchAll(/requireEnv\((?:\w+\.)?(\w+)\)/g)].flatMap((m) => {
        const queue = queueOf.get(envNames.get(m[1]) ?? '');
        return queue ? [queue] : [];
      }),
    );

  it('sends to exactly the queues it declares: a queue URL its code reads is set in AWS only for those', () => {
    const wrong = STACK_BUNDLES.flatMap(({ entry, needs }) => {
      const read = queuesRead(reaching(entry));
      const declared = needs.sendsTo ?? [];
      return [
        ...[...read].filter((q) => !declared.includes(q)).map((q) => `${entry} sends to ${q} without declaring it`),
        ...declared.filter((q) => !read.has(q)).map((q) => `${entry} declares ${q} but never sends to it`),
      ];
    });
    expect(wrong).toEqual([]);
    // The reading itself: the statements area's runs are queued through it.
    expect(queuesRead(reaching('functions/money/http/statements.ts'))).toContain('statementRun');
  });

  it('mails and pushes exactly where it declares so', () => {
    const wrong = STACK_BUNDLES.flatMap(({ entry, needs }) => {
      const text = reaching(entry);
      return [
        ['mail', /\bSend(Raw)?EmailCommand\(/.test(text), Boolean(needs.mail)] as const,
        ['pushes', /\bPostToConnectionCommand\(/.test(text), Boolean(needs.push)] as const,
      ].flatMap(([what, reached, declared]) => {
        if (reached && !declared) return [`${entry} sends ${what} without declaring it`];
        if (declared && !reached) return [`${entry} declares ${what} but never sends any`];
        return [];
      });
    });
    expect(wrong).toEqual([]);
    // The reading itself: the statement worker mails and pushes.
    expect(reaching('functions/money/statements/runs/worker.ts')).toMatch(/\bSend(Raw)?EmailCommand\(/);
    expect(reaching('functions/money/statements/runs/worker.ts')).toMatch(/\bPostToConnectionCommand\(/);
  });

  /**
   * A delete needs the bucket's `readWrite` (DeleteObject, and ListBucket for a folder's objects); `presign` and `read`
   * do not give it, and locally every function may do anything. Read where a delete names its bucket by the bucket's
   * variable in the same call: the catalogue deleted a release's files and a kept asset with only `presign`. (Most
   * reads and writes go through helpers that take the bucket as an argument, so they are not read off the text.)
   */
  const bucketOf = new Map(Object.entries(BUCKET_ENV).map(([bucket, variable]) => [variable, bucket as BucketKey]));
  const bucketsDeletedFrom = (text: string) =>
    new Set(
      [
        ...text.matchAll(
          /\b(?:deleteObjectsUnder|DeleteObjectCommand\d*)\(\s*\{?\s*(?:Bucket:\s*)?requireEnv\((?:\w+\.)?(\w+)\)/g,
        ),
      ].flatMap((m) => {
        const bucket = bucketOf.get(envNames.get(m[1]) ?? '');
        return bucket ? [bucket] : [];
      }),
    );

  it('deletes only from the buckets it may write', () => {
    const wrong = STACK_BUNDLES.flatMap(({ entry, needs }) =>
      [...bucketsDeletedFrom(reaching(entry))]
        .filter((bucket) => needs.buckets?.[bucket] !== 'readWrite')
        .map((bucket) => `${entry} deletes from the ${bucket} bucket without readWrite`),
    );
    expect(wrong).toEqual([]);
    // The reading itself: a deleted release's files go from the catalogue, a payment run's files from the payouts.
    expect(bucketsDeletedFrom(reaching('functions/catalogue/handler.ts'))).toEqual(new Set(['uploads']));
    expect(bucketsDeletedFrom(reaching('functions/money/http/payouts.ts'))).toEqual(new Set(['ledger']));
  });
});
