/**
 * Assertions on the synthesized template: the resources that matter (table, queues with DLQs,
 * buckets, functions, routes and their authorizers, IAM least privilege), checked against the
 * same definitions (resources.ts, routes.ts) the stack is built from. Bundling is off, so the
 * handler files need not exist and the synth takes about a second.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NestedStack, cx_api as cxapi } from 'aws-cdk-lib';
import { templateApp, testApp } from '../support/cdk-app.js';
import { required } from '../../functions/lib/required.js';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { AREAS, ROUTES, WEBSOCKET_ROUTES, routeKey } from '../../functions/routes.js';
import { RootStack } from '../../infra/root-stack.js';
import {
  BUCKETS,
  DERIVED_LEDGER_FILES,
  ENV,
  QUEUES,
  SCHEDULES,
  TABLE,
  USER_POOL,
  dlqName,
  visibilityTimeoutSeconds,
  type QueueKey,
} from '../../infra/resources.js';
import { QUEUE_URL_ENV } from '../../infra/resources.js';
import {
  HTTP_AREAS,
  HTTP_TIMEOUT_SECONDS,
  REQUEST_AUTHORIZER,
  SCHEDULED_JOBS,
  WORKERS,
  httpEntry,
} from '../../infra/functions.js';
import { FFMPEG_IN_LAYER, FFMPEG_LAYER_PACKAGE, LAYER_FFMPEG_PATH } from '../../infra/areas/ffmpeg-layer.js';

type Resource = { Type: string; Properties: Record<string, any> };

let root: RootStack;
function synth(webDistDir: string): Template {
  const app = templateApp({ stage: 'prod' });
  root = new RootStack(app, 'Test', { webDistDir });
  return Template.fromStack(root);
}

let template: Template;
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const single = (type: string, match: (props: Record<string, any>) => boolean): [string, Resource] => {
  const found = ofType(type).filter(([, r]) => match(r.Properties));
  expect(found, `exactly one ${type} matching`).toHaveLength(1);
  return found[0];
};
/** The product's own functions carry their entry file as description. */
const functionFor = (entry: string) => single('AWS::Lambda::Function', (p) => p.Description === entry);
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

beforeAll(() => {
  template = synth(path.join(os.tmpdir(), 'no-such-web-dist'));
  resources = template.toJSON().Resources;
}, 60_000);

describe('data', () => {
  it('has one pay-per-request table with the keys, every GSI, TTL and PITR from resources.ts', () => {
    const [, table] = single('AWS::DynamoDB::Table', () => true);
    const p = table.Properties;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.timeToLiveAttribute, Enabled: true });
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.GlobalSecondaryIndexes).toHaveLength(TABLE.indexes.length);
    for (const index of TABLE.indexes) {
      const gsi = p.GlobalSecondaryIndexes.find((g: any) => g.IndexName === index.name);
      expect(gsi?.KeySchema, index.name).toEqual([
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]);
    }
    expect(table).toMatchObject({ DeletionPolicy: 'Retain' });
  });
});

describe('queues and workers', () => {
  it.each(Object.keys(QUEUES) as QueueKey[])('%s has its DLQ, maxReceiveCount, visibility timeout and SSE', (key) => {
    const [dlqId] = single('AWS::SQS::Queue', (p) => p.QueueName === dlqName(key));
    const [, queue] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES[key].localName);
    expect(queue.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [dlqId, 'Arn'] },
      maxReceiveCount: QUEUES[key].maxReceiveCount,
    });
    expect(queue.Properties.VisibilityTimeout).toBe(visibilityTimeoutSeconds(key));
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
  });

  it('runs the upload-events worker with the queue timeout, batch size 1 and partial batch failures', () => {
    const [workerId, worker] = functionFor('functions/uploads/worker.ts');
    expect(worker.Properties.Timeout).toBe(QUEUES.uploadEvents.workerTimeoutSeconds);
    expect(worker.Properties.MemorySize).toBe(1024);
    const [queueId] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES.uploadEvents.localName);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });
});

describe('reference data', () => {
  it('seeds it after deploy with a trigger that runs once the table exists and on every change of the seed code', () => {
    const [seedId, seed] = functionFor('functions/reference/seed-handler.ts');
    expect(seed.Properties.Environment.Variables).toHaveProperty(ENV.table);
    const [versionId] = single('AWS::Lambda::Version', (p) => p.FunctionName?.Ref === seedId);
    const [triggerId, trigger] = single('Custom::Trigger', (p) => p.HandlerArn?.Ref === versionId);
    expect(trigger.Properties).toMatchObject({
      ExecuteOnHandlerChange: true,
      Timeout: String(seed.Properties.Timeout * 1000),
    });
    const [tableId] = ofType('AWS::DynamoDB::Table')[0];
    expect(asArray((template.toJSON().Resources[triggerId] as { DependsOn?: string[] }).DependsOn ?? [])).toContain(
      tableId,
    );
  });
});

