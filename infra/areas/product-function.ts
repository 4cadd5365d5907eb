/**
 * The one Lambda function shape of the product (DESIGN.md §7, powertools examples/app): Node 22
 * on arm64, ESM bundled by the local esbuild with source maps, its own log group, and `bind*`
 * helpers that set a resource's environment variable and grant access to it in one call.
 */
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { ENV, type BucketKey } from '../resources.js';
import type { Auth } from './auth.js';
import type { Data, TableAccess } from './data.js';
import { settings } from './settings.js';
import { BUCKET_ENV, type BucketAccess, type Storage } from './storage.js';

/** The repository root: entries are given relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const BUNDLING = {
  forceDockerBundling: false, // no Docker on the build machines: the project's own esbuild bundles
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  // CommonJS dependencies bundled into ESM still call require(); give them one.
  banner: "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);",
  // Ship the SDK versions the tests ran against rather than whatever the runtime carries.
  bundleAwsSDK: true,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
};

/** Used when bundling is skipped (`-c skipBundling=true` or CDK_SKIP_BUNDLING=1), e.g. in assertion tests. */
const PLACEHOLDER_CODE = 'exports.handler = async () => { throw new Error("placeholder: synthesized with bundling skipped"); };';

export interface ProductFunctionProps
  extends Omit<NodejsFunctionProps, 'entry' | 'handler' | 'code' | 'runtime' | 'architecture' | 'logGroup' | 'projectRoot' | 'depsLockFilePath'> {
  /** Handler file relative to the repository root, e.g. `functions/auth/handler.ts`; it exports `handler`. */
  readonly entry: string;
  /**
   * x86_64 for functions whose native modules ship prebuilt for the build machine's platform
   * (DuckDB's bindings are installed for linux-x64 here); arm64 otherwise.
   */
  readonly x86?: boolean;
}

export class ProductFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    const { entry, bundling, environment, x86, ...rest } = props;
    const { skipBundling, removalPolicy } = settings(scope);
    const code: Partial<NodejsFunctionProps> = skipBundling
      ? { code: lambda.Code.fromInline(PLACEHOLDER_CODE), handler: 'index.handler' }
      : {
          entry: path.join(REPO_ROOT, entry),
          handler: 'handler',
          projectRoot: REPO_ROOT,
          depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
          bundling: { ...BUNDLING, ...bundling },
        };
    super(scope, id, {
      // The entry file names the function in the console and lets tests find it.
      description: entry,
      ...rest,
      ...code,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: x86 ? lambda.Architecture.X86_64 : lambda.Architecture.ARM_64,
      logGroup: new logs.LogGroup(scope, `${id}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy }),
      environment: { NODE_OPTIONS: '--enable-source-maps', ...environment },
    });
  }

  /** Sets TABLE_NAME and grants `access` ('readWrite' by default) on the table and its indexes. */
  bindTable(data: Data, access: TableAccess = 'readWrite'): this {
    this.addEnvironment(ENV.table, data.table.tableName);
    data.grantAccess(this, access);
    return this;
  }

  /** Sets the bucket's variable (UPLOADS_BUCKET / LEDGER_BUCKET) and grants `access` on its objects. */
  bindBucket(storage: Storage, key: BucketKey, access: BucketAccess): this {
    this.addEnvironment(BUCKET_ENV[key], storage.bucket(key).bucketName);
    storage.grantAccess(key, this, access);
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

  /** Sets MAIL_FROM and allows SES SendEmail, only with that sender address. */
  bindMail(from: string): this {
    this.addEnvironment(ENV.mailFrom, from);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': from } },
      }),
    );
    return this;
  }
}
