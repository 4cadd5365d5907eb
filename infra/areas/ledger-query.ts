/**
 * The royalty ledger registered for Amazon Athena (docs/ledger.md): a Glue
 * database and table over the ledger bucket's `ledger/` prefix, with partition projection matching
 * the key layout of functions/royalties/bucket-keys.ts (`ledger/{tenant}/{import}/*.parquet`), and a
 * workgroup with its own encrypted results bucket and a per-query scan limit. Functions that query
 * it are granted by intent (`grantQuery`).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as athena from 'aws-cdk-lib/aws-athena';
import * as glue from 'aws-cdk-lib/aws-glue';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { LEDGER_COLUMNS } from '../../functions/royalties/ledger/schema.js';
import { ENV } from '../resources.js';
import { acknowledge, arnToken, wildcardResource } from './nag.js';
import type { ProductFunction } from './product-function.js';
import { physicalName, settings } from './settings.js';
import { privateBucket, type Storage } from './storage.js';

/** The Glue table's name and its two projected partition columns (engine/athena-sql.ts names them too). */
const LEDGER_TABLE = 'ledger_lines';
const PARTITION_COLUMNS = { tenant: 'tenant_id', import: 'import_folder' } as const;

/** Per-query scan limit when `-c athenaScanLimitGb` is not given: a runaway query stops at 10 GB (≈ $0.05). */
const DEFAULT_SCAN_LIMIT_GB = 10;
/** Query results are read once by the function that ran the query; a week is ample for debugging. */
const RESULT_DAYS = 7;

/** The ledger's DuckDB types as Glue (Hive) types. */
function glueType(duckType: string): string {
  if (duckType === 'VARCHAR') return 'string';
  return duckType.toLowerCase();
}

export class LedgerQuery extends Construct {
  readonly database: glue.CfnDatabase;
  readonly table: glue.CfnTable;
  readonly workgroup: athena.CfnWorkGroup;
  readonly results: s3.Bucket;
  readonly databaseName: string;
  private readonly ledger: s3.Bucket;

  constructor(scope: Construct, id: string, props: { storage: Storage }) {
    super(scope, id);
    const stack = Stack.of(this);
    this.ledger = props.storage.bucket('ledger');
    // Glue names are lower-case letters, digits and underscores.
    this.databaseName = physicalName(this, 'label_platform_ledger')
      .replace(/[^a-z0-9_]/gi, '_')
      .toLowerCase();
    this.database = new glue.CfnDatabase(this, 'Database', {
      catalogId: stack.account,
      databaseInput: { name: this.databaseName, description: 'The royalty ledger (immutable Parquet files)' },
    });
    const location = `s3://${this.ledger.bucketName}/ledger/`;
    this.table = new glue.CfnTable(this, 'Table', {
      catalogId: stack.account,
      databaseName: this.databaseName,
      tableInput: {
        name: LEDGER_TABLE,
        tableType: 'EXTERNAL_TABLE',
        // Company and import ids are open-ended (made at run time), so neither can be an enum, integer
        // or date projection: both are injected, and every query names the folders it reads. That also
        // keeps an unfinished import's part files out (only finished imports are named).
        parameters: {
          classification: 'parquet',
          'projection.enabled': 'true',
          [`projection.${PARTITION_COLUMNS.tenant}.type`]: 'injected',
          [`projection.${PARTITION_COLUMNS.import}.type`]: 'injected',
          'storage.location.template': `${location}\${${PARTITION_COLUMNS.tenant}}/\${${PARTITION_COLUMNS.import}}/`,
        },
        partitionKeys: [
          { name: PARTITION_COLUMNS.tenant, type: 'string' },
          { name: PARTITION_COLUMNS.import, type: 'string' },
        ],
        storageDescriptor: {
          location,
          inputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat',
          outputFormat: 'org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat',
          serdeInfo: { serializationLibrary: 'org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe' },
          columns: Object.entries(LEDGER_COLUMNS).map(([name, type]) => ({ name, type: glueType(type) })),
        },
      },
    });
    this.table.node.addDependency(this.database);

    this.results = privateBucket(this, 'Results', {
      lifecycleRules: [
        { expiration: Duration.days(RESULT_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      serverAccessLogsBucket: props.storage.accessLogs,
      serverAccessLogsPrefix: 's3/athena-results/',
    });
    const limitGb = Number(scope.node.tryGetContext('athenaScanLimitGb') ?? DEFAULT_SCAN_LIMIT_GB);
    this.workgroup = new athena.CfnWorkGroup(this, 'Workgroup', {
      name: physicalName(this, 'label-platform-ledger'),
      description: 'Royalty ledger queries (admin across companies, ledgers above the size threshold)',
      recursiveDeleteOption: !settings(this).isProd,
      workGroupConfiguration: {
        // Clients cannot override the results location, its encryption or the scan limit.
        enforceWorkGroupConfiguration: true,
        bytesScannedCutoffPerQuery: Math.round(limitGb * 1024 ** 3),
        publishCloudWatchMetricsEnabled: true,
        engineVersion: { selectedEngineVersion: 'Athena engine version 3' },
        resultConfiguration: {
          outputLocation: `s3://${this.results.bucketName}/results/`,
          encryptionConfiguration: { encryptionOption: 'SSE_S3' },
        },
      },
    });
  }

  /** ARNs of the Glue catalog, the ledger database and its table (what Athena reads the schema through). */
  private glueArns(): string[] {
    const stack = Stack.of(this);
    return [
      stack.formatArn({ service: 'glue', resource: 'catalog' }),
      stack.formatArn({ service: 'glue', resource: 'database', resourceName: this.databaseName }),
      stack.formatArn({ service: 'glue', resource: 'table', resourceName: `${this.databaseName}/${LEDGER_TABLE}` }),
    ];
  }

  /**
   * Lets `fn` run ledger queries: start, follow, read and stop queries in this workgroup only; read
   * the ledger table's definition; read the ledger's Parquet files (Athena reads S3 as the caller);
   * write and read its own results. Sets the workgroup, database and table variables.
   */
  grantQuery(fn: ProductFunction): void {
    const stack = Stack.of(this);
    fn.addEnvironment(ENV.athenaWorkgroup, this.workgroup.ref);
    fn.addEnvironment(ENV.ledgerDatabase, this.databaseName);
    fn.addEnvironment(ENV.ledgerTable, LEDGER_TABLE);
    const workgroupArn = stack.formatArn({
      service: 'athena',
      resource: 'workgroup',
      resourceName: this.workgroup.ref,
    });
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'athena:StartQueryExecution',
          'athena:GetQueryExecution',
          'athena:GetQueryResults',
          'athena:StopQueryExecution',
        ],
        resources: [workgroupArn],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['glue:GetDatabase', 'glue:GetTable'], resources: this.glueArns() }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [this.ledger.arnForObjects('ledger/*')] }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
        resources: [this.results.arnForObjects('results/*')],
      }),
    );
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket', 's3:GetBucketLocation'],
        resources: [this.ledger.bucketArn, this.results.bucketArn],
      }),
    );
    acknowledge(
      fn.ownRole,
      "Athena reads the ledger's Parquet files with the caller's rights: objects under ledger/ only, whose keys " +
        'are made per company and import at run time.',
      wildcardResource(`${arnToken(this.ledger)}/ledger/*`),
    );
    acknowledge(
      fn.ownRole,
      "Athena writes each query's results under a new key in the workgroup's own results bucket, which the " +
        'function then reads back: objects under results/ only.',
      wildcardResource(`${arnToken(this.results)}/results/*`),
    );
  }
}
