import { describe, expect, it } from 'vitest';
import { WORKERS } from '../../infra/functions.js';
import { budgetLedger, largestFunctionMemoryMb } from '../../infra/local/ledger-budget.js';
import { duckMemoryMb } from '../../functions/royalties/ledger/duck.js';

describe("npm start's ledger budget", () => {
  it('is the memory of the largest function it hosts, so the import worker’s work fits as in its Lambda', () => {
    const env: NodeJS.ProcessEnv = {};
    budgetLedger(largestFunctionMemoryMb(), env);
    expect(Number(env.LEDGER_MEMORY_MB)).toBe(largestFunctionMemoryMb());
    for (const worker of Object.values(WORKERS))
      expect(Number(env.LEDGER_MEMORY_MB)).toBeGreaterThanOrEqual(worker.memorySize ?? 0);
    expect(duckMemoryMb(env)).toBeGreaterThan(duckMemoryMb({}));
  });

  it('keeps a budget the environment names', () => {
    const env: NodeJS.ProcessEnv = { LEDGER_MEMORY_MB: '1536' };
    budgetLedger(largestFunctionMemoryMb(), env);
    expect(env.LEDGER_MEMORY_MB).toBe('1536');
  });
});
