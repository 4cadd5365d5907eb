import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { utcDay } from '../support/days.js';
import { licensingCompany } from '../support/licensing-company.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * A fee lowered after its invoice went out: a credit note with an amount reduces the unpaid invoice by that net (its VAT
 * at the invoice's rate, rounded as the invoice was), numbered in the company's credit-note sequence; the invoice stays
 * issued and the licensee pays the rest, which is what the payment then brings into the ledger. A full credit note
 * after partial ones credits what they left, so an invoice's credit notes add up to it exactly. On a paid invoice the
 * same credit note refunds its total and takes its net back out of the ledger; a full one after it refunds the rest.
 */
type Company = Awaited<ReturnType<typeof licensingCompany>>;
let company: Company;

type Invoice = { number: string; date: string; due_date: string; total: string; partial_credits?: Credit[] };
type Credit = {
  number: string;
  date: string;
  reason: string;
  net: string;
  vat: string;
  total: string;
  refund?: { date: string; paid_on: string; amount: string; royalty_ids: string[]; reverses: string[] };
};
type RegisterLine = Record<string, string>;

/**
 * A signed outgoing licence of 100.00 GBP (20 % VAT: 120.00), invoiced: the licence as answered. `terms` changes
 * some of its terms (another currency, another licensee).
 */
async function invoiced(terms: Record<string, unknown> = {}) {
  const license = await company.signed({
    type: 'outgoing',
    licensee_name: `Short Term Ltd ${company.stamp}`,
    licensee_country: 'GB',
    usage: 'Trailer',
    fee: '100.00',
    fee_currency: 'GBP',
    contacts: [{ name: 'Ann Buyer', email: `ann.${company.stamp}@trailer.example` }],
    assets: company.recordings.map((recording, i) => ({
      asset_type: 'recording',
      asset_id: recording.id,
      split: i === 2 ? '33.34' : '33.33',
    })),
    ...terms,
  });
  const issued = await company.api.post(`/licenses/${license.id}/invoice`, {});
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.license as { id: string; invoice: Invoice };
}

const reduce = (id: string, body: Record<string, unknown>) => company.api.post(`/licenses/${id}/credit_note`, body);

/** The register's lines of one licence, for the days around today (a run may cross midnight). */
async function registerOf(id: string): Promise<RegisterLine[]> {
  const register = await company.api.get(`/licensing/invoices?from=${utcDay(-1)}&to=${utcDay(1)}`);
  expect(register.status, JSON.stringify(register.body)).toBe(200);
  return (register.body.documents as RegisterLine[]).filter((line) => line.license_id === id);
}

