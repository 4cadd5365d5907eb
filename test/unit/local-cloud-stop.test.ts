import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/processes.js';
import { startS3 } from '../../infra/local/s3.js';
import { DEMO_SFTP_LOGIN, startSftpServer } from '../../infra/local/sftp-server.js';
import { startSqs } from '../../infra/local/sqs.js';
import { BUCKETS } from '../../infra/resources.js';

/**
 * A stopping local cloud does not wait on its clients: a worker still reading from S3 when the cloud stopped held the
 * stop for minutes (the emulator waited for that connection to end), and a test run stayed up after its report. Each
 * emulator's stop ends the connections still open, and the queue workers' batches in hand finish first, while the
 * emulators they call still run.
 */
const dirs: string[] = [];
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop().catch(() => undefined);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(dir);
  return dir;
};

/** The queues with no worker yet, stopped after the test. */
async function queues() {
  const sqs = await startSqs({ port: await freePort(), region: 'eu-west-2' });
  stops.push(sqs.stop);
  return sqs;
}

/** A promise that resolves once `arrive` is called: here, once a worker has a batch in hand. */
function latch() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
}

/** How long a stop may take here: every stop below is immediate once it no longer waits on its clients. */
const PROMPT_MS = 3_000;
async function timed(stop: () => Promise<unknown>): Promise<number> {
  const started = Date.now();
  await stop();
  return Date.now() - started;
}

describe('a stopping local cloud', () => {
  it('closes S3 while a client is halfway through sending an upload', async () => {
    const s3 = await startS3({ port: await freePort(), dataDir: tempDir('stop-s3-'), onNotification: () => {} });
    stops.push(s3.stop);
    const port = Number(new URL(s3.endpoint).port);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.resume();
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    // A request whose body is still coming: the server is busy with this connection, not idle on it.
    socket.write(
      `PUT /${BUCKETS.uploads.localName}/half.wav HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nRIFF`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(await timed(s3.stop)).toBeLessThan(PROMPT_MS);
    await closed;
    stops.length = 0;
  }, 20_000);

  it('closes the demo store while a delivery is signed in to it', async () => {
    const sftp = await startSftpServer({ port: await freePort(), dir: tempDir('stop-sftp-') });
    stops.push(sftp.stop);
    const client = new ssh2.Client();
    client.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    await new Promise<void>((resolve) => {
      client.on('ready', () => resolve());
      client.connect({ host: '127.0.0.1', port: sftp.port, ...DEMO_SFTP_LOGIN });
    });

    expect(await timed(sftp.stop)).toBeLessThan(PROMPT_MS);
    await closed;
    stops.length = 0;
  }, 20_000);

  it('lets the batch a worker has in hand finish before it stops, and takes no new one', async () => {
    const sqs = await queues();
    const received: string[] = [];
    const finished: string[] = [];
    const inHand = latch();
    sqs.consume('uploadEvents', async (event) => {
      const body = event.Records.map((r) => r.body).join();
      received.push(body);
      inHand.arrive();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      finished.push(body);
    });
    await sqs.send('uploadEvents', { first: true });
    await inHand.arrived;
    await sqs.send('uploadEvents', { second: true });

    const told: number[] = [];
    await sqs.finishInHand(10_000, (batches) => told.push(batches));
    expect(finished).toEqual([JSON.stringify({ first: true })]);
    // `npm start` says what it waits for: one batch here.
    expect(told).toEqual([1]);
    // The second message waits in the queue for the next start; it was never handed to the worker.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toEqual(finished);
  }, 20_000);

  it('says nothing and waits for nothing when no batch is in hand', async () => {
    const sqs = await queues();
    sqs.consume('uploadEvents', async () => undefined);
    const told: number[] = [];
    expect(await timed(() => sqs.finishInHand(10_000, (batches) => told.push(batches)))).toBeLessThan(PROMPT_MS);
    expect(told).toEqual([]);
  }, 20_000);

  it('stops waiting for a batch in hand after the time it was given', async () => {
    const sqs = await queues();
    const inHand = latch();
    // A worker that never answers (until its Lambda's timeout, minutes away).
    sqs.consume('uploadEvents', async () => {
      inHand.arrive();
      await new Promise(() => undefined);
    });
    await sqs.send('uploadEvents', { stuck: true });
    await inHand.arrived;

    const waited = await timed(() => sqs.finishInHand(500));
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(PROMPT_MS);
  }, 20_000);
});
