/**
 * The one declaration of the product's Lambda functions: one row per HTTP area, per queue worker
 * and per scheduled job, saying what the function is (entry, memory, disk, native modules) and
 * what it needs (table, buckets, user pool, mail, pushes, queues, ffmpeg). The CDK constructs
 * (infra/areas/api.ts, workers.ts, schedules.ts) build and grant from these rows and the local
 * cloud (infra/local/cloud.ts) runs the same rows, so adding a worker or a job is one row here.
 * Like resources.ts, this file holds data only: no CDK imports.
 */
import type { Area } from '../functions/routes.js';
import { PDF_FONT_ASSETS } from '../functions/money/statements/documents/font-files.js';
import type { BucketKey, QueueKey, ScheduleKey } from './resources.js';

/** What a function may do with the table: item reads, or reads and writes (transactions included). */
export type TableAccess = 'read' | 'readWrite';

/**
 * What a function may do with a bucket:
 * - `read`: get objects (HeadObject is authorised by s3:GetObject) and list, so a missing key is a 404, not a 403;
 * - `readWrite`: read, put and delete objects;
 * - `presign`: put and get objects only. A presigned URL carries its signer's rights, so the
 *   signing role needs exactly the rights the browser will use.
 */
export type BucketAccess = 'read' | 'readWrite' | 'presign';

/** What a function reaches beyond its own code; the CDK sets each one's variable and grants it by intent. */
export type Needs = {
  table?: TableAccess;
  buckets?: Partial<Record<BucketKey, BucketAccess>>;
  /** `ids`: the pool's ids and token issuer (to check tokens); `manageUsers`: also AdminCreateUser & co. */
  userPool?: 'ids' | 'manageUsers';
  /** Sends e-mail through SES, only from the stage's sender address. */
  mail?: true;
  /** Pushes to users' WebSocket connections. */
  push?: true;
  /** Queues it sends messages to; each URL reaches it through QUEUE_URL_ENV. */
  sendsTo?: readonly QueueKey[];
  /** Runs ffmpeg: in AWS a Lambda layer the stack builds (or `-c ffmpegLayerArn`), the resolver's fallbacks locally. */
  ffmpeg?: true;
  /** Seals and opens bank details (functions/lib/sealed.ts): reads the sealing key's secret. */
  sealingKey?: true;
  /** Queries the ledger on Athena (infra/areas/ledger-query.ts): the workgroup, the Glue table, the results. */
  ledgerQuery?: true;
  /**
   * Takes card payments (functions/billing/): in AWS the Stripe provider with its keys' secret (STRIPE_SECRET);
   * the local cloud runs the local provider instead.
   */
  billing?: true;
};

/** A function's shape; anything left out takes ProductFunction's defaults (512 MB, arm64, 512 MB of /tmp). */
type FunctionDeclaration = {
  /** Handler file relative to the repository root; it exports `handler`. */
  entry: string;
  memorySize?: number;
  /** Room in /tmp for the files the function reads and writes. */
  ephemeralStorageMiB?: number;
  /**
   * Native modules installed beside the bundle instead of bundled; such a function runs on x86_64
   * because the modules ship prebuilt for the build machine's platform.
   */
  nativeModules?: readonly string[];
  /**
   * Native modules that ship prebuilt for linux-arm64 too (sharp): installed for that platform
   * (npm's cpu/os/libc settings) so the function stays on arm64, beside arm64 layers (ffmpeg).
   */
  arm64NativeModules?: readonly string[];
  /**
   * Data files the function reads at run time (fonts …), relative to the repository root: the
   * bundle carries each at the same relative path and functions/lib/assets.ts `assetPath` finds it
   * there in Lambda and in place from source (e.g. PDF_FONT_ASSETS for the function that renders statements).
   */
  assets?: readonly string[];
  needs: Needs;
};

