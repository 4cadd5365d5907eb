/**
 * The ledger registered for Athena (infra/areas/ledger-query.ts): the Glue table over the ledger
 * prefix with partition projection matching functions/royalties/bucket-keys.ts, the workgroup's scan
 * limit and encrypted results, and least-privilege grants to the one function that queries it.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { newLedgerKey, partLedgerKey } from '../../functions/royalties/bucket-keys.js';
import { LEDGER_COLUMNS } from '../../functions/royalties/ledger/schema.js';
import { HTTP_AREAS, httpEntry } from '../../infra/functions.js';
import { ENV } from '../../infra/resources.js';
import { RootStack } from '../../infra/root-stack.js';
import { templateApp } from '../support/cdk-app.js';

type Resource = { Type: string; Properties: Record<string, any> };
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.values(resources).filter((r) => r.Type === type);
const synth = (context: Record<string, unknown> = {}): Record<string, Resource> => {
  const app = templateApp({ stage: 'prod', ...context });
  return Template.fromStack(new RootStack(app, 'Test', { webDistDir: '/no-such-dist' })).toJSON().Resources;
};

beforeAll(() => {
  resources = synth();
}, 60_000);

const table = () => {
  const [only] = ofType('AWS::Glue::Table');
  expect(ofType('AWS::Glue::Table')).toHaveLength(1);
  return only.Properties.TableInput;
};

/** Fills the storage location template the way Athena does, with the bucket name as `bucket`. */
const projected = (tenant: string, folder: string) =>
  (table().Parameters['storage.location.template'] as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1]
    .map((part) => (typeof part === 'string' ? part : 'bucket'))
    .join('')
    .replace(['$', '{tenant_id}'].join(''), tenant)
    .replace(['$', '{import_folder}'].join(''), folder);

describe('ledger table for Athena', () => {
  it('is one Parquet table with every ledger column in its Glue type', () => {
    const input = table();
    expect(input.TableType).toBe('EXTERNAL_TABLE');
    expect(input.StorageDescriptor.SerdeInfo.SerializationLibrary).toContain('ParquetHiveSerDe');
    const columns = input.StorageDescriptor.Columns as { Name: string; Type: string }[];
    expect(columns.map((c) => c.Name)).toEqual(Object.keys(LEDGER_COLUMNS));
    const typeOf = (name: string) => columns.find((c) => c.Name === name)?.Type;
    expect(typeOf('amount')).toBe('decimal(18,6)');
    expect(typeOf('line')).toBe('bigint');
    expect(typeOf('song')).toBe('string');
    expect(typeOf('estimated')).toBe('boolean');
  });

  it('projects company and import folders (injected), so no partition is ever registered', () => {
    const input = table();
    expect(input.PartitionKeys).toEqual([
      { Name: 'tenant_id', Type: 'string' },
      { Name: 'import_folder', Type: 'string' },
    ]);
    expect(input.Parameters).toMatchObject({
      'projection.enabled': 'true',
      'projection.tenant_id.type': 'injected',
      'projection.import_folder.type': 'injected',
    });
  });

  it('projects exactly the folders the import writes its ledger files to', () => {
    const folderOf = (key: string) => `s3://bucket/${key.slice(0, key.lastIndexOf('/') + 1)}`;
    expect(projected('C1', 'I1')).toBe(folderOf(newLedgerKey('C1', 'I1')));
    expect(projected('C1', 'I1')).toBe(folderOf(partLedgerKey('C1', 'I1', 3)));
  });
});

