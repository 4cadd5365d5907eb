import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { call, inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { monthEndedBefore } from '../../shared/statement-periods.js';
import type { StatementRun } from '../../shared/schemas/statement-views.js';
import { openSocket } from '../support/realtime.js';
import { until } from '../support/wait.js';

/** Function code run in the test process against the same local cloud (as a worker Lambda would). */
beforeAll(() => {
  Object.assign(process.env, inject('cloudEnv'));
});

describe('WebSocket API', () => {
  it('pushes to every open connection of the user and removes a gone one', async () => {
    const { token } = await ownLabelManager('Realtime');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
    const first = await openSocket(token);
    const second = await openSocket(token);
    const { pushToUser } = await import('../../functions/realtime/push.js');
    const { getDb } = await import('../../functions/data/service.js');
    await getDb()
      .entities.Connection.put({
        userId,
        connectionId: 'gone-connection',
        expiresAt: Math.floor(Date.now() / 1000) + 60,
      })
      .go();

    const delivered = await until(async () => {
      const n = await pushToUser(userId, { type: 'record', model: 'Recording', record: { id: 'r1' } });
      return n >= 2 ? n : undefined;
    });
    expect(delivered).toBe(2);
    await until(async () => (first.messages.length && second.messages.length ? true : undefined));
    expect(first.messages[0]).toEqual({ type: 'record', model: 'Recording', record: { id: 'r1' } });
    const stale = await getDb().entities.Connection.get({ userId, connectionId: 'gone-connection' }).go();
    expect(stale.data).toBeNull();

    first.socket.close();
    second.socket.close();
    await until(async () =>
      (await getDb().entities.Connection.query.byUser({ userId }).go()).data.length === 0 ? true : undefined,
    );
  });

  it('refuses a connection without a valid token', async () => {
    await expect(openSocket('not-a-token')).rejects.toThrow(/401/);
  });
});

describe('S3 events → SQS → upload worker', () => {
  it('deletes an uploaded logo that is not an image, and keeps a real one', async () => {
    const manager = await ownLabelManager('Upload Worker');
    const company = manager.distributed.id;
    const label = (
      await call('POST', '/api/v1/labels', { token: manager.token, company, body: { name: 'Worker Check' } })
    ).body.label;
    const upload = async (filename: string, bytes: Buffer) => {
      const presigned = await call('POST', `/api/v1/labels/${label.id}/logo_upload`, {
        token: manager.token,
        company,
        body: { filename, content_type: 'image/png', size: bytes.length },
      });
      expect(
        (
          await fetch(presigned.body.url, {
            method: 'PUT',
            headers: presigned.body.headers,
            body: new Uint8Array(bytes),
          })
        ).status,
      ).toBe(200);
      return presigned.body.key as string;
    };
    const fake = await upload('fake logo.png', Buffer.from('this is not a picture'));
    const real = await upload(
      'real.png',
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]),
    );

    const { s3Client } = await import('../../functions/lib/clients.js');
    const exists = (key: string) =>
      s3Client()
        .send(new HeadObjectCommand({ Bucket: process.env.UPLOADS_BUCKET, Key: key }))
        .then(
          () => true,
          () => false,
        );
    await until(async () => ((await exists(fake)) ? undefined : true));
    expect(await exists(real)).toBe(true);
    const refused = await call('PATCH', `/api/v1/labels/${label.id}`, {
      token: manager.token,
      company,
      body: { logo_key: fake },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.logo_key).toBeDefined();
  });
});

describe('queues with dead-letter queues', () => {
  it('moves a message the worker keeps failing on to the DLQ after maxReceiveCount tries', async () => {
    const { GetQueueUrlCommand, ReceiveMessageCommand, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    const { sqsClient } = await import('../../functions/lib/clients.js');
    const { QUEUES, dlqName } = await import('../../infra/resources.js');
    const sqs = sqsClient();
    const queueUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: QUEUES.uploadEvents.localName }))).QueueUrl!;
    const dlqUrl = (await sqs.send(new GetQueueUrlCommand({ QueueName: dlqName('uploadEvents') }))).QueueUrl!;
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'not an S3 event {' }));
    const dead = await until(async () => {
      const received = await sqs.send(
        new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 1, AttributeNames: ['All'] }),
      );
      return received.Messages?.[0];
    }, 30_000);
    expect(dead.Body).toBe('not an S3 event {');
    expect(Number(dead.Attributes?.ApproximateReceiveCount)).toBeGreaterThanOrEqual(
      QUEUES.uploadEvents.maxReceiveCount,
    );
  }, 40_000);
});

describe('scheduled jobs', () => {
  it('runs the statement schedule on demand: a Monthly payee and distributed label get their statements once', async () => {
    const manager = await ownLabelManager('Statement Schedule');
    const as = inCompany(manager.token, manager.distributed.id);
    const monthly = { frequency: 'Monthly' as const };
    const payee = (await as.post('/payees', { name: `Monthly Payee ${Date.now()}` })).body.payee;
    await as.patch(`/payees/${payee.id}`, { statement_settings_attributes: monthly });
    const label = (await as.post('/labels', { name: `Monthly Label ${Date.now()}`, distributed: true })).body.label;
    await as.patch(`/labels/${label.id}`, { statement_settings: monthly });
    const ownLabel = (await as.post('/labels', { name: `Own Label ${Date.now()}` })).body.label;
    await as.patch(`/labels/${ownLabel.id}`, { statement_settings: monthly });
    const runsOf = async (accountId: string) =>
      ((await as.get('/statement_runs?per_page=100')).body.statement_runs as StatementRun[]).filter((run) =>
        run.accounts.some((account) => account.id === accountId),
      );

    // The schedule states the month ended before the product's clock: the one before now, unless the run crossed a
    // month's end (UTC), when it may be the month after.
    const askedAt = new Date();
    const stated = () => [...new Set([monthEndedBefore(askedAt), monthEndedBefore(new Date())])];
    const answer = await call('POST', '/_local/schedules/statementRun');
    expect(answer.status).toBe(200);
    expect(answer.body.result.generated).toBeGreaterThanOrEqual(2);
    const [payeeRun] = await runsOf(payee.id);
    expect(payeeRun).toMatchObject({ scheduled: true, kind: 'payee', start_pay_period: expect.toBeOneOf(stated()) });
    const [labelRun] = await runsOf(label.id);
    expect(labelRun).toMatchObject({
      scheduled: true,
      kind: 'distribution',
      start_pay_period: expect.toBeOneOf(stated()),
    });
    expect(labelRun.accounts).toEqual([{ type: 'Label', id: label.id }]);
    // A label of the company's own is not stated to itself.
    expect(await runsOf(ownLabel.id)).toEqual([]);

    // Run again: each month is stated once (one month, or each of two for runs across a month's end).
    expect((await call('POST', '/_local/schedules/statementRun')).status).toBe(200);
    for (const accountId of [payee.id, label.id]) {
      const months = stated();
      const periods = (await runsOf(accountId)).map((run) => run.start_pay_period).sort();
      if (months.length === 1) expect(periods).toEqual(months);
      else expect(periods).toEqual(months.filter((month) => periods.includes(month)));
    }
    expect((await call('POST', '/_local/schedules/nothing')).status).toBe(404);
  });
});
