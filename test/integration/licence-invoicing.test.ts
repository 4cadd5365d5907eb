import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { licensingCompany } from '../support/licensing-company.js';
import { pdfText } from '../support/pdf-text.js';
import { call, cloudUrl } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { daysSince, utcDay } from '../support/days.js';
import { until } from '../support/wait.js';
import type { NotYetStated, Statement } from '../../shared/schemas/statement-views.js';

/**
 * A licence invoice is corrected by a credit note, never by changing it: the credit note is numbered once per company
 * (LC-), cancels the unpaid invoice in full, and sends the licence back to signed so a corrected invoice (a new LI-
 * number) can be issued. Both old documents stay downloadable as issued. The register of invoices and credit notes
 * (what a VAT return is made from) nets each credit note against the invoice it cancels. Either document is mailed,
 * its PDF attached, only to the licence's contacts or the company's members.
 */
type Company = Awaited<ReturnType<typeof licensingCompany>>;
let company: Company;
let other: OwnCompany;

const outgoing = (extra: Record<string, unknown> = {}) => ({
  type: 'outgoing',
  licensee_name: `Wrong Name Ltd ${company.stamp}`,
  licensee_country: 'GB',
  usage: 'Advert',
  fee: '100.00',
  fee_currency: 'GBP',
  assets: company.recordings.map((recording, i) => ({
    asset_type: 'recording',
    asset_id: recording.id,
    split: i === 2 ? '33.34' : '33.33',
  })),
  ...extra,
});

/** A signed outgoing licence of the company's, invoiced: the licence as answered. */
async function invoiced(extra: Record<string, unknown> = {}) {
  const license = await company.signed(outgoing(extra));
  const issued = await company.api.post(`/licenses/${license.id}/invoice`, {});
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body.license as {
    id: string;
    invoice: { number: string; total: string; date: string; due_date: string };
  };
}

/** The text of a PDF the API links to (on the file's company unless told). */
async function linkedPdf(path: string, api: Company['api'] = company.api) {
  const link = await api.get(path);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  return {
    filename: link.body.filename,
    text: await pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer())),
  };
}

beforeAll(async () => {
  company = await licensingCompany('Licence credit notes', { prefix: 'Credited', payees: [] });
  other = await ownCompany('Licence credit notes elsewhere');
}, 120_000);

