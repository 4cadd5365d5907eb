import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentRunItem, PayoutMethod } from '../../shared/schemas/payment-views.js';
import type { PayoutDetails } from '../../shared/schemas/payout-details.js';
import { bankFiles, checkedSepaFile } from '../../functions/money/payouts/files/bank-files.js';
import { csvField } from '../../functions/money/payouts/files/csv.js';
import { sepaPackageProblem } from '../../functions/money/payouts/files/sepa-errors.js';
import { sepaXml } from '../../functions/money/payouts/files/sepa.js';
import type { FileContext, FileRow } from '../../functions/money/payouts/files/types.js';
import { schemaFindings, statedAmounts } from '../../functions/money/payouts/files/xsd.js';

/**
 * The bank files of a payment run: a SEPA file is offered only when it passes the EPC
 * schema and states the statements' amounts to the cent (the `sepa` package sums in floats);
 * UK bulk, PayPal and Wise files carry the same amounts, split at their row limits.
 */
const context: FileContext = {
  runId: '01JPAYMENTRUN0000000000000',
  executionDate: '2026-12-01',
  companyName: 'Northern Lights Records',
  debtor: {
    name: 'Northern Lights Records',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    uk_bulk_amounts: 'pounds',
  },
  now: new Date('2026-11-24T10:00:00Z'),
};

const sepaDetails: PayoutDetails = {
  method: 'sepa',
  account_name: 'Aurora Vale',
  currency: 'EUR',
  iban: 'FR1420041010050500013M02606',
  bic: 'PSSTFRPPXXX',
  sort_code: null,
  account_number: null,
  email: null,
};

function row(n: number, amount: string, method: PayoutMethod = 'sepa', currency = 'EUR'): FileRow {
  const item: PaymentRunItem = {
    statement_id: `s${n}`,
    statement_number: `ST-${String(n).padStart(6, '0')}`,
    account: { type: 'Payee', id: `p${n}` },
    name: `Payee ${n}`,
    amount,
    currency,
    method,
    payment_id: null,
  };
  const details: PayoutDetails =
    method === 'sepa'
      ? // A copy: a test that renames one row's account holder changes no other row, nor another test's.
        { ...sepaDetails }
      : method === 'uk_bulk'
        ? {
            ...sepaDetails,
            method,
            currency: 'GBP',
            iban: null,
            bic: null,
            sort_code: '123456',
            account_number: '12345678',
          }
        : { ...sepaDetails, method, currency, iban: null, bic: null, email: `payee${n}@example.org` };
  return { item, details };
}

/** n deterministic amounts up to 999,999,999.99 with odd cents. */
function largeAmounts(n: number): string[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: n }, () => ((Math.floor(next() * 99_999_999_999) + 1) / 100).toFixed(2));
}

const exactSum = (amounts: readonly string[]) => amounts.reduce((s, a) => s.plus(a), new Big(0)).toFixed(2);

