import type { StatementFigures } from '../../shared/schemas/statement-views.js';

/** A statement's figures, each 0.00 unless given: tests that write statements name only the figures they mean. */
export function statementFigures(over: Partial<StatementFigures> = {}): StatementFigures {
  const zero = '0.00';
  return {
    opening_balance: zero,
    royalties: zero,
    costs: zero,
    expenses: zero,
    advances: zero,
    reserves: zero,
    transfers: zero,
    payments: zero,
    adjustments: zero,
    closing_balance: zero,
    payable: zero,
    ...over,
  };
}
