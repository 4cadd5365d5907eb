import { describe, expect, it } from 'vitest';
import {
  paidTwiceBy,
  paymentEntryAmount,
  paymentFigures,
  paymentIdForKey,
  sameMoney,
} from '../../functions/money/payments/payment-figures.js';
import { paymentInput, paymentPatch } from '../../functions/money/payments/schemas.js';
import { paymentMadeText, presentPaymentMade } from '../../functions/money/statements/accounts/payments-made.js';
import { renderStatementPdf } from '../../functions/money/statements/documents/render.js';
import { pdfText } from '../support/pdf-text.js';
import { sampleStatementDocument } from '../support/statement-document.js';

/** A payment's money and the rules that keep a statement from being paid twice (functions/money/payments/payment-figures.ts). */
describe('payment figures', () => {
  it('totals the statements’ payable exactly, the VAT of their self-billing invoices paid on top', () => {
    const figures = paymentFigures([
      { figures: { payable: '0.10' } },
      { figures: { payable: '0.20' } },
      { figures: { payable: '100.00' }, self_billing: { vat: '20.00', vat_rate: '20' } },
    ]);
    // 0.1 + 0.2 is 0.30 here, not 0.30000000000000004; the invoice bills 100.00 + 20.00 VAT, and 120.00 is paid.
    expect(figures).toEqual({
      payment_total: '120.30',
      payment_subtotal: '100.30',
      payment_vat_total: '20.00',
      payment_withholding_total: '0.00',
      vat: '20',
      self_billing: true,
    });
    expect(paymentFigures([{ figures: { payable: '5.00' } }])).toMatchObject({ vat: '0', self_billing: false });
  });

  it('takes the tax withheld off what is paid, never off the payable that settles the account', () => {
    const figures = paymentFigures([
      { figures: { payable: '1000.00' }, withholding_tax: { amount: '300.00' } },
      {
        figures: { payable: '80.01' },
        self_billing: { vat: '16.00', vat_rate: '20' },
        withholding_tax: { amount: '10.00' },
      },
    ]);
    expect(figures).toMatchObject({
      payment_total: '786.01',
      payment_subtotal: '1080.01',
      payment_vat_total: '16.00',
      payment_withholding_total: '310.00',
    });
    expect(paymentEntryAmount('1000.00')).toBe('-1000.00');
  });

  it('compares a typed total to the smallest unit and never throws on nonsense', () => {
    expect(sameMoney('70', '70.00')).toBe(true);
    expect(sameMoney('70.001', '70.00')).toBe(false);
    expect(sameMoney('69.99', '70.00')).toBe(false);
    expect(sameMoney('abc', '70.00')).toBe(false);
    expect(sameMoney('', '0.00')).toBe(false);
  });

  it('writes −payable on the account, nothing for a statement that pays nothing', () => {
    expect(paymentEntryAmount('70.00')).toBe('-70.00');
    expect(paymentEntryAmount('0.00')).toBeNull();
  });

  it('gives one payment id per key and company', () => {
    expect(paymentIdForKey('T1', 'run:1')).toBe(paymentIdForKey('T1', 'run:1'));
    expect(paymentIdForKey('T1', 'run:1')).not.toBe(paymentIdForKey('T2', 'run:1'));
    expect(paymentIdForKey('T1', 'run:1')).not.toBe(paymentIdForKey('T1', 'run:2'));
    expect(paymentIdForKey('T1', '__proto__ 🎵 \u202e')).toMatch(/^PAY[0-9A-F]{29}$/);
  });
});

