import type { StatementRunItem } from '../../../data/entities/statements.js';
import type { EarningsScope } from '../../earnings/earnings.js';

/** What a run computes over: its kind, period, labels and accounts (empty: all). */
export const scopeOf = (run: StatementRunItem): EarningsScope => ({
  kind: run.kind,
  start_pay_period: run.start_pay_period,
  end_pay_period: run.end_pay_period,
  label_ids: run.label_ids ?? [],
  accounts: run.accounts ?? [],
});
