import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  CreateTableCommand,
  DescribeTableCommand,
  UpdateTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TABLE, USER_POOL } from '../resources.js';
import { required } from '../../functions/lib/required.js';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/**
 * Creates the single table with its indexes from the shared definition, unless it exists; a kept table gets the
 * indexes it lacks. Answers the indexes it added to a kept table (none for a new or complete one).
 */
export async function provisionTable(endpoint: string, region: string): Promise<{ addedIndexes: string[] }> {
  const client = new DynamoDBClient({ endpoint, region, credentials });
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE.localName }));
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    return { addedIndexes: await addMissingIndexes(client, present) };
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
  }
  const attributes = new Set<string>([
    TABLE.partitionKey,
    TABLE.sortKey,
    ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ]);
  await client.send(
    new CreateTableCommand({
      TableName: TABLE.localName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client
    .send(
      new UpdateTimeToLiveCommand({
        TableName: TABLE.localName,
        TimeToLiveSpecification: { AttributeName: TABLE.timeToLiveAttribute, Enabled: true },
      }),
    )
    .catch(() => undefined); // DynamoDB Local accepts TTL settings but never sweeps; expiry is also checked in code.
  return { addedIndexes: [] };
}

export type PoolIds = { userPoolId: string; userPoolClientId: string };

/** Creates the user pool and its app client once; their ids are kept in the state folder. */
export async function provisionUserPool(endpoint: string, region: string, idsFile: string): Promise<PoolIds> {
  const client = new CognitoIdentityProviderClient({ endpoint, region, credentials });
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as PoolIds;
    const exists = await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId })).then(
      () => true,
      () => false,
    );
    if (exists) return ids;
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: USER_POOL.localName,
      UsernameAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: USER_POOL.passwordMinLength,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
    }),
  );
  const userPoolId = required(pool.UserPool?.Id, 'the new user pool id');
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: USER_POOL.clientName,
      ExplicitAuthFlows: USER_POOL.authFlows.map((flow) => `ALLOW_${flow}` as const),
      AccessTokenValidity: USER_POOL.accessTokenValidityHours,
      IdTokenValidity: USER_POOL.idTokenValidityHours,
      RefreshTokenValidity: USER_POOL.refreshTokenValidityHours,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'hours' },
    }),
  );
  const ids = { userPoolId, userPoolClientId: required(app.UserPoolClient?.ClientId, 'the new app client id') };
  writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}

/**
 * A table kept from an older version of the product (`npm start` keeps its data) gets the indexes added since, one
 * at a time as DynamoDB allows; items written before are indexed again by `indexItemsInStates` at start.
 */
async function addMissingIndexes(client: DynamoDBClient, present: ReadonlySet<string | undefined>): Promise<string[]> {
  const missing = TABLE.indexes.filter((i) => !present.has(i.name));
  for (const index of missing) {
    await client.send(
      new UpdateTableCommand({
        TableName: TABLE.localName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: index.name,
              KeySchema: [
                { AttributeName: index.partitionKey, KeyType: 'HASH' },
                { AttributeName: index.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
    await untilIndexActive(client, index.name);
  }
  return missing.map((i) => i.name);
}

/** A new index answers queries once it is ACTIVE: the unfinished jobs are looked up through it right after. */
async function untilIndexActive(client: DynamoDBClient, name: string): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: TABLE.localName }));
    if (Table?.GlobalSecondaryIndexes?.find((i) => i.IndexName === name)?.IndexStatus === 'ACTIVE') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The table's new index ${name} did not become active within a minute`);
}
