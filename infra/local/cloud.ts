import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  BUCKETS,
  ENV,
  QUEUE_URL_ENV,
  QUEUES,
  SCHEDULES,
  TABLE,
  type QueueKey,
  type ScheduleKey,
} from '../resources.js';
import { SCHEDULED_JOBS, WORKERS } from '../functions.js';
import { startDynamoDb } from './dynamodb.js';
import { startCognito } from './cognito.js';
import { startS3 } from './s3.js';
import { startSqs } from './sqs.js';
import { provisionTable, provisionUserPool } from './provision.js';
import { servedHostNames, type LocalRoute } from './gateway.js';
import { createApiGateway, listen } from './api-gateway.js';
import { attachWebSocketApi } from './websocket.js';
import {
  cognitoProxyRoute,
  configRoute,
  mailEventsRoute,
  outboxRoute,
  scheduleRoute,
  spaRoute,
} from './local-routes.js';
import { startScheduler } from './scheduler.js';
import { watchEventLoopStalls } from './stall-watch.js';
import { threadedWorker } from './worker-threads.js';
import { startSftpServer, sftpRoute } from './sftp-server.js';
import { assertPortsFree, freePort } from './processes.js';
import { requireEnv } from '../../functions/lib/clients.js';

export type LocalCloudOptions = {
  stateDir: string;
  /** sftp: the demo store's SFTP server (a free port when not given). */
  ports: { gateway: number; dynamodb: number; s3: number; sqs: number; cognito: number; sftp?: number };
  /** Where the gateway listens: loopback unless opened on purpose; the emulators always stay on 127.0.0.1. */
  host?: string;
  webDir: string;
  /** Tests keep DynamoDB in memory. */
  inMemory?: boolean;
  verbose?: boolean;
  seed?: boolean;
  /** Told when a stop waits for job steps in hand, how many and for how long at most (`npm start` says so). */
  onStopWaiting?: (steps: number, withinSeconds: number) => void;
};

const REGION = 'eu-west-2';

/**
 * How long a stopping cloud waits for the queue workers' batches in hand: an import's part or a statement run's batch
 * of accounts takes seconds. Jobs resume on the next start, so a batch still running after this is left to that.
 */
const IN_HAND_WAIT_MS = 30_000;

/**
 * Starts the embedded local cloud: DynamoDB Local, s3rver, fauxqs, cognito-local, the local
 * HTTP + WebSocket API and the scheduler; provisions the resources from infra/resources.ts;
 * points the handler code at them through the same environment variables AWS sets.
 */