describe('crediting a licence invoice', () => {
  it('cancels it with a numbered credit note, and the corrected licence is invoiced again under a new number', async () => {
    const { api, stamp } = company;
    const license = await invoiced();
    const first = license.invoice;
    expect(first.total).toBe('120.00');

    // The reason is printed on the credit note: it is asked for, and a number not this licence's is refused.
    const blank = await api.post(`/licenses/${license.id}/credit_note`, { reason: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ reason: ['Reason is required'] });
    const wrong = await api.post(`/licenses/${license.id}/credit_note`, {
      reason: 'Typo',
      invoice_number: 'LI-999999',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ invoice_number: ["Invoice LI-999999 is not this licence's invoice"] });

    const credited = await api.post(`/licenses/${license.id}/credit_note`, {
      reason: 'The licensee’s company name was wrong',
      invoice_number: first.number,
    });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const note = credited.body.license.credited_invoices[0].credit_note;
    expect(note.number).toMatch(/^LC-\d{6}$/);
    expect(credited.body.message).toBe(`Credit note ${note.number} issued: invoice ${first.number} is cancelled`);
    expect(credited.body.license).toMatchObject({ status: 'signed', invoice: null, due_date: null });
    expect(credited.body.license.credited_invoices).toEqual([
      {
        invoice: expect.objectContaining({ number: first.number, total: '120.00' }),
        credit_note: expect.objectContaining({ number: note.number, reason: 'The licensee’s company name was wrong' }),
      },
    ]);
    expect(credited.body.license.history.at(-1)).toMatchObject({
      from: 'invoiced',
      to: 'signed',
      note: `Invoice ${first.number} cancelled by credit note ${note.number}`,
    });

    // Corrected, then invoiced again: a new number, the corrected name; the first invoice prints as it was issued.
    const renamed = await api.patch(`/licenses/${license.id}`, { licensee_name: `Right Name Ltd ${stamp}` });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const reissued = await api.post(`/licenses/${license.id}/invoice`, {});
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
    const second = reissued.body.license.invoice;
    expect(Number(second.number.slice(3))).toBe(Number(first.number.slice(3)) + 1);
    expect(second.billed.licensee_name).toBe(`Right Name Ltd ${stamp}`);

    const oldInvoice = await linkedPdf(`/licenses/${license.id}/invoices/${first.number}`);
    expect(oldInvoice.filename).toBe(`${first.number}.pdf`);
    expect(oldInvoice.text).toContain(`Invoice ${first.number}`);
    expect(oldInvoice.text).toContain(`To: Wrong Name Ltd ${stamp}`);
    const creditNote = await linkedPdf(`/licenses/${license.id}/credit_notes/${note.number}`);
    expect(creditNote.filename).toBe(`${note.number}.pdf`);
    for (const words of [
      `Credit note ${note.number}`,
      `To: Wrong Name Ltd ${stamp}`,
      `Credits invoice ${first.number} of ${first.date} in full`,
      'Reason: The licensee’s company name was wrong',
      'Licence fee (net) credited: £100.00',
      'VAT at 20% credited: £20.00',
      'Total credited: £120.00',
    ])
      expect(creditNote.text).toContain(words);
    const current = await linkedPdf(`/licenses/${license.id}/invoices/${second.number}`);
    expect(current.text).toContain(`To: Right Name Ltd ${stamp}`);

    // Numbers not on this licence, or of the wrong kind, are not found or refused; another company finds nothing.
    const missing = await api.get(`/licenses/${license.id}/credit_notes/LC-999999`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Credit note LC-999999 is not on this licence');
    const mixed = await api.get(`/licenses/${license.id}/invoices/${note.number}`);
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors).toEqual({ number: ['Number must be an invoice number, e.g. LI-000042'] });
    expect((await other.api.get(`/licenses/${license.id}/credit_notes/${note.number}`)).status).toBe(404);
    expect((await other.api.post(`/licenses/${license.id}/credit_note`, { reason: 'Not mine' })).status).toBe(404);
  });

  it('numbers one credit note when the same invoice is credited twice at once, and the next one follows it', async () => {
    const { api } = company;
    const license = await invoiced();
    const body = { reason: 'Sent twice', invoice_number: license.invoice.number };
    const answers = await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${license.id}/credit_note`, body)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numbers = new Set(answers.map((a) => a.body.license.credited_invoices[0].credit_note.number));
    expect(numbers.size).toBe(1);
    const shown = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(shown.credited_invoices).toHaveLength(1);
    // The company's next credit note takes the next number: the three calls moved the sequence once.
    const next = await invoiced();
    const after = await api.post(`/licenses/${next.id}/credit_note`, { reason: 'Another' });
    const [only] = numbers;
    expect(after.body.license.credited_invoices[0].credit_note.number).toBe(
      `LC-${String(Number(only.slice(3)) + 1).padStart(6, '0')}`,
    );
  });

  it('refunds a paid invoice with its credit note: the payment reversed in the ledger once, in the refund month', async () => {
    const { api } = company;
    const license = await invoiced();
    const paidOn = new Date().toISOString().slice(0, 10);
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn })).status).toBe(200);
    const sum = (lines: { amount: string }[]) =>
      lines.reduce((total, line) => total + Math.round(Number(line.amount) * 1e6), 0);
    const paid = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(paid.royalty_lines).toHaveLength(3);
    expect(sum(paid.royalty_lines)).toBe(100_000_000);

    // The refund's day is asked for: never in the future, never before the payment. Two days after the payment's day
    // is still to come by the product's clock should the run have crossed midnight since.
    const future = await api.post(`/licenses/${license.id}/credit_note`, {
      reason: 'Cancelled',
      refund_date: utcDay(2, Date.parse(`${paidOn}T00:00:00Z`)),
    });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ refund_date: ['Refund date must not be in the future'] });
    const early = await api.post(`/licenses/${license.id}/credit_note`, {
      reason: 'Cancelled',
      refund_date: '2020-01-01',
    });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ refund_date: [`Refund date must be on or after the payment date ${paidOn}`] });

    // Three clicks at once: one credit note, one refund, the payment's three lines reversed once.
    const body = {
      reason: 'The licensee cancelled the campaign',
      invoice_number: license.invoice.number,
      refund_date: paidOn,
    };
    const answers = await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${license.id}/credit_note`, body)));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const note = answers[0]?.body.license.credited_invoices[0].credit_note;
    for (const answer of answers) {
      expect(answer.body.license.credited_invoices).toHaveLength(1);
      expect(answer.body.message).toBe(
        `Credit note ${note.number} issued: invoice ${license.invoice.number} is cancelled and £120.00 refunded`,
      );
    }
    expect(note.refund).toMatchObject({ date: paidOn, paid_on: paidOn, amount: '120.00' });
    const refunded = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(refunded).toMatchObject({ status: 'signed', invoice: null, paid: false });
    expect(refunded.payment_date).toBeUndefined();
    expect(refunded.history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'signed',
      note: `Invoice ${license.invoice.number} cancelled by credit note ${note.number}; the payment of £120.00 refunded on ${paidOn}`,
    });
    expect(refunded.royalty_lines).toHaveLength(6);
    expect(sum(refunded.royalty_lines)).toBe(0);
    const reversals = refunded.royalty_lines.filter((line: { id: string }) =>
      note.refund.royalty_ids.includes(line.id),
    );
    expect(reversals).toHaveLength(3);
    for (const line of reversals)
      expect(line).toMatchObject({
        pay_period: paidOn.slice(0, 7),
        sales_description: `Licence fee refunded, credit note ${note.number}: Advert`,
      });
    expect(sum(reversals)).toBe(-100_000_000);
    // The royalties list carries the reversal like any line, its quantity -1.
    const line = await api.get(`/royalties/${reversals[0].id}`);
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    expect(line.body.royalty).toMatchObject({ quantity: -1 });

    const pdf = await linkedPdf(`/licenses/${license.id}/credit_notes/${note.number}`);
    expect(pdf.text).toContain(`Paid on ${paidOn}: £120.00 refunded on ${paidOn}.`);
    // The days around today, asked: the register's own range is today's quarter, which a run may leave at midnight.
    const register = (await api.get(`/licensing/invoices?from=${utcDay(-1)}&to=${utcDay(1)}`)).body.documents as Record<
      string,
      string
    >[];
    expect(register.find((d) => d.number === note.number)).toMatchObject({
      kind: 'credit_note',
      total: '-120.00',
      status: `Credits ${license.invoice.number}; £120.00 refunded on ${paidOn}`,
    });
    expect(register.find((d) => d.number === license.invoice.number)).toMatchObject({
      status: `Credited by ${note.number}`,
    });

    // Invoiced and paid again: a refund date means nothing to an unpaid invoice; the new payment stands beside the two
    // that cancel out.
    const again = (await api.post(`/licenses/${license.id}/invoice`, {})).body.license;
    const unpaid = await api.post(`/licenses/${license.id}/credit_note`, { reason: 'No', refund_date: paidOn });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.errors).toEqual({
      refund_date: ['Only a paid invoice is refunded: leave the refund date empty'],
    });
    expect(again.status).toBe('invoiced');
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn })).status).toBe(200);
    const repaid = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(repaid.royalty_lines).toHaveLength(9);
    expect(sum(repaid.royalty_lines)).toBe(100_000_000);
  });

  it('reverses the payment as the royalties list shows it: an edited line as edited, a deleted one not at all', async () => {
    const { api } = company;
    const license = await invoiced();
    expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    const [edited, deleted, untouched] = (await api.get(`/licenses/${license.id}`)).body.license.royalty_lines as {
      id: string;
      amount: string;
    }[];
    const edit = await api.patch(`/royalties/${edited?.id}`, { royalty: { amount: '20.00', label_payable: '20.00' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await api.del(`/royalties/${deleted?.id}`)).status).toBe(200);

    const credited = await api.post(`/licenses/${license.id}/credit_note`, { reason: 'Pulled' });
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const { refund } = credited.body.license.credited_invoices[0].credit_note;
    expect(refund.reverses.sort()).toEqual([edited?.id, untouched?.id].sort());
    const amounts = await Promise.all(
      refund.royalty_ids.map(async (id: string) => (await api.get(`/royalties/${id}`)).body.royalty.amount),
    );
    expect(amounts.sort()).toEqual(['-20.000000', `-${untouched?.amount}`].sort());
  });

  it('refuses to credit a licence never invoiced', async () => {
    const { api } = company;
    const signed = await company.signed(outgoing());
    const never = await api.post(`/licenses/${signed.id}/credit_note`, { reason: 'Nothing to credit' });
    expect(never.status).toBe(400);
    expect(never.body.message).toBe('Only an issued invoice can be credited');
    expect((await api.get(`/licenses/${signed.id}`)).body.license).toMatchObject({
      status: 'signed',
      credited_invoices: [],
    });
  });
});