describe('royalty import worker', () => {
  it('reads the ledger drop folder through its queue, batch size 1, on x86_64 with DuckDB beside the bundle', () => {
    const [workerId, worker] = functionFor('functions/royalties/import/worker.ts');
    expect(worker.Properties).toMatchObject({
      Timeout: QUEUES.royaltyImport.workerTimeoutSeconds,
      MemorySize: 3008,
      Architectures: ['x86_64'],
      EphemeralStorage: { Size: 10240 },
    });
    const [queueId] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES.royaltyImport.localName);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it("sends a large report's parts to the part workers, which run side by side", () => {
    const [workerId, worker] = functionFor('functions/royalties/import/worker.ts');
    const [partsId, parts] = functionFor('functions/royalties/import/part-worker.ts');
    const [queueId] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES.royaltyImportPart.localName);
    expect(worker.Properties.Environment.Variables[ENV.royaltyPartQueue]).toEqual({ Ref: queueId });
    expect(parts.Properties).toMatchObject({
      Timeout: QUEUES.royaltyImportPart.workerTimeoutSeconds,
      MemorySize: 3008,
      Architectures: ['x86_64'],
    });
    // A part lives no longer than the silence after which its import may be re-run (its start renews the run's sign
    // of life), so no earlier run's part is still reading when a re-run begins.
    expect(parts.Properties.Timeout).toBeLessThanOrEqual(QUEUES.royaltyImport.workerTimeoutSeconds);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: partsId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 1,
      ScalingConfig: { MaximumConcurrency: QUEUES.royaltyImportPart.concurrency },
    });
    // Only the import worker may send parts.
    const senders = ofType('AWS::IAM::Policy').filter(
      ([, p]) =>
        JSON.stringify(p.Properties.PolicyDocument).includes('sqs:SendMessage') &&
        JSON.stringify(p.Properties.PolicyDocument).includes(queueId),
    );
    expect(senders).toHaveLength(1);
    expect(JSON.stringify(senders[0][1].Properties.Roles)).toContain(worker.Properties.Role['Fn::GetAtt'][0]);
    expect(workerId).not.toBe(partsId);
  });
});

describe('statement worker', () => {
  it('fans the account steps out: ten messages an invocation, four invocations at most, reserved so none is throttled', () => {
    const [workerId, worker] = functionFor('functions/money/statements/runs/worker.ts');
    const [queueId] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES.statementRun.localName);
    expect(QUEUES.statementRun.fanOut).toEqual({ batchSize: 10, concurrency: 4 });
    expect(worker.Properties.ReservedConcurrentExecutions).toBe(4);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerId },
      EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
      BatchSize: 10,
      ScalingConfig: { MaximumConcurrency: 4 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // A batch of ten is worked on within one timeout; the queue hides it for six, as for every worker.
    expect(worker.Properties.Timeout).toBe(QUEUES.statementRun.workerTimeoutSeconds);
  });

  it('gives the publish step 6,144 MB for its DuckDB pass over the period’s lines (DuckDB spilled less than at 3,008)', () => {
    const [, worker] = functionFor('functions/money/statements/runs/worker.ts');
    expect(worker.Properties.MemorySize).toBe(6144);
    // DuckDB's budget is the function's memory (less Node's share, functions/royalties/ledger/duck.ts).
    expect(worker.Properties.Environment.Variables[ENV.ledgerMemoryMb]).toBe('6144');
    expect(worker.Properties.EphemeralStorage).toEqual({ Size: 10240 });
  });

  it('leaves every other worker one message an invocation and without reserved concurrency', () => {
    for (const key of (Object.keys(WORKERS) as QueueKey[]).filter((k) => k !== 'statementRun')) {
      const [, worker] = functionFor(WORKERS[key].entry);
      expect(worker.Properties.ReservedConcurrentExecutions, key).toBeUndefined();
    }
  });
});