describe('paying a statement twice', () => {
  const st = (id: string, end: string, payable: string, extra: object = {}) => ({
    statementId: id,
    number: `ST-${id}`,
    end_pay_period: end,
    figures: { payable, opening_balance: '0.00', closing_balance: payable },
    ...extra,
  });
  const q1 = st('1', '2026-03', '60.00');
  const q2 = st('2', '2026-06', '70.00');

  it('refuses a statement a later statement in force carries, naming the later one', () => {
    expect(paidTwiceBy(q1, [q1, q2], [])).toContain('pay ST-2');
    expect(paidTwiceBy(q2, [q1, q2], [])).toBeNull();
    // A superseded later statement carries nothing; a statement paying nothing is never paid twice.
    expect(paidTwiceBy(q1, [q1, { ...q2, superseded_by: 'x' }], [])).toBeNull();
    expect(paidTwiceBy(st('0', '2026-03', '0.00'), [q1, q2], [])).toBeNull();
  });

  it('refuses a statement made before an earlier one was paid (its payment not yet carried)', () => {
    const late = [{ kind: 'payment', paid_statement_id: '1' }];
    expect(paidTwiceBy(q2, [q1, q2], late)).toContain('ST-1');
    expect(paidTwiceBy(q2, [q1, q2], [{ ...late[0], statement_id: '2' }])).toBeNull();
    expect(paidTwiceBy(q2, [q1, q2], [{ kind: 'advance', paid_statement_id: '1' }])).toBeNull();
  });

  it('refuses a statement a later one carries while the later one is still being made', () => {
    // Its money is fixed when it is numbered, with ST-1's balance unpaid in it.
    for (const queue_status of ['queued', 'generating'])
      expect(paidTwiceBy(q1, [q1, { ...q2, queue_status }], [])).toBe(
        "Statement ST-1's balance is carried into statement ST-2, which is still being made: pay ST-2 when it is ready, which includes it",
      );
  });

  it('refuses a statement when statements of earlier months made after it lowered what is owed', () => {
    // November stated first (+5.00); July, stated after it, moved −5.00: the account is owed nothing now.
    const november = { ...st('3', '2026-11', '5.00'), currency: 'GBP' };
    const julyAfter = (closing: string) => ({
      ...st('4', '2026-07', '0.00'),
      figures: { payable: '0.00', opening_balance: '0.00', closing_balance: closing },
    });
    expect(paidTwiceBy(november, [november, julyAfter('-5.00')], [])).toBe(
      'Statement ST-3 was made before statement ST-4 of earlier months, which lowers what is owed by £5.00: the next statement settles the difference',
    );
    // July adding money (or nothing) leaves November's payable within what is owed: it may be paid.
    expect(paidTwiceBy(november, [november, julyAfter('2.00')], [])).toBeNull();
    expect(paidTwiceBy(november, [november, julyAfter('0.00')], [])).toBeNull();
    expect(paidTwiceBy(november, [november, { ...julyAfter('-5.00'), superseded_by: 'x' }], [])).toBeNull();
  });
});

describe('the next statement shows the payment', () => {
  it('reads "paid on … via … ref …", leaving out what was not given', () => {
    const made = presentPaymentMade(
      {
        amount: '-70.00',
        date: '2026-04-10',
        payment_method: 'BACS',
        payment_reference: 'Q1',
        paid_statement_id: 'S1',
      },
      'ST-000041',
      'GBP',
    );
    expect(made).toMatchObject({ amount: '70.00', payment_method: 'BACS', paid_statement_number: 'ST-000041' });
    expect(made.text).toBe('£70.00 paid on 10th Apr 2026 via BACS ref Q1 (statement ST-000041)');
    expect(
      paymentMadeText(
        {
          amount: '5.00',
          payment_date: '2026-01-02',
          payment_method: null,
          payment_reference: null,
          paid_statement_number: null,
        },
        'usd',
      ),
    ).toBe('$5.00 paid on 2nd Jan 2026');
  });

  it('prints the payments on the PDF', async () => {
    const document = sampleStatementDocument({ rows: 2 });
    const text = '£70.00 paid on 10th Apr 2026 via BACS ref Q1-2026 (statement ST-000041)';
    document.statement.payments_made = [
      {
        amount: '70.00',
        payment_date: '2026-04-10',
        payment_method: 'BACS',
        payment_reference: 'Q1-2026',
        paid_statement_id: 'S1',
        paid_statement_number: 'ST-000041',
        text,
      },
    ];
    const printed = (await pdfText(await renderStatementPdf(document))).replace(/\s+/g, ' ');
    expect(printed).toContain(`Payments since the previous statement: ${text}`);
  }, 30_000); // renders a whole statement (CJK fonts embedded) and reads it back: seconds on a busy machine
});

describe('payment inputs', () => {
  it('refuses money as a float, with more than 2 decimals, and a fixed field on edit', () => {
    const input = (body: object) => paymentInput.safeParse({ statement_ids: ['S1'], ...body });
    expect(input({ payment_total: 12.5 }).success).toBe(false);
    expect(input({ payment_total: '12.505' }).success).toBe(false);
    expect(input({ payment_total: '12.5' }).data?.payment_total).toBe('12.50');
    expect(input({ payment_date: '2026-13-01' }).success).toBe(false);
    expect(input({ statement_ids: [] }).success).toBe(false);
    const patch = paymentPatch.safeParse({ payment_total: '1.00', payment_reference: '' });
    expect(patch.success).toBe(false);
    expect(patch.error?.issues.map((i) => i.path.join('.'))).toEqual(['payment_total']);
    expect(paymentPatch.parse({ payment_reference: '', payment_method: 'BACS' })).toEqual({
      payment_reference: null,
      payment_method: 'BACS',
    });
    expect(paymentPatch.safeParse(JSON.parse('{"__proto__":{"payment_total":"1"}}')).success).toBe(false);
  });
});
