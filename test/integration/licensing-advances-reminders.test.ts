import { beforeAll, describe, expect, it } from 'vitest';
import { call, latestMail } from '../support/api.js';
import { licensingCompany } from '../support/licensing-company.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { pdfText } from '../support/pdf-text.js';
import { savedAs } from '../support/saved-as.js';
import { daysSince, utcDay } from '../support/days.js';
import { until } from '../support/wait.js';
import type { Statement } from '../../shared/schemas/statement-views.js';

/**
 * A licence's advance (recorded once, deducted from the fee, recouped under the contract covering its asset
 * for an incoming licence, as the fee is), its documents and signed copy, licensee reports, and the daily reminders
 * that are sent once per licence and due date however often the schedule runs.
 */
type Api = OwnCompany['api'];
let stamp: number;
let own: OwnCompany;
let api: Api;
let recordings: { id: string; title: string }[];
let release: { id: string; title: string };
let payees: string[];

// The clock read once: a day set up from it is the same day when the test expects it back, whenever midnight passes.
const NOW = Date.now();
const day = (offset: number) => utcDay(offset, NOW);
const monthsAgo = (n: number) => {
  const d = new Date(NOW);
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - n);
  return `${d.toISOString().slice(0, 7)}-05`;
};
/** PUT as the manager in the company (the company's calls have no PUT helper). */
const put = (path: string, body: object) =>
  call('PUT', `/api/v1${path}`, { token: own.manager.token, company: own.companyId, body });
const cents = (values: string[]) => values.reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);

let signed: (body: Record<string, unknown>) => Promise<Record<string, any>>;

type Line = { id: string; pay_period: string; subtotal_payable: string; sales_description: string };
/** The file's three recordings as a licence's assets, split in thirds that add up to 100 %. */
const inThirds = () =>
  recordings.map((r, i) => ({ asset_type: 'recording', asset_id: r.id, split: i === 2 ? '33.34' : '33.33' }));
const linesOf = async (id: string) => (await api.get(`/licenses/${id}`)).body.license.royalty_lines as Line[];

beforeAll(async () => {
  // Registered for VAT: the invoice charges it on the whole fee and deducts the advance from the total.
  const company = await licensingCompany('Licence advances', {
    prefix: 'Advance',
    payees: ['Advance payee A', 'Advance payee B'],
  });
  ({ own, api, stamp, recordings, release, signed } = company);
  payees = company.payees.map((p) => p.id);
}, 120_000);

