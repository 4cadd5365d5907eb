import { beforeAll, describe, expect, it } from 'vitest';
import { licensingCompany } from '../support/licensing-company.js';
import type { OwnCompany } from '../support/own-company.js';

/**
 * Contracts and licences on the company's calendar: a contract's start, end and delivery date, a licence's start and
 * end, its unpaid invoice's due date and the licensee's next report, each leading to its page and narrowed by label.
 * Days are fixed in 2030 (a licence's invoice due date, made from today, is read from its answer), so the file passes
 * on any day it runs.
 */
type Event = { kind: string; title: string; date: string; label_id: string | null; href: string };
let own: OwnCompany;
let api: OwnCompany['api'];
let labelId: string;
let releaseId: string;
let licenceId: string;
let invoiceNumber: string;
let invoiceDue: string;
let licensee: string;

const eventsBetween = async (from: string, to: string, label?: string) => {
  const answer = await api.get(`/calendar?from=${from}&to=${to}${label ? `&label_id=${label}` : ''}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.events as Event[];
};

beforeAll(async () => {
  const company = await licensingCompany('Calendar deals', { prefix: 'Calendar deal', payees: ['Deal payee'] });
  ({ own, api } = company);
  labelId = (await own.label(`Deal Label ${company.stamp}`)).id;
  const release = await api.post('/releases', { title: `Deal Dawn ${company.stamp}`, label_id: labelId });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
  const artist = await api.post('/artists', { name: `Deal Artist ${company.stamp}` });
  expect(artist.status, JSON.stringify(artist.body)).toBe(201);
  const contract = {
    type: 'artist_release_contract',
    contractee_type: 'artist',
    contractee_id: artist.body.artist.id,
    contractor_legal_name: 'Deal Records Ltd',
  };
  const signed = await api.post('/contracts', {
    ...contract,
    contractable_type: 'release',
    contractable_id: releaseId,
    contractee_legal_name: 'Ada Deal',
    start_date: '2030-02-01',
    end_date: '2030-12-31',
    metadata: { delivery_date: '2030-03-15' },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  expect((await api.patch(`/contracts/${signed.body.contract.id}`, { status: 'signed' })).status).toBe(200);
  const draft = await api.post('/contracts', {
    ...contract,
    contractable_type: 'label',
    contractable_id: labelId,
    contractee_legal_name: 'Ben Draft',
    start_date: '2030-04-01',
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);

  licensee = `Calendar Film ${company.stamp}`;
  const licence = await company.signed({
    type: 'outgoing',
    label_id: labelId,
    licensee_name: licensee,
    licensee_country: 'GB',
    usage: 'Trailer',
    fee: '500.00',
    fee_currency: 'GBP',
    license_start_date: '2030-01-10',
    license_end_date: '2030-07-10',
    report_every_months: 3,
    assets: company.recordings.map((r, i) => ({
      asset_type: 'recording',
      asset_id: r.id,
      split: i === 2 ? '33.34' : '33.33',
    })),
  });
  licenceId = licence.id;
  const invoiced = await api.post(`/licenses/${licenceId}/invoice`, {});
  expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
  ({ number: invoiceNumber, due_date: invoiceDue } = invoiced.body.license.invoice);
  // Declined: no day of it is on the calendar.
  const declined = await company.create({
    type: 'outgoing',
    licensee_name: `Declined Film ${company.stamp}`,
    license_start_date: '2030-01-20',
  });
  expect((await api.post(`/licenses/${declined.id}/status`, { status: 'declined' })).status).toBe(200);
}, 180_000);

describe('contracts and licences on the calendar', () => {
  it("shows a contract's start, end and delivery, a draft's day as a plan, and a licence's start, end and report", async () => {
    const seen = (await eventsBetween('2030-01-01', '2030-12-31')).map((e) => [e.date, e.kind, e.title]);
    const films = `To ${licensee} (Trailer)`;
    expect(seen).toEqual([
      ['2030-01-10', 'licence_start', films],
      ['2030-02-01', 'contract_start', 'Artist release contract with Ada Deal'],
      ['2030-03-15', 'contract_delivery', 'Artist release contract with Ada Deal'],
      ['2030-04-01', 'contract_start', 'Artist release contract with Ben Draft (draft, not signed yet)'],
      // Every 3 months from the licence's start.
      ['2030-04-10', 'licence_report_due', films],
      // A new contract's delivery date defaults to 30 days after its start.
      ['2030-05-01', 'contract_delivery', 'Artist release contract with Ben Draft (draft, not signed yet)'],
      ['2030-07-10', 'licence_end', films],
      ['2030-12-31', 'contract_end', 'Artist release contract with Ada Deal'],
    ]);
  });

  it('leads each day to its page and belongs to its label', async () => {
    const events = await eventsBetween('2030-01-01', '2030-12-31', labelId);
    expect(events).toHaveLength(8);
    const hrefOf = (kind: string, title: string) =>
      events.find((e) => e.kind === kind && e.title.includes(title))?.href;
    expect(hrefOf('contract_end', 'Ada Deal')).toBe(`/user/releases/${releaseId}/contracts`);
    expect(hrefOf('contract_start', 'Ben Draft')).toBe(`/user/labels/${labelId}/contracts`);
    expect(hrefOf('licence_end', licensee)).toBe(`/user/licensing/${licenceId}`);
    const elsewhere = await own.label('Deal Label Elsewhere');
    expect(await eventsBetween('2030-01-01', '2030-12-31', elsewhere.id)).toEqual([]);
  });

  it("shows the unpaid invoice's due date until the invoice is paid", async () => {
    const events = await eventsBetween(invoiceDue, invoiceDue);
    expect(events.filter((e) => e.kind === 'licence_invoice_due').map((e) => e.title)).toEqual([
      `Invoice ${invoiceNumber}: To ${licensee} (Trailer)`,
    ]);
    const paid = await api.post(`/licenses/${licenceId}/payment`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await eventsBetween(invoiceDue, invoiceDue)).filter((e) => e.kind === 'licence_invoice_due')).toEqual([]);
  });
});
