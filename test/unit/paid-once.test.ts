import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountEntryItem } from '../../functions/data/entities/statements.js';
import { accountOwes, whyNotPayable } from '../../functions/money/payments/due-rule.js';
import type { ChainedStatement } from '../../functions/money/payments/carried.js';
import { accountFigures } from '../../functions/money/statements/accounts/account-figures.js';
import { pendingFor } from '../../functions/money/statements/accounts/pending.js';

/**
 * Money is paid once: a payment is carried by the first statement made after it is recorded,
 * whatever its date (so a statement never asks again for money already paid), and the one rule
 * that says what may be paid (due-rule.ts) refuses a statement that still counts money paid since
 * it was made. A random history of statements and payments never pays an account more than it
 * was stated, and every statement closes at exactly what is still owed.
 */
type Entry = Pick<AccountEntryItem, 'entryId' | 'kind' | 'amount' | 'date' | 'paid_statement_id' | 'statement_id'>;
const entry = (e: Entry) => ({ tenantId: 't', accountKey: 'Payee#p', ...e }) as AccountEntryItem;
const st = (n: number, end: string, payable: string, extra: Partial<ChainedStatement> = {}): ChainedStatement => ({
  statementId: `S${n}`,
  number: `ST-${n}`,
  end_pay_period: end,
  paid: false,
  figures: { payable, opening_balance: '0.00', closing_balance: payable },
  ...extra,
});

describe('which payments a statement carries', () => {
  // May (S1) was paid on 2026-07-10, after June's period: June is made after the payment was recorded.
  const mayPayment = entry({
    entryId: 'payment-S1',
    kind: 'payment',
    amount: '-6014.58',
    date: '2026-07-10',
    paid_statement_id: 'S1',
  });
  const periods = new Map([['S1', '2026-05']]);

  it('takes a payment recorded before the statement is made, whatever its date', () => {
    expect(pendingFor([mayPayment], [], '2026-06', undefined, periods).entries).toEqual([mayPayment]);
  });

  it('never carries a payment on the paid statement itself nor on its correction', () => {
    expect(pendingFor([mayPayment], [], '2026-05', undefined, periods).entries).toEqual([]);
    expect(pendingFor([mayPayment], [], '2026-05', 'S1', periods).entries).toEqual([]);
  });

  it('never carries a payment twice: one carried by a statement is on it for good', () => {
    const carried = { ...mayPayment, statement_id: 'S2' };
    expect(pendingFor([carried], [], '2026-07', undefined, periods).entries).toEqual([]);
    // A correction of June carries it again, as June did.
    expect(pendingFor([carried], [], '2026-06', 'S2', periods).entries).toEqual([carried]);
  });

  it('leaves other entries to their date', () => {
    const advance = entry({ entryId: 'a', kind: 'advance', amount: '-10.00', date: '2026-07-01' });
    expect(pendingFor([advance], [], '2026-06', undefined, periods).entries).toEqual([]);
    expect(pendingFor([advance], [], '2026-07', undefined, periods).entries).toEqual([advance]);
  });
});

describe('the one due rule', () => {
  it('refuses a statement made before an earlier one was paid, and so the account owes nothing yet', () => {
    const may = st(1, '2026-05', '6014.58', { paid: true });
    const june = st(2, '2026-06', '6315.66');
    // The payment of May is on no statement: June was made before it and still counts May's money.
    const entries = [{ kind: 'payment', paid_statement_id: 'S1' }];
    expect(whyNotPayable(june, [may, june], entries)).toBe(
      'Statement ST-2 was made before statement ST-1 was paid and still counts that money: ' +
        'the next statement settles the difference',
    );
    expect(accountOwes([may, june], entries)).toMatchObject({ due: [], carried: [], refused: [{ statement: june }] });
  });

  it('lets the statement be paid once it carries the payment', () => {
    const may = st(1, '2026-05', '6014.58', { paid: true });
    const june = st(2, '2026-06', '301.08');
    const entries = [{ kind: 'payment', paid_statement_id: 'S1', statement_id: 'S2' }];
    expect(accountOwes([may, june], entries)).toEqual({ due: [june], carried: [], refused: [] });
  });

  it('refuses paid and corrected statements by number', () => {
    expect(whyNotPayable(st(1, '2026-05', '5.00', { paid: true }), [], [])).toBe('Statement ST-1 is paid already');
    expect(whyNotPayable(st(1, '2026-05', '5.00', { superseded_by: 'S9' }), [], [])).toMatch(
      /^Statement ST-1 was corrected/,
    );
  });
});

