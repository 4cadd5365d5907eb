import Big from 'big.js';
import { formatMoney } from '../../../../../shared/money';
import { labelShareParts } from '../../../../../shared/royalty-figures';
import type { RunTotals } from '../../../../../shared/schemas/statement-views';

/**
 * The label's share of a run's period in words: what the payees are owed, what the label keeps
 * and what no one is entitled to, as the statement engine split it (the run's totals; nothing is
 * recomputed here). The engine's parts add up to the label's share exactly; to the cent they are
 * shown by the rule the finances and the royalties list show the same sums by (`labelShareParts`):
 * what the label keeps is the rest, so the figures add up as shown and agree with those pages.
 */
export type LabelShareWords = {
  /** The figures, each in the run's currency. */
  label_share: string;
  payees: string;
  retained: string;
  unaccountable: string;
  sentence: string;
  /**
   * How the payees' part meets the statements (when the preview says): what they state to the
   * cent, the rounding they carry, and what other runs stated already; null for older runs.
   */
  statements: string | null;
};

export function labelShareWords(
  totals: Pick<RunTotals, 'label_payable' | 'allocated' | 'retained' | 'unaccountable' | 'payees'>,
  currency: string | null,
): LabelShareWords {
  const parts = labelShareParts({
    label: totals.label_payable,
    owed: totals.allocated,
    unaccountable: totals.unaccountable,
  });
  const m = (value: string) => formatMoney(value, currency);
  const figures = {
    label_share: m(parts.label),
    payees: m(parts.owed),
    retained: m(parts.label_keeps),
    unaccountable: m(parts.unaccountable),
  };
  const { payees } = totals;
  const already = payees && !new Big(payees.already_stated).eq(0);
  const rounding = payees && !new Big(payees.rounding).eq(0);
  const statements = payees
    ? [
        `The statements below state ${formatMoney(payees.stated, currency)} of it to the cent`,
        rounding
          ? `; rounding to the cent, carried from one statement of a payee to the next, accounts for ${formatMoney(payees.rounding, currency, { precision: 'exact' })}`
          : '',
        already
          ? `; ${formatMoney(payees.already_stated, currency, { precision: 'exact' })} is for payees another run has stated for these months`
          : '',
        '.',
      ].join('')
    : null;
  return {
    statements,
    ...figures,
    sentence: `Of the label's share of this period's income, ${figures.label_share}, the payees are owed ${figures.payees}, the label keeps ${figures.retained} and no one is entitled to ${figures.unaccountable}.`,
  };
}
