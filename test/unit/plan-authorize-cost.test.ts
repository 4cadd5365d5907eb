import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The plan check costs no round trip of its own (docs/plans.md): authorize reads the
 * user, the membership and the company in its one BatchGetItem, and the plans from the process's cache.
 */
const send = vi.fn();
vi.mock('../../functions/lib/clients.js', async (original) => ({
  ...(await original<typeof import('../../functions/lib/clients.js')>()),
  dynamoClient: () => ({ send }),
}));

const TABLE = 'plans-cost-test';
let items: Record<string, unknown>[] = [];

beforeAll(async () => {
  process.env.TABLE_NAME = TABLE;
  const { getDb } = await import('../../functions/data/service.js');
  const { User, UserLogin, CompanyUser, Company } = getDb().entities;
  const put = (params: { Item: Record<string, unknown> }) => params.Item;
  items = [
    put(User.put({ userId: 'u1', email: 'u1@example.test', name: 'U', role: 'label_manager' }).params()),
    put(CompanyUser.put({ userId: 'u1', companyId: 'c1', role: 'label_manager' }).params()),
    put(Company.put({ companyId: 'c1', name: 'Starter Co', subscription_id: 'plan_starter' }).params()),
  ];
  const login = put(UserLogin.put({ sub: 's1', userId: 'u1' }).params());
  send.mockImplementation(async (command: unknown) => {
    if (command instanceof BatchGetCommand) {
      const keys = command.input.RequestItems?.[TABLE]?.Keys ?? [];
      const found = keys
        .map((key) => items.find((item) => item.pk === key.pk && item.sk === key.sk))
        .filter((item) => item !== undefined);
      return { Responses: { [TABLE]: found } };
    }
    if (command instanceof GetCommand) return { Item: login };
    if (command instanceof QueryCommand) return { Items: [] };
    throw new Error(`unexpected command ${String(command)}`);
  });
});

describe('authorize with plans', () => {
  it('reads the company in the same batch as the user and membership, and the plans from the cache', async () => {
    const { authorize } = await import('../../functions/lib/auth-context.js');
    const { ROUTES } = await import('../../functions/routes.js');
    const { planGate } = await import('../../functions/plans/gate.js');
    const statements = ROUTES.find((r) => r.method === 'GET' && r.path === '/api/v1/statements');
    const labels = ROUTES.find((r) => r.method === 'GET' && r.path === '/api/v1/labels');
    if (!statements || !labels) throw new Error('routes missing');
    const claims = { sub: 's1' };
    // The first call learns the user's id for the token and caches the plans.
    await expect(authorize(labels, claims, 'c1', planGate)).resolves.toMatchObject({ tenantId: 'c1' });

    send.mockClear();
    await expect(authorize(statements, claims, 'c1', planGate)).rejects.toMatchObject({
      status: 402,
      message: 'Your plan (Starter) does not include the statement generator. It is included in Label and Enterprise.',
    });
    await expect(authorize(labels, claims, 'c1', planGate)).resolves.toMatchObject({ tenantId: 'c1' });
    // Two calls, two round trips: each one BatchGetItem with the user, the membership and the company.
    expect(send).toHaveBeenCalledTimes(2);
    for (const [command] of send.mock.calls) {
      expect(command).toBeInstanceOf(BatchGetCommand);
      expect((command as BatchGetCommand).input.RequestItems?.[TABLE]?.Keys).toHaveLength(3);
    }
  });
});
