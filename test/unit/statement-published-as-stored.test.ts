import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreateStatement } from '../../functions/data/entities/statements.js';
import { statementFigures } from '../support/statement-figures.js';

/**
 * A statement run's account step takes the statement it published from the publication itself, not from a read after
 * it (functions/data/access/statements.ts publishStatement): what it hands back must be the statement as a read of
 * the stored item gives it, its defaults and time stamps included. The table here is the items the transaction put.
 */
const stored = new Map<string, Record<string, unknown>>();
const send = vi.fn(async (command: unknown) => {
  if (command instanceof TransactWriteCommand)
    for (const { Put } of command.input.TransactItems ?? [])
      if (Put?.Item) stored.set(`${Put.Item.pk} ${Put.Item.sk}`, Put.Item);
  if (command instanceof GetCommand) {
    const item = stored.get(`${command.input.Key?.pk} ${command.input.Key?.sk}`);
    return item ? { Item: item } : {};
  }
  return {};
});
vi.mock('../../functions/lib/clients.js', async (original) => ({
  ...(await original<typeof import('../../functions/lib/clients.js')>()),
  dynamoClient: () => ({ send }),
}));

beforeAll(() => {
  process.env.TABLE_NAME = 'statement-published-as-stored-test';
});

const statement: CreateStatement = {
  tenantId: 'c1',
  statementId: 's1',
  number: 'ST-000001',
  type: 'Statement',
  accountKey: 'Payee#p1',
  payee_name: 'A Payee',
  subject: 'Royalty Statement for A Payee 2026-Q2',
  start_pay_period: '2026-04',
  end_pay_period: '2026-06',
  accounting_period: '2026-Q2',
  currency: 'GBP',
  figures: statementFigures({ royalties: '12.35', closing_balance: '12.35', payable: '12.35' }),
  queue_status: 'generating',
  run_id: 'r1',
};

describe('a published statement handed back by its publication', () => {
  it('is the statement a read of the stored item gives, defaults and time stamps included', async () => {
    const { getStatement, publishStatement } = await import('../../functions/data/access/statements.js');
    const result = await publishStatement(
      { statement, sequenceFrom: 0, expenseIds: [], entryIds: [], stated: { version: 0, periods: [] } },
      new Date(0).toISOString(),
    );
    expect(result.outcome).toBe('published');
    const read = await getStatement('c1', 's1');
    expect(read).toMatchObject({ number: 'ST-000001', version: 1, paid: false, queue_status: 'generating' });
    expect(read?.createdAt).toEqual(expect.any(String));
    expect(result.statement).toEqual(read);
  });
});
