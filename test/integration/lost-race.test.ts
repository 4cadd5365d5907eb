import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { call, demo, signIn, uniqueEmail } from '../support/api.js';
import { LOST_RACE_MESSAGE } from '../../functions/lib/errors.js';

/**
 * A conditional write that loses a race answers 409, not 500. The race is made
 * deterministic: the auth handler runs in this process against the test cloud, and right after
 * it has read the user it edits, another admin deletes that user through the API. Its patch
 * (ElectroDB's attribute_exists condition) then fails, which ElectroDB reports as an ElectroError
 * whose `cause` is the SDK's ConditionalCheckFailedException.
 */
let admin: string;
let adminSub: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  admin = await signIn(demo.admin.email, demo.admin.password);
  adminSub = JSON.parse(Buffer.from(admin.split('.')[1], 'base64url').toString('utf8')).sub;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The event API Gateway hands the auth Lambda for PATCH /admin/users/{id}, as the signed-in admin. */
function editUserEvent(userId: string, body: object): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'PATCH /api/v1/admin/users/{id}',
    rawPath: `/api/v1/admin/users/${userId}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    pathParameters: { id: userId },
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'PATCH', path: `/api/v1/admin/users/${userId}`, sourceIp: '127.0.0.1' },
      authorizer: { jwt: { claims: { sub: adminSub } } },
    },
  } as unknown as APIGatewayProxyEventV2;
}

describe('two admins changing the same user at once', () => {
  it('answers the one whose edit lost the race with 409 and a clear message', async () => {
    const email = uniqueEmail('raced');
    const invited = await call('POST', '/api/v1/admin/users', { token: admin, body: { name: 'Rae Raced', email } });
    expect(invited.status).toBe(201);
    const userId: string = invited.body.user.id;

    const { getDb } = await import('../../functions/data/service.js');
    const { handler } = await import('../../functions/auth/handler.js');
    const users = getDb().entities.User;
    const realGet = users.get.bind(users);
    // The edit reads the user, then the other admin's delete lands, then the edit writes.
    vi.spyOn(users, 'get').mockImplementation(((key: { userId: string }) => {
      const read = realGet(key);
      if (key.userId !== userId) return read;
      return Object.assign(Object.create(read), {
        go: async (options?: object) => {
          const found = await read.go(options as never);
          const deleted = await call('DELETE', `/api/v1/admin/users/${userId}`, { token: admin });
          expect(deleted.status).toBe(200);
          return found;
        },
      });
    }) as typeof users.get);

    const answer = (await handler(
      editUserEvent(userId, { name: 'Rae Renamed' }),
      {} as Context,
    )) as APIGatewayProxyStructuredResultV2;
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(String(answer.body))).toEqual({ message: LOST_RACE_MESSAGE });
    // The delete won: the user is gone, not half-edited.
    expect((await call('GET', `/api/v1/admin/users/${userId}`, { token: admin })).status).toBe(404);
  });
});