/**
 * An HTTP area's function. Its entry defaults to functions/<area>/handler.ts; a module that holds several areas
 * (functions/money/) names each area's handler file inside it instead, so a Lambda need not be a folder of its own.
 */
type HttpAreaDeclaration = Omit<FunctionDeclaration, 'entry'> & { entry?: string };

/** A scheduled job's function; its cron is SCHEDULES in resources.ts. */
type ScheduledJobDeclaration = FunctionDeclaration & { timeoutSeconds: number };

/** DuckDB's Node API and its prebuilt linux-x64 bindings. */
const DUCKDB_MODULES = ['@duckdb/node-api', '@duckdb/node-bindings', '@duckdb/node-bindings-linux-x64'] as const;

/** sharp (cover art checks and renditions); npm picks its prebuilt linux-arm64 libvips when bundling. */
const SHARP_MODULES = ['sharp'] as const;

/** API Gateway answers 503 after 29 s, so an HTTP function never needs longer. */
export const HTTP_TIMEOUT_SECONDS = 29;

/** The handler file of an HTTP area, relative to the repository root. */
export function httpEntry(area: Area): string {
  return HTTP_AREAS[area].entry ?? `functions/${area}/handler.ts`;
}

/** Every HTTP area reads and writes the table and knows the user pool (to check tokens); `needs` adds the rest. */
function httpArea(declaration: Partial<HttpAreaDeclaration> = {}): HttpAreaDeclaration {
  return { ...declaration, needs: { table: 'readWrite', userPool: 'ids', ...declaration.needs } };
}

