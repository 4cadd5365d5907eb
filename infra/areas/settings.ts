/**
 * Deployment settings, read from CDK context (`npx cdk deploy -c stage=dev`) in ONE place so each
 * key is documented once and tests can set them on `new App({ context })`.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

export type Settings = {
  /** `prod` (default) keeps data on stack deletion; any other stage is disposable. */
  stage: string;
  isProd: boolean;
  /** RETAIN in prod so deleting the stack never deletes customers' data. */
  removalPolicy: RemovalPolicy;
  /** Lambda code becomes an inline placeholder: fast assertion tests, no handler files needed. */
  skipBundling: boolean;
  /** Sender of the product's e-mails (must be a verified SES identity). */
  mailFrom: string;
  /** Origins allowed to call the HTTP API directly (the deployed SPA calls it same-origin via /api/*). */
  corsOrigins: string[];
  /**
   * An arm64 Lambda layer with ffmpeg at /opt/bin/ffmpeg for the audio worker (`-c ffmpegLayerArn=…`), in place of
   * the one the stack builds from an npm package (ffmpeg-layer.ts).
   */
  ffmpegLayerArn?: string;
  /**
   * The SPA's own domain and its ACM certificate (in us-east-1), `-c domainName=… -c certificateArn=…`:
   * with them CloudFront refuses TLS below 1.2; the default *.cloudfront.net certificate cannot.
   */
  webDomain?: { name: string; certificateArn: string };
  /** Where the operators' alarms are mailed (`-c operatorsEmail=ops@example.com`); without it the topic has no subscriber. */
  operatorsEmail?: string;
};

const truthy = (value: unknown) => value === true || value === 'true' || value === '1';

/**
 * Reads the settings visible from `scope` (context keys: stage, skipBundling, mailFrom, corsOrigins,
 * ffmpegLayerArn, domainName, certificateArn, operatorsEmail).
 */
export function settings(scope: Construct): Settings {
  const context = (key: string): unknown => scope.node.tryGetContext(key);
  // Defaults to prod: forgetting the flag must fail safe (retained data), not destroy it.
  const stage = String(context('stage') ?? process.env.STAGE ?? 'prod');
  const isProd = stage === 'prod';
  const origins = context('corsOrigins');
  return {
    stage,
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    skipBundling: truthy(context('skipBundling')) || process.env.CDK_SKIP_BUNDLING === '1',
    mailFrom: String(context('mailFrom') ?? 'no-reply@example.com'),
    // The Vite dev server, so a developer can run the SPA locally against a deployed API.
    corsOrigins: Array.isArray(origins)
      ? origins.map(String)
      : typeof origins === 'string'
        ? origins.split(',')
        : ['http://localhost:5173'],
    ...(context('ffmpegLayerArn') ? { ffmpegLayerArn: String(context('ffmpegLayerArn')) } : {}),
    ...(context('domainName') && context('certificateArn')
      ? { webDomain: { name: String(context('domainName')), certificateArn: String(context('certificateArn')) } }
      : {}),
    ...(context('operatorsEmail') ? { operatorsEmail: String(context('operatorsEmail')) } : {}),
  };
}

/** Physical name for a resource: the shared name in prod, suffixed elsewhere so stages can share an account. */
export function physicalName(scope: Construct, name: string): string {
  const { stage, isProd } = settings(scope);
  return isProd ? name : `${name}-${stage}`;
}
