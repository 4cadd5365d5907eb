/**
 * The S3 buckets of resources.ts: private, TLS-only, encrypted, and publishing object-created
 * events to the queue each definition names (the media pipeline and the royalty drop folder).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import type { BucketAccess } from '../functions.js';
import { BUCKETS, ENV, type BucketKey } from '../resources.js';
import { acknowledge } from './nag.js';
import type { Queues } from './queues.js';
import { settings } from './settings.js';

const OBJECT_ACTIONS: Record<BucketAccess, string[]> = {
  read: ['s3:GetObject'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
  presign: ['s3:GetObject', 's3:PutObject'],
};

/** The environment variable that hands each bucket's name to functions. */
export const BUCKET_ENV: Record<BucketKey, string> = { uploads: ENV.uploadsBucket, ledger: ENV.ledgerBucket };

/** Private, TLS-only, S3-encrypted bucket: the baseline for every bucket of the product. */
export function privateBucket(scope: Construct, id: string, props: s3.BucketProps = {}): s3.Bucket {
  const { isProd, removalPolicy } = settings(scope);
  return new s3.Bucket(scope, id, {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    encryption: s3.BucketEncryption.S3_MANAGED,
    removalPolicy,
    autoDeleteObjects: !isProd,
    ...props,
  });
}

/** How long access logs (S3 server access logs, CloudFront logs) are kept: a year of who fetched what. */
const ACCESS_LOG_DAYS = 365;

/** CDK's one Lambda per stack that writes bucket notification settings (aws-s3 BucketNotificationsHandler). */
const NOTIFICATIONS_HANDLER_ID = 'BucketNotificationsHandler050a0587b7544547bf325f094a3db834';

export class Storage extends Construct {
  /** Every bucket's server access logs (under s3/<bucket>/) and CloudFront's logs (under cloudfront/). */
  readonly accessLogs: s3.Bucket;
  private readonly byKey = new Map<BucketKey, s3.Bucket>();

  constructor(scope: Construct, id: string, props: { queues: Queues }) {
    super(scope, id);
    this.accessLogs = privateBucket(this, 'AccessLogs', {
      // CloudFront's standard logs are delivered through an ACL grant, which needs ACLs enabled.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS) }],
    });
    acknowledge(
      this.accessLogs,
      'This is the access-log bucket itself: logging its accesses into itself would log every log delivery, ' +
        'without end.',
      'AwsSolutions-S1',
    );
    for (const key of Object.keys(BUCKETS) as BucketKey[]) {
      const definition = BUCKETS[key];
      const bucket = privateBucket(this, key, {
        // The browser PUTs to presigned URLs from the SPA's origin; ETag is read back for multipart uploads.
        cors: definition.browserUploads
          ? [
              {
                allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
                allowedOrigins: ['*'],
                allowedHeaders: ['*'],
                exposedHeaders: ['ETag'],
              },
            ]
          : undefined,
        lifecycleRules: [
          { abortIncompleteMultipartUploadAfter: Duration.days(7) },
          ...(definition.expires
            ? [{ prefix: definition.expires.prefix, expiration: Duration.days(definition.expires.days) }]
            : []),
        ],
        serverAccessLogsBucket: this.accessLogs,
        serverAccessLogsPrefix: `s3/${key}/`,
      });
      if (definition.notifyQueue) {
        const filters = definition.prefix ? [{ prefix: definition.prefix }] : [];
        bucket.addEventNotification(
          s3.EventType.OBJECT_CREATED,
          new s3n.SqsDestination(props.queues.queue(definition.notifyQueue)),
          ...filters,
        );
      }
      this.byKey.set(key, bucket);
    }
    const notifications = Stack.of(this).node.tryFindChild(NOTIFICATIONS_HANDLER_ID);
    if (notifications) {
      acknowledge(
        notifications,
        "CDK's own handler that writes the buckets' notification settings at deploy time; its role (CloudWatch " +
          'logs, s3:PutBucketNotification) is made by CDK.',
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      );
    }
  }

  /** The bucket named by `key` in resources.ts (BUCKETS). */
  bucket(key: BucketKey): s3.Bucket {
    const bucket = this.byKey.get(key);
    if (!bucket) throw new Error(`Unknown bucket ${key}`);
    return bucket;
  }

  /** Grants `grantee` the object rights of `access` on bucket `key` (see BucketAccess). */
  grantAccess(key: BucketKey, grantee: iam.IGrantable, access: BucketAccess): void {
    const bucket = this.bucket(key);
    iam.Grant.addToPrincipal({ grantee, actions: OBJECT_ACTIONS[access], resourceArns: [bucket.arnForObjects('*')] });
    if (access !== 'presign')
      iam.Grant.addToPrincipal({ grantee, actions: ['s3:ListBucket'], resourceArns: [bucket.bucketArn] });
  }

  /** Lets `grantee` sign browser PUT/GET URLs for the uploads bucket. */
  grantPresignedUploads(grantee: iam.IGrantable): void {
    this.grantAccess('uploads', grantee, 'presign');
  }
}
