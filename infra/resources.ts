/**
 * The one definition of the product's cloud resources. The CDK constructs build them in AWS
 * and the local cloud provisions the same names, keys, indexes, queues and buckets from here,
 * so the two can never disagree.
 */

export const TABLE = {
  /** Local name; in AWS CloudFormation names the table and hands it to functions as TABLE_NAME. */
  localName: 'label-platform',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Generic overloaded indexes; entities decide what goes in them. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
  timeToLiveAttribute: 'expiresAt',
} as const;

export type BucketKey = 'uploads' | 'ledger';

/**
 * Files derived from a ledger state and shared through the ledger bucket (functions/royalties/bucket-keys.ts): the
 * bucket forgets them after `days`, since a state nobody has read for a month needs none, and one read again is
 * derived again.
 */
export const DERIVED_LEDGER_FILES = { prefix: 'derived/', days: 30 } as const;

export const BUCKETS: Record<
  BucketKey,
  {
    localName: string;
    browserUploads: boolean;
    notifyQueue?: QueueKey;
    prefix?: string;
    /** Objects under `prefix` removed `days` after they were written. */
    expires?: { prefix: string; days: number };
  }
> = {
  /** Logos, audio and royalty files the browser PUTs through presigned URLs. */
  uploads: { localName: 'label-platform-uploads', browserUploads: true, notifyQueue: 'uploadEvents' },
  /** The royalty ledger (Parquet) and the drop folder distributors write to and the browser uploads reports into. */
  ledger: {
    localName: 'label-platform-ledger',
    browserUploads: true,
    notifyQueue: 'royaltyImport',
    prefix: 'drop/',
    expires: DERIVED_LEDGER_FILES,
  },
};

/**
 * One duration drives a worker's Lambda timeout and its queue's visibility timeout. Every queue
 * has exactly one worker in infra/functions.ts (WORKERS is keyed by QueueKey), so a queue nobody
 * consumes does not compile.
 */
export type QueueKey =
  | 'uploadEvents'
  | 'royaltyImport'
  | 'royaltyImportPart'
  | 'statementRun'
  | 'releaseDelivery'
  | 'catalogueImport'
  | 'catalogueExport'
  | 'billingEvents'
  | 'promoSend'
  | 'promoAudio'
  | 'mailEvents';

/**
 * concurrency: how many messages are worked on at once (Lambda's event source maxConcurrency;
 * locally as many pollers, at most one per core). Without it, one at a time locally.
 * fanOut: the worker gets `batchSize` messages per invocation (worked on side by side), locally as in AWS; in AWS
 * it also has a reserved concurrency of `concurrency`, which is its event source's maxConcurrency too, so the queue
 * never invokes it into throttling; locally the pollers stay as `concurrency` says.
 */
export const QUEUES: Record<
  QueueKey,
  {
    localName: string;
    workerTimeoutSeconds: number;
    maxReceiveCount: number;
    concurrency?: number;
    fanOut?: { batchSize: number; concurrency: number };
  }
