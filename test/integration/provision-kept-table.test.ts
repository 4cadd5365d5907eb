import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDynamoDb } from '../../infra/local/dynamodb.js';
import { freePort } from '../../infra/local/processes.js';
import { provisionTable } from '../../infra/local/provision.js';
import { TABLE } from '../../infra/resources.js';

/**
 * `npm start` keeps its data: a table made by an older version, with fewer indexes, gets the ones added since when
 * the cloud starts, active before anything queries them. A DynamoDB Local of this file's own, in memory.
 */
let stop: () => Promise<unknown>;
let endpoint: string;
const region = 'eu-west-2';
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

beforeAll(async () => {
  const port = await freePort();
  const dynamo = await startDynamoDb({ port, dataDir: '/tmp/unused', inMemory: true });
  stop = dynamo.stop;
  endpoint = `http://127.0.0.1:${port}`;
}, 120_000);
afterAll(async () => {
  await stop?.();
});

it('adds the indexes a kept table lacks, active, and leaves a complete table as it is', async () => {
  const client = new DynamoDBClient({ endpoint, region, credentials });
  const older = TABLE.indexes.slice(0, 3);
  await client.send(
    new CreateTableCommand({
      TableName: TABLE.localName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', ...older.flatMap((i) => [i.partitionKey, i.sortKey])].map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: older.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  const indexes = async () =>
    (await client.send(new DescribeTableCommand({ TableName: TABLE.localName }))).Table?.GlobalSecondaryIndexes?.map(
      (i) => `${i.IndexName} ${i.IndexStatus}`,
    ).sort();
  expect(await indexes()).toHaveLength(older.length);

  expect(await provisionTable(endpoint, region)).toEqual({ addedIndexes: ['gsi4'] });
  expect(await indexes()).toEqual(TABLE.indexes.map((i) => `${i.name} ACTIVE`).sort());
  // Started again: nothing to add.
  expect(await provisionTable(endpoint, region)).toEqual({ addedIndexes: [] });
  expect(await indexes()).toEqual(TABLE.indexes.map((i) => `${i.name} ACTIVE`).sort());
}, 120_000);
