import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dynamoDbHeap, dynamoDbLaunch, dynamoDbQuickStartFlags } from '../../infra/local/dynamodb.js';
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

describe('how DynamoDB Local starts', () => {
  const jar = path.join(
    path.dirname(createRequire(import.meta.url).resolve('amplify-dynamodb-simulator/package.json')),
    'emulator',
    'DynamoDBLocal.jar',
  );
  const hasJavac = !spawnSync('javac', ['-version']).error;

  it.runIf(hasJavac)('runs the loopback launcher compiled once, the same class for every later start', () => {
    const first = dynamoDbLaunch(jar);
    const again = dynamoDbLaunch(jar);
    expect(first).toEqual(again);
    expect(first.loopback).toBe(true);
    expect(first.args.at(-1)).toBe('DynamoDbLoopback');
    const classPath = first.args[first.args.indexOf('-cp') + 1].split(path.delimiter);
    expect(classPath[0]).toBe(jar);
    expect(existsSync(path.join(classPath[1], 'DynamoDbLoopback.class'))).toBe(true);
  });

  it('takes the quick compiler only for a cloud that lives for one test', () => {
    expect(dynamoDbQuickStartFlags({})).toEqual([]);
    expect(dynamoDbQuickStartFlags({ DYNAMODB_QUICK_START: '1' })).toEqual([
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
    ]);
  });
});
