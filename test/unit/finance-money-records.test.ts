import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Finances hold a company's money records per process for the version of LISTS.money
 * (functions/money/finances/money-records.ts, lib/versioned-cache.ts). These tests hold the two halves of that
 * promise without a database: the cache loads once per version and stays bounded, and every
 * writer of statements, expenses, account entries, payments and the company marks the version
 * after its write (a reader loading in between keeps new records under the old version, never
 * old records under the new one).
 */

/** What the mocked table saw, in order: `write <entity path>` for data, `mark <list>` for a version. */
const events: string[] = [];

interface Chain extends Record<string, Chain> {
  (...args: unknown[]): Chain;
}
/** Any ElectroDB chain (`entities.X.patch(..).set(..).where(..).go()`), recording what it writes. */
function chain(path: string, list?: string): Chain {
  const target = (() => undefined) as unknown as Chain;
  return new Proxy(target, {
    get: (_, prop) => {
      if (prop === 'then') return undefined;
      if (prop === 'go')
        return async () => {
          events.push(list ? `mark ${list}` : `write ${path}`);
          return { data: {}, canceled: false };
        };
      if (prop === 'commit') return () => ({ path });
      return chain(`${path}.${String(prop)}`, list);
    },
    apply: (_, __, args) => {
      if (path.endsWith('transaction.write')) (args[0] as (entities: Chain) => unknown)(chain('tx'));
      const first = args[0] as { list?: string } | undefined;
      if (path.endsWith('ListVersion.put') && first?.list) return chain(path, first.list);
      return chain(path, list);
    },
  });
}
vi.mock('../../functions/data/service.js', () => ({ getDb: () => chain('db') }));

const { VersionedCache } = await import('../../functions/lib/versioned-cache.js');