describe('audio worker', () => {
  const uploadWorker = (found: Record<string, Resource>) =>
    required(
      Object.values(found).find(
        (r) => r.Type === 'AWS::Lambda::Function' && r.Properties.Description === 'functions/uploads/worker.ts',
      ),
      'the upload worker',
    );

  it('gets ffmpeg from the arm64 layer the stack builds, at the path the resolver reads first', () => {
    const [layerId, layer] = single('AWS::Lambda::LayerVersion', () => true);
    expect(layer.Properties.CompatibleArchitectures).toEqual(['arm64']);
    expect(layer.Properties.Description).toContain(FFMPEG_LAYER_PACKAGE);
    const [, worker] = functionFor('functions/uploads/worker.ts');
    expect(worker.Properties.Architectures).toEqual(['arm64']);
    expect(worker.Properties.Layers).toEqual([{ Ref: layerId }]);
    // Lambda unpacks a layer under /opt: FFMPEG_PATH names the binary's place in the layer there.
    expect(worker.Properties.Environment.Variables.FFMPEG_PATH).toBe(`/opt/${FFMPEG_IN_LAYER}`);
    expect(LAYER_FFMPEG_PATH).toBe(`/opt/${FFMPEG_IN_LAYER}`);
    // Only the functions that run ffmpeg carry the layer.
    const carriers = ofType('AWS::Lambda::Function').filter(([, f]) =>
      f.Properties.Layers?.some((l: unknown) => JSON.stringify(l).includes(layerId)),
    );
    expect(carriers.map(([, f]) => f.Properties.Description)).toEqual(
      Object.values(WORKERS)
        .filter((row) => row.needs.ffmpeg)
        .map((row) => row.entry),
    );
  });

  it('takes the layer named in context instead, at the same path, and builds none', () => {
    const app = templateApp({ stage: 'prod', ffmpegLayerArn: 'arn:aws:lambda:eu-west-2:123456789012:layer:ffmpeg:3' });
    const withLayer = Template.fromStack(
      new RootStack(app, 'WithFfmpeg', { webDistDir: path.join(os.tmpdir(), 'no-such-web-dist') }),
    ).toJSON().Resources as Record<string, Resource>;
    const worker = uploadWorker(withLayer);
    expect(worker.Properties.Layers).toEqual(['arn:aws:lambda:eu-west-2:123456789012:layer:ffmpeg:3']);
    expect(worker.Properties.Environment.Variables.FFMPEG_PATH).toBe('/opt/bin/ffmpeg');
    expect(worker.Properties.EphemeralStorage).toEqual({ Size: 2048 }); // a 500 MB WAV and its preview fit in /tmp
    expect(Object.values(withLayer).filter((r) => r.Type === 'AWS::Lambda::LayerVersion')).toEqual([]);
  });

  it('synthesizes with no warning, CloudFormation’s own template rules included', () => {
    // CDK's built-in CloudFormation validation, on here only (test/support/cdk-app.ts), its findings made errors.
    const app = testApp({
      context: {
        skipBundling: true,
        stage: 'prod',
        [cxapi.VALIDATE_AGAINST_DEFAULT_RULES]: true,
        [cxapi.STRICT_CFN_VALIDATE_ERRORS]: true,
      },
    });
    new RootStack(app, 'NoWarnings', { webDistDir: path.join(os.tmpdir(), 'no-such-web-dist') });
    const assembly = app.synth();
    const report = JSON.parse(fs.readFileSync(path.join(assembly.directory, cxapi.VALIDATION_REPORT_FILE), 'utf8'));
    expect(report.pluginReports.map((r: { pluginName: string }) => r.pluginName)).toEqual(['CloudFormation Validate']);
    expect(report.pluginReports.flatMap((r: { violations: unknown[] }) => r.violations)).toEqual([]);
    // What `cdk synth` prints as warnings: every stack's messages at warning level (nested stacks' included).
    const warnings = assembly.stacks
      .flatMap((stack) => stack.messages)
      .filter((message) => message.level === 'warning')
      .map((message) => `${message.id}: ${String(message.entry.data)}`);
    expect(warnings).toEqual([]);
  });
});

describe('storage', () => {
  it('blocks public access, enforces encryption and TLS on every bucket', () => {
    const buckets = ofType('AWS::S3::Bucket');
    // + the SPA's bucket, the access-log bucket and the Athena results bucket (infra/areas/ledger-query.ts)
    expect(buckets.length).toBe(Object.keys(BUCKETS).length + 3);
    for (const [, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(
        bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault
          .SSEAlgorithm,
      ).toBe('AES256');
    }
    const policies = ofType('AWS::S3::BucketPolicy').map(([, p]) => JSON.stringify(p.Properties));
    expect(policies.filter((p) => p.includes('aws:SecureTransport'))).toHaveLength(buckets.length);
  });

  it('lets the browser PUT to the uploads and ledger buckets (CORS: logos, audio, royalty reports) and notifies each bucket queue', () => {
    const withCors = ofType('AWS::S3::Bucket').filter(([, b]) => b.Properties.CorsConfiguration);
    expect(withCors).toHaveLength(2);
    for (const [, bucket] of withCors) {
      const rule = bucket.Properties.CorsConfiguration.CorsRules[0];
      expect(rule.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET', 'HEAD']));
      expect(rule.ExposedHeaders).toContain('ETag');
    }
    const [uploadsQueue] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES.uploadEvents.localName);
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        QueueConfigurations: [{ Events: ['s3:ObjectCreated:*'], QueueArn: { 'Fn::GetAtt': [uploadsQueue, 'Arn'] } }],
      },
    });
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      NotificationConfiguration: {
        QueueConfigurations: [{ Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: BUCKETS.ledger.prefix }] } } }],
      },
    });
  });

  it('forgets the files derived from ledger states after a month, and nothing else of the ledger bucket', () => {
    const expiring = ofType('AWS::S3::Bucket').flatMap(([, bucket]) =>
      (bucket.Properties.LifecycleConfiguration?.Rules ?? []).filter(
        (rule: { ExpirationInDays?: number; Prefix?: string }) => rule.ExpirationInDays && rule.Prefix,
      ),
    );
    expect(expiring).toEqual([
      expect.objectContaining({ Prefix: DERIVED_LEDGER_FILES.prefix, ExpirationInDays: 30, Status: 'Enabled' }),
    ]);
  });
});

