import { describe, expect, it } from 'vitest';
import type { LicenseItem } from '../../functions/data/entities/license.js';
import { splitFee } from '../../functions/licensing/fee-split.js';
import { paymentPart } from '../../functions/licensing/payment.js';
import { addMonths, dueReminders, nextReportDue } from '../../functions/licensing/reminders.js';
import { licenseUpdate } from '../../shared/schemas/licensing.js';

/** A licence in force, as the store answers it; each test sets what it is about. */
const licence = (extra: Partial<LicenseItem> = {}): LicenseItem =>
  ({
    tenantId: 't',
    id: 'L1',
    type: 'outgoing',
    status: 'signed',
    revision: 3,
    licensee_name: 'Film Co',
    usage: 'opening titles',
    ...extra,
  }) as LicenseItem;

const cents = (values: string[]) => values.reduce((sum, v) => sum + BigInt(v.replace('.', '')), 0n);

describe('an advance and the payment after it', () => {
  it('brings the fee less the advance, so advance and payment make the fee to the cent', () => {
    expect(paymentPart({ fee: '1000.00' })).toEqual({ amount: '1000.00', words: 'Licence fee' });
    // An advance typed but not recorded paid is not deducted.
    expect(paymentPart({ fee: '1000.00', advance_fee: '250.00' }).amount).toBe('1000.00');
    const rest = paymentPart({ fee: '1000.00', advance_fee: '333.33', advance_pay_period: '2026-05' });
    expect(rest).toEqual({ amount: '666.67', words: 'Licence fee less the advance' });
    const splits = ['33.33', '33.33', '33.34'];
    const lines = [...splitFee('333.33', splits), ...splitFee(rest.amount, splits)];
    expect(cents(lines)).toBe(100000n);
    expect(paymentPart({ fee: '50.00', advance_fee: '50.00', advance_pay_period: '2026-05' }).amount).toBe('0.00');
  });
});

describe('licensee reports', () => {
  it('adds months, keeping to the month’s last day when the day is missing', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });

  it('is due every N months from the start, the next N months after the last received', () => {
    const quarterly = licence({ report_every_months: 3, license_start_date: '2026-01-10' });
    expect(nextReportDue(quarterly)).toBe('2026-04-10');
    expect(nextReportDue({ ...quarterly, report_received_through: '2026-04-10' })).toBe('2026-07-10');
    // Signed but no start date: from the signing.
    expect(nextReportDue(licence({ report_every_months: 6, signed_date: '2026-02-01' }))).toBe('2026-08-01');
  });

  it('asks none of an incoming licence, one not in force, one asking for none, or once the last is in', () => {
    expect(nextReportDue(licence({ license_start_date: '2026-01-10' }))).toBeNull();
    expect(
      nextReportDue(licence({ report_every_months: 3, type: 'incoming', license_start_date: '2026-01-10' })),
    ).toBeNull();
    expect(
      nextReportDue(licence({ report_every_months: 3, status: 'quoted', license_start_date: '2026-01-10' })),
    ).toBeNull();
    expect(
      nextReportDue(
        licence({
          report_every_months: 3,
          license_start_date: '2026-01-10',
          license_end_date: '2026-07-10',
          report_received_through: '2026-07-10',
        }),
      ),
    ).toBeNull();
  });

  it('is bounded: 1 to 24 months, named by the field', () => {
    expect(licenseUpdate.safeParse({ report_every_months: 3 }).success).toBe(true);
    const refused = licenseUpdate.safeParse({ report_every_months: 0 });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['report_every_months', 'Report every (months) must be 1 to 24'],
    ]);
  });
});

describe('what is due on a day', () => {
  const today = '2026-06-01';

  it('reminds of a licence in force ending within 30 days, once per end date', () => {
    const ending = dueReminders(licence({ license_end_date: '2026-06-20' }), today);
    expect(ending).toHaveLength(1);
    expect(ending[0]).toMatchObject({ kind: 'ending', key: 'ending#2026-06-20', permission: 'catalogue.write' });
    expect(ending[0]?.text).toBe(
      'The licence to Film Co (opening titles) ends on 2026-06-20. Renew it with the licensee, or let it end.',
    );
    expect(dueReminders(licence({ license_end_date: '2026-07-20' }), today)).toEqual([]);
    expect(dueReminders(licence({ license_end_date: '2026-05-20' }), today)).toEqual([]);
    expect(dueReminders(licence({ status: 'declined', license_end_date: '2026-06-20' }), today)).toEqual([]);
  });

  it('reminds the money people of an invoice past its due date while unpaid', () => {
    const invoice = {
      number: 'LI-000007',
      date: '2026-04-01',
      due_date: '2026-05-01',
      currency: 'GBP',
      net: '10.00',
      vat_rate: '20',
      vat: '2.00',
      total: '12.00',
      vat_note: 'VAT at 20%',
    };
    const overdue = dueReminders(licence({ status: 'invoiced', invoice }), today);
    expect(overdue.map((r) => [r.kind, r.key, r.permission])).toEqual([
      ['invoice_overdue', 'invoice#LI-000007#2026-05-01', 'money.write'],
    ]);
    expect(dueReminders(licence({ status: 'paid', invoice }), today)).toEqual([]);
    expect(dueReminders(licence({ status: 'invoiced', invoice: { ...invoice, due_date: today } }), today)).toEqual([]);
  });

  it('reminds of a licensee report past due, keyed by the report’s due date', () => {
    const late = licence({ report_every_months: 3, license_start_date: '2026-01-10' });
    expect(dueReminders(late, today).map((r) => r.key)).toEqual(['report#2026-04-10']);
    expect(dueReminders({ ...late, report_received_through: '2026-04-10' }, today)).toEqual([]);
  });
});
