import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { Entity } from 'electrodb';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../functions/lib/http.js';
import { Conflict, isConditionFailed, isLostRace, LOST_RACE_MESSAGE } from '../../functions/lib/errors.js';

/** A record entity whose DynamoDB answers every request with `error`, as the service does when a condition fails. */
function entityFailingWith(error: Error) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }),
  );
  client.send = (async () => {
    throw error;
  }) as typeof client.send;
  return new Entity(
    {
      model: { entity: 'record', version: '1', service: 'test' },
      attributes: { id: { type: 'string', required: true }, name: { type: 'string' } },
      indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
    },
    { client, table: 'test' },
  );
}

/** The error ElectroDB throws when a write fails the way `cause` says. */
async function electroErrorFrom(cause: Error): Promise<unknown> {
  try {
    await entityFailingWith(cause).patch({ id: 'r1' }).set({ name: 'new' }).go();
  } catch (error) {
    return error;
  }
  throw new Error('the write did not fail');
}

const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
const cancelled = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }],
  });

describe('a write that lost a race', () => {
  it('comes from ElectroDB as an ElectroError with the SDK error as its cause', async () => {
    const error = (await electroErrorFrom(conditionFailed())) as Error & { cause?: Error };
    expect(error.name).toBe('ElectroError');
    expect(error.cause?.name).toBe('ConditionalCheckFailedException');
  });

  it('answers 409 with the lost-race message, not 500 (conditional patch and cancelled transaction)', async () => {
    for (const error of [
      await electroErrorFrom(conditionFailed()),
      await electroErrorFrom(cancelled()),
      conditionFailed(),
      cancelled(),
    ]) {
      const answer = errorResponse(error);
      expect(answer.statusCode).toBe(409);
      expect(JSON.parse(String(answer.body))).toEqual({ message: LOST_RACE_MESSAGE });
    }
  });

  it('is told apart from other failures in one place', async () => {
    expect(isConditionFailed(await electroErrorFrom(conditionFailed()))).toBe(true);
    expect(isConditionFailed(await electroErrorFrom(cancelled()))).toBe(false);
    expect(isLostRace(await electroErrorFrom(cancelled()))).toBe(true);
    const throttled = await electroErrorFrom(
      Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }),
    );
    expect(isLostRace(throttled)).toBe(false);
    expect(isLostRace(null)).toBe(false);
    expect(isLostRace('text')).toBe(false);
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(errorResponse(throttled).statusCode).toBe(500);
    } finally {
      console.error = original;
    }
  });

  it('keeps the message of a Conflict the code raised itself', () => {
    const answer = errorResponse(
      new Conflict('Email has already been taken', { email: ['Email has already been taken'] }),
    );
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(String(answer.body)).errors).toEqual({ email: ['Email has already been taken'] });
  });
});