describe('an advance', () => {
  it('enters the ledger once, is deducted on the invoice, and the payment brings the rest of the fee', async () => {
    const license = await signed({
      type: 'outgoing',
      licensee_name: `Advance Film ${stamp}`,
      licensee_country: 'GB',
      usage: 'End credits',
      fee: '100.00',
      advance_fee: '33.33',
      fee_currency: 'GBP',
      assets: inThirds(),
    });
    const paidOn = monthsAgo(2);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => api.post(`/licenses/${license.id}/advance`, { payment_date: paidOn })),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const advanced = await linesOf(license.id);
    expect(advanced).toHaveLength(3);
    expect(cents(advanced.map((l) => l.subtotal_payable))).toBe(3333);
    expect(new Set(advanced.map((l) => l.pay_period))).toEqual(new Set([paidOn.slice(0, 7)]));
    expect(advanced[0]?.sales_description).toMatch(/^Licence advance, licence: End credits$/);
    // A recorded advance keeps its amount.
    const edit = await api.patch(`/licenses/${license.id}`, { advance_fee: '40.00' });
    expect(edit.status).toBe(400);
    expect(edit.body.errors.advance_fee).toEqual(['The advance is recorded paid: its amount no longer changes']);

    const invoiced = (await api.post(`/licenses/${license.id}/invoice`, {})).body.license;
    expect(invoiced.invoice).toMatchObject({
      net: '100.00',
      total: '120.00',
      advance_received: '33.33',
      balance_due: '86.67',
    });
    const pdf = await api.get(`/licenses/${license.id}/invoice`);
    const text = await pdfText(new Uint8Array(await (await fetch(pdf.body.url)).arrayBuffer()));
    expect(text).toContain('Less the advance received');
    expect(text).toContain('Balance due');
    // The register chases what is still due, not the invoice's total.
    // The days around today, asked: the register's own range is today's quarter, which a run may leave at midnight.
    const register = (await api.get(`/licensing/invoices?from=${utcDay(-1)}&to=${utcDay(1)}`)).body.documents as {
      number: string;
      status: string;
    }[];
    expect(register.find((d) => d.number === invoiced.invoice.number)?.status).toBe(
      `Unpaid, due ${invoiced.invoice.due_date}, £86.67 to pay`,
    );

    const paid = await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${license.id}/payment`, {})));
    for (const answer of paid) expect(answer.status).toBe(200);
    const all = await linesOf(license.id);
    expect(all).toHaveLength(6);
    expect(cents(all.map((l) => l.subtotal_payable))).toBe(10000);
    const rest = all.filter((l) => l.sales_description.startsWith('Licence fee less the advance'));
    expect(cents(rest.map((l) => l.subtotal_payable))).toBe(6667);
  });

  it('refuses an advance before signing, above the fee, or not set, naming the field', async () => {
    const draft = (
      await api.post('/licenses', {
        type: 'outgoing',
        licensee_name: `Early ${stamp}`,
        fee: '10.00',
        fee_currency: 'GBP',
        advance_fee: '5.00',
        assets: [{ asset_type: 'recording', asset_id: recordings[0]?.id, split: '100' }],
      })
    ).body.license;
    const early = await api.post(`/licenses/${draft.id}/advance`, {});
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Record the advance once the licence is signed, before its invoice');
    await api.post(`/licenses/${draft.id}/status`, { status: 'signed' });
    // An advance above the fee is refused when it is saved, on its field, and the one saved stays.
    const above = await api.patch(`/licenses/${draft.id}`, { advance_fee: '12.00' });
    expect(above.status).toBe(400);
    expect(above.body.errors.advance_fee).toEqual(['The advance must not be more than the fee']);
    expect((await api.get(`/licenses/${draft.id}`)).body.license.advance_fee).toBe('5.00');
    const lowered = await api.patch(`/licenses/${draft.id}`, { fee: '4.00' });
    expect(lowered.body.errors.advance_fee).toEqual(['The advance must not be more than the fee']);
    const made = await api.post('/licenses', {
      type: 'outgoing',
      licensee_name: `Above ${stamp}`,
      fee: '10.00',
      fee_currency: 'GBP',
      advance_fee: '10.01',
    });
    expect(made.status).toBe(400);
    expect(made.body.errors.advance_fee).toEqual(['The advance must not be more than the fee']);
    expect(
      (await api.post(`/licenses/${draft.id}/advance`, { payment_date: 'soon' })).body.errors.payment_date,
    ).toEqual(['Payment date must be a date (YYYY-MM-DD)']);
  });

  it('is given back before the invoice: its lines reversed once in the refund month, and a new one recorded after', async () => {
    const license = await signed({
      type: 'outgoing',
      licensee_name: `Called Off ${stamp}`,
      usage: 'Trailer',
      fee: '90.00',
      advance_fee: '30.00',
      fee_currency: 'GBP',
      assets: inThirds(),
    });
    const paidOn = monthsAgo(1);
    expect((await api.post(`/licenses/${license.id}/advance`, { payment_date: paidOn })).status).toBe(200);
    const refund = (body: object) => api.post(`/licenses/${license.id}/advance_refund`, body);
    // Two days on: still to come for the product's clock when the run has crossed midnight since NOW.
    expect((await refund({ refund_date: day(2) })).body.errors).toEqual({
      refund_date: ['Refund date must not be in the future'],
    });
    expect((await refund({ refund_date: monthsAgo(3) })).body.errors).toEqual({
      refund_date: [`Refund date must be on or after the payment date ${paidOn}`],
    });

    // Three clicks at once: one refund, the advance's three lines reversed once, in this month.
    const answers = await Promise.all([1, 2, 3].map(() => refund({ refund_date: day(0) })));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const lines = await linesOf(license.id);
    expect(lines).toHaveLength(6);
    expect(cents(lines.map((l) => l.subtotal_payable))).toBe(0);
    const reversals = lines.filter((l) => l.sales_description === 'Licence advance refunded: Trailer');
    expect(reversals).toHaveLength(3);
    expect(cents(reversals.map((l) => l.subtotal_payable))).toBe(-3000);
    expect(new Set(reversals.map((l) => l.pay_period))).toEqual(new Set([day(0).slice(0, 7)]));
    const shown = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(shown).toMatchObject({ status: 'signed', advance_paid: false });
    expect(shown.advance_paid_date).toBeUndefined();
    expect(shown.advance_refunds).toEqual([
      expect.objectContaining({ date: day(0), paid_on: paidOn, amount: '30.00', reverses: expect.any(Array) }),
    ]);
    expect(shown.history.at(-1)).toMatchObject({ to: 'signed', note: `Advance of £30.00 refunded on ${day(0)}` });

    // The deal comes back: a new advance is recorded, then invoiced, after which the invoice is what is credited.
    expect((await api.post(`/licenses/${license.id}/advance`, {})).status).toBe(200);
    expect(cents((await linesOf(license.id)).map((l) => l.subtotal_payable))).toBe(3000);
    expect((await api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(200);
    const invoiced = await refund({});
    expect(invoiced.status).toBe(400);
    expect(invoiced.body.message).toBe('The invoice deducts the advance: credit the invoice first');

    const none = await signed({
      type: 'outgoing',
      licensee_name: `No Advance ${stamp}`,
      fee: '10.00',
      fee_currency: 'GBP',
      // A licence is signed only once it names what it covers.
      assets: inThirds(),
    });
    expect((await api.post(`/licenses/${none.id}/advance_refund`, {})).body.message).toBe(
      'No advance was recorded on this licence',
    );
  });

  it('reverses each line as it stands when an edit races the refund, and neither the line nor its reversal changes after', async () => {
    const license = await signed({
      type: 'outgoing',
      licensee_name: `Raced Advance ${stamp}`,
      fee: '90.00',
      advance_fee: '30.00',
      fee_currency: 'GBP',
      assets: inThirds(),
    });
    expect((await api.post(`/licenses/${license.id}/advance`, {})).status).toBe(200);
    const paid = await linesOf(license.id);
    expect(paid).toHaveLength(3);
    const amountOf = async (id: string) => (await api.get(`/royalties/${id}`)).body.royalty.amount as string;
    // Each line edited while the refund is asked for, at once: whichever lands first, the other follows it.
    const [refund, ...edits] = await Promise.all([
      api.post(`/licenses/${license.id}/advance_refund`, {}),
      ...paid.map((line) => api.patch(`/royalties/${line.id}`, { royalty: { amount: '55.55' } })),
    ]);
    expect(refund?.status, JSON.stringify(refund?.body)).toBe(200);
    for (const edit of edits) expect([200, 409], JSON.stringify(edit.body)).toContain(edit.status);
    const lines = await linesOf(license.id);
    expect(lines).toHaveLength(6);
    const amounts = await Promise.all(lines.map((line) => amountOf(line.id)));
    expect(cents(amounts)).toBe(0);

    // From then on neither the paid lines nor their reversals change or go.
    for (const line of lines) {
      const edit = await api.patch(`/royalties/${line.id}`, { royalty: { amount: '1.00' } });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe("This line is part of a licence's refund: it no longer changes");
    }
    const removed = await api.del(`/royalties/${lines[0]?.id}`);
    expect(removed.status).toBe(409);
    const bulk = await api.post('/royalties_bulk_update', {
      ids: lines.map((line) => line.id),
      royalty: { sales_category: 'Changed' },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(409);
    expect(cents(await Promise.all(lines.map((line) => amountOf(line.id))))).toBe(0);
    expect((await linesOf(license.id)).map((line) => line.sales_description).sort()).toEqual(
      lines.map((line) => line.sales_description).sort(),
    );

    // Deleting the licence takes the payment and its reversal together, which still nets to nothing.
    expect((await api.del(`/licenses/${license.id}`)).status).toBe(200);
    for (const line of lines) expect((await api.get(`/royalties/${line.id}`)).status).toBe(404);
  });

  it('of an incoming licence is a cost recouped from the release contract’s payees, and the payment the rest', async () => {
    const contract = await api.post('/contracts', {
      contractable_type: 'release',
      contractable_id: release.id,
      type: 'licence',
      contractee_type: 'payee',
      contractee_id: payees[0],
      contractee_legal_name: `Advance Artist Ltd ${stamp}`,
      contractor_legal_name: 'Advance Records Ltd',
      start_date: '2020-01-01',
      contract_payees: [
        { payee_id: payees[0], share: '60' },
        { payee_id: payees[1], share: '40' },
      ],
      royalty_terms: { deal_type: 'net_receipts', recoupable_costs_percent: '50' },
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    expect((await api.patch(`/contracts/${contract.body.contract.id}`, { status: 'signed' })).status).toBe(200);
    const license = await signed({
      type: 'incoming',
      licensee_name: `Sample House ${stamp}`,
      usage: 'A vocal sample',
      fee: '300.00',
      advance_fee: '100.01',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'release', asset_id: release.id, split: '100' }],
    });
    await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${license.id}/advance`, {})));
    await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${license.id}/payment`, {})));
    const expenses = (await api.get(`/expenses?per_page=100&release_id=${release.id}`)).body.expenses as {
      total: string;
      recoupable: boolean;
      recoupable_percentage: number;
      payee_id?: string;
      description: string;
    }[];
    expect(expenses).toHaveLength(4);
    expect(cents(expenses.map((e) => e.total))).toBe(30000);
    expect(expenses.every((e) => e.recoupable && e.recoupable_percentage === 50)).toBe(true);
    const advance = expenses.filter((e) => e.description.startsWith('Licence advance'));
    expect(advance.map((e) => e.total).sort()).toEqual(['40.00', '60.01']);
    // A paid expense is never deleted, so neither is the licence that made it.
    expect((await api.del(`/licenses/${license.id}`)).status).toBe(409);
  });
});

describe('an incoming licence’s cost', () => {
  type Expense = { id: string; total: string; recoupable: boolean; recoupable_percentage: number; description: string };
  const expensesOf = async (licensee: string, query = '') =>
    ((await api.get(`/expenses?per_page=100${query}`)).body.expenses as Expense[]).filter((e) =>
      e.description.includes(licensee),
    );
  /**
   * A signed contract on a subject recouping `percent` of costs, its payees the file's two at 70/30 unless told, ending
   * on `end` when given.
   */
  const contractOn = async (
    type: 'release' | 'artist',
    id: string,
    name: string,
    percent: string,
    options: { end?: string; payees?: { payee_id: string | undefined; share: string }[] } = {},
  ) => {
    const contractPayees = options.payees ?? [
      { payee_id: payees[0], share: '70' },
      { payee_id: payees[1], share: '30' },
    ];
    const made = await api.post('/contracts', {
      contractable_type: type,
      contractable_id: id,
      type: 'artist_release_contract',
      contractee_type: 'payee',
      contractee_id: contractPayees[0]?.payee_id,
      contractee_legal_name: name,
      contractor_legal_name: 'Advance Records Ltd',
      start_date: '2020-01-01',
      ...(options.end ? { end_date: options.end } : {}),
      contract_payees: contractPayees,
      royalty_terms: { deal_type: 'net_receipts', recoupable_costs_percent: percent },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((await api.patch(`/contracts/${made.body.contract.id}`, { status: 'signed' })).status).toBe(200);
    return made.body.contract.id as string;
  };
  const artistWithRecording = async (name: string) => {
    const artist = (await api.post('/artists', { name: `${name} ${stamp}` })).body.artist.id as string;
    const recording = await api.post('/recordings', {
      title: `${name} song ${stamp}`,
      artist_recordings_attributes: [{ artist_id: artist, role: 'Main' }],
    });
    expect(recording.status, JSON.stringify(recording.body)).toBe(201);
    return { artist, recording: recording.body.recording.id as string };
  };
  const incoming = (licensee: string, asset: { asset_type: string; asset_id: string }) =>
    signed({
      type: 'incoming',
      licensee_name: `${licensee} ${stamp}`,
      usage: 'A sample',
      fee: '100.00',
      fee_currency: 'GBP',
      assets: [{ ...asset, split: '100' }],
    });

  it('is recouped under the artist’s contract when its recording has no release contract, said before it is paid', async () => {
    const { artist, recording } = await artistWithRecording('Sampled Artist');
    const contract = await contractOn('artist', artist, `Sampled Artist Ltd ${stamp}`, '40');
    const license = await incoming('Artist Sample House', { asset_type: 'recording', asset_id: recording });
    expect(license.cost_recoupment).toEqual({
      contract_id: contract,
      subject: { type: 'artist', id: artist },
      contractee: `Sampled Artist Ltd ${stamp}`,
      percent: '40',
      payees: [
        { payee_id: payees[0], share: '70' },
        { payee_id: payees[1], share: '30' },
      ],
    });
    const paid = await api.post(`/licenses/${license.id}/payment`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Paid, there is nothing left to forecast.
    expect(paid.body.license.cost_recoupment).toBeNull();
    const expenses = await expensesOf(`Artist Sample House ${stamp}`);
    expect(expenses.map((e) => e.total).sort()).toEqual(['30.00', '70.00']);
    expect(expenses.every((e) => e.recoupable && e.recoupable_percentage === 40)).toBe(true);
    const first = await expensesOf(`Artist Sample House ${stamp}`, `&payee_type=Payee&payee_id=${payees[0]}`);
    expect(first.map((e) => e.total)).toEqual(['70.00']);
  });

  it('follows the most specific contract: a release contract that recoups nothing leaves it the label’s own', async () => {
    const { artist } = await artistWithRecording('Released Artist');
    await contractOn('artist', artist, `Released Artist Ltd ${stamp}`, '50');
    const made = await api.post('/releases', {
      title: `Sampled EP ${stamp}`,
      artist_releases_attributes: [{ artist_id: artist, role: 'Main' }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const releaseId = made.body.release.id as string;
    const license = await incoming('Release Sample House', { asset_type: 'release', asset_id: releaseId });
    // The artist's contract would recoup half, but the release's own contract is the one that covers it.
    expect(license.cost_recoupment?.subject).toEqual({ type: 'artist', id: artist });
    await contractOn('release', releaseId, `Released EP Ltd ${stamp}`, '0');
    expect((await api.get(`/licenses/${license.id}`)).body.license.cost_recoupment).toBeNull();
    expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    const expenses = await expensesOf(`Release Sample House ${stamp}`, `&release_id=${releaseId}`);
    expect(expenses.map((e) => [e.total, e.recoupable])).toEqual([['100.00', false]]);
  });

  it('is the label’s own when the only contract ended before the payment', async () => {
    const { artist, recording } = await artistWithRecording('Former Artist');
    await contractOn('artist', artist, `Former Artist Ltd ${stamp}`, '50', { end: '2021-12-31' });
    const license = await incoming('Former Sample House', { asset_type: 'recording', asset_id: recording });
    expect(license.cost_recoupment).toBeNull();
    expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    const expenses = await expensesOf(`Former Sample House ${stamp}`);
    expect(expenses.map((e) => [e.total, e.recoupable])).toEqual([['100.00', false]]);
  });

  it('is given back once when the licensor refunds the payment: its expenses taken back, the licence signed again', async () => {
    const { artist, recording } = await artistWithRecording('Refunded Artist');
    await contractOn('artist', artist, `Refunded Artist Ltd ${stamp}`, '40');
    const licensee = `Refunding Sample House ${stamp}`;
    const license = await incoming('Refunding Sample House', { asset_type: 'recording', asset_id: recording });
    const paidOn = day(-3);
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn })).status).toBe(200);
    // Dated between the payment and today.
    for (const [refund_date, message] of [
      [day(2), 'Refund date must not be in the future'],
      [day(-4), `Refund date must be on or after the payment date ${paidOn}`],
    ] as const) {
      const refused = await api.post(`/licenses/${license.id}/payment_refund`, { refund_date });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.refund_date).toEqual([message]);
    }
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.post(`/licenses/${license.id}/payment_refund`, { refund_date: day(-1) })),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const refunded = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(refunded.status).toBe('signed');
    expect(refunded.payment_date).toBeUndefined();
    expect(refunded.payment_refunds).toHaveLength(1);
    expect(refunded.payment_refunds[0]).toMatchObject({ date: day(-1), paid_on: paidOn, amount: '100.00' });
    expect(refunded.history.at(-1).note).toBe(`Payment of £100.00 refunded by ${licensee} on ${day(-1)}`);
    // Each payee's expense taken back by one of the opposite sign, recouped at the same part: the cost nets to nothing.
    const expenses = await expensesOf(licensee);
    expect(expenses.map((e) => e.total).sort()).toEqual(['-30.00', '-70.00', '30.00', '70.00']);
    expect(cents(expenses.map((e) => e.total))).toBe(0);
    expect(expenses.every((e) => e.recoupable && e.recoupable_percentage === 40)).toBe(true);
    const first = await expensesOf(licensee, `&payee_type=Payee&payee_id=${payees[0]}`);
    expect(first.map((e) => [e.total, e.description]).sort()).toEqual([
      ['-70.00', `Licence fee refunded by ${licensee}: A sample`],
      ['70.00', `Licence fee to ${licensee}: A sample`],
    ]);
    // Neither the expenses taken back nor their reversals change any more: the pair nets to nothing for good.
    for (const expense of expenses) {
      const edit = await api.patch(`/expenses/${expense.id}`, { subtotal: '1.00', total: '1.00' });
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe("This expense is part of a licence's refund: it no longer changes");
      expect((await api.get(`/expenses/${expense.id}`)).body.expense.licence_refund_id).toBe(license.id);
    }
    // Expenses stay, so the licence does too; paid again, it makes new ones.
    expect((await api.del(`/licenses/${license.id}`)).status).toBe(409);
    expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    expect(await expensesOf(licensee)).toHaveLength(6);
  });

  it('takes back each expense as it stands when an edit races the refund: the cost always nets to nothing', async () => {
    const { artist, recording } = await artistWithRecording('Raced Artist');
    await contractOn('artist', artist, `Raced Artist Ltd ${stamp}`, '40');
    const licensee = `Raced Sample House ${stamp}`;
    const license = await incoming('Raced Sample House', { asset_type: 'recording', asset_id: recording });
    expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    const paid = await expensesOf(licensee);
    expect(paid.map((e) => e.total).sort()).toEqual(['30.00', '70.00']);
    // Each payee's expense edited while the refund is asked for, at once: whichever lands first, the other follows it.
    const [refund, ...edits] = await Promise.all([
      api.post(`/licenses/${license.id}/payment_refund`, {}),
      ...paid.map((e) => api.patch(`/expenses/${e.id}`, { subtotal: '55.55', total: '55.55' })),
    ]);
    expect(refund?.status, JSON.stringify(refund?.body)).toBe(200);
    for (const edit of edits) expect([200, 409]).toContain(edit.status);
    const after = await expensesOf(licensee);
    expect(after).toHaveLength(4);
    expect(cents(after.map((e) => e.total))).toBe(0);
    // Each payee's account nets to nothing too.
    for (const payee of [payees[0], payees[1]]) {
      const theirs = await expensesOf(licensee, `&payee_type=Payee&payee_id=${payee}`);
      expect(cents(theirs.map((e) => e.total))).toBe(0);
    }
  });

  it('gives an incoming advance back before the payment, and refuses what is not the licensor’s to refund', async () => {
    const licensee = `Advance Sample House ${stamp}`;
    const made = await api.post('/releases', { title: `Advance Sampled EP ${stamp}` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const releaseId = made.body.release.id as string;
    await contractOn('release', releaseId, `Advance Sampled EP Ltd ${stamp}`, '50');
    const license = await signed({
      type: 'incoming',
      licensee_name: licensee,
      usage: 'A loop',
      fee: '90.00',
      advance_fee: '30.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'release', asset_id: releaseId, split: '100' }],
    });
    // Nothing paid yet.
    const none = await api.post(`/licenses/${license.id}/payment_refund`, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Only a paid licence’s payment can be refunded');
    expect((await api.post(`/licenses/${license.id}/advance`, {})).status).toBe(200);
    expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    const early = await api.post(`/licenses/${license.id}/advance_refund`, {});
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('The payment of the rest of the fee is recorded: refund the payment first');
    expect((await api.post(`/licenses/${license.id}/payment_refund`, {})).status).toBe(200);
    // Refunded on the product's today: the day of the clicks (or the next, for clicks across midnight).
    const refundedFrom = utcDay();
    const answers = await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${license.id}/advance_refund`, {})));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(after.advance_paid).toBe(false);
    expect(after.history.at(-1).note).toBeOneOf(
      daysSince(refundedFrom).map((on) => `Advance of £30.00 refunded by ${licensee} on ${on}`),
    );
    // The release's contract recoups half, from its two payees 70/30: every expense met by its opposite.
    const expenses = await expensesOf(licensee, `&release_id=${releaseId}`);
    expect(expenses).toHaveLength(8);
    expect(cents(expenses.map((e) => e.total))).toBe(0);
    expect(
      expenses
        .filter((e) => e.description.startsWith('Licence advance refunded'))
        .map((e) => e.total)
        .sort(),
    ).toEqual(['-21.00', '-9.00']);
    // An outgoing licence's payment is refunded by crediting its invoice.
    const outgoing = await signed({
      type: 'outgoing',
      licensee_name: `Outgoing Refund Film ${stamp}`,
      fee: '10.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'release', asset_id: release.id, split: '100' }],
    });
    const wrongWay = await api.post(`/licenses/${outgoing.id}/payment_refund`, {});
    expect(wrongWay.status).toBe(400);
    expect(wrongWay.body.message).toBe('A paid invoice is refunded by its credit note: credit the invoice instead');
  });

  it('recouped on a published statement, is given back on the payee’s next one, the published one unchanged', async () => {
    // A payee of this test's own, so its statements carry only this licence's expenses.
    const payee = (await api.post('/payees', { name: `Recouping payee ${stamp}` })).body.payee.id as string;
    const made = await api.post('/releases', { title: `Recouped Sample EP ${stamp}` });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const releaseId = made.body.release.id as string;
    await contractOn('release', releaseId, `Recouping Artist Ltd ${stamp}`, '50', {
      payees: [{ payee_id: payee, share: '100' }],
    });
    const license = await incoming('Stated Sample House', { asset_type: 'release', asset_id: releaseId });
    const paidOn = monthsAgo(2);
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: paidOn })).status).toBe(200);
    const published = async (month: string) => {
      const run = await api.post('/statements', { payee_id: payee, start_pay_period: month, end_pay_period: month });
      expect(run.status, JSON.stringify(run.body)).toBe(201);
      return until(async () => {
        const found = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee}`)).body
          .statements as Statement[];
        return found.find((s) => s.start_pay_period === month && s.queue_status === 'published');
      }, 60_000);
    };
    // The statement lists the half it recoups as an expense; the refund's expense of the opposite sign gives it back.
    const first = await published(paidOn.slice(0, 7));
    expect(first.expenses_total).toBe('50.00');
    expect((await api.post(`/licenses/${license.id}/payment_refund`, {})).status).toBe(200);
    // The refund's month is the one of the day the product dated it (today by its clock, which may be past a month end).
    const refunded = (await api.get(`/licenses/${license.id}`)).body.license.payment_refunds[0].date as string;
    const next = await published(refunded.slice(0, 7));
    expect(next.expenses_total).toBe('-50.00');
    const again = (await api.get(`/statements/${first.id}`)).body.statement as Statement;
    expect(again.expenses_total).toBe('50.00');
    expect(again.payee_total).toBe(first.payee_total);
  });
});

describe('documents', () => {
  it('writes the quote and the licence from the templates, and keeps the signed copy', async () => {
    const license = await signed({
      type: 'outgoing',
      licensee_name: `Paper Studio ${stamp}`,
      usage: 'A game trailer',
      territory: 'GB, IE',
      fee: '500.00',
      fee_currency: 'GBP',
      proposal_date: '2026-02-02',
      license_start_date: '2026-03-01',
      license_end_date: '2027-02-28',
      assets: [{ asset_type: 'recording', asset_id: recordings[1]?.id, split: '100' }],
    });
    for (const [kind, heading] of [
      ['quote', 'QUOTE FOR A MASTER USE LICENCE'],
      ['licence', 'MASTER USE LICENCE'],
    ] as const) {
      const link = await api.get(`/licenses/${license.id}/document?kind=${kind}&format=pdf`);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const text = await pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
      expect(text).toContain(heading);
      expect(text).toContain(`Paper Studio ${stamp}`);
      expect(text).toContain('A game trailer');
      // The territory's country codes are named, as the licence's page names them.
      expect(text).toContain('United Kingdom, Ireland');
      // Days as the licence's page shows them, never as stored.
      expect(text).toContain('from 1st Mar 2026 to 28th Feb 2027');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect((await api.get(`/licenses/${license.id}/document?kind=letter`)).body.errors.kind).toEqual([
      'Document must be licence or quote',
    ]);
    // A pipeline step the licence does not have is told the steps, in the pages' words.
    expect((await api.get('/licenses?status=done')).body.errors.status).toEqual([
      'Status must be one of: Enquiry, Quoted, Negotiating, Signed, Invoiced, Paid, Declined, Expired',
    ]);
    const file = new TextEncoder().encode('%PDF-1.4 signed');
    const presigned = await api.post(`/licenses/${license.id}/signed_copy_upload`, {
      filename: 'signed licence.pdf',
      content_type: 'application/pdf',
      size: file.byteLength,
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
    const uploaded = await fetch(presigned.body.url, { method: 'PUT', headers: presigned.body.headers, body: file });
    expect(uploaded.ok).toBe(true);
    const kept = await put(`/licenses/${license.id}/signed_copy`, { signed_copy_key: presigned.body.key });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.license.signed_copy_file_name).toBe('signed_licence.pdf');
    expect(kept.body.license.signed_copy_key).toBeUndefined();
    const link = await api.get(`/licenses/${license.id}/signed_copy`);
    const saved = await savedAs(link.body.url);
    expect(new TextDecoder().decode(saved.bytes)).toBe('%PDF-1.4 signed');
    // Saved under the name it was uploaded with, not the stored key (which starts with an id).
    expect(saved.filename).toBe('signed_licence.pdf');
    const foreign = await put(`/licenses/${license.id}/signed_copy`, { signed_copy_key: 'contracts/x/y.pdf' });
    expect(foreign.status).toBe(400);
  });
});

describe('the company’s own templates', () => {
  it('writes the licence from the company’s own text, refusing a placeholder it cannot fill; other companies keep the standard text', async () => {
    const listed = await api.get('/document_templates');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const ids = listed.body.document_templates.map((t: { id: string }) => t.id);
    expect(ids).toEqual(['artist_release_contract', 'licence', 'master_use_licence', 'licence_quote']);
    const standard = listed.body.document_templates[2];
    expect(standard).toMatchObject({ name: 'Master use licence', used_for: 'licence', customised: false });
    expect(standard.placeholders).toContain('licensee');

    const unknown = await api.patch('/document_templates/master_use_licence', { text: 'Fee: {{fee_in_words}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.text[0]).toMatch(
      /^\{\{fee_in_words\}\} is not a placeholder this document can fill: use /,
    );
    expect((await api.patch('/document_templates/master_use_licence', { text: '  ' })).body.errors.text).toEqual([
      'Text is required',
    ]);
    expect((await api.patch('/document_templates/no_such_template', { text: 'x' })).status).toBe(404);

    const own = 'OUR OWN MASTER LICENCE\nGranted to {{licensee}} for {{usage}}. Fee: {{fee}}.';
    const saved = await api.patch('/document_templates/master_use_licence', { text: own });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.document_template).toMatchObject({ text: own, customised: true });

    const license = await signed({
      type: 'outgoing',
      licensee_name: `Own Paper Co ${stamp}`,
      usage: 'A podcast intro',
      fee: '75.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'recording', asset_id: recordings[0]?.id, split: '100' }],
    });
    const paper = async (kind: string) => {
      const link = await api.get(`/licenses/${license.id}/document?kind=${kind}&format=pdf`);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      return pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    };
    const licenceText = await paper('licence');
    expect(licenceText).toContain('OUR OWN MASTER LICENCE');
    expect(licenceText).toContain(`Granted to Own Paper Co ${stamp} for A podcast intro. Fee: £75.00.`);
    // The quote keeps its standard text until the company changes it too.
    expect(await paper('quote')).toContain('QUOTE FOR A MASTER USE LICENCE');

    // Another company still has the standard texts.
    const elsewhere = await ownCompany('Templates elsewhere');
    const theirs = (await elsewhere.api.get('/document_templates')).body.document_templates[2];
    expect(theirs).toMatchObject({ id: 'master_use_licence', customised: false, text: standard.text });

    // Saving the standard text again restores it.
    const restored = await api.patch('/document_templates/master_use_licence', { text: standard.default_text });
    expect(restored.body.document_template.customised).toBe(false);
  });
});

describe('reminders', () => {
  it('sends each reminder once per licence and due date, however often the schedule runs', async () => {
    const licensee = `Reminded Agency ${stamp}`;
    const license = await signed({
      type: 'outgoing',
      licensee_name: licensee,
      usage: 'A TV advert',
      license_start_date: monthsAgo(3),
      license_end_date: day(10),
      report_every_months: 1,
      fee: '80.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'recording', asset_id: recordings[2]?.id, split: '100' }],
    });
    const firstDue = license.next_report_due as string;
    expect(firstDue < day(0)).toBe(true);
    const runSchedule = () => call('POST', '/_local/schedules/licenseReminders');
    const inbox = async () =>
      (
        (await call('GET', '/api/v1/notices', { token: own.manager.token })).body.notices as {
          notice: { title: string };
        }[]
      )
        .map((n) => n.notice.title)
        .filter((title) => title.includes(licensee));

    const runs = await Promise.all([runSchedule(), runSchedule()]);
    for (const run of runs) expect(run.status, JSON.stringify(run.body)).toBe(200);
    await runSchedule();
    expect((await inbox()).sort()).toEqual(
      [`Licence ending on ${day(10)}: ${licensee}`, `Licensee report overdue: ${licensee}`].sort(),
    );
    expect((await latestMail(own.manager.email))?.subject).toContain(licensee);

    // The hub lists the same: what is due, the oldest first.
    const summary = (await api.get('/licensing/summary')).body;
    const mine = summary.reminders.filter((r: { license_id: string }) => r.license_id === license.id);
    expect(mine.map((r: { kind: string }) => r.kind)).toEqual(['report_overdue', 'ending']);

    // The report comes in: recorded once even when said twice, and the next one is its own reminder.
    const received = await Promise.all(
      [1, 2].map(() => api.post(`/licenses/${license.id}/report_received`, { due_date: firstDue })),
    );
    const answered = received.filter((r) => r.status === 200);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    const after = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(after.report_received_through).toBe(firstDue);
    expect(after.next_report_due > firstDue).toBe(true);
    await runSchedule();
    await runSchedule();
    const titles = await inbox();
    expect(titles.filter((t) => t.startsWith('Licensee report overdue'))).toHaveLength(
      after.next_report_due < day(0) ? 2 : 1,
    );
    expect(titles.filter((t) => t.startsWith('Licence ending'))).toHaveLength(1);
  });
});