describe('SEPA pain.001.001.09', () => {
  it('passes the EPC schema, with the statement number as EndToEndId', () => {
    const checked = checkedSepaFile([row(1, '123.45'), row(2, '0.01')], context);
    expect('xml' in checked).toBe(true);
    if (!('xml' in checked)) return;
    expect(schemaFindings(checked.xml)).toEqual([]);
    expect(statedAmounts(checked.xml).transactions).toEqual([
      { endToEndId: 'ST-000001', amount: '123.45', currency: 'EUR' },
      { endToEndId: 'ST-000002', amount: '0.01', currency: 'EUR' },
    ]);
    expect(checked.xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
  });

  it('states every amount and control sum to the cent for any odd-cent amounts', () => {
    const cents = fc.integer({ min: 1, max: 99_999_999_999 }).map((c) => new Big(c).div(100).toFixed(2));
    fc.assert(
      fc.property(fc.array(cents, { minLength: 1, maxLength: 60 }), (amounts) => {
        const built = sepaXml(
          amounts.map((a, i) => row(i + 1, a)),
          context,
        );
        if (!('xml' in built)) return false;
        const stated = statedAmounts(built.xml);
        expect(stated.transactions.map((t) => t.amount)).toEqual(amounts);
        expect(stated.controlSums).toEqual([exactSum(amounts), exactSum(amounts)]);
        return true;
      }),
      { numRuns: 60 },
    );
  });

  it('writes the exact control sum where the package’s float sum is a cent off', () => {
    const amounts = largeAmounts(5000);
    // What the package's own normalize would write: Σ of floats, then toFixed(2).
    const floatSum = amounts.reduce((s, a) => s + Number(a), 0).toFixed(2);
    expect(floatSum).not.toBe(exactSum(amounts));
    const checked = checkedSepaFile(
      amounts.map((a, i) => row(i + 1, a)),
      context,
    );
    if (!('xml' in checked)) throw new Error(JSON.stringify(checked.problems));
    expect(statedAmounts(checked.xml).controlSums).toEqual([exactSum(amounts), exactSum(amounts)]);
  }, 60_000);

  it('is never offered when the document fails the schema, and says so in the user’s words', () => {
    // The package checks neither the creation time nor the currency code: both reach the XML, only the schema stops them.
    const made = bankFiles([row(1, '10.00'), row(2, '5.00', 'paypal', 'EUR')], { ...context, now: new Date('x') });
    expect('files' in made).toBe(false);
    if (!('problems' in made)) return;
    expect(made.problems.sepa?.[0]).toMatch(/^The SEPA file did not pass the EPC schema check \(pain\.001\.001\.09\)/);
    expect(Object.values(made.problems).flat().join(' ')).not.toMatch(/Element|urn:iso|facet|NaN|\{/);
    const lowerCase = checkedSepaFile([row(1, '10.00', 'sepa', 'eur')], context);
    expect(lowerCase).toEqual({
      problems: {
        sepa: [
          'The SEPA file did not pass the EPC schema check (pain.001.001.09), so it is not offered. Check an amount or its currency.',
        ],
      },
    });
  });

  it('writes every name in SEPA’s basic Latin set, spelling accented and non-Latin letters out', () => {
    const rows = [row(1, '1.00'), row(2, '2.00')];
    rows[0].details.account_name = 'Sigur Rós & Mø';
    rows[1].details.account_name = 'Дмитрий “Dima” O’Neill';
    const withNames = {
      ...context,
      companyName: 'Nordlys Plateselskap Ålesund',
      debtor: { ...context.debtor!, name: 'Straße & Söhne' },
    };
    const checked = checkedSepaFile(rows, withNames);
    if (!('xml' in checked)) throw new Error(JSON.stringify(checked.problems));
    expect(schemaFindings(checked.xml)).toEqual([]);
    const names = [...checked.xml.matchAll(/<Nm>([^<]*)<\/Nm>/g)].map((m) => m[1]);
    expect(names).toEqual([
      'Nordlys Plateselskap Alesund',
      'Strasse + Sohne',
      'Sigur Ros + Mo',
      'Dmitriy Dima O&apos;Neill',
    ]);
  });

  it('carries only SEPA’s characters in its names, whatever a payee’s name holds, or names the payee to correct', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), (name) => {
        const one = row(1, '1.00');
        one.details.account_name = name;
        const made = bankFiles([one], context);
        if ('problems' in made) {
          expect(Object.keys(made.problems)).toEqual(['account_name']);
          return;
        }
        const xml = made.files[0].content.replaceAll('&apos;', "'");
        for (const [, nm] of xml.matchAll(/<Nm>([^<]*)<\/Nm>/g)) expect(nm).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
      }),
      { numRuns: 200 },
    );
  });

  it('asks for a payee’s name in Latin letters, or the company account’s, when it has none', () => {
    const one = row(1, '1.00');
    one.details.account_name = '小室哲哉';
    expect(bankFiles([one], context)).toEqual({
      problems: {
        account_name: [
          "Payee 1 (ST-000001): a SEPA transfer needs the account holder's name in Latin letters; correct the payee's payout details",
        ],
      },
    });
    expect(bankFiles([row(1, '1.00')], { ...context, debtor: { ...context.debtor!, name: '株式会社' } })).toEqual({
      problems: { 'debtor_account.name': ["The company bank account's name needs Latin letters for a SEPA file"] },
    });
  });

  it('is never offered without the company’s bank account', () => {
    const made = bankFiles([row(1, '10.00')], { ...context, debtor: null });
    expect(made).toEqual({
      problems: { debtor_account: ["Set the company's bank account (name, IBAN, BIC) before making a SEPA file"] },
    });
  });

  it('turns the package’s errors into field errors naming the payee, never its own words', () => {
    const bad = row(1, '10.00');
    bad.details = { ...sepaDetails, iban: 'FR1420041010050500013M02607' };
    const built = sepaXml([bad], context);
    expect(built).toEqual({
      problems: { iban: ["Payee 1 (ST-000001): the IBAN is not valid; correct the payee's payout details"] },
    });
    const mismatch = row(2, '10.00');
    mismatch.details = { ...sepaDetails, bic: 'COBADEFFXXX' };
    expect(sepaXml([mismatch], context)).toEqual({
      problems: { bic: ["Payee 2 (ST-000002): the BIC is of a bank in another country than the IBAN's account"] },
    });
    expect(sepaPackageProblem(new Error('amount does not match range 0.01 < 0 < 999999999.99'), 'Ann')).toEqual({
      amount: ['Ann: a SEPA transfer is between 0.01 and 999,999,999.99'],
    });
  });
});