describe('functions and HTTP API', () => {
  it('has one Node 22 Lambda per area, with the table bound: arm64, but x86_64 for the areas that run DuckDB (royalties, statements, finances, the artist portal, contracts, the CRM’s companies and the distribution pages’ deliveries)', () => {
    const withDuckDb = ['royalties', 'statements', 'finances', 'artist-portal', 'contracts', 'companies', 'deliveries'];
    for (const area of AREAS) {
      const [, fn] = functionFor(httpEntry(area));
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual([withDuckDb.includes(area) ? 'x86_64' : 'arm64']);
      expect(Object.keys(fn.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining([ENV.table, ENV.userPoolId, ENV.appUrl]),
      );
    }
    const [, catalogue] = functionFor('functions/catalogue/handler.ts');
    expect(catalogue.Properties.Environment.Variables).toHaveProperty(ENV.uploadsBucket);
    const [, auth] = functionFor('functions/auth/handler.ts');
    expect(auth.Properties.Environment.Variables).toHaveProperty(ENV.mailFrom);
    const [, royalties] = functionFor('functions/royalties/handler.ts');
    expect(royalties.Properties.Environment.Variables).toHaveProperty(ENV.ledgerBucket);
    const [, statements] = functionFor('functions/money/http/statements.ts');
    expect(statements.Properties.Environment.Variables).toHaveProperty(ENV.ledgerBucket);
    expect(statements.Properties.Environment.Variables).toHaveProperty(ENV.statementRunQueue);
    for (const entry of ['functions/companies/handler.ts', 'functions/deliveries/handler.ts'])
      expect(functionFor(entry)[1].Properties.Environment.Variables).toHaveProperty(ENV.ledgerBucket);
  });

  it("has one route per route-table entry, in its area's nested stack, to its area's function, the request authorizer unless public", () => {
    const [httpApiId] = single('AWS::ApiGatewayV2::Api', (p) => p.ProtocolType === 'HTTP');
    // Routes are in one nested stack per area (the root stack would pass CloudFormation's 500 resources).
    expect(ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.ApiId.Ref === httpApiId)).toEqual([]);
    const nested = root.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
    let seen = 0;
    const authorizerRefs = new Set<string>();
    const stackParameter = (area: string, value: { Ref?: string } | undefined) => {
      const stack = required(
        nested.find((n) => n.node.id === `${area}Routes`),
        area,
      );
      const stackResource = resources[root.getLogicalId(required(stack.nestedStackResource, area))];
      return stackResource.Properties.Parameters[required(value?.Ref, `${area}: a parameter`)];
    };
    for (const area of AREAS) {
      const stack = nested.find((n) => n.node.id === `${area}Routes`);
      expect(stack, `${area}Routes`).toBeDefined();
      const own = Template.fromStack(required(stack, area)).toJSON().Resources as Record<string, Resource>;
      const routes = Object.values(own).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
      const expected = ROUTES.filter((r) => r.area === area);
      expect(routes.map((r) => r.Properties.RouteKey).sort(), area).toEqual(expected.map(routeKey).sort());
      for (const route of expected) {
        const props = required(
          routes.find((r) => r.Properties.RouteKey === routeKey(route)),
          routeKey(route),
        ).Properties;
        expect(props.AuthorizationType, routeKey(route)).toBe(route.auth === 'public' ? 'NONE' : 'CUSTOM');
        if (route.auth === 'public') expect(props.AuthorizerId, routeKey(route)).toBeUndefined();
        // The one authorizer of the root stack, passed in as the nested stack's parameter.
        else authorizerRefs.add(JSON.stringify(stackParameter(area, props.AuthorizerId)));
      }
      seen += routes.length;
      // The area's one integration calls the area's function, whose ARN the root stack passes in.
      const integrations = Object.values(own).filter((r) => r.Type === 'AWS::ApiGatewayV2::Integration');
      expect(integrations, area).toHaveLength(1);
      const parameter = integrations[0].Properties.IntegrationUri.Ref;
      const stackResource = resources[root.getLogicalId(required(stack?.nestedStackResource, area))];
      const [functionId] = functionFor(httpEntry(area));
      expect(stackResource.Properties.Parameters[parameter], area).toEqual({ 'Fn::GetAtt': [functionId, 'Arn'] });
    }
    expect(seen).toBe(ROUTES.length);
    const [authorizerId] = single('AWS::ApiGatewayV2::Authorizer', () => true);
    expect([...authorizerRefs]).toEqual([JSON.stringify({ Ref: authorizerId })]);
  });

  it('puts one Lambda REQUEST authorizer, never cached, in front of the signed-in routes', () => {
    const [poolId] = single('AWS::Cognito::UserPool', () => true);
    const [clientId] = single('AWS::Cognito::UserPoolClient', () => true);
    const [httpApiId] = single('AWS::ApiGatewayV2::Api', (p) => p.ProtocolType === 'HTTP');
    const [, authorizer] = single('AWS::ApiGatewayV2::Authorizer', () => true);
    const [functionId, fn] = functionFor(REQUEST_AUTHORIZER.entry);
    expect(authorizer.Properties).toMatchObject({
      ApiId: { Ref: httpApiId },
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      // A revoked company API token must stop on its next call: no result is reused.
      AuthorizerResultTtlInSeconds: 0,
      IdentitySource: ['$request.header.Authorization'],
    });
    expect(JSON.stringify(authorizer.Properties.AuthorizerUri)).toContain(`"Fn::GetAtt":["${functionId}","Arn"]`);
    // Bundled and shaped like every product function (Node 22 on arm64), with the pool it checks JWTs against.
    expect(fn.Properties.Runtime).toBe('nodejs22.x');
    expect(fn.Properties.Architectures).toEqual(['arm64']);
    const variables = fn.Properties.Environment.Variables;
    expect(variables[ENV.userPoolClientId]).toEqual({ Ref: clientId });
    expect(JSON.stringify(variables[ENV.jwtIssuer])).toContain('https://cognito-idp.');
    expect(JSON.stringify(variables[ENV.jwtIssuer])).toContain(`{"Ref":"${poolId}"}`);
    // It reads no table or bucket, and API Gateway alone may invoke it.
    expect(variables).not.toHaveProperty(ENV.table);
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) => p.Properties.FunctionName?.['Fn::GetAtt']?.[0] === functionId,
    );
    expect(permissions.length).toBeGreaterThan(0);
    for (const [, permission] of permissions) expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
    // No JWT authorizer is left: it would refuse a company API token before the handler runs.
    expect(ofType('AWS::ApiGatewayV2::Authorizer').filter(([, a]) => a.Properties.AuthorizerType === 'JWT')).toEqual(
      [],
    );
  });
});

