/**
 * The one Lambda function shape of the product (as in the Powertools examples/app): Node 22
 * on arm64, ESM bundled by the local esbuild with source maps, X-Ray tracing, its own log group
 * and a role that may write to that log group only, and `bind*` helpers that set a resource's
 * environment variable and grant access to it in one call (`bindNeeds` applies a row of
 * infra/functions.ts).
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import {
  type ICommandHooks,
  NodejsFunction,
  OutputFormat,
  type NodejsFunctionProps,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { BucketAccess, Needs, TableAccess } from '../functions.js';
import { ENV, QUEUE_URL_ENV, type BucketKey, type QueueKey } from '../resources.js';
import type { Auth } from './auth.js';
import type { Data } from './data.js';
import { LAYER_FFMPEG_PATH, ffmpegLayer } from './ffmpeg-layer.js';
import { RUNTIME_FINDINGS, acknowledge, arnToken, wildcardResource } from './nag.js';
import type { LedgerQuery } from './ledger-query.js';
import type { Queues } from './queues.js';
import type { Realtime } from './realtime.js';
import type { MailEvents } from './mail-events.js';
import { settings } from './settings.js';
import { BUCKET_ENV, type Storage } from './storage.js';

/** The constructs a function's needs are granted on (see `ProductFunction.bindNeeds`). */
export type FunctionDeps = {
  data: Data;
  storage: Storage;
  auth: Auth;
  realtime: Realtime;
  queues: Queues;
  ledgerQuery: LedgerQuery;
  /** The SES configuration set whose events come back to the product (mail-events.ts). */
  mailEvents: MailEvents;
};

/** The repository root: entries are given relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The bundling options every function is built with; test/bench/bundle-sizes.ts measures bundles with the same. */
export const BUNDLING = {
  forceDockerBundling: false, // no Docker on the build machines: the project's own esbuild bundles
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  // CommonJS dependencies bundled into ESM still call require(); give them one.
  banner:
    "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);",
  // Ship the SDK versions the tests ran against rather than whatever the runtime carries.
  bundleAwsSDK: true,
  // DuckDB's bindings pick a native package by platform at run time, which esbuild cannot resolve. A function that
  // runs DuckDB declares it (nativeModules: installed beside its bundle); any other may hold the ledger's code through
  // a facade, and imports DuckDB only if it makes a database (functions/royalties/ledger/duck.ts), which it never does.
  // test/unit/lambda-bundles.test.ts fails a function that imports it as it starts without declaring it.
  externalModules: ['@duckdb/node-api', '@duckdb/node-bindings', '@duckdb/node-bindings-linux-x64'],
  minify: true,
  sourceMap: true,
  sourcesContent: false,
};

/** Used when bundling is skipped (`-c skipBundling=true` or CDK_SKIP_BUNDLING=1), e.g. in assertion tests. */
const PLACEHOLDER_CODE =
  'exports.handler = async () => { throw new Error("placeholder: synthesized with bundling skipped"); };';

export interface ProductFunctionProps
  extends Omit<
    NodejsFunctionProps,
    'entry' | 'handler' | 'code' | 'runtime' | 'architecture' | 'logGroup' | 'projectRoot' | 'depsLockFilePath'
  > {
  /** Handler file relative to the repository root, e.g. `functions/auth/handler.ts`; it exports `handler`. */
  readonly entry: string;
  /**
   * x86_64 for functions whose native modules ship prebuilt for the build machine's platform
   * (DuckDB's bindings are installed for linux-x64 here); arm64 otherwise.
   */
  readonly x86?: boolean;
  /** Data files, relative to the repository root, copied into the bundle at the same relative path (FunctionDeclaration.assets). */
  readonly assets?: readonly string[];
}

/**
 * The shell commands that copy a function's data files into its bundle after esbuild has run
 * (NodejsFunction's afterBundling hook), each at its path relative to the repository root, so
 * `assetPath` (functions/lib/assets.ts) finds them under LAMBDA_TASK_ROOT.
 */
export function assetCopyCommands(inputDir: string, outputDir: string, assets: readonly string[]): string[] {
  return assets.map((asset) => {
    if (path.isAbsolute(asset) || asset.split(/[\\/]/).includes('..')) {
      throw new Error(`An asset is a path inside the repository: ${asset}`);
    }
    const target = path.join(outputDir, asset);
    return `mkdir -p "${path.dirname(target)}" && cp "${path.join(inputDir, asset)}" "${target}"`;
  });
}