/** One row per area of the route table (functions/routes.ts): the Lambda its routes go to. */
export const HTTP_AREAS: Record<Area, HttpAreaDeclaration> = {
  auth: httpArea({ needs: { userPool: 'manageUsers', mail: true } }),
  // The CRM's client figures (balance owed, last statement) are the finances' own company summaries: DuckDB over
  // the ledger, read-only.
  companies: httpArea({
    memorySize: 1024,
    // Every function whose bundle holds the PDF renderer carries its fonts (test/unit/lambda-bundles.test.ts):
    // the CRM reaches the licensing and money code that renders licence and statement PDFs.
    assets: PDF_FONT_ASSETS,
    nativeModules: DUCKDB_MODULES,
    // Mails a member's invitation, a label's request and a licence's documents; tells members (inbox, mail, pushes).
    needs: { buckets: { uploads: 'presign', ledger: 'read' }, mail: true, push: true },
  }),
  reference: httpArea({ needs: { buckets: { uploads: 'presign' } } }),
  // The release checks read the licensing rules, whose module also renders licence PDFs: the fonts come along.
  // A release's quality-control decision and a label's requests are told to the company's members (mail, pushes).
  // A deleted release's or label's files, and a kept asset deleted on its own, go from the uploads bucket (readWrite:
  // delete, and list a folder's objects; it also presigns the browser's uploads).
  catalogue: httpArea({
    assets: PDF_FONT_ASSETS,
    needs: { buckets: { uploads: 'readWrite' }, mail: true, push: true },
  }),
  // Tells recipients' open tabs when their notices change (the header's unread count).
  notices: httpArea({ needs: { push: true } }),
  support: httpArea(),
  // The admins' Jobs page: lists every kind's unfinished jobs and resumes one, mostly by queuing its message
  // again (a royalty import's message names its report in the ledger bucket; its parts are queued by the import
  // worker alone, which splits the report again on the re-delivery); a licensing reminder is told by mail and in
  // the inbox. test/unit/lambda-bundles.test.ts holds these to what its bundle (every kind's resumer) uses.
  jobs: httpArea({
    // Its registry reaches the statement run's and the licences' documents, which render PDFs.
    assets: PDF_FONT_ASSETS,
    needs: {
      buckets: { ledger: 'read' },
      sendsTo: ['royaltyImport', 'statementRun', 'releaseDelivery', 'catalogueImport', 'catalogueExport', 'promoSend'],
      mail: true,
      push: true,
    },
  }),
  // The imports history, and catalogue imports: upload (presign), preview (reads the file) and start (queues it).
  imports: httpArea({ memorySize: 1024, needs: { buckets: { uploads: 'readWrite' }, sendsTo: ['catalogueImport'] } }),
  // The admin importer: the same upload, preview and start as catalogue imports, into a company an admin chooses.
  importer: httpArea({ memorySize: 1024, needs: { buckets: { uploads: 'readWrite' }, sendsTo: ['catalogueImport'] } }),
  // CWR files of a company's songs: catalogue reads, the sent files kept in the uploads bucket (cwr/).
  cwr: httpArea({ needs: { buckets: { uploads: 'readWrite' } } }),
  // Smart links: the links in the table, the landing page presigns the release's cover. The public redirects
  // live here alone so a fan's click loads nothing else.
  'smart-links': httpArea({ needs: { buckets: { uploads: 'presign' } } }),
  // Contracts: table reads and writes, documents (PDF with the statements' fonts, DOCX) written beside the contract
  // in the uploads bucket (contracts/) and handed out presigned, signed copies presigned in.
  // Its "what would this contract pay" preview runs the earnings engine (DuckDB) over the ledger, read-only.
  contracts: httpArea({
    assets: PDF_FONT_ASSETS,
    memorySize: 1024,
    nativeModules: DUCKDB_MODULES,
    needs: { buckets: { uploads: 'readWrite', ledger: 'read' } },
  }),
  // Promos: mailing lists, promos and their recipients in the table; the public page presigns the
  // release's cover and the recordings' previews and writes each recipient's traced download beside them
  // (uploads bucket, promo-downloads/); a send is queued to the promo worker.
  // A promo's report is a PDF, rendered with the statements' fonts.
  promos: httpArea({
    assets: PDF_FONT_ASSETS,
    // A template's test mail goes to the person who asks for it.
    needs: { buckets: { uploads: 'readWrite' }, sendsTo: ['promoSend', 'promoAudio'], mail: true },
  }),
  // Reads the Parquet ledger (and presigns report uploads into the drop folder); edits are overlays in the table.
  royalties: httpArea({
    memorySize: 3008,
    // The ledger files read where they lie, the state rollups, and DuckDB's spill (ledger/cache-dir.ts).
    ephemeralStorageMiB: 4096,
    nativeModules: DUCKDB_MODULES,
    // A licence's invoice PDF is rendered here with the statements' fonts and kept in the ledger bucket (licenses/).
    assets: PDF_FONT_ASSETS,
    // A failed or stuck import is re-run through the import queue.
    // The admin royalties across companies and any ledger above a configured size go to Athena.
    // A licence's documents and signed copy live in the uploads bucket beside the contracts' (contracts/{company}/licenses/),
    // and are mailed to the licensee.
    needs: {
      buckets: { ledger: 'readWrite', uploads: 'readWrite' },
      mail: true,
      sendsTo: ['royaltyImport'],
      ledgerQuery: true,
    },
  }),
  // Statements and runs: sums over the ledger (DuckDB), presigned PDF/CSV downloads and bulk zips in the
  // ledger bucket (statements/), runs queued to the statement worker, statements re-sent by mail.
  statements: httpArea({
    entry: 'functions/money/http/statements.ts',
    memorySize: 3008,
    nativeModules: DUCKDB_MODULES,
    // A run's progress is pushed to the page of the person who started it. The admins' distributed labels are
    // answered as the catalogue answers a label, its logo presigned from the uploads bucket.
    needs: {
      buckets: { ledger: 'readWrite', uploads: 'presign' },
      mail: true,
      push: true,
      sendsTo: ['statementRun'],
    },
  }),
  // Expenses, account entries and accounts: table reads and writes only.
  accounts: httpArea({ entry: 'functions/money/http/accounts.ts' }),
  // Finances and dashboards: the ledger's aggregates and the statements (table reads), the edited
  // lines of an import read from its Parquet file (DuckDB) to correct its aggregates.
  finances: httpArea({
    entry: 'functions/money/http/finances.ts',
    memorySize: 1024,
    nativeModules: DUCKDB_MODULES,
    needs: { buckets: { ledger: 'read' } },
  }),
  // Payout details (sealed) and payment runs: bank files stored in and downloaded from the ledger bucket
  // (payouts/), checked against the vendored EPC schema.
  payouts: httpArea({
    entry: 'functions/money/http/payouts.ts',
    assets: ['functions/money/payouts/schemas/pain.001.001.09.xsd'],
    // Asking a payee for their bank details mails them a link; the members are told when the details come (inbox,
    // mail, pushes).
    needs: { buckets: { ledger: 'readWrite' }, sealingKey: true, mail: true, push: true },
  }),
  // Payments: table reads and writes only (a payment and its statements in one transaction).
  payments: httpArea({ entry: 'functions/money/http/payments.ts' }),
  // Subscription plans (admin) and the current company's plan and usage: table reads and writes only.
  plans: httpArea(),
  // Release deliveries: table reads and writes, deliveries queued to the delivery worker; the distribution pages'
  // figures come from the finances (DuckDB over the ledger, read-only).
  deliveries: httpArea({
    memorySize: 1024,
    nativeModules: DUCKDB_MODULES,
    needs: { sendsTo: ['releaseDelivery'], buckets: { ledger: 'read' } },
  }),
  // Catalogue exports: reads the catalogue, writes a few releases' file at once (uploads bucket,
  // exports/), presigns its download, queues larger exports to the export worker.
  // An export's progress is pushed to the page of the person who asked for it.
  exports: httpArea({ needs: { buckets: { uploads: 'readWrite' }, sendsTo: ['catalogueExport'], push: true } }),
  // The artist portal: an artist's earnings as finances computes them (DuckDB over the ledger),
  // presigned statement PDFs (ledger bucket), and the invitation mail of a new artist user.
  'artist-portal': httpArea({
    memorySize: 1024,
    nativeModules: DUCKDB_MODULES,
    needs: { buckets: { ledger: 'read' }, mail: true },
  }),
  // Billing: checkout, cancel and billing details through the card provider, coupons and the
  // /billing dashboard; the webhook verifies each provider event and queues it to the billing worker.
  billing: httpArea({ needs: { sendsTo: ['billingEvents'], billing: true } }),
  // The API's description: a document generated into the code (functions/api-docs/openapi.json); like every HTTP
  // area it gets the table and the user pool's ids the shared handler wrapper is built with, nothing more.
  'api-docs': httpArea(),
};