const cents = (values: string[]) => values.reduce((sum, v) => sum + BigInt(v.replace('.', '')), 0n);
/** The hub pipeline's sum of the invoiced licences' worth in pounds. */
async function invoicedWorth(): Promise<string> {
  const summary = (await company.api.get('/licensing/summary')).body;
  const invoicedState = summary.pipeline.find((p: { status: string }) => p.status === 'invoiced');
  return invoicedState.totals.find((t: { currency: string }) => t.currency === 'GBP')?.amount ?? '0.00';
}
/** The hub pipeline's sum of the paid licences' worth in pounds. */
async function paidWorth(): Promise<string> {
  const summary = (await company.api.get('/licensing/summary')).body;
  const paidState = summary.pipeline.find((p: { status: string }) => p.status === 'paid');
  return paidState.totals.find((t: { currency: string }) => t.currency === 'GBP')?.amount ?? '0.00';
}
/** The company's licensing revenue on its finances, in pounds, over the months around today (a run may cross one). */
async function revenue(): Promise<string> {
  const answer = await company.api.get(`/company/finances?start_date=${utcDay(-31)}&end_date=${utcDay(31)}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.finances.totals.revenue;
}
type Line = { id: string; pay_period: string; subtotal_payable: string; amount: string; sales_description: string };
/** Sum of money strings in millionths, exactly. */
const micros = (values: string[]) =>
  values.reduce((sum, v) => {
    const [whole = '0', part = ''] = v.replace('-', '').split('.');
    const units = BigInt(whole) * 1_000_000n + BigInt(part.padEnd(6, '0').slice(0, 6));
    return sum + (v.startsWith('-') ? -units : units);
  }, 0n);
/** An invoiced licence (`terms` as for invoiced), paid today: the licence, the day and the licence as paid. */
async function paidToday(terms: Record<string, unknown> = {}) {
  const license = await invoiced(terms);
  const paidOn = utcDay();
  const paid = await company.api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return { license, paidOn, paidLines: paid.body.license.royalty_lines as Line[] };
}
const nextNumber = (number: string) => `LC-${String(Number(number.slice(3)) + 1).padStart(6, '0')}`;

beforeAll(async () => {
  company = await licensingCompany('Licence partial credits', { prefix: 'Reduced', payees: [] });
}, 120_000);

describe('reducing an unpaid licence invoice with a partial credit note', () => {
  it('credits the net with its VAT rounded as the invoice was, and the invoice stays issued with the rest to pay', async () => {
    const license = await invoiced();
    const { number, due_date } = license.invoice;
    const before = await invoicedWorth();
    const answer = await reduce(license.id, {
      reason: 'Term shortened to six months',
      invoice_number: number,
      amount: '10.03',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The hub's pipeline counts an invoiced licence at what its invoice now bills: 10.03 less.
    expect(cents([before]) - cents([await invoicedWorth()])).toBe(1003n);
    const reduced = answer.body.license;
    const [credit] = reduced.invoice.partial_credits as Credit[];
    // 10.03 × 20 % = 2.006, rounded half-up to the cent once, as the invoice's VAT is.
    expect(credit).toMatchObject({ net: '10.03', vat: '2.01', total: '12.04', reason: 'Term shortened to six months' });
    expect(credit.number).toMatch(/^LC-\d{6}$/);
    expect(answer.body.message).toBe(
      `Credit note ${credit.number} issued: invoice ${number} is reduced by £12.04, £107.96 left to pay`,
    );
    expect(reduced).toMatchObject({ status: 'invoiced', credited_invoices: [] });
    expect(reduced.invoice).toMatchObject({ number, net: '100.00', vat: '20.00', total: '120.00' });
    expect(reduced.history.at(-1)).toMatchObject({
      from: 'invoiced',
      to: 'invoiced',
      note: `Invoice ${number} reduced by credit note ${credit.number} (£12.04)`,
    });

    // The register lists the credit note with its own amounts, negative; the invoice stays unpaid with less to pay.
    expect(await registerOf(license.id)).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number,
        net: '100.00',
        total: '120.00',
        status: `Unpaid, due ${due_date}, £107.96 to pay`,
      }),
      expect.objectContaining({
        kind: 'credit_note',
        number: credit.number,
        net: '-10.03',
        vat_rate: '20',
        vat: '-2.01',
        total: '-12.04',
        status: `Reduces ${number} by £12.04`,
      }),
    ]);
    const csv = await company.api.get(`/licensing/invoices_csv?from=${utcDay(-1)}&to=${utcDay(1)}`);
    expect(csv.body.csv).toContain(`Reduces ${number} by £12.04`);

    // Its PDF says it is partial: what it credits and what is then left to pay. The invoice prints as it was issued.
    const link = await company.api.get(`/licenses/${license.id}/credit_notes/${credit.number}`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const text = await pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    for (const words of [
      `Credit note ${credit.number} reduces invoice ${number} of ${license.invoice.date} by £12.04`,
      'Reason: Term shortened to six months',
      'Licence fee (net) credited: £10.03',
      'VAT at 20% credited: £2.01',
      'Total credited: £12.04',
      `Invoice ${number} balance due after this credit note: £107.96 by ${due_date}`,
    ])
      expect(text).toContain(words);
    const invoicePdf = await company.api.get(`/licenses/${license.id}/invoice`);
    const invoiceText = await pdfText(new Uint8Array(await (await fetch(invoicePdf.body.url)).arrayBuffer()));
    expect(invoiceText).toContain('Total due: £120.00');

    // Mailed, it says the same.
    const ann = `ann.${company.stamp}@trailer.example`;
    const mailed = await company.api.post(`/licenses/${license.id}/mail`, { number: credit.number, to: [ann] });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    const mails = (await call('GET', '/_local/outbox')).body.mails as { to: string; subject: string; text: string }[];
    const mail = mails.find((m) => m.to === ann && m.subject.startsWith(`Credit note ${credit.number}`));
    expect(mail?.text).toContain(`which reduces invoice ${number} of ${license.invoice.date}`);
    expect(mail?.text).toContain('by £12.04 (net £10.03, VAT £2.01)');
    expect(mail?.text).toContain(`The balance due on invoice ${number} is now £107.96, by ${due_date}.`);
  });

  it('adds up exactly to the invoice: two partial credit notes, then a full one crediting what they left', async () => {
    const license = await invoiced();
    const { number } = license.invoice;
    for (const reason of ['Fewer territories', 'Goodwill']) {
      const answer = await reduce(license.id, { reason, amount: '33.33' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const twice = (await company.api.get(`/licenses/${license.id}`)).body.license;
    expect(twice.invoice.partial_credits.map((c: Credit) => [c.net, c.vat, c.total])).toEqual([
      ['33.33', '6.67', '40.00'],
      ['33.33', '6.67', '40.00'],
    ]);

    // What is left to credit bounds the next amount: all of it, or more, is refused on the amount.
    for (const amount of ['33.34', '50.00']) {
      const refused = await reduce(license.id, { reason: 'Too much', amount });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        amount: [
          `Amount must be less than £33.34, the net of invoice ${number} still to credit: to cancel the rest of the invoice, leave the amount empty`,
        ],
      });
    }
    const zero = await reduce(license.id, { reason: 'Nothing', amount: '0.00' });
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual({
      amount: ['Amount must be more than 0: to cancel the whole invoice, leave it empty'],
    });

    const full = await reduce(license.id, { reason: 'Deal called off', invoice_number: number });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.license).toMatchObject({ status: 'signed', invoice: null });
    const [credited] = full.body.license.credited_invoices;
    expect(credited.invoice.partial_credits).toHaveLength(2);

    const lines = await registerOf(license.id);
    const notes = lines.filter((line) => line.kind === 'credit_note');
    expect(notes.map((line) => [line.net, line.vat, line.total])).toEqual([
      ['-33.33', '-6.67', '-40.00'],
      ['-33.33', '-6.67', '-40.00'],
      // The rest: 100.00 − 66.66 net, 20.00 − 13.34 VAT, so VAT and total add up to the invoice's to the cent.
      ['-33.34', '-6.66', '-40.00'],
    ]);
    for (const field of ['net', 'vat', 'total']) expect(cents(lines.map((line) => line[field] as string))).toBe(0n);
    expect(lines.find((line) => line.kind === 'invoice')?.status).toBe(`Credited by ${credited.credit_note.number}`);

    const pdf = await company.api.get(`/licenses/${license.id}/credit_notes/${credited.credit_note.number}`);
    const text = await pdfText(new Uint8Array(await (await fetch(pdf.body.url)).arrayBuffer()));
    expect(text).toContain(`Credits the rest of invoice ${number}`);
    expect(text).toContain('Total credited: £40.00');
  });

  it('numbers one credit note when the same reduction of the balance shown is sent three times at once', async () => {
    const license = await invoiced();
    // As the page sends it: the amount, and the balance due it showed when clicked.
    const body = {
      reason: 'Clicked twice',
      invoice_number: license.invoice.number,
      amount: '20.00',
      balance_due: '120.00',
    };
    const answers = await Promise.all([1, 2, 3].map(() => reduce(license.id, body)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = (await company.api.get(`/licenses/${license.id}`)).body.license;
    expect(shown.invoice.partial_credits).toHaveLength(1);
    const [only] = shown.invoice.partial_credits as Credit[];
    for (const answer of answers) expect(answer.body.message).toContain(`Credit note ${only.number} issued`);
    // Sent again later: the same credit note; another amount on that stale balance is refused until the page is reloaded.
    const replay = await reduce(license.id, body);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.license.invoice.partial_credits).toHaveLength(1);
    expect(replay.body.message).toBe(
      `Credit note ${only.number} issued: invoice ${license.invoice.number} is reduced by £24.00, £96.00 left to pay`,
    );
    const stale = await reduce(license.id, { ...body, amount: '5.00', balance_due: '120.00' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `Invoice ${license.invoice.number} changed since the page showed it: £96.00 is due now. Reload it and check before reducing it`,
    );
    // The sequence moved once: the company's next credit note takes the next number.
    const next = await reduce(license.id, { reason: 'Another discount', amount: '1.00', balance_due: '96.00' });
    expect(next.body.license.invoice.partial_credits[1].number).toBe(nextNumber(only.number));
  });

  it('takes the reduced balance when paid: the ledger gets the reduced net, and a refund gives back what was paid', async () => {
    const license = await invoiced();
    const answer = await reduce(license.id, { reason: 'Shorter term', amount: '10.03' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const paidOn = new Date().toISOString().slice(0, 10);
    const paid = await company.api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const lines = (await company.api.get(`/licenses/${license.id}`)).body.license.royalty_lines as {
      subtotal_payable: string;
    }[];
    expect(lines).toHaveLength(3);
    // The fee net of the credit (100.00 − 10.03), split over the assets to the cent.
    expect(cents(lines.map((line) => Number(line.subtotal_payable).toFixed(2)))).toBe(8997n);
    expect(lines.map((line) => Number(line.subtotal_payable).toFixed(2)).sort()).toEqual(
      ['29.99', '29.99', '29.99'].sort(),
    );
    expect((await registerOf(license.id)).find((line) => line.kind === 'invoice')?.status).toBe(`Paid on ${paidOn}`);

    // Cancelled after all: the credit note credits the rest and refunds what was paid, the reduced balance.
    const refunded = await reduce(license.id, { reason: 'Pulled', refund_date: paidOn });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body.message).toContain('£107.96 refunded');
    const note = refunded.body.license.credited_invoices[0].credit_note;
    expect(note.refund.amount).toBe('107.96');
    const full = (await registerOf(license.id)).find((line) => line.number === note.number);
    expect(full).toMatchObject({ net: '-89.97', vat: '-17.99', total: '-107.96' });
  });
});

describe('refunding part of a paid licence invoice with a partial credit note', () => {
  it('numbers and refunds once under a double submit, and the ledger, finances and hub lose exactly the refunded net', async () => {
    const { license, paidOn } = await paidToday();
    const { number } = license.invoice;
    const [revenueBefore, worthBefore] = [await revenue(), await paidWorth()];
    // As the page sends it: the amount, the day the money went back, and what it showed as paid when clicked.
    const body = {
      reason: 'Territory dropped: Europe only',
      invoice_number: number,
      amount: '10.03',
      refund_date: paidOn,
      balance_due: '120.00',
    };
    const answers = await Promise.all([1, 2].map(() => reduce(license.id, body)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const shown = (await company.api.get(`/licenses/${license.id}`)).body.license;
    expect(shown).toMatchObject({ status: 'paid', paid: true, credited_invoices: [] });
    expect(shown.invoice.partial_credits).toHaveLength(1);
    const [note] = shown.invoice.partial_credits as Credit[];
    // The net and its VAT at the invoice's rate, rounded as the invoice was; the total is what goes back.
    expect(note).toMatchObject({ net: '10.03', vat: '2.01', total: '12.04', reason: body.reason });
    expect(note.number).toMatch(/^LC-\d{6}$/);
    expect(note.refund).toMatchObject({ date: paidOn, paid_on: paidOn, amount: '12.04' });
    for (const answer of answers)
      expect(answer.body.message).toBe(
        `Credit note ${note.number} issued: £12.04 of invoice ${number} refunded, £107.96 of what was paid kept`,
      );
    expect(shown.history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'paid',
      note: `£12.04 of invoice ${number} refunded on ${paidOn} by credit note ${note.number}`,
    });

    // The ledger: the payment's three lines, and one line per asset taking back its share of the net, once.
    const lines = shown.royalty_lines as Line[];
    expect(lines).toHaveLength(6);
    const refundLines = lines.filter((line) => note.refund?.royalty_ids.includes(line.id));
    expect(refundLines).toHaveLength(3);
    expect(micros(refundLines.map((line) => line.subtotal_payable))).toBe(-10_030_000n);
    expect(micros(refundLines.map((line) => line.amount))).toBe(-10_030_000n);
    expect(micros(lines.map((line) => line.amount))).toBe(89_970_000n);
    for (const line of refundLines)
      expect(line).toMatchObject({
        pay_period: paidOn.slice(0, 7),
        sales_description: `Licence fee partly refunded, credit note ${note.number}: Trailer`,
      });
    // The finances count that much less licensing income, and the hub's paid licences are worth that much less.
    expect(cents([revenueBefore]) - cents([await revenue()])).toBe(1003n);
    expect(cents([worthBefore]) - cents([await paidWorth()])).toBe(1003n);

    // Sent again later: the same credit note and nothing more; another amount on that stale figure is refused.
    const replay = await reduce(license.id, body);
    expect(replay.status, JSON.stringify(replay.body)).toBe(200);
    expect(replay.body.license.invoice.partial_credits).toHaveLength(1);
    expect(replay.body.license.royalty_lines).toHaveLength(6);
    const stale = await reduce(license.id, { ...body, amount: '5.00' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `Invoice ${number} changed since the page showed it: £107.96 of what was paid is kept now. Reload it and check before refunding part of it`,
    );

    // The register: the invoice paid with the refund since, the credit note's own amounts negative.
    expect(await registerOf(license.id)).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number,
        total: '120.00',
        status: `Paid on ${paidOn}, £12.04 refunded since`,
      }),
      expect.objectContaining({
        kind: 'credit_note',
        number: note.number,
        net: '-10.03',
        vat: '-2.01',
        total: '-12.04',
        status: `Refunds £12.04 of ${number} on ${paidOn}`,
      }),
    ]);
    // Its PDF and mail say it is a refund of part of what was paid, and what stays paid.
    const link = await company.api.get(`/licenses/${license.id}/credit_notes/${note.number}`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const text = await pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    for (const words of [
      `Credit note ${note.number} refunds £12.04 of invoice ${number} of ${license.invoice.date}`,
      'Licence fee (net) credited: £10.03',
      'VAT at 20% credited: £2.01',
      `Paid on ${paidOn}: £12.04 refunded on ${paidOn}.`,
      `Invoice ${number} still paid after this credit note: £107.96`,
    ])
      expect(text).toContain(words);
    const ann = `ann.${company.stamp}@trailer.example`;
    const mailed = await company.api.post(`/licenses/${license.id}/mail`, { number: note.number, to: [ann] });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    const mails = (await call('GET', '/_local/outbox')).body.mails as { to: string; subject: string; text: string }[];
    const mail = mails.find((m) => m.to === ann && m.subject.startsWith(`Credit note ${note.number}`));
    expect(mail?.text).toContain(`which refunds £12.04 of invoice ${number} of ${license.invoice.date}`);
    expect(mail?.text).toContain(
      `Of the £120.00 you paid on ${paidOn}, £12.04 was refunded on ${paidOn}; £107.96 stays paid.`,
    );

    // The sequence moved once: the company's next credit note takes the next number.
    const next = await reduce(license.id, { reason: 'Goodwill', amount: '1.00', balance_due: '107.96' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.license.invoice.partial_credits[1].number).toBe(nextNumber(note.number));
  });

  it('refuses more than is still paid on the amount, and a full credit note after partial refunds refunds exactly the rest', async () => {
    const { license, paidOn } = await paidToday();
    const { number } = license.invoice;
    const revenueBefore = await revenue();
    for (const reason of ['Shorter term', 'Territory dropped']) {
      const answer = await reduce(license.id, { reason, amount: '33.33', refund_date: paidOn });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const twice = (await company.api.get(`/licenses/${license.id}`)).body.license;
    expect(twice.invoice.partial_credits.map((c: Credit) => [c.net, c.vat, c.total, c.refund?.amount])).toEqual([
      ['33.33', '6.67', '40.00', '40.00'],
      ['33.33', '6.67', '40.00', '40.00'],
    ]);

    // What is still paid bounds the next refund: all of it, or more, is refused on the amount.
    for (const amount of ['33.34', '50.00']) {
      const refused = await reduce(license.id, { reason: 'Too much', amount });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        amount: [
          `Amount must be less than £33.34, the net of invoice ${number} still paid: to refund all of it, leave the amount empty`,
        ],
      });
    }
    // A refund is dated on or after the payment, as a full one is.
    const early = await reduce(license.id, { reason: 'Early', amount: '1.00', refund_date: '2020-01-01' });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ refund_date: [`Refund date must be on or after the payment date ${paidOn}`] });
    expect(cents([revenueBefore]) - cents([await revenue()])).toBe(6666n);

    // The full credit note refunds what the two left: £40.00, and the ledger's lines of the licence net to nothing.
    const full = await reduce(license.id, { reason: 'Deal called off', invoice_number: number, refund_date: paidOn });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    const [credited] = full.body.license.credited_invoices;
    expect(credited.credit_note.refund.amount).toBe('40.00');
    expect(full.body.message).toBe(
      `Credit note ${credited.credit_note.number} issued: invoice ${number} is cancelled and £40.00 refunded`,
    );
    expect(full.body.license).toMatchObject({ status: 'signed', invoice: null });
    const lines = full.body.license.royalty_lines as Line[];
    // The payment's three lines, two refunds of three parts each, and the rest of each line reversed.
    expect(lines).toHaveLength(12);
    expect(micros(lines.map((line) => line.amount))).toBe(0n);
    expect(micros(lines.map((line) => line.subtotal_payable))).toBe(0n);
    const rest = lines.filter((line) => credited.credit_note.refund.royalty_ids.includes(line.id));
    expect(micros(rest.map((line) => line.amount))).toBe(-33_340_000n);
    expect(cents([revenueBefore]) - cents([await revenue()])).toBe(10000n);

    // All the credit notes of the invoice add up to it, to the cent.
    const register = await registerOf(license.id);
    const notes = register.filter((line) => line.kind === 'credit_note');
    expect(notes.map((line) => [line.net, line.vat, line.total])).toEqual([
      ['-33.33', '-6.67', '-40.00'],
      ['-33.33', '-6.67', '-40.00'],
      ['-33.34', '-6.66', '-40.00'],
    ]);
    for (const field of ['net', 'vat', 'total']) expect(cents(register.map((line) => line[field] as string))).toBe(0n);
    const pdf = await company.api.get(`/licenses/${license.id}/credit_notes/${credited.credit_note.number}`);
    const text = await pdfText(new Uint8Array(await (await fetch(pdf.body.url)).arrayBuffer()));
    expect(text).toContain(`Credits the rest of invoice ${number}`);
    expect(text).toContain(`Paid on ${paidOn}: £40.00, the rest of what was paid, refunded on ${paidOn}.`);
  });

  it('refunds a fee paid in euro part by part at the rate of the payment, so the payment and its refunds net to nothing', async () => {
    // The company states in pounds; the fee is in euro, converted at the rate on or before the payment day.
    const rate = await company.api.post('/exchange_rates', {
      distributor: `Bank ${company.stamp}`,
      original_currency: 'EUR',
      target_currency: 'GBP',
      payment_date: utcDay(-10),
      rate: '0.857143',
    });
    expect(rate.status, JSON.stringify(rate.body)).toBe(201);
    const revenueBefore = await revenue();
    const { license, paidOn, paidLines } = await paidToday({
      licensee_name: `Euro Films ${company.stamp}`,
      usage: 'Advert',
      fee_currency: 'EUR',
      contacts: [{ name: 'Eve Buyer', email: `eve.${company.stamp}@advert.example` }],
    });
    const { number } = license.invoice;
    expect(micros(paidLines.map((line) => line.subtotal_payable))).toBeGreaterThan(0n);
    // Converted: the lines' amounts in pounds are not the euro paid.
    expect(micros(paidLines.map((line) => line.amount))).not.toBe(micros(paidLines.map((l) => l.subtotal_payable)));
    expect(await revenue()).not.toBe(revenueBefore);

    for (const amount of ['33.33', '12.35']) {
      const answer = await reduce(license.id, { reason: `Part ${amount}`, amount, refund_date: paidOn });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.message).toContain(`of invoice ${number} refunded`);
    }
    const full = await reduce(license.id, { reason: 'Called off', invoice_number: number, refund_date: paidOn });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    const lines = full.body.license.royalty_lines as Line[];
    // Every money column of the licence's lines, in euro as paid and in pounds as converted, nets to nothing.
    expect(micros(lines.map((line) => line.amount))).toBe(0n);
    expect(micros(lines.map((line) => line.subtotal_payable))).toBe(0n);
    expect(await revenue()).toBe(revenueBefore);
    // The credit notes, in euro, add up to the invoice.
    const register = await registerOf(license.id);
    for (const field of ['net', 'vat', 'total']) expect(cents(register.map((line) => line[field] as string))).toBe(0n);
    expect(register.every((line) => line.currency === 'EUR')).toBe(true);
  });
});
