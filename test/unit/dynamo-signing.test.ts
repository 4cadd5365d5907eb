import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { FinalizeHandlerArguments, HttpRequest } from '@smithy/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../infra/resources.js';

/** The Authorization header the process's DynamoDB client puts on a call, read after signing and never sent. */
async function authorizationOfACall(env: Record<string, string | undefined>): Promise<string> {
  vi.resetModules();
  // Stubbed in place, never by a new process.env object (test/unit/shared-process-rules.test.ts says why).
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { dynamoClient } = await import('../../functions/lib/clients.js');
  const client = dynamoClient();
  let authorization = '';
  client.middlewareStack.addRelativeTo(
    () => async (args: FinalizeHandlerArguments<object>) => {
      authorization = (args.request as HttpRequest).headers.authorization ?? '';
      throw new Error('stopped after signing');
    },
    { relation: 'after', toMiddleware: 'httpSigningMiddleware', name: 'readSignedRequest' },
  );
  await expect(client.send(new GetCommand({ TableName: 'T', Key: { pk: 'a', sk: 'b' } }))).rejects.toThrow(
    'stopped after signing',
  );
  return authorization;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('signing DynamoDB calls', () => {
  it('signs every call in AWS (no local endpoint): a real SigV4 signature', async () => {
    const authorization = await authorizationOfACall({
      [ENV.dynamoEndpoint]: undefined,
      AWS_REGION: 'eu-west-2',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    });
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-2\/dynamodb\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/,
    );
  });

  it('sends DynamoDB Local, which checks no signature, a fixed header of the same form', async () => {
    const authorization = await authorizationOfACall({ [ENV.dynamoEndpoint]: 'http://127.0.0.1:1' });
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-2/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    );
  });
});