> = {
  uploadEvents: { localName: 'label-platform-upload-events', workerTimeoutSeconds: 300, maxReceiveCount: 3 },
  royaltyImport: { localName: 'label-platform-royalty-import', workerTimeoutSeconds: 900, maxReceiveCount: 3 },
  /** The parts of a large royalty report (functions/royalties/import/parts.ts), imported side by side. */
  royaltyImportPart: {
    localName: 'label-platform-royalty-import-part',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
    concurrency: 20,
  },
  /**
   * Statement runs (functions/money/statements/runs/worker.ts): a run's preview, its publish step and one
   * message per account. The publish step reserves every account's number at once, so account steps do not
   * contend with each other. In AWS ten account steps go to an invocation and four invocations run at once
   * (40 statements in flight); the mail service's sending rate is the ceiling, and each invocation paces its
   * mails to a quarter of it (functions/money/statements/runs/mail-pace.ts). docs/statements.md has the arithmetic.
   */
  statementRun: {
    localName: 'label-platform-statement-run',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
    concurrency: 4,
    fanOut: { batchSize: 10, concurrency: 4 },
  },
  /**
   * Release deliveries (functions/deliveries/worker.ts): one message per delivery, each an ERN and its
   * files uploaded to a store's SFTP server. Several side by side: the time goes to the network.
   */
  releaseDelivery: {
    localName: 'label-platform-release-delivery',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
    concurrency: 8,
  },
  /**
   * Catalogue imports (functions/catalogue-exchange/imports/worker.ts): an import's plan, then its
   * chunks one after another (each queues the next). Two imports may run side by side.
   */
  catalogueImport: {
    localName: 'label-platform-catalogue-import',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
    concurrency: 2,
  },
  /** Catalogue exports (functions/catalogue-exchange/exports/worker.ts): one message per export job. */
  catalogueExport: {
    localName: 'label-platform-catalogue-export',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
    concurrency: 2,
  },
  /**
   * Billing provider events (functions/billing/worker.ts): the webhook verifies each and queues it; the
   * worker applies it idempotently. Two at once at most (Lambda's least): a company's events come seconds
   * apart, and the worker's clock (BillingClock) keeps an older event from undoing a newer one.
   */
  billingEvents: {
    localName: 'label-platform-billing-events',
    workerTimeoutSeconds: 60,
    maxReceiveCount: 5,
    concurrency: 2,
  },
  /**
   * Promo sends (functions/promos/worker.ts): one message per send of a promo; the worker mails each
   * queued recipient once (a conditional write claims them first). Two at a time (Lambda's least
   * maxConcurrency), each paced to half the mail service's sending rate (functions/promos/send-rate.ts).
   */
  promoSend: {
    localName: 'label-platform-promo-send',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
    concurrency: 2,
  },
  /**
   * Promo download files (functions/promos/audio-worker.ts): one message per send of a download promo;
   * the worker makes each track's 320 kbps MP3 (and a WAV of an AIFF or FLAC original) once.
   */
  promoAudio: {
    localName: 'label-platform-promo-audio',
    workerTimeoutSeconds: 900,
    maxReceiveCount: 3,
  },
  /**
   * What the mail service reports about sent mails (functions/promos/mail-events-worker.ts): SES's
   * configuration set publishes delivery, bounce, complaint, open and click events to an SNS topic this
   * queue subscribes to; locally POST /_local/outbox/{id}/events puts the same shape here. Each event is
   * applied once (keyed by its id), so two at a time is safe.
   */
  mailEvents: {
    localName: 'label-platform-mail-events',
    workerTimeoutSeconds: 60,
    maxReceiveCount: 5,
    concurrency: 2,
  },
};

/** Visibility is six times the worker timeout, as AWS recommends for Lambda event sources. */
export function visibilityTimeoutSeconds(key: QueueKey): number {
  return QUEUES[key].workerTimeoutSeconds * 6;
}

export function dlqName(key: QueueKey): string {
  return `${QUEUES[key].localName}-dlq`;
}

export const USER_POOL = {
  localName: 'label-platform-users',
  clientName: 'label-platform-web',
  /** Sign-in uses USER_PASSWORD_AUTH: cognito-local does not do SRP, and one flow serves both clouds. */
  authFlows: ['USER_PASSWORD_AUTH', 'REFRESH_TOKEN_AUTH'] as const,
  accessTokenValidityHours: 1,
  idTokenValidityHours: 1,
  /** The session lasts one day. */
  refreshTokenValidityHours: 24,
  passwordMinLength: 8,
} as const;

/** Scheduled jobs; their functions are in infra/functions.ts. The local cloud runs them on a timer and on demand. */
export const SCHEDULES = {
  statementRun: {
    description: 'Monthly statement run',
    cron: { minute: '0', hour: '3', day: '1' },
    everyMsLocally: 24 * 60 * 60 * 1000,
  },
  /** Promo sends chosen for later (functions/promos/scheduled-send.ts) start within a minute of their time. */
  promoSends: {
    description: 'Scheduled promo sends',
    cron: { minute: '*' },
    everyMsLocally: 60 * 1000,
  },
  /** Licences ending soon, invoices past due, licensee reports overdue (functions/licensing/reminders-job.ts). */
  licenseReminders: {
    description: 'Licensing reminders',
    cron: { minute: '0', hour: '7' },
    everyMsLocally: 24 * 60 * 60 * 1000,
  },
  /** Fans who asked a smart link to tell them are mailed within the hour their release day starts (UTC). */
  fanNotices: {
    description: 'Release-day mails to fans who asked',
    cron: { minute: '5' },
    everyMsLocally: 60 * 60 * 1000,
  },
} as const;

export type ScheduleKey = keyof typeof SCHEDULES;