describe("the per-process cache of a tenant's records", () => {
  const limits = { entries: 2, weight: 10, maxAgeMs: 60_000, weigh: (v: number[]) => v.length };

  it('loads once per version, shares a load among concurrent misses, and loads again when the version moves', async () => {
    const cache = new VersionedCache<number[]>(limits);
    const load = vi.fn(async () => [1, 2]);
    const first = await Promise.all(Array.from({ length: 20 }, () => cache.get('t1', 'v1', load)));
    expect(first.every((v) => v === first[0])).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('t1', 'v1', load);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('t1', 'v2', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.size()).toEqual({ entries: 1, weight: 2 });
  });

  it('drops the least recently used tenant beyond its limits of tenants and weight', async () => {
    const cache = new VersionedCache<number[]>(limits);
    const load = (size: number) => vi.fn(async () => Array.from({ length: size }, (_, i) => i));
    await cache.get('a', 'v', load(2));
    await cache.get('b', 'v', load(2));
    await cache.get('a', 'v', load(2)); // a read last: b is now the least recently used
    await cache.get('c', 'v', load(2));
    const again = load(2);
    await cache.get('a', 'v', again);
    expect(again).not.toHaveBeenCalled();
    const reloaded = load(2);
    await cache.get('b', 'v', reloaded);
    expect(reloaded).toHaveBeenCalledTimes(1);
    expect(cache.size().entries).toBe(2);
    // Weight: one tenant of 9 leaves room for nothing else, but the tenant just loaded stays.
    await cache.get('heavy', 'v', load(9));
    expect(cache.size()).toEqual({ entries: 1, weight: 9 });
    await cache.get('huge', 'v', load(50));
    expect(cache.size()).toEqual({ entries: 1, weight: 50 });
  });

  it('loads a copy again once it is older than its maximum age, whatever its version', async () => {
    const cache = new VersionedCache<number[]>({ ...limits, maxAgeMs: 1000 });
    const load = vi.fn(async () => [1]);
    await cache.get('t1', 'v1', load);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2000);
      await cache.get('t1', 'v1', load);
    } finally {
      vi.useRealTimers();
    }
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('writers of money records mark their version after writing', () => {
  beforeEach(() => {
    events.length = 0;
  });

  const statement = { tenantId: 't1', statementId: 's1', accountKey: 'Payee#p1' };
  const payment = { tenantId: 't1', paymentId: 'pay1', userId: 'u1' };
  const statementPayment = { payment_date: '2026-01-01', payment_method: null, payment_reference: null };
  const writers: [string, () => Promise<unknown>][] = [
    [
      'createExpense',
      async () => (await import('../../functions/data/access/expenses.js')).createExpense({ tenantId: 't1' } as never),
    ],
    [
      'updateExpense',
      async () => (await import('../../functions/data/access/expenses.js')).updateExpense('t1', 'x1', {}, []),
    ],
    ['deleteExpense', async () => (await import('../../functions/data/access/expenses.js')).deleteExpense('t1', 'x1')],
    [
      'createAccountEntry',
      async () =>
        (await import('../../functions/data/access/accounts.js')).createAccountEntry({ tenantId: 't1' } as never),
    ],
    [
      'updateAccountEntry',
      async () =>
        (await import('../../functions/data/access/accounts.js')).updateAccountEntry(
          { tenantId: 't1', accountKey: 'Label#l1', entryId: 'e1' },
          {},
          [],
        ),
    ],
    [
      'deleteAccountEntry',
      async () =>
        (await import('../../functions/data/access/accounts.js')).deleteAccountEntry({
          tenantId: 't1',
          accountKey: 'Label#l1',
          entryId: 'e1',
        }),
    ],
    [
      'publishStatement',
      async () =>
        (await import('../../functions/data/access/statements.js')).publishStatement(
          {
            statement: statement as never,
            sequenceFrom: 0,
            expenseIds: ['x1'],
            entryIds: [],
            stated: { version: 0, periods: [] },
          },
          new Date(0).toISOString(),
        ),
    ],
    [
      'updateStatementDetails',
      async () => (await import('../../functions/data/access/statements.js')).updateStatementDetails('t1', 's1', {}),
    ],
    [
      'claimStatementDocuments',
      async () => (await import('../../functions/data/access/statements.js')).claimStatementDocuments('t1', 's1', 'x'),
    ],
    [
      'releaseStatementDocuments',
      async () => (await import('../../functions/data/access/statements.js')).releaseStatementDocuments('t1', 's1'),
    ],
    [
      'completeStatement',
      async () =>
        (await import('../../functions/data/access/statements.js')).completeStatement('t1', 's1', 'r1', {
          pdf_key: 'a',
          csv_key: 'b',
        }),
    ],
    [
      'markStatementUnpaid',
      async () => (await import('../../functions/data/access/statements.js')).markStatementUnpaid(statement),
    ],
    [
      'writePayment',
      async () =>
        (await import('../../functions/data/access/payments.js')).writePayment(
          payment as never,
          [{ statement, amount: '-1.00' }],
          statementPayment,
          { accountKey: 'Artist#a1', version: 1 },
        ),
    ],
    [
      'updatePaymentDetails',
      async () =>
        (await import('../../functions/data/access/payments.js')).updatePaymentDetails(
          payment as never,
          {},
          [],
          [statement],
          statementPayment,
          [statement],
        ),
    ],
    [
      'removePayment',
      async () =>
        (await import('../../functions/data/access/payments.js')).removePayment(payment as never, [statement]),
    ],
    [
      'updateCompanyAndMembers',
      async () =>
        (await import('../../functions/data/access/companies.js')).updateCompanyAndMembers('t1', {
          set: { currency: 'EUR' } as never,
          remove: [],
          put: [],
          removeUsers: [],
        }),
    ],
  ];

  it.each(writers)('%s marks money#t1 once its write is done', async (_, write) => {
    await write();
    const mark = events.indexOf('mark money#t1');
    expect(mark, events.join(', ')).toBeGreaterThan(0);
    expect(events.slice(0, mark).some((e) => e.startsWith('write '))).toBe(true);
  });
});

describe("finances' money records", () => {
  it('are read once per version of money#tenant, and again when it moves', async () => {
    const reads = { statements: 0 };
    vi.doMock('../../functions/data/access/statements.js', () => ({
      listStatements: async () => {
        reads.statements += 1;
        return [{ statementId: 's1' }];
      },
    }));
    vi.doMock('../../functions/data/access/expenses.js', () => ({ listExpenses: async () => [] }));
    vi.doMock('../../functions/data/access/finances.js', () => ({ companyEntries: async () => [] }));
    vi.doMock('../../functions/data/access/companies.js', () => ({
      getCompany: async () => ({ name: 'Co', currency: 'EUR' }),
    }));
    vi.resetModules();
    try {
      const { moneyRecords, companyCurrency } = await import('../../functions/money/finances/money-records.js');
      const first = await moneyRecords('t9', 'v1');
      expect(companyCurrency(first)).toBe('EUR');
      expect(await moneyRecords('t9', 'v1')).toBe(first);
      expect(reads.statements).toBe(1);
      await moneyRecords('t9', 'v2');
      expect(reads.statements).toBe(2);
    } finally {
      // The writers' tests import these modules whole: whichever runs after this one must not find the swaps.
      for (const access of ['statements', 'expenses', 'finances', 'companies'])
        vi.doUnmock(`../../functions/data/access/${access}.js`);
      vi.resetModules();
    }
  });
});

describe('finance answers held for the versions they were computed from', () => {
  it('computes once per arguments and versions, again when a version moves, never without one', async () => {
    const { memoAnswer } = await import('../../functions/lib/answer-memo.js');
    const compute = vi.fn(async () => ({ revenue: '1.00' }));
    const [a, b] = await Promise.all([
      memoAnswer(['view', 't1', 'label L1', 'v1'], compute),
      memoAnswer(['view', 't1', 'label L1', 'v1'], compute),
    ]);
    expect(a).toBe(b);
    expect(compute).toHaveBeenCalledTimes(1);
    await memoAnswer(['view', 't1', 'label L1', 'v2'], compute);
    await memoAnswer(['view', 't2', 'label L1', 'v2'], compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await memoAnswer(['view', 't1', 'label L1', undefined], compute);
    await memoAnswer(['view', 't1', 'label L1', undefined], compute);
    expect(compute).toHaveBeenCalledTimes(5);
  });

  it('keeps no failure, and at most 300 answers', async () => {
    const { memoAnswer } = await import('../../functions/lib/answer-memo.js');
    const failing = vi.fn(async () => {
      throw new Error('Label not found');
    });
    await expect(memoAnswer(['accounting', 'gone'], failing)).rejects.toThrow('Label not found');
    await expect(memoAnswer(['accounting', 'gone'], failing)).rejects.toThrow('Label not found');
    expect(failing).toHaveBeenCalledTimes(2);
    const compute = vi.fn(async () => 1);
    await memoAnswer(['first'], compute);
    for (let i = 0; i < 300; i += 1) await memoAnswer(['other', String(i)], async () => i);
    await memoAnswer(['first'], compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