describe('auth', () => {
  it('has an admin-only user pool signing in by e-mail', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: USER_POOL.passwordMinLength } },
    });
  });

  it('has a secretless client with USER_PASSWORD_AUTH and a 24 h refresh token', () => {
    const [, client] = single('AWS::Cognito::UserPoolClient', () => true);
    const p = client.Properties;
    expect(p.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(p.GenerateSecret).toBe(false);
    // CloudFormation's default unit for the refresh token is days; CDK writes minutes.
    const minutesPer = { minutes: 1, hours: 60, days: 24 * 60 } as Record<string, number>;
    const unit = p.TokenValidityUnits?.RefreshToken ?? 'days';
    expect((p.RefreshTokenValidity * minutesPer[unit]) / 60).toBe(USER_POOL.refreshTokenValidityHours);
    expect(USER_POOL.refreshTokenValidityHours).toBe(24);
  });
});

describe('least privilege', () => {
  const statements = () =>
    [
      ...ofType('AWS::IAM::Policy').map(([, p]) => p.Properties.PolicyDocument),
      ...ofType('AWS::IAM::Role').flatMap(([, r]) => (r.Properties.Policies ?? []).map((p: any) => p.PolicyDocument)),
    ].flatMap((doc) => doc.Statement as { Action: string | string[]; Resource: unknown }[]);

  it('never grants *, dynamodb:* or s3:* (nor any whole-service wildcard)', () => {
    const all = statements();
    expect(all.length).toBeGreaterThan(0);
    for (const statement of all) {
      for (const action of asArray(statement.Action)) {
        expect(['*', 'dynamodb:*', 's3:*']).not.toContain(action);
        expect(action).not.toMatch(/^[\w-]+:\*$/);
      }
    }
  });

  it('grants the table item actions transactions need, on the table and its indexes only', () => {
    const dynamo = statements().filter((s) => asArray(s.Action).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.length).toBeGreaterThan(0);
    for (const statement of dynamo) {
      expect(asArray(statement.Action)).toEqual(
        expect.arrayContaining([
          'dynamodb:GetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:ConditionCheckItem',
        ]),
      );
      expect(JSON.stringify(statement.Resource)).toContain('/index/*');
    }
  });

  it('lets only the auth function manage Cognito users, and only the functions that mail send mail', () => {
    const roleOf = (entry: string) => ({ Ref: resources[functionFor(entry)[0]].Properties.Role['Fn::GetAtt'][0] });
    const holders = (action: RegExp) =>
      ofType('AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).match(action))
        .flatMap(([, p]) => p.Properties.Roles);
    expect(holders(/cognito-idp:AdminCreateUser/)).toEqual([roleOf('functions/auth/handler.ts')]);
    // The auth area (invitations, resets), the statements that are sent: the area (resend) and the worker, and the
    // artist portal (an artist user's invitation), the promo worker (a promo to each recipient), the licensing
    // reminders (a licence ending, an invoice past due, a report overdue) and the smart links' release-day job (a fan
    // who asked), and the admins' Jobs function (a licensing reminder left half told, resumed); the companies area (a
    // member's invitation, a label's requests), the catalogue (a quality-control decision told to the members), the
    // promos area (a template's test mail), the payouts area (a payee asked for bank details) and the royalties area
    // (a licence's documents to the licensee). test/unit/lambda-bundles.test.ts reads these off the bundles.
    const senders = [
      'functions/auth/handler.ts',
      'functions/money/http/statements.ts',
      'functions/money/statements/runs/worker.ts',
      'functions/artist-portal/handler.ts',
      'functions/promos/worker.ts',
      'functions/licensing/reminders-job.ts',
      'functions/smart-links/fan-notices-job.ts',
      'functions/jobs/handler.ts',
      'functions/companies/handler.ts',
      'functions/catalogue/handler.ts',
      'functions/promos/handler.ts',
      'functions/money/http/payouts.ts',
      'functions/royalties/handler.ts',
    ];
    expect(holders(/ses:SendEmail/)).toEqual(expect.arrayContaining(senders.map(roleOf)));
    expect(holders(/ses:SendEmail/)).toHaveLength(senders.length);
  });

  /** The roles whose policies may read a secret (GetSecretValue on it). */
  const secretReaders = (secretId: string) =>
    ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('secretsmanager:GetSecretValue'))
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(`"Ref":"${secretId}"`))
      .flatMap(([, p]) => p.Properties.Roles);
  const roleOf = (fn: Resource) => ({ Ref: fn.Properties.Role['Fn::GetAtt'][0] });

  it('lets only the payouts function read the sealing key, through the secrets extension', () => {
    // The stack's secrets: the sealing key and Stripe's keys, each read by its own functions only.
    expect(ofType('AWS::SecretsManager::Secret')).toHaveLength(2);
    const [secretId] = single('AWS::SecretsManager::Secret', (p) => String(p.Description).includes('bank details'));
    const [, fn] = functionFor('functions/money/http/payouts.ts');
    expect(secretReaders(secretId)).toEqual([roleOf(fn)]);
    expect(fn.Properties.Environment.Variables[ENV.sealingKeySecret]).toEqual({ Ref: secretId });
    // The region's Parameters and Secrets extension for the function's architecture (a map, the stack being region-agnostic).
    expect(JSON.stringify(fn.Properties.Layers)).toMatch(/Paramsandsecrets.*arm64/);
  });

  it("lets only the billing function and worker read Stripe's keys, and runs the Stripe provider there", () => {
    const [secretId] = single('AWS::SecretsManager::Secret', (p) => String(p.Description).includes('Stripe'));
    const [, api] = functionFor('functions/billing/handler.ts');
    const [, worker] = functionFor('functions/billing/worker.ts');
    expect(
      secretReaders(secretId)
        .map((role) => JSON.stringify(role))
        .sort(),
    ).toEqual([roleOf(api), roleOf(worker)].map((role) => JSON.stringify(role)).sort());
    for (const fn of [api, worker]) {
      expect(fn.Properties.Environment.Variables[ENV.stripeSecret]).toEqual({ Ref: secretId });
      expect(fn.Properties.Environment.Variables[ENV.billingProvider]).toBe('stripe');
      expect(JSON.stringify(fn.Properties.Layers)).toMatch(/Paramsandsecrets.*arm64/);
    }
  });
});