describe('the reverse charge and the licensee’s VAT number', () => {
  const REFUSAL = "Add the licensee's VAT number: an invoice under the reverse charge must show it";

  it('refuses an EU licensee’s invoice without its VAT number, numbering nothing; prints it once given', async () => {
    // A company of its own (VAT registered, GB), so its first invoice is LI-000001 and a number taken would show.
    const own = await licensingCompany('Licence reverse charge', { prefix: 'Reverse', payees: [] });
    const { api, stamp } = own;
    const signedFor = (extra: Record<string, unknown>) =>
      own.signed({
        ...outgoing(),
        assets: outgoing().assets.map((a, i) => ({ ...a, asset_id: own.recordings[i].id })),
        ...extra,
      });
    const german = await signedFor({ licensee_name: `Agentur ${stamp}`, licensee_country: 'DE' });
    expect(german.licensee_vat_number).toBeNull();

    // Asked twice at once and once more: each refused naming the field, the licence still signed with no invoice.
    const refusals = await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${german.id}/invoice`, {})));
    for (const refused of refusals) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.message).toBe(REFUSAL);
      expect(refused.body.errors).toEqual({ licensee_vat_number: [REFUSAL] });
    }
    expect((await api.get(`/licenses/${german.id}`)).body.license).toMatchObject({
      status: 'signed',
      invoice: null,
      licensee_vat_number: null,
    });
    expect((await api.get('/licensing/invoices')).body.documents).toEqual([]);

    // A VAT number is bounded like the company's own; a good one is kept trimmed.
    const bad = await api.patch(`/licenses/${german.id}`, { licensee_vat_number: 'DE 123/456' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      licensee_vat_number: ['Licensee VAT number may hold letters, digits, spaces, dots and dashes only'],
    });
    const long = await api.patch(`/licenses/${german.id}`, { licensee_vat_number: `DE${'1'.repeat(29)}` });
    expect(long.body.errors).toEqual({ licensee_vat_number: ['Licensee VAT number must be at most 30 characters'] });
    const added = await api.patch(`/licenses/${german.id}`, { licensee_vat_number: ' DE123456789 ' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.license.licensee_vat_number).toBe('DE123456789');

    // With it the invoice is issued, under the company's first number: the refusals took none.
    const issued = await api.post(`/licenses/${german.id}/invoice`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const invoice = issued.body.license.invoice;
    expect(invoice).toMatchObject({
      number: 'LI-000001',
      vat: '0.00',
      total: '100.00',
      vat_note: 'Reverse charge: the customer accounts for the VAT on this supply',
    });
    expect(invoice.billed.licensee_vat_number).toBe('DE123456789');
    // Kept on the invoice: a later edit of the licence does not reach it.
    expect((await api.patch(`/licenses/${german.id}`, { licensee_vat_number: 'DE999999999' })).status).toBe(200);
    const pdf = await linkedPdf(`/licenses/${german.id}/invoice`, api);
    for (const words of [
      'Invoice LI-000001',
      `To: Agentur ${stamp}`,
      'VAT number DE123456789',
      'VAT number GB123456789',
      'Reverse charge: the customer accounts for the VAT on this supply',
    ])
      expect(pdf.text).toContain(words);
    expect(pdf.text).not.toContain('DE999999999');

    // A licensee in the company's own country (VAT charged) or outside the EU (outside the scope) needs none.
    const british = await signedFor({ licensee_name: `Studio ${stamp}`, licensee_country: 'GB' });
    const home = await api.post(`/licenses/${british.id}/invoice`, {});
    expect(home.status, JSON.stringify(home.body)).toBe(200);
    expect(home.body.license.invoice).toMatchObject({ number: 'LI-000002', vat: '20.00', total: '120.00' });
    expect(home.body.license.invoice.billed.licensee_vat_number).toBeNull();
    const homePdf = await linkedPdf(`/licenses/${british.id}/invoice`, api);
    // Only the licensor's VAT number is printed: no empty line for the licensee's.
    expect(homePdf.text.match(/VAT number/g)).toEqual(['VAT number']);
    const american = await signedFor({ licensee_name: `Pictures ${stamp}`, licensee_country: 'US' });
    const abroad = await api.post(`/licenses/${american.id}/invoice`, {});
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(200);
    expect(abroad.body.license.invoice.number).toBe('LI-000003');
  });
});

describe('the register of invoices and credit notes', () => {
  it('lists a range of days with the credit notes negative, sums per currency, and the same lines as a safe CSV', async () => {
    // A company of its own: the register sums everything the company issued in the range.
    const own = await licensingCompany('Licence register', { prefix: 'Registered', payees: [] });
    const { api, stamp } = own;
    const make = async (extra: Record<string, unknown>) => {
      const license = await own.signed({
        ...outgoing(),
        ...extra,
        assets: outgoing().assets.map((a, i) => ({ ...a, asset_id: own.recordings[i].id })),
      });
      const issued = await api.post(`/licenses/${license.id}/invoice`, {});
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      return issued.body.license as { id: string; invoice: { number: string; due_date: string } };
    };
    const film = await make({ licensee_name: `Film Co ${stamp}` });
    // Paid on the product's today: the day of the call, or the next for a call across midnight.
    const paidFrom = utcDay();
    expect((await api.post(`/licenses/${film.id}/payment`, {})).status).toBe(200);
    const paidOn = (await api.get(`/licenses/${film.id}`)).body.license.payment_date as string;
    expect(paidOn).toBeOneOf(daysSince(paidFrom));
    const game = await make({ licensee_name: `Game Inc ${stamp}`, licensee_country: 'US', fee: '50.00' });
    const credit = await api.post(`/licenses/${game.id}/credit_note`, { reason: 'Wrong studio' });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    const note = credit.body.license.credited_invoices[0].credit_note.number as string;
    const again = await api.post(`/licenses/${game.id}/invoice`, {});
    const reissued = again.body.license.invoice as { number: string; due_date: string };
    const euro = await make({ licensee_name: `=cmd Films ${stamp}`, fee: '10.00', fee_currency: 'EUR' });

    const askedFrom = utcDay();
    const register = await api.get('/licensing/invoices');
    expect(register.status, JSON.stringify(register.body)).toBe(200);
    // Unasked, the range holds the product's today: the day asked, or the next for a call across midnight.
    expect(daysSince(askedFrom).some((today) => register.body.from <= today && today <= register.body.to)).toBe(true);
    const lines = register.body.documents.map((d: Record<string, string>) => [
      d.number,
      d.licensee,
      d.net,
      d.vat,
      d.total,
      d.status,
    ]);
    expect(lines).toEqual([
      [film.invoice.number, `Film Co ${stamp}`, '100.00', '20.00', '120.00', `Paid on ${paidOn}`],
      [game.invoice.number, `Game Inc ${stamp}`, '50.00', '0.00', '50.00', `Credited by ${note}`],
      [reissued.number, `Game Inc ${stamp}`, '50.00', '0.00', '50.00', `Unpaid, due ${reissued.due_date}`],
      [euro.invoice.number, `=cmd Films ${stamp}`, '10.00', '2.00', '12.00', `Unpaid, due ${euro.invoice.due_date}`],
      [note, `Game Inc ${stamp}`, '-50.00', '0.00', '-50.00', `Credits ${game.invoice.number}`],
    ]);
    // Per currency, never across: the credit note takes the cancelled invoice back out.
    expect(register.body.totals).toEqual([
      { currency: 'EUR', count: 1, net: '10.00', vat: '2.00', total: '12.00' },
      { currency: 'GBP', count: 4, net: '150.00', vat: '20.00', total: '170.00' },
    ]);

    const csv = await api.get(`/licensing/invoices_csv?from=${register.body.from}&to=${register.body.to}`);
    expect(csv.status).toBe(200);
    expect(csv.body.filename).toBe(
      `Licence invoices and credit notes ${register.body.from} to ${register.body.to}.csv`,
    );
    const rows = parse(csv.body.csv) as string[][];
    expect(rows[0]).toEqual([
      'Type',
      'Number',
      'Date',
      'Licensee',
      'Currency',
      'Net',
      'VAT rate %',
      'VAT',
      'Total',
      'Status',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[8]])).toEqual(
      lines.map((l: string[]) => [l[0], l[0] === euro.invoice.number ? `'=cmd Films ${stamp}` : l[1], l[4]]),
    );

    // Another range holds none of them; a range the wrong way round or a day that is not one is refused, naming it.
    const before = await api.get('/licensing/invoices?from=2001-01-01&to=2001-03-31');
    expect(before.body).toMatchObject({ documents: [], totals: [] });
    const backwards = await api.get('/licensing/invoices?from=2026-03-31&to=2026-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ to: ['To must be on or after From'] });
    const notADay = await api.get('/licensing/invoices_csv?from=yesterday');
    expect(notADay.status).toBe(400);
    expect(notADay.body.errors).toEqual({ from: ['From must be a date (YYYY-MM-DD)'] });
    // The company's own only.
    expect((await other.api.get('/licensing/invoices')).body.documents).toEqual([]);
  });
});