describe('Athena workgroup', () => {
  const workgroup = () => {
    expect(ofType('AWS::Athena::WorkGroup')).toHaveLength(1);
    return ofType('AWS::Athena::WorkGroup')[0].Properties;
  };

  it('enforces a per-query scan limit (10 GB by default, -c athenaScanLimitGb) and its own encrypted results', () => {
    const config = workgroup().WorkGroupConfiguration;
    expect(config.EnforceWorkGroupConfiguration).toBe(true);
    expect(config.BytesScannedCutoffPerQuery).toBe(10 * 1024 ** 3);
    expect(config.ResultConfiguration.EncryptionConfiguration).toEqual({ EncryptionOption: 'SSE_S3' });
    const output = JSON.stringify(config.ResultConfiguration.OutputLocation);
    expect(output).toContain('LedgerQueryResults');
    expect(output).not.toContain('Storageledger');
    const limited = Object.values(synth({ athenaScanLimitGb: 2 })).find((r) => r.Type === 'AWS::Athena::WorkGroup');
    expect(limited?.Properties.WorkGroupConfiguration.BytesScannedCutoffPerQuery).toBe(2 * 1024 ** 3);
  });

  it('keeps results in a private, TLS-only bucket that expires them', () => {
    const [id] = Object.entries(resources).find(
      ([key, r]) => r.Type === 'AWS::S3::Bucket' && key.startsWith('LedgerQueryResults'),
    ) ?? [''];
    const bucket = resources[id].Properties;
    expect(bucket.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    expect(bucket.BucketEncryption).toBeDefined();
    expect(JSON.stringify(bucket.LifecycleConfiguration)).toContain('ExpirationInDays');
  });
});

describe('grants by intent', () => {
  const policiesOf = (roleMatch: (logicalId: string) => boolean) =>
    Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::IAM::Policy')
      .filter(([, r]) => r.Properties.Roles.some((role: { Ref: string }) => roleMatch(role.Ref)))
      .flatMap(([, r]) => r.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
  const actions = (statements: { Action: string | string[] }[]) => statements.flatMap((s) => [s.Action].flat());

  it('only the royalties function may query, and only what a query needs', () => {
    const queriers = Object.entries(HTTP_AREAS).filter(([, d]) => d.needs.ledgerQuery);
    expect(queriers.map(([area]) => area)).toEqual(['royalties']);
    const all = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::IAM::Policy');
    const withAthena = all.filter(([, r]) => JSON.stringify(r.Properties).includes('athena:'));
    expect(withAthena).toHaveLength(1);
    const statements = policiesOf((id) => id.startsWith('Apiroyalties'));
    const athena = actions(statements).filter((a) => a.startsWith('athena:'));
    expect(athena.sort()).toEqual([
      'athena:GetQueryExecution',
      'athena:GetQueryResults',
      'athena:StartQueryExecution',
      'athena:StopQueryExecution',
    ]);
    expect(
      actions(statements)
        .filter((a) => a.startsWith('glue:'))
        .sort(),
    ).toEqual(['glue:GetDatabase', 'glue:GetTable']);
    // Never a wildcard action, and Athena only on its workgroup.
    expect(actions(statements).filter((a) => a.endsWith('*'))).toEqual([]);
    const athenaStatement = statements.find((s) => [s.Action].flat().includes('athena:StartQueryExecution'));
    expect(JSON.stringify(athenaStatement?.Resource)).toContain(':workgroup/');
    expect(JSON.stringify(athenaStatement?.Resource)).not.toContain('"*"');
  });

  it('hands the workgroup, database and table to the function', () => {
    const fn = Object.values(resources).find(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === httpEntry('royalties'),
    );
    const variables = fn?.Properties.Environment.Variables;
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining([ENV.athenaWorkgroup, ENV.ledgerDatabase, ENV.ledgerTable]),
    );
    expect(variables[ENV.ledgerTable]).toBe('ledger_lines');
  });

  it("gives the function's memory to the ledger reader as its budget, and room on disk for its cache", () => {
    const fn = Object.values(resources).find(
      (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === httpEntry('royalties'),
    );
    expect(fn?.Properties.Environment.Variables[ENV.ledgerMemoryMb]).toBe(String(fn?.Properties.MemorySize));
    expect(fn?.Properties.MemorySize).toBe(HTTP_AREAS.royalties.memorySize);
    expect(fn?.Properties.EphemeralStorage).toEqual({ Size: HTTP_AREAS.royalties.ephemeralStorageMiB });
  });
});