describe('CSV files', () => {
  it('write UK bulk rows with 6-digit sort codes, 8-digit accounts, 18-character Bacs text, pounds or pence', () => {
    const rows = [row(1, '1234.50', 'uk_bulk', 'GBP'), row(2, '0.07', 'uk_bulk', 'GBP')];
    rows[0].details.account_name = 'Zoë O’Brien-Smythe & Co. Limited';
    const pounds = bankFiles(rows, context);
    const pence = bankFiles(rows, { ...context, debtor: { ...context.debtor!, uk_bulk_amounts: 'pence' } });
    if (!('files' in pounds) || !('files' in pence)) throw new Error('no files');
    expect(pounds.files[0]).toMatchObject({ name: 'uk-bulk-gbp-1.csv', rows: 2, total: '1234.57' });
    expect(pounds.files[0].content).toBe(
      '123456,12345678,ZOE O BRIEN-SMYTHE,1234.50,ST-000001\r\n123456,12345678,AURORA VALE,0.07,ST-000002\r\n',
    );
    expect(pence.files[0].content.split('\r\n').map((l) => l.split(',')[3])).toEqual(['123450', '7', undefined]);
  });

  it('write a name in plain Latin capitals for Bacs, letter for letter, and refuse one with no Latin letters', () => {
    const rows = [row(1, '10.00', 'uk_bulk', 'GBP'), row(2, '20.00', 'uk_bulk', 'GBP')];
    rows[0].details.account_name = 'Sigur Rós';
    rows[1].details.account_name = 'Łukasz Żuraw & Mø';
    const made = bankFiles(rows, context);
    if (!('files' in made)) throw new Error(JSON.stringify(made.problems));
    expect(made.files[0].content.split('\r\n').map((line) => line.split(',')[2])).toEqual([
      'SIGUR ROS',
      'LUKASZ ZURAW & MO',
      undefined,
    ]);
    rows[1].details.account_name = '小室哲哉';
    expect(bankFiles(rows, context)).toEqual({
      problems: {
        account_name: [
          "Payee 2 (ST-000002): a UK bank payment needs the account holder's name in Latin letters; correct the payee's payout details",
        ],
      },
    });
  });

  it('split PayPal by currency and at 5,000 rows, Wise at 1,000, amounts adding up to the statements', () => {
    const amounts = largeAmounts(5001);
    const paypal = amounts.map((a, i) => row(i + 1, a, 'paypal', 'USD'));
    const wise = amounts.slice(0, 2001).map((a, i) => row(i + 1, a, 'wise', 'GBP'));
    const made = bankFiles([...paypal, row(9999, '3.33', 'paypal', 'EUR'), ...wise], context);
    if (!('files' in made)) throw new Error(JSON.stringify(made.problems));
    expect(made.files.map((f) => [f.name, f.rows])).toEqual([
      ['paypal-eur-1.csv', 1],
      ['paypal-usd-1.csv', 5000],
      ['paypal-usd-2.csv', 1],
      ['wise-gbp-1.csv', 1000],
      ['wise-gbp-2.csv', 1000],
      ['wise-gbp-3.csv', 1],
    ]);
    const usd = made.files.filter((f) => f.currency === 'USD');
    const written = usd.flatMap((f) =>
      f.content
        .trim()
        .split('\r\n')
        .map((line) => line.split(',')[1]),
    );
    expect(written).toEqual(amounts);
    expect(exactSum(usd.map((f) => f.total))).toBe(exactSum(amounts));
    const wiseRows = made.files
      .filter((f) => f.method === 'wise')
      .flatMap((f) => f.content.trim().split('\r\n').slice(1));
    expect(wiseRows.map((line) => line.split(',')[5])).toEqual(amounts.slice(0, 2001));
  }, 30_000);

  it('refuse a SEPA row in pounds or a UK row in euro', () => {
    expect(bankFiles([row(1, '1.00', 'sepa', 'GBP')], context)).toEqual({
      problems: { currency: ['A SEPA transfer is paid in EUR, not GBP'] },
    });
  });

  it('never let a name run as a spreadsheet formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('12.30')).toBe('12.30');
    // A negative amount stays a number a bank's or a spreadsheet's import reads; a formula that starts like one does not.
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-2+3+cmd|x')).toBe("'-2+3+cmd|x");
    expect(csvField('\t=1')).toBe("'\t=1");
  });
});