describe('mailing an invoice or a credit note', () => {
  type OutboxMail = {
    to: string;
    subject: string;
    text: string;
    sender?: { name: string };
    attachments?: { filename: string; url: string }[];
  };
  const mailsTo = async (to: string) =>
    ((await call('GET', '/_local/outbox')).body.mails as OutboxMail[]).filter((m) => m.to === to);

  it("mails the stored PDF to the licence's contacts only, and notes each mailing on the licence", async () => {
    const { api, stamp } = company;
    const ann = `ann.${stamp}@film.example`;
    const stranger = `stranger.${stamp}@elsewhere.example`;
    const license = await invoiced({ contacts: [{ name: 'Ann Supervisor', email: ann }] });
    const number = license.invoice.number;

    const refused = await api.post(`/licenses/${license.id}/mail`, { number, to: [ann, stranger] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      to: [
        `${stranger} is neither one of the licence's contacts nor a member of the company: add it to the licence's contacts first`,
      ],
    });
    const none = await api.post(`/licenses/${license.id}/mail`, { number, to: [] });
    expect(none.body.errors).toEqual({ to: ['Choose at least one recipient'] });
    expect(await mailsTo(ann)).toEqual([]);

    const sent = await api.post(`/licenses/${license.id}/mail`, { number, to: [ann.toUpperCase()] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(`${number} sent to ${ann}`);
    expect(sent.body.license.documents_mailed).toEqual([
      expect.objectContaining({ number, to: [ann], by_name: expect.any(String) }),
    ]);
    const [mail] = await mailsTo(ann);
    expect(mail.subject).toBe(`Invoice ${number} from ${company.own.name}`);
    expect(mail.sender?.name).toBe(company.own.name);
    expect(mail.text).toContain(`Please find attached invoice ${number}`);
    expect(mail.text).toContain(`Total due: £120.00 by ${license.invoice.due_date}.`);
    // The attachment is the invoice as downloaded, byte for byte.
    expect(mail.attachments?.map((a) => a.filename)).toEqual([`${number}.pdf`]);
    const attached = Buffer.from(await (await fetch(`${cloudUrl()}${mail.attachments?.[0].url}`)).arrayBuffer());
    const link = await api.get(`/licenses/${license.id}/invoices/${number}`);
    expect(attached.equals(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()))).toBe(true);

    // Its credit note goes the same way, saying what it cancels.
    const credited = await api.post(`/licenses/${license.id}/credit_note`, {
      reason: 'Wrong use',
      invoice_number: number,
    });
    const note = credited.body.license.credited_invoices[0].credit_note.number as string;
    expect((await api.post(`/licenses/${license.id}/mail`, { number: note, to: [ann] })).status).toBe(200);
    const noteMail = (await mailsTo(ann)).find((m) => m.subject === `Credit note ${note} from ${company.own.name}`);
    expect(noteMail?.text).toContain(`which cancels invoice ${number}`);
    expect(noteMail?.text).toContain('Reason: Wrong use');
    const shown = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(shown.documents_mailed.map((m: { number: string }) => m.number)).toEqual([number, note]);

    // A number the licence does not hold, or another company, finds nothing to send.
    const missing = await api.post(`/licenses/${license.id}/mail`, { number: 'LI-999999', to: [ann] });
    expect(missing.status).toBe(404);
    expect((await other.api.post(`/licenses/${license.id}/mail`, { number, to: [ann] })).status).toBe(404);
    expect(await mailsTo(ann)).toHaveLength(2);
  });
});

describe("a refund on the payee's statements", () => {
  it('gives back what a published statement credited: the reversal is late money of the stated month', async () => {
    const world = await licensingCompany('Licence refunds stated', {
      prefix: 'Refunded',
      payees: ['Refund artist'],
      recordingsPaidToFirstPayee: true,
    });
    const { api } = world;
    const payee = world.payees[0];
    const [recording] = world.recordings;
    const license = await world.signed({
      type: 'outgoing',
      licensee_name: `Refund Films ${world.stamp}`,
      usage: 'Trailer',
      fee: '100.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'recording', asset_id: recording?.id, split: '100' }],
    });
    expect((await api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: today })).status).toBe(200);

    // The payee's statement of the month carries the fee's line, published.
    expect(
      (await api.post('/statements', { payee_id: payee?.id, start_pay_period: month, end_pay_period: month })).status,
    ).toBe(201);
    const statement = await until(async () => {
      const found = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee?.id}`)).body
        .statements as Statement[];
      return found[0]?.queue_status === 'published' ? found[0] : undefined;
    }, 60_000);
    expect(statement.control.lines).toBe(1);
    const credited = BigInt(statement.control.lines_total.replace('.', ''));
    expect(credited > 0n).toBe(true);

    // Refunded: the statement stays as published; the reversal waits for the payee's next statement as late money,
    // exactly what the statement credited, turned round.
    const refund = await api.post(`/licenses/${license.id}/credit_note`, {
      reason: 'Trailer pulled',
      refund_date: today,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const late = await until(async () => {
      const rows = (await api.get('/statements/not_yet_stated')).body.not_yet_stated as NotYetStated[];
      return rows.find((row) => row.account.id === payee?.id);
    }, 60_000);
    expect(late).toMatchObject({ number: statement.number, start_pay_period: month, lines: 1 });
    expect(BigInt(late.amount.replace('.', ''))).toBe(-credited);
    const again = (await api.get(`/statements/${statement.id}`)).body.statement as Statement;
    expect(again.control).toEqual(statement.control);
  });
});
