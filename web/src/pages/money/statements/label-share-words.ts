import Big from 'big.js';
import { formatMoney, type MoneyPrecision } from '../../../../../shared/money';
import type { RunTotals } from '../../../../../shared/schemas/statement-views';

/**
 * The label's share of a run's period in words: what the payees are owed, what the label keeps
 * and what no one is entitled to, as the statement engine split it (the run's totals; nothing is
 * recomputed here). The engine's parts add up to the label's share exactly; shown to the cent,
 * each part is rounded on its own and three roundings can miss the total by a cent, so then every
 * figure is shown to the millionth instead, where the sum reads true.
 */
export type LabelShareWords = {
  precision: MoneyPrecision;
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

const cents = (value: string) => new Big(value || '0').round(2, Big.roundHalfUp);

export function labelShareWords(
  totals: Pick<RunTotals, 'label_payable' | 'allocated' | 'retained' | 'unaccountable' | 'payees'>,
  currency: string | null,
): LabelShareWords {
  const partsInCents = cents(totals.allocated).plus(cents(totals.retained)).plus(cents(totals.unaccountable));
  const precision: MoneyPrecision = partsInCents.eq(cents(totals.label_payable)) ? 'cents' : 'exact';
  const m = (value: string) => formatMoney(value, currency, { precision });
  const figures = {
    label_share: m(totals.label_payable),
    payees: m(totals.allocated),
    retained: m(totals.retained),
    unaccountable: m(totals.unaccountable),
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
    precision,
    statements,
    ...figures,
    sentence: `Of the label's share of this period's income, ${figures.label_share}, the payees are owed ${figures.payees}, the label keeps ${figures.retained} and no one is entitled to ${figures.unaccountable}.`,
  };
}