/** Environment variable names functions read their resources from. */
export const ENV = {
  table: 'TABLE_NAME',
  uploadsBucket: 'UPLOADS_BUCKET',
  ledgerBucket: 'LEDGER_BUCKET',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** The token issuer: https://cognito-idp.{region}.amazonaws.com/{poolId} in AWS, cognito-local's URL locally. */
  jwtIssuer: 'JWT_ISSUER',
  websocketEndpoint: 'WEBSOCKET_ENDPOINT',
  /** The royalty-import queue: the royalties API sends a re-run there, the local cloud its unfinished imports on start. */
  royaltyImportQueue: 'ROYALTY_IMPORT_QUEUE_URL',
  /** The queue the royalty-import worker sends a large report's parts to. */
  royaltyPartQueue: 'ROYALTY_PART_QUEUE_URL',
  /** The queue statement runs go through (the statements API, the schedule and the worker itself send to it). */
  statementRunQueue: 'STATEMENT_RUN_QUEUE_URL',
  /** The queue release deliveries go through (the deliveries API sends to it). */
  releaseDeliveryQueue: 'RELEASE_DELIVERY_QUEUE_URL',
  /** The catalogue import queue (the imports API starts an import there; the worker queues each next chunk). */
  catalogueImportQueue: 'CATALOGUE_IMPORT_QUEUE_URL',
  /** The queue catalogue export jobs go through (the exports API sends to it). */
  catalogueExportQueue: 'CATALOGUE_EXPORT_QUEUE_URL',
  /** The billing events queue (the webhook sends each verified provider event to it). */
  billingEventQueue: 'BILLING_EVENT_QUEUE_URL',
  /** The promo send queue (the promos API queues a send; the local cloud's start queues unfinished ones). */
  promoSendQueue: 'PROMO_SEND_QUEUE_URL',
  /** The promo audio queue (a send, and a download finding its file missing, queue the download files there). */
  promoAudioQueue: 'PROMO_AUDIO_QUEUE_URL',
  /** Which card payment provider runs (functions/billing/choose.ts): 'stripe' in AWS, 'local' on the local cloud. */
  billingProvider: 'BILLING_PROVIDER',
  /** The Secrets Manager secret holding Stripe's keys as JSON: { "secret_key": "sk_…", "webhook_secret": "whsec_…" }. */
  stripeSecret: 'STRIPE_SECRET',
  /** The local provider's webhook signing secret (the local cloud makes one per start). */
  localBillingWebhookSecret: 'LOCAL_BILLING_WEBHOOK_SECRET',
  appUrl: 'APP_URL',
  mailFrom: 'MAIL_FROM',
  /** The SES configuration set whose events come back through the mail events queue (set in AWS only). */
  mailConfigurationSet: 'MAIL_CONFIGURATION_SET',
  /** Promo mails per second (the account's SES sending quota); default in functions/promos/send-rate.ts. */
  promoSendRate: 'PROMO_SEND_RATE',
  /** Statement mails per second (the account's SES sending quota); default in functions/money/statements/runs/mail-pace.ts. */
  statementMailRate: 'STATEMENT_MAIL_RATE',
  /** The Secrets Manager secret payees' bank details are sealed with (functions/lib/sealed.ts). */
  sealingKeySecret: 'SEALING_KEY_SECRET',
  /** Athena (functions/royalties/ledger/engine/): the workgroup, and the Glue database and table of the ledger. */
  athenaWorkgroup: 'ATHENA_WORKGROUP',
  ledgerDatabase: 'LEDGER_GLUE_DATABASE',
  ledgerTable: 'LEDGER_GLUE_TABLE',
  /** A company ledger above this many stored lines is listed on Athena in AWS (default in ledger/engine/choose.ts). */
  ledgerDistributedLines: 'LEDGER_DISTRIBUTED_LINES',
  /** The royalties reader's memory budget per process in MB (default in ledger/duck.ts). */
  ledgerMemoryMb: 'LEDGER_MEMORY_MB',
  /** Set only in the local cloud: endpoints of the emulators and the outbox folder. */
  dynamoEndpoint: 'LOCAL_DYNAMODB_ENDPOINT',
  s3Endpoint: 'LOCAL_S3_ENDPOINT',
  sqsEndpoint: 'LOCAL_SQS_ENDPOINT',
  cognitoEndpoint: 'LOCAL_COGNITO_ENDPOINT',
  outboxDir: 'LOCAL_OUTBOX_DIR',
  /** The local cloud's sealing key file (generated once into its state folder). */
  sealingKeyFile: 'LOCAL_SEALING_KEY_FILE',
} as const;

/** The variable a queue's URL reaches its senders through (a function declares `sendsTo` in infra/functions.ts). */
export const QUEUE_URL_ENV: Partial<Record<QueueKey, string>> = {
  royaltyImport: ENV.royaltyImportQueue,
  royaltyImportPart: ENV.royaltyPartQueue,
  statementRun: ENV.statementRunQueue,
  releaseDelivery: ENV.releaseDeliveryQueue,
  catalogueImport: ENV.catalogueImportQueue,
  catalogueExport: ENV.catalogueExportQueue,
  billingEvents: ENV.billingEventQueue,
  promoSend: ENV.promoSendQueue,
  promoAudio: ENV.promoAudioQueue,
};