export async function startLocalCloud(options: LocalCloudOptions) {
  const dir = (name: string) => {
    const d = path.join(options.stateDir, name);
    mkdirSync(d, { recursive: true });
    return d;
  };
  // A port still held (by a cloud that was killed, or another program) is named before anything starts.
  await assertPortsFree([
    { port: options.ports.gateway, what: 'the app' },
    { port: options.ports.dynamodb, what: 'DynamoDB Local' },
    { port: options.ports.s3, what: 'S3' },
    { port: options.ports.sqs, what: 'SQS' },
    { port: options.ports.cognito, what: 'Cognito' },
    ...(options.ports.sftp === undefined ? [] : [{ port: options.ports.sftp, what: 'the demo store (SFTP)' }]),
  ]);
  const stops: (() => Promise<unknown> | unknown)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await Promise.resolve(s()).catch(() => undefined);
  };
  try {
    const [dynamo, cognito] = await Promise.all([
      startDynamoDb({
        port: options.ports.dynamodb,
        dataDir: dir('dynamodb'),
        inMemory: options.inMemory,
        verbose: options.verbose,
      }),
      startCognito({ port: options.ports.cognito, dataDir: dir('cognito'), verbose: options.verbose }),
    ]);
    stops.push(dynamo.stop, cognito.stop);
    const sqs = await startSqs({ port: options.ports.sqs, region: REGION });
    stops.push(sqs.stop);
    const s3 = await startS3({
      port: options.ports.s3,
      dataDir: dir('s3'),
      onNotification: (queue, body) => void sqs.send(queue, body).catch((e) => console.error('[s3→sqs]', e)),
    });
    stops.push(s3.stop);
    // The demo store's delivery endpoint: deliveries upload to it as to a real store.
    const sftp = await startSftpServer({ port: options.ports.sftp ?? (await freePort()), dir: dir('sftp') });
    stops.push(sftp.stop);

    const gatewayUrl = `http://localhost:${options.ports.gateway}`;
    const [pool, table] = await Promise.all([
      provisionUserPool(cognito.endpoint, REGION, path.join(options.stateDir, 'user-pool.json')),
      provisionTable(dynamo.endpoint, REGION),
    ]);
    const env: Record<string, string> = {
      AWS_REGION: REGION,
      [ENV.table]: TABLE.localName,
      [ENV.uploadsBucket]: BUCKETS.uploads.localName,
      [ENV.ledgerBucket]: BUCKETS.ledger.localName,
      [ENV.userPoolId]: pool.userPoolId,
      [ENV.userPoolClientId]: pool.userPoolClientId,
      [ENV.jwtIssuer]: `${cognito.endpoint}/${pool.userPoolId}`,
      [ENV.websocketEndpoint]: `${gatewayUrl}/_ws`,
      [ENV.appUrl]: gatewayUrl,
      [ENV.dynamoEndpoint]: dynamo.endpoint,
      [ENV.s3Endpoint]: s3.endpoint,
      [ENV.sqsEndpoint]: sqs.endpoint,
      // Each queue's URL, for the functions that send to it (AWS sets it on those only).
      ...Object.fromEntries(
        (Object.keys(QUEUE_URL_ENV) as QueueKey[]).map((key) => [QUEUE_URL_ENV[key], sqs.urls[key]]),
      ),
      [ENV.cognitoEndpoint]: cognito.endpoint,
      [ENV.outboxDir]: dir('outbox'),
      [ENV.sealingKeyFile]: path.join(dir('keys'), 'sealing.key'),
      // The local card provider (functions/billing/local/), signing its Stripe-shaped events with a secret of
      // this start's own: an event signed before a restart is refused, as Stripe's would be with a rolled secret.
      [ENV.billingProvider]: 'local',
      [ENV.localBillingWebhookSecret]: `whsec_local_${randomBytes(24).toString('hex')}`,
    };
    Object.assign(process.env, env);

    // Handlers are imported only now: their SDK clients read the endpoints above.
    const realtime = (await import('../../functions/realtime/handler.js')).handler;

    // The same rows the CDK stack builds its workers and scheduled jobs from (infra/functions.ts).
    const entryHandler = async <T>(entry: string) => (await import(`../../${entry}`)).handler as T;
    for (const key of Object.keys(WORKERS) as QueueKey[]) {
      // A fan-out worker's invocations run beside the API in AWS, each on its own CPU: here in threads of their own
      // (worker-threads.ts), one per poller; the others share the cloud's event loop.
      if (QUEUES[key].fanOut) {
        const threaded = threadedWorker(WORKERS[key].entry, sqs.pollersOf(key));
        stops.push(threaded.stop);
        sqs.consume(key, threaded.handler);
      } else sqs.consume(key, await entryHandler<Parameters<typeof sqs.consume>[1]>(WORKERS[key].entry));
    }
    // Stops run last pushed first: the pollers stop taking messages and the batches in hand finish (in threads or
    // not) before the worker threads above are ended and the emulators they call stop.
    stops.push(() =>
      sqs.finishInHand(IN_HAND_WAIT_MS, (steps) => options.onStopWaiting?.(steps, IN_HAND_WAIT_MS / 1000)),
    );
    // Unfinished jobs are found through their states' indexes. A table from before them (it lacked an index this
    // start added) has its unfinished records indexed first; a table made by this version needs no scan.
    if (table.addedIndexes.length) {
      const { indexItemsInStates } = await import('../../functions/data/access/index-items-in-states.js');
      const indexed = await indexItemsInStates();
      console.log(`Indexed ${indexed} unfinished job(s) kept from an older version.`);
    }
    // The local queue lost what it held when the cloud stopped: every job left unfinished carries on.
    const resumed = await (await import('../../functions/jobs/registry.js')).resumeAllOnStart();
    for (const [kind, count] of Object.entries(resumed))
      console.log(`Resumed ${count} unfinished ${kind.replace('_', ' ')} job(s).`);
    type ScheduledHandler = (event: { time: string }) => Promise<unknown>;
    const jobs = await Promise.all(
      (Object.keys(SCHEDULED_JOBS) as ScheduleKey[]).map(async (key) => {
        const run = await entryHandler<ScheduledHandler>(SCHEDULED_JOBS[key].entry);
        // The event EventBridge sends a scheduled target carries the time it fired.
        const job = { everyMs: SCHEDULES[key].everyMsLocally, run: () => run({ time: new Date().toISOString() }) };
        return [key, job] as const;
      }),
    );
    const scheduler = startScheduler(Object.fromEntries(jobs));
    stops.push(scheduler.stop);

    // Smart link clicks wait up to a second in memory before they are written: a stopping cloud writes the ones
    // still waiting once its gateway has closed (stops run in reverse order) and before DynamoDB stops.
    stops.push((await import('../../functions/smart-links/index.js')).flushClicks);
    const gatewayRoutes: LocalRoute[] = [];
    const server = await createApiGateway({
      issuer: requireEnv(ENV.jwtIssuer),
      clientId: pool.userPoolClientId,
      localRoutes: gatewayRoutes,
      hostNames: servedHostNames(options.host ?? '127.0.0.1'),
    });
    const websocket = attachWebSocketApi(server, realtime);
    gatewayRoutes.push(
      websocket.route,
      configRoute(() => ({ region: REGION, userPoolId: pool.userPoolId, userPoolClientId: pool.userPoolClientId })),
      cognitoProxyRoute(cognito.endpoint),
      outboxRoute(requireEnv(ENV.outboxDir)),
      mailEventsRoute(requireEnv(ENV.outboxDir), (body) => sqs.send('mailEvents', body)),
      sftpRoute(sftp.arrivals, sftp.root),
      scheduleRoute(scheduler.runNow),
      spaRoute(path.resolve(options.webDir)),
    );
    await listen(server, options.ports.gateway, options.host ?? '127.0.0.1');
    stops.push(watchEventLoopStalls());
    stops.push(() => {
      websocket.close();
      server.closeAllConnections();
      return new Promise((r) => server.close(r));
    });

    if (options.seed !== false) {
      await (await import('./seed.js')).seedDemo();
      await (await import('../../functions/reference/seed.js')).seedReferenceData();
      await (await import('./seed-delivery.js')).seedDemoDsp(sftp.port);
      await (await import('./seed-catalogue.js')).seedDemoCatalogue();
      // Cover art and original audio for the demo EP, checked by the real upload worker.
      await (await import('./seed-assets.js')).seedDemoDeliveryAssets();
      await (await import('./seed-royalties.js')).seedDemoRoyalties();
      // After the demo DSP exists: the demo company may deliver to it.
      await (await import('./seed-dsp-connections.js')).seedDemoDspConnections();
      // The demo statement waits for the demo report's import, so it is made in the background.
      let stopped = false;
      stops.push(() => {
        stopped = true;
      });
      (await import('./seed-statements.js')).seedDemoStatementsLater(() => stopped);
    }

    return {
      url: gatewayUrl,
      pool,
      sqs,
      stop,
      env,
      sftp: { port: sftp.port, root: sftp.root, arrivals: sftp.arrivals },
      endpoints: { dynamodb: dynamo.endpoint, s3: s3.endpoint, sqs: sqs.endpoint, cognito: cognito.endpoint },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