/** One step of an account's history: a statement for the next month, or paying what is due (dated some months on). */
type Step = { kind: 'state'; royalties: string } | { kind: 'pay'; monthsLater: number };
const step = fc.oneof(
  fc
    .integer({ min: -2_000_000, max: 90_000_000 })
    .map((micros): Step => ({ kind: 'state', royalties: new Big(micros).div(1_000_000).toFixed(6) })),
  fc.integer({ min: 0, max: 6 }).map((monthsLater): Step => ({ kind: 'pay', monthsLater })),
);
const monthOf = (index: number) => {
  const year = 2026 + Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
};

type Stated = ChainedStatement & { closing: string; rounding_out: string; royalties: string };

/** Plays the steps as the product does: statements assembled from what is recorded, payments by the one rule. */
function play(steps: readonly Step[], minimum: string) {
  const statements: Stated[] = [];
  const entries: AccountEntryItem[] = [];
  let paid = new Big(0);
  let leftBehind = 0;
  let overpaid = false;
  for (const s of steps) {
    if (s.kind === 'state') {
      const previous = statements[statements.length - 1];
      const period = monthOf(statements.length);
      const periods = new Map(statements.map((x) => [x.statementId, x.end_pay_period]));
      const carried = pendingFor(entries, [], period, undefined, periods).entries;
      const { figures, rounding_out } = accountFigures({
        opening_balance: previous?.closing ?? '0.00',
        royalties: s.royalties,
        rounding_in: previous?.rounding_out ?? '0.000000',
        entries: carried,
        expenses: [],
        advances_to_date: '0.00',
        minimum_payout: minimum,
        currency: 'GBP',
      });
      const id = `S${statements.length + 1}`;
      for (const e of carried) e.statement_id = id;
      // Every payment recorded before this statement is on it or on an earlier one: none is asked for again.
      leftBehind += entries.filter((e) => !e.statement_id).length;
      statements.push({
        statementId: id,
        number: `ST-${statements.length + 1}`,
        end_pay_period: period,
        paid: false,
        figures: {
          payable: figures.payable,
          opening_balance: figures.opening_balance,
          closing_balance: figures.closing_balance,
        },
        closing: figures.closing_balance,
        rounding_out,
        royalties: figures.royalties,
      });
    } else {
      const { due, carried } = accountOwes(statements, entries);
      for (const statement of due) {
        const amount = new Big(statement.figures.payable);
        paid = paid.plus(amount);
        statement.paid = true;
        entries.push(
          entry({
            entryId: `payment-${statement.statementId}`,
            kind: 'payment',
            amount: amount.neg().toFixed(2),
            date: `${monthOf(statements.length - 1 + s.monthsLater)}-15`,
            paid_statement_id: statement.statementId,
          }),
        );
      }
      for (const statement of carried) statement.paid = true;
      // A payment never brings what was paid above what was stated as earned so far.
      const earned = statements.reduce((sum, x) => sum.plus(x.royalties), new Big(0));
      if (due.length && paid.gt(earned)) overpaid = true;
    }
  }
  return { statements, paid, entries, leftBehind, overpaid };
}

describe('a random history of statements and payments', () => {
  it('never pays more than was stated, and every statement closes at what is still owed', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.constantFrom('0.00', '50.00'), (steps, minimum) => {
        const { statements, paid, entries, leftBehind, overpaid } = play(steps, minimum);
        expect(leftBehind).toBe(0);
        expect(overpaid).toBe(false);
        const statedPayable = statements.reduce((sum, s) => sum.plus(s.figures.payable), new Big(0));
        expect(paid.lte(statedPayable)).toBe(true);
        // A statement asks for what was earned up to it, less every payment recorded before it was made.
        const index = new Map(statements.map((s, i) => [s.statementId, i]));
        let earned = new Big(0);
        statements.forEach((s, i) => {
          earned = earned.plus(s.royalties);
          const before = entries.filter((e) => e.statement_id && (index.get(e.statement_id) ?? Infinity) <= i);
          const paidBefore = before.reduce((sum, e) => sum.plus(e.amount), new Big(0));
          expect(new Big(s.closing).eq(earned.plus(paidBefore))).toBe(true);
        });
      }),
      { numRuns: 400 },
    );
  });
});