/** NodejsFunction's hooks for a function with data files: copy them once the bundle is built. */
function copyAssets(assets: readonly string[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => assetCopyCommands(inputDir, outputDir, assets),
  };
}

/** A function's memory unless its row says otherwise. */
const DEFAULT_MEMORY_MB = 512;

export class ProductFunction extends NodejsFunction {
  /** The function's own role (always made here, so never undefined as `role` is typed on lambda.Function). */
  readonly ownRole: iam.Role;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    const { entry, bundling, environment, x86, assets, ...rest } = props;
    const { skipBundling, removalPolicy } = settings(scope);
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy });
    // Its own role instead of the AWSLambdaBasicExecutionRole managed policy, which may write to
    // every log group of the account: this one writes to its own log group only.
    const role = new iam.Role(scope, `${id}Role`, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    const code: Partial<NodejsFunctionProps> = skipBundling
      ? { code: lambda.Code.fromInline(PLACEHOLDER_CODE), handler: 'index.handler' }
      : {
          entry: path.join(REPO_ROOT, entry),
          handler: 'handler',
          projectRoot: REPO_ROOT,
          depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
          bundling: { ...BUNDLING, ...bundling, ...(assets?.length ? { commandHooks: copyAssets(assets) } : {}) },
        };
    super(scope, id, {
      // The entry file names the function in the console and lets tests find it.
      description: entry,
      // The defaults of the product's HTTP handlers; a Lambda's own (128 MB, 3 s) are too small for a cold start.
      memorySize: DEFAULT_MEMORY_MB,
      timeout: Duration.seconds(10),
      ...rest,
      ...code,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: x86 ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      logGroup,
      role,
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        // The ledger reader's memory budget is the function's memory (read where DuckDB reads the ledger, ledger/duck.ts).
        [ENV.ledgerMemoryMb]: String(rest.memorySize ?? DEFAULT_MEMORY_MB),
        ...environment,
      },
    });
    this.ownRole = role;
    acknowledge(
      role,
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, ' +
        'so AWS documents Resource "*" for them.',
      wildcardResource('*'),
    );
    acknowledge(
      this,
      'Node 22 is the runtime the bundles target (esbuild target node22), the local cloud and the tests run ' +
        "against; moving to Node 24 is its own change, with DuckDB's native bindings checked on it.",
      ...RUNTIME_FINDINGS,
    );
  }

  /** Applies a row of infra/functions.ts: sets each need's variable and grants it by intent. */
  bindNeeds(needs: Needs, deps: FunctionDeps): this {
    if (needs.table) this.bindTable(deps.data, needs.table);
    for (const [key, access] of Object.entries(needs.buckets ?? {}) as [BucketKey, BucketAccess][]) {
      this.bindBucket(deps.storage, key, access);
    }
    if (needs.userPool) this.bindUserPool(deps.auth, { manageUsers: needs.userPool === 'manageUsers' });
    if (needs.mail) this.bindMail(settings(this).mailFrom, deps.mailEvents);
    if (needs.push) this.bindPush(deps.realtime);
    for (const key of needs.sendsTo ?? []) this.bindQueue(deps.queues, key);
    if (needs.ffmpeg) this.bindFfmpeg();
    if (needs.sealingKey) this.bindSealingKey(deps.data);
    if (needs.ledgerQuery) deps.ledgerQuery.grantQuery(this);
    if (needs.billing) this.bindStripe(deps.data);
    return this;
  }

  /** Runs the Stripe billing provider: its keys' secret (STRIPE_SECRET), read through the secrets extension. */
  bindStripe(data: Data): this {
    data.stripeKeys.grantRead(this);
    this.addEnvironment(ENV.billingProvider, 'stripe');
    this.addEnvironment(ENV.stripeSecret, data.stripeKeys.secretArn);
    return this.addSecretsExtension();
  }

  /**
   * Lets the function read the sealing key (SEALING_KEY_SECRET) through the Parameters and Secrets
   * Lambda extension, which caches it, so no Secrets Manager client is bundled.
   */
  bindSealingKey(data: Data): this {
    data.sealingKey.grantRead(this);
    this.addEnvironment(ENV.sealingKeySecret, data.sealingKey.secretArn);
    return this.addSecretsExtension();
  }

  private secretsExtension = false;

  /** The Parameters and Secrets Lambda extension, once per function whatever number of secrets it reads. */
  private addSecretsExtension(): this {
    if (this.secretsExtension) return this;
    this.secretsExtension = true;
    // The extension's layer for this region and architecture (the construct's own lookup; the
    // Function prop that does the same exists only at construction, before needs are bound).
    const extension = lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103);
    const bound = extension._bind(this, this);
    this.addLayers(lambda.LayerVersion.fromLayerVersionArn(this, 'SecretsExtension', bound.arn));
    for (const [name, value] of Object.entries(bound.environmentVars)) this.addEnvironment(name, String(value));
    return this;
  }

  /** Sets TABLE_NAME and grants `access` ('readWrite' by default) on the table and its indexes. */
  bindTable(data: Data, access: TableAccess = 'readWrite'): this {
    this.addEnvironment(ENV.table, data.table.tableName);
    data.grantAccess(this, access);
    acknowledge(
      this.ownRole,
      "The indexes of the product's one table only: gsi1..gsi3 are generic overloaded indexes every entity uses " +
        '(resources.ts), so naming them would grant exactly the same.',
      wildcardResource(`${arnToken(data.table)}/index/*`),
    );
    return this;
  }

  /** Sets the bucket's variable (UPLOADS_BUCKET / LEDGER_BUCKET) and grants `access` on its objects. */
  bindBucket(storage: Storage, key: BucketKey, access: BucketAccess): this {
    this.addEnvironment(BUCKET_ENV[key], storage.bucket(key).bucketName);
    storage.grantAccess(key, this, access);
    acknowledge(
      this.ownRole,
      `Objects of the ${key} bucket only: their keys are made per tenant and per upload at run time, so they ` +
        `cannot be listed in the policy.`,
      wildcardResource(`${arnToken(storage.bucket(key))}/*`),
    );
    return this;
  }

  /** Sets USER_POOL_ID, USER_POOL_CLIENT_ID and JWT_ISSUER; with `manageUsers`, also grants AdminCreateUser & co. */
  bindUserPool(auth: Auth, options: { manageUsers?: boolean } = {}): this {
    this.addEnvironment(ENV.userPoolId, auth.userPool.userPoolId);
    this.addEnvironment(ENV.userPoolClientId, auth.client.userPoolClientId);
    this.addEnvironment(ENV.jwtIssuer, auth.issuerUrl);
    if (options.manageUsers) auth.grantManageUsers(this);
    return this;
  }

  /** Sets MAIL_FROM and allows SES SendEmail (and SendRawEmail, for attachments), only with that sender address. */
  bindMail(from: string, mailEvents: MailEvents): this {
    this.addEnvironment(ENV.mailFrom, from);
    // Every mail names the configuration set, so its deliveries, bounces and complaints come back.
    const configurationSet = mailEvents.configurationSet.configurationSetName;
    this.addEnvironment(ENV.mailConfigurationSet, configurationSet);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
          Stack.of(this).formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSet }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': from } },
      }),
    );
    acknowledge(
      this.ownRole,
      'Sending is limited to the one sender address by the ses:FromAddress condition; the SES identity (the ' +
        "address or its domain) is the account's, verified outside this stack.",
      wildcardResource('arn:<AWS::Partition>:ses:<AWS::Region>:<AWS::AccountId>:identity/*'),
    );
    return this;
  }

  /** Sets WEBSOCKET_ENDPOINT and lets the function push to users' connections (Realtime.grantPush). */
  bindPush(realtime: Realtime): this {
    realtime.grantPush(this);
    return this;
  }

  /** Sets the queue's URL variable (QUEUE_URL_ENV) and lets the function send messages to it. */
  bindQueue(queues: Queues, key: QueueKey): this {
    const variable = QUEUE_URL_ENV[key];
    if (!variable) throw new Error(`Queue ${key} has no URL variable in QUEUE_URL_ENV`);
    const queue = queues.queue(key);
    queue.grantSendMessages(this);
    this.addEnvironment(variable, queue.queueUrl);
    return this;
  }

  /**
   * Adds the ffmpeg layer, the stack's own (built from an npm package, ffmpeg-layer.ts) unless
   * context names another (`-c ffmpegLayerArn=…`, a layer with the binary at the same path), and
   * points FFMPEG_PATH at its binary (functions/audio/ffmpeg.ts reads it first).
   */
  bindFfmpeg(): this {
    const { ffmpegLayerArn, skipBundling } = settings(this);
    this.addLayers(
      ffmpegLayerArn
        ? lambda.LayerVersion.fromLayerVersionArn(this, 'FfmpegLayer', ffmpegLayerArn)
        : ffmpegLayer(this, REPO_ROOT, skipBundling),
    );
    this.addEnvironment('FFMPEG_PATH', LAYER_FFMPEG_PATH);
    return this;
  }
}