describe('schedules, realtime and web', () => {
  it('runs the statement run on the cron from resources.ts', () => {
    const { minute, hour, day } = SCHEDULES.statementRun.cron;
    const [functionId] = functionFor('functions/money/statements/scheduled-run.ts');
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: `cron(${minute} ${hour} ${day} * ? *)`,
      Targets: [{ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } }],
    });
  });

  it('has a WebSocket API with $connect/$disconnect/$default to one function, on an auto-deployed stage', () => {
    const [wsApiId] = single('AWS::ApiGatewayV2::Api', (p) => p.ProtocolType === 'WEBSOCKET');
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.ApiId.Ref === wsApiId);
    expect(routes.map(([, r]) => r.Properties.RouteKey).sort()).toEqual([...WEBSOCKET_ROUTES].sort());
    const integrations = ofType('AWS::ApiGatewayV2::Integration').filter(([, r]) => r.Properties.ApiId.Ref === wsApiId);
    expect(integrations).toHaveLength(1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: wsApiId },
      StageName: 'live',
      AutoDeploy: true,
    });
    const [handlerId, handler] = functionFor('functions/realtime/handler.ts');
    expect(integrations[0][1].Properties.IntegrationUri['Fn::Join'][1]).toContainEqual({
      'Fn::GetAtt': [handlerId, 'Arn'],
    });
    // $connect checks the token itself: WebSocket APIs have no JWT authorizer.
    expect(Object.keys(handler.Properties.Environment.Variables)).toEqual(
      expect.arrayContaining([ENV.jwtIssuer, ENV.userPoolClientId, ENV.table]),
    );
    const [, worker] = functionFor('functions/uploads/worker.ts');
    expect(worker.Properties.Environment.Variables).toHaveProperty(ENV.websocketEndpoint);
    const pushers = ofType('AWS::IAM::Policy').filter(([, p]) =>
      JSON.stringify(p.Properties).includes('execute-api:ManageConnections'),
    );
    expect(pushers.length).toBeGreaterThanOrEqual(2);
  });

  it('serves the SPA from CloudFront and forwards /api/* uncached to the HTTP API', () => {
    const [, cdn] = single('AWS::CloudFront::Distribution', () => true);
    const config = cdn.Properties.DistributionConfig;
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.FunctionAssociations[0].EventType).toBe('viewer-request');
    // Distribution-wide error pages would also rewrite the API's 403/404 answers to index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    const uncached = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'; // Managed-CachingDisabled
    const [fanPolicyId] = single('AWS::CloudFront::OriginRequestPolicy', () => true);
    const fanPages = { CachePolicyId: uncached, OriginRequestPolicyId: { Ref: fanPolicyId } };
    // CloudFront matches behaviours in order: the smart link paths come before the general /api/*.
    expect(config.CacheBehaviors).toEqual([
      expect.objectContaining({ PathPattern: '/api/v1/go/*', ...fanPages }),
      expect.objectContaining({ PathPattern: '/api/v1/link_pages/*', ...fanPages }),
      expect.objectContaining({
        PathPattern: '/api/*',
        CachePolicyId: uncached,
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      }),
    ]);
    const apiOrigin = config.Origins.find((o: any) => o.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('ApiEndpoint');
    expect(ofType('Custom::CDKBucketDeployment')).toHaveLength(0); // no web/dist: nothing to deploy
  });

  it('forwards the fan’s country to the smart link calls, without Host or Authorization', () => {
    const [, policy] = single('AWS::CloudFront::OriginRequestPolicy', () => true);
    const config = policy.Properties.OriginRequestPolicyConfig;
    expect(config.HeadersConfig.HeaderBehavior).toBe('whitelist');
    const headers = config.HeadersConfig.Headers.map((h: string) => h.toLowerCase());
    expect(headers).toEqual(expect.arrayContaining(['cloudfront-viewer-country', 'user-agent', 'referer']));
    // API Gateway answers only for its own Host; a public call needs no token.
    expect(headers).not.toContain('host');
    expect(headers).not.toContain('authorization');
    expect(config.QueryStringsConfig.QueryStringBehavior).toBe('all');
  });

  it('deploys the built SPA with a config.json once web/dist exists', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    try {
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
      const withWeb = synth(dist);
      withWeb.resourceCountIs('Custom::CDKBucketDeployment', 1);
      const deployment = Object.values(withWeb.findResources('Custom::CDKBucketDeployment'))[0];
      expect(deployment.Properties.SourceObjectKeys).toHaveLength(2); // the SPA + config.json
      // config.json's deploy-time values travel as markers: the pool, its client and the WebSocket API.
      const markers = JSON.stringify(deployment.Properties.SourceMarkers);
      for (const type of ['AWS::Cognito::UserPool', 'AWS::Cognito::UserPoolClient']) {
        expect(markers).toContain(`{"Ref":"${Object.keys(withWeb.findResources(type))[0]}"}`);
      }
      expect(markers).toContain(
        Object.keys(withWeb.findResources('AWS::ApiGatewayV2::Api', { Properties: { ProtocolType: 'WEBSOCKET' } }))[0],
      );
      expect(deployment.Properties.DistributionPaths).toEqual(['/*']);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('one declaration per function (infra/functions.ts)', () => {
  it("builds each HTTP area's function from its row: memory, architecture and the variables of its needs", () => {
    for (const area of AREAS) {
      const row = HTTP_AREAS[area];
      const [, fn] = functionFor(httpEntry(area));
      expect(fn.Properties, area).toMatchObject({ MemorySize: row.memorySize ?? 512, Timeout: HTTP_TIMEOUT_SECONDS });
      expect(fn.Properties.Architectures, area).toEqual([row.nativeModules ? 'x86_64' : 'arm64']);
      const variables = Object.keys(fn.Properties.Environment.Variables);
      const bucketVariables = { uploads: ENV.uploadsBucket, ledger: ENV.ledgerBucket };
      for (const bucket of Object.keys(row.needs.buckets ?? {}) as (keyof typeof bucketVariables)[]) {
        expect(variables, area).toContain(bucketVariables[bucket]);
      }
      expect(variables.includes(ENV.websocketEndpoint), area).toBe(Boolean(row.needs.push));
      expect(variables.includes(ENV.mailFrom), area).toBe(Boolean(row.needs.mail));
    }
  });

  it("has exactly one worker per queue, fed by that queue, with the row's memory and the queue's timeout", () => {
    expect(Object.keys(WORKERS).sort()).toEqual(Object.keys(QUEUES).sort());
    expect(ofType('AWS::Lambda::EventSourceMapping')).toHaveLength(Object.keys(QUEUES).length);
    for (const key of Object.keys(WORKERS) as QueueKey[]) {
      const [workerId, worker] = functionFor(WORKERS[key].entry);
      expect(worker.Properties, key).toMatchObject({
        Timeout: QUEUES[key].workerTimeoutSeconds,
        MemorySize: WORKERS[key].memorySize,
      });
      // sharp is installed for linux-arm64 (arm64NativeModules), so the upload worker stays beside ffmpeg's arm64 layer.
      expect(worker.Properties.Architectures, key).toEqual([WORKERS[key].nativeModules ? 'x86_64' : 'arm64']);
      const [queueId] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES[key].localName);
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: workerId },
        EventSourceArn: { 'Fn::GetAtt': [queueId, 'Arn'] },
        BatchSize: QUEUES[key].fanOut?.batchSize ?? 1,
      });
      for (const target of WORKERS[key].needs.sendsTo ?? []) {
        const [targetId] = single('AWS::SQS::Queue', (p) => p.QueueName === QUEUES[target].localName);
        expect(worker.Properties.Environment.Variables[QUEUE_URL_ENV[target]!], key).toEqual({ Ref: targetId });
      }
    }
  });

  it('runs each scheduled job on its rule, with a TLS-only dead-letter queue for failed and undelivered runs', () => {
    for (const key of Object.keys(SCHEDULED_JOBS) as (keyof typeof SCHEDULED_JOBS)[]) {
      const [functionId, fn] = functionFor(SCHEDULED_JOBS[key].entry);
      expect(fn.Properties.Timeout).toBe(SCHEDULED_JOBS[key].timeoutSeconds);
      const dlqArn = fn.Properties.DeadLetterConfig.TargetArn;
      expect(dlqArn['Fn::GetAtt'][1]).toBe('Arn');
      template.hasResourceProperties('AWS::Events::Rule', {
        Description: SCHEDULES[key].description,
        Targets: [{ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] }, DeadLetterConfig: { Arn: dlqArn } }],
      });
      const queuePolicy = ofType('AWS::SQS::QueuePolicy').find(([, p]) =>
        JSON.stringify(p.Properties.Queues).includes(dlqArn['Fn::GetAtt'][0]),
      );
      expect(JSON.stringify(queuePolicy?.[1].Properties.PolicyDocument)).toContain('aws:SecureTransport');
    }
  });
});

