import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamoDbHeap } from '../../infra/local/dynamodb.js';
import { assertPortsFree, PortsInUse } from '../../infra/local/processes.js';

let server: net.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

const listening = () =>
  new Promise<number>((resolve) => {
    server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server?.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

describe('a port the local cloud needs that is already taken', () => {
  it('is named with what holds it, in plain words, before anything starts', async () => {
    const port = await listening();
    const error = await assertPortsFree([{ port, what: 'DynamoDB Local' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PortsInUse);
    expect((error as Error).message).toMatch(
      new RegExp(`^port ${port} \\(DynamoDB Local\\) is in use by process ${process.pid} \\(.*node.*\\)\\.$`),
    );
  });

  it('passes when every port is free', async () => {
    const port = await listening();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    await expect(assertPortsFree([{ port, what: 'the app' }])).resolves.toBeUndefined();
  });
});

describe("DynamoDB Local's heap", () => {
  it('is bounded at 1 GB unless DYNAMODB_HEAP says otherwise', () => {
    expect(dynamoDbHeap({})).toBe('1g');
    expect(dynamoDbHeap({ DYNAMODB_HEAP: '1536m' })).toBe('1536m');
  });

  it('refuses a size Java would not take or too small to run in', () => {
    expect(() => dynamoDbHeap({ DYNAMODB_HEAP: 'lots' })).toThrow(/DYNAMODB_HEAP must be a size of at least 256m/);
    expect(() => dynamoDbHeap({ DYNAMODB_HEAP: '64m' })).toThrow(/at least 256m/);
  });
});