/**
 * The HTTP API's Lambda REQUEST authorizer, in front of every signed-in route: it verifies a sign-in's JWT against
 * the user pool (its issuer and app client) and lets a company API token through to the handler, which checks it.
 * It reads nothing else, so it gets the pool's ids only.
 */
export const REQUEST_AUTHORIZER: FunctionDeclaration = {
  entry: 'functions/auth/request-authorizer.ts',
  needs: { userPool: 'ids' },
};

/**
 * One worker per queue (resources.ts QUEUES), fed one message at a time; its timeout is the
 * queue's `workerTimeoutSeconds`, which also sets the queue's visibility timeout.
 */
export const WORKERS: Record<QueueKey, FunctionDeclaration> = {
  uploadEvents: {
    entry: 'functions/uploads/worker.ts',
    memorySize: 1024, // ffmpeg transcoding is CPU-bound, and Lambda CPU scales with memory
    ephemeralStorageMiB: 2048, // the source WAV (up to 500 MB) and its mp3 preview
    arm64NativeModules: SHARP_MODULES, // cover art is checked and resized with sharp; ffmpeg's layer is arm64
    // Pushes tell the uploader when the preview and waveform are ready (and the cover art's verdict).
    needs: { table: 'readWrite', buckets: { uploads: 'readWrite' }, push: true, ffmpeg: true },
  },
  royaltyImport: {
    entry: 'functions/royalties/import/worker.ts',
    memorySize: 3008, // DuckDB parses and aggregates in memory; Lambda CPU scales with memory
    // Lambda's most: a report of up to 5 GB (MAX_REPORT_BYTES) with its unzipped or converted
    // text; a report over one part is imported by the part workers, so no Parquet file is added.
    ephemeralStorageMiB: 10240,
    nativeModules: DUCKDB_MODULES,
    // The uploader watches the import's progress; a large report is cut into parts for the part workers; a re-match
    // asked for again while it ran queues itself once more on its own queue (rematch-job.ts).
    needs: {
      table: 'readWrite',
      buckets: { ledger: 'readWrite' },
      push: true,
      sendsTo: ['royaltyImportPart', 'royaltyImport'],
    },
  },
  royaltyImportPart: {
    entry: 'functions/royalties/import/part-worker.ts',
    memorySize: 3008, // one part (~128 MB of report) is read, matched and summed in memory
    ephemeralStorageMiB: 2048, // the part's text, its Parquet file and its sums
    nativeModules: DUCKDB_MODULES,
    needs: { table: 'readWrite', buckets: { ledger: 'readWrite' }, push: true },
  },
  statementRun: {
    entry: 'functions/money/statements/runs/worker.ts',
    // The run's one pass over the period's lines (DuckDB), and PDFs rendered in memory. At 3,008 MB DuckDB (memory
    // less Node's share) spilled the period's 10,000,000 lines to disk while copying them and writing every account's
    // CSV: `npm run bench:statements` took 357.6 and 342.0 s against 323.4 s at 6,144 MB and 323.0 s at 10,240 MB
    // (so more buys nothing). Whole runs vary by a few percent here; the two parts the memory touches moved in every
    // run: the scope's copy 19.7–21.6 → 14.3–15.0 s, the CSV uploads beside DuckDB's disk 39.4–40.1 → 31.7–33.3 s.
    // In AWS the memory also brings about 3.5 vCPUs instead of 1.7, which DuckDB and a batch's ten account steps use.
    memorySize: 6144,
    // Each statement's PDF is rendered here, with these fonts beside the bundle.
    assets: PDF_FONT_ASSETS,
    // Every account's CSV of lines, written once per run before upload (about 2 GB at 10,000,000 lines paying two
    // accounts each), and what DuckDB spills of the period's lines while it writes them: the most Lambda allows.
    ephemeralStorageMiB: 10240,
    nativeModules: DUCKDB_MODULES,
    // Sends each account's statement by mail, pushes the run's progress, queues the account steps.
    needs: { table: 'readWrite', buckets: { ledger: 'readWrite' }, mail: true, push: true, sendsTo: ['statementRun'] },
  },
  // Release deliveries: reads the release and its files (uploads bucket), builds and validates
  // its ERN against the vendored 4.3 schema, uploads over SFTP, pushes the status to the uploader.
  releaseDelivery: {
    entry: 'functions/deliveries/worker.ts',
    memorySize: 1024,
    // The vendored ERN 4.3 schema (functions/deliveries/ern/validate.ts ERN_SCHEMA_ASSETS; a unit test keeps them equal).
    assets: [
      'functions/deliveries/ern/schemas/release-notification.xsd',
      'functions/deliveries/ern/schemas/allowed-value-sets.xsd',
    ],
    ephemeralStorageMiB: 1024,
    // ssh2 (SFTP) loads its optional native helpers (cpu-features, its crypto binding) by require at run time,
    // which esbuild cannot bundle: installed beside the bundle instead.
    nativeModules: ['ssh2'],
    needs: { table: 'readWrite', buckets: { uploads: 'read' }, push: true },
  },
  // Catalogue imports: reads the uploaded file, keeps the import's plan beside it, writes
  // the releases chunk by chunk, queues each next chunk and pushes the progress to the importer.
  catalogueImport: {
    entry: 'functions/catalogue-exchange/imports/worker.ts',
    memorySize: 1024, // a 50,000-row workbook is read into memory
    needs: { table: 'readWrite', buckets: { uploads: 'readWrite' }, push: true, sendsTo: ['catalogueImport'] },
  },
  // Catalogue exports: reads the catalogue a page at a time, writes the file to /tmp then to the
  // uploads bucket (exports/), pushes its progress to the user who asked.
  catalogueExport: {
    entry: 'functions/catalogue-exchange/exports/worker.ts',
    memorySize: 1024,
    ephemeralStorageMiB: 2048, // a whole catalogue's file (50,000 recordings ≈ 50 MB as csv) before upload
    needs: { table: 'readWrite', buckets: { uploads: 'readWrite' }, push: true },
  },
  // Billing events: applies each verified provider event to its company once (plan, subscription,
  // delinquency) and reads the card on file from the provider.
  billingEvents: {
    entry: 'functions/billing/worker.ts',
    memorySize: 512,
    needs: { table: 'readWrite', billing: true },
  },
  // Promo sends: mails each queued recipient of a promo their own link, once.
  promoSend: {
    entry: 'functions/promos/worker.ts',
    memorySize: 512,
    // A send longer than one run queues itself again, before Lambda would stop it, to carry on with the rest.
    needs: { table: 'readWrite', mail: true, sendsTo: ['promoSend'] },
  },
  // Promo download files: each track's 320 kbps MP3, and a WAV of an AIFF or FLAC original, made once.
  promoAudio: {
    entry: 'functions/promos/audio-worker.ts',
    memorySize: 1024, // ffmpeg encoding is CPU-bound, and Lambda CPU scales with memory
    ephemeralStorageMiB: 2048, // an original (up to 500 MB), its WAV and its MP3
    needs: { table: 'readWrite', buckets: { uploads: 'readWrite' }, ffmpeg: true },
  },
  // Mail events: a bounce or complaint suppresses the address; deliveries, opens and clicks are counted, once each.
  mailEvents: {
    entry: 'functions/promos/mail-events-worker.ts',
    memorySize: 512,
    needs: { table: 'readWrite' },
  },
};

