import { describe, expect, it, vi } from 'vitest';
import { retriedOnConflict } from '../../functions/data/transaction.js';

/** Answers as ElectroDB gives a transaction's outcome, one per call, the last repeated. */
function answers(...outcomes: { canceled: boolean; data: ({ code?: string } | undefined)[] }[]) {
  let call = 0;
  return vi.fn(async () => outcomes[Math.min(call++, outcomes.length - 1)]);
}

const conflict = { canceled: true, data: [{ code: 'None' }, { code: 'TransactionConflict' }] };
const written = { canceled: false, data: [] };

describe('a transaction cancelled by a conflict with another write is tried again', () => {
  it('writes on a later attempt when the conflict clears', async () => {
    const write = answers(conflict, conflict, written);
    await expect(retriedOnConflict(write)).resolves.toEqual(written);
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('answers a refused condition at once: it is an answer, not a conflict', async () => {
    const refused = { canceled: true, data: [{ code: 'ConditionalCheckFailed' }, { code: 'TransactionConflict' }] };
    const write = answers(refused, written);
    await expect(retriedOnConflict(write)).resolves.toEqual(refused);
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('gives the last answer back after eight conflicts in a row', async () => {
    vi.useFakeTimers();
    try {
      const write = answers(conflict);
      const outcome = retriedOnConflict(write);
      await vi.runAllTimersAsync();
      await expect(outcome).resolves.toEqual(conflict);
      expect(write).toHaveBeenCalledTimes(8);
    } finally {
      vi.useRealTimers();
    }
  });
});