describe('hardening (what cdk-nag asked for and was fixed)', () => {
  const productFunctions = () =>
    ofType('AWS::Lambda::Function').filter(([, f]) => String(f.Properties.Description ?? '').startsWith('functions/'));

  it('traces every function with X-Ray; its role may write to its own log group only, kept a month', () => {
    expect(productFunctions().length).toBeGreaterThan(AREAS.length);
    for (const [, fn] of productFunctions()) {
      const name = fn.Properties.Description;
      expect(fn.Properties.TracingConfig, name).toEqual({ Mode: 'Active' });
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      expect(resources[roleId].Properties.ManagedPolicyArns, name).toBeUndefined();
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref;
      expect(resources[logGroupId].Properties.RetentionInDays, name).toBe(30);
      const logStatements = ofType('AWS::IAM::Policy')
        .filter(([, p]) => JSON.stringify(p.Properties.Roles).includes(roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((s) => asArray(s.Action).some((a) => a.startsWith('logs:')));
      const ownLogGroup = { Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] } };
      expect(logStatements, name).toEqual([expect.objectContaining(ownLogGroup)]);
    }
  });

  it('logs every access to the HTTP and WebSocket APIs as JSON for a year and throttles both stages', () => {
    const stages = ofType('AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(2);
    for (const [, stage] of stages) {
      const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
      expect(resources[DestinationArn['Fn::GetAtt'][0]].Properties.RetentionInDays).toBe(365);
      expect(JSON.parse(Format)).toMatchObject({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        status: '$context.status',
      });
      expect(stage.Properties.DefaultRouteSettings).toMatchObject({
        ThrottlingRateLimit: expect.any(Number),
        ThrottlingBurstLimit: expect.any(Number),
      });
    }
  });

  it("writes every bucket's server access logs, and CloudFront's, to the access-log bucket", () => {
    const [logBucketId, logBucket] = single(
      'AWS::S3::Bucket',
      (p) => p.OwnershipControls?.Rules?.[0]?.ObjectOwnership === 'BucketOwnerPreferred',
    );
    const rules = logBucket.Properties.LifecycleConfiguration.Rules;
    expect(rules).toContainEqual(expect.objectContaining({ ExpirationInDays: 365 }));
    for (const [id, bucket] of ofType('AWS::S3::Bucket').filter(([id]) => id !== logBucketId)) {
      expect(bucket.Properties.LoggingConfiguration?.DestinationBucketName, id).toEqual({ Ref: logBucketId });
    }
    const [, cdn] = single('AWS::CloudFront::Distribution', () => true);
    const logging = cdn.Properties.DistributionConfig.Logging;
    expect(logging.Bucket).toEqual({ 'Fn::GetAtt': [logBucketId, 'RegionalDomainName'] });
  });

  it('sends security headers (HSTS, nosniff, frame options) with the SPA and the API', () => {
    const [, cdn] = single('AWS::CloudFront::Distribution', () => true);
    const config = cdn.Properties.DistributionConfig;
    const securityHeaders = '67f7725c-6f97-4210-82d7-5512b31e9d03'; // Managed-SecurityHeadersPolicy
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toBe(securityHeaders);
    for (const behavior of config.CacheBehaviors) expect(behavior.ResponseHeadersPolicyId).toBe(securityHeaders);
  });
});
