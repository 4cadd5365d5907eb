/**
 * AWS SDK clients, created once per process. In AWS they use the default endpoints; the local
 * cloud sets LOCAL_* endpoints so the same calls reach its emulators.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Logger, RequestSigner } from '@smithy/types';
import { ENV } from '../../infra/resources.js';

const local = (name: string) => process.env[name] || undefined;
/**
 * Credentials for the emulators (AWS uses the Lambda role's). Most accept any key; s3rver
 * checks signatures against its fixed S3RVER key pair.
 */
const localCredentials = (endpoint: string | undefined, key = 'local') =>
  endpoint
    ? { credentials: { accessKeyId: key, secretAccessKey: key }, region: process.env.AWS_REGION ?? 'eu-west-2' }
    : {};

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

/**
 * A logger without `info`: the SDK's logger middleware calls `logger?.info?.(…)` and, for the
 * default no-op logger, still builds a redacted copy of every request and response to pass
 * it. On the per-request hot path that copy is measurable CPU. Failed calls are not logged
 * here either: they are thrown to the caller, and expected ones (a unique value taken, a log
 * written already) would only be noise; unexpected ones are logged where errors become HTTP.
 */
const warningsOnly = { debug: () => undefined, warn: console.warn, error: () => undefined } as unknown as Logger;

/**
 * DynamoDB Local (the local cloud's DynamoDB, run with one shared database) reads a call's Authorization header only
 * to see that it is there and checks no signature. Signing every call (a SHA-256 of the body and a chain of HMACs)
 * took about a fifth of the SDK's work in the local cloud's process over the test run, so calls to it carry a fixed
 * header of the same form instead. In AWS (no local endpoint) the SDK signs every call as always.
 */
const emulatorSigner: RequestSigner = {
  async sign(request) {
    request.headers.authorization =
      'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0';
    return request;
  },
};

let dynamo: DynamoDBDocumentClient | undefined;
/**
 * Not set: the SDK's `cacheMiddleware`, which keeps one resolved handler per command class to spare each call's
 * middleware resolution. The document client's commands (lib-dynamodb 3.1162) resolve a handler that calls the
 * command it was resolved for, so a kept handler would send the first call's input again for every later call.
 */
export function dynamoClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const endpoint = local(ENV.dynamoEndpoint);
    dynamo = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint,
        logger: warningsOnly,
        ...localCredentials(endpoint),
        ...(endpoint ? { signer: emulatorSigner } : {}),
      }),
      {
        marshallOptions: { removeUndefinedValues: true },
      },
    );
  }
  return dynamo;
}

let s3: S3Client | undefined;
export function s3Client(): S3Client {
  if (!s3) {
    const endpoint = local(ENV.s3Endpoint);
    s3 = new S3Client({
      endpoint,
      forcePathStyle: Boolean(endpoint),
      ...localCredentials(endpoint, 'S3RVER'),
      // Without these, presigned PUT URLs carry an empty-body checksum and s3rver stores
      // streamed uploads corrupted.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return s3;
}

let sqs: SQSClient | undefined;
export function sqsClient(): SQSClient {
  if (!sqs) {
    const endpoint = local(ENV.sqsEndpoint);
    sqs = new SQSClient({ endpoint, ...localCredentials(endpoint) });
  }
  return sqs;
}

let cognito: CognitoIdentityProviderClient | undefined;
export function cognitoClient(): CognitoIdentityProviderClient {
  if (!cognito) {
    const endpoint = local(ENV.cognitoEndpoint);
    cognito = new CognitoIdentityProviderClient({ endpoint, ...localCredentials(endpoint) });
  }
  return cognito;
}