/** One function per scheduled job (resources.ts SCHEDULES). */
export const SCHEDULED_JOBS: Record<ScheduleKey, ScheduledJobDeclaration> = {
  statementRun: {
    entry: 'functions/money/statements/scheduled-run.ts',
    timeoutSeconds: 15 * 60, // a monthly run over every tenant: Lambda's longest run time
    memorySize: 1024,
    // Finds the accounts whose statements are due and queues their runs to the statement worker.
    needs: { table: 'readWrite', sendsTo: ['statementRun'] },
  },
  promoSends: {
    entry: 'functions/promos/scheduled-sends-job.ts',
    timeoutSeconds: 5 * 60,
    memorySize: 512,
    // Starts each promo send that is due: writes its recipients and queues it to the promo worker.
    needs: { table: 'readWrite', sendsTo: ['promoSend', 'promoAudio'] },
  },
  licenseReminders: {
    entry: 'functions/licensing/reminders-job.ts',
    timeoutSeconds: 5 * 60,
    memorySize: 512,
    // Tells each company's members of the licences ending soon, invoices past due and reports overdue (inbox and mail).
    needs: { table: 'readWrite', mail: true, push: true },
  },
  fanNotices: {
    entry: 'functions/smart-links/fan-notices-job.ts',
    timeoutSeconds: 5 * 60,
    memorySize: 512,
    // Mails each waiting fan of a released smart link once; mail goes through SES.
    needs: { table: 'readWrite', mail: true },
  },
};
