import { beforeAll, describe, expect, it } from 'vitest';
import { checkableRelease } from '../support/checkable-release.js';
import { pdfText } from '../support/pdf-text.js';
import { licensingCompany } from '../support/licensing-company.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { daysSince, utcDay } from '../support/days.js';
import { until } from '../support/wait.js';

/**
 * Licences in and out: every field, the pipeline and who moved it, the invoice (numbered once, VAT
 * by the licensee's country), and the payment that turns the fee into ledger lines exactly once.
 */
type Api = OwnCompany['api'];
let stamp: number;
let own: OwnCompany;
let api: Api;
let other: OwnCompany;
let payee: { id: string };
let recordings: { id: string; title: string }[];
let release: { id: string; title: string };
let create: (body: Record<string, unknown>, on?: Api) => Promise<Record<string, any>>;
let signed: (body: Record<string, unknown>, on?: Api) => Promise<Record<string, any>>;

/** Today's month and a day of last month, the pay period a payment lands in. */
const PAID_ON = (() => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return `${d.toISOString().slice(0, 7)}-15`;
})();

/** Two months back: the month the statement case states, which no other case pays into. */
const STATED_ON = (() => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 2);
  return `${d.toISOString().slice(0, 7)}-15`;
})();

const outgoing = (extra: Record<string, unknown> = {}) => ({
  type: 'outgoing',
  licensee_name: `Film Co ${stamp}`,
  licensee_country: 'GB',
  usage: 'Opening titles of a feature film',
  territory: 'World',
  fee: '10.00',
  fee_currency: 'GBP',
  assets: [
    { asset_type: 'recording', asset_id: recordings[0].id, split: '33.33' },
    { asset_type: 'recording', asset_id: recordings[1].id, split: '33.33' },
    { asset_type: 'recording', asset_id: recordings[2].id, split: '33.34' },
  ],
  ...extra,
});

beforeAll(async () => {
  const company = await licensingCompany('Licensing', {
    prefix: 'Licensed',
    payees: ['Licensed payee'],
    recordingsPaidToFirstPayee: true,
  });
  ({ own, api, stamp, recordings, release, create, signed } = company);
  payee = company.payees[0];
  other = await ownCompany('Licensing elsewhere');
}, 120_000);

describe('a licence’s fields and pipeline', () => {
  it('keeps every field the spec names and answers them in GET licenses, with filters', async () => {
    // The first contact is dated the product's today: the day of the call, or the next for a call across midnight.
    const madeFrom = utcDay();
    const license = await create(
      outgoing({
        licensee_address: '1 Wardour Street, London',
        licensee_phone: '+44 20 0000 0000',
        contacts: [{ name: 'Ann Music-Supervisor', email: 'ann@film.example', role: 'Music supervisor' }],
        tags: ['sync', 'film'],
        term: '5 years',
        credit: '“Track 1” performed by the artist',
        advance_fee: '2.00',
        license_start_date: '2026-01-01',
        license_end_date: '2030-12-31',
        contract_data: 'The licensor grants…',
      }),
    );
    expect(license).toMatchObject({
      type: 'outgoing',
      status: 'enquiry',
      // Three recordings: their kind, but no one recording standing for the licence (the assets list names them).
      asset_type: 'recording',
      recording_id: null,
      recording: null,
      tag: 'sync, film',
      fee: '10.00',
      fee_currency: 'GBP',
      advance_fee: '2.00',
      paid: false,
      vat: null,
      fee_vat: null,
      initial_contact_date: expect.toBeOneOf(daysSince(madeFrom)),
    });
    expect(license.history).toEqual([expect.objectContaining({ from: null, to: 'enquiry', by: own.manager.id })]);
    const listed = await api.get('/licenses?tag=film&type=outgoing&status=enquiry');
    expect(listed.status).toBe(200);
    expect(listed.body.licenses.map((l: { id: string }) => l.id)).toEqual([license.id]);
    expect(listed.body.total_count).toBe(1);
    const byAsset = await api.get(`/licenses?asset_id=${recordings[2].id}&tag=film`);
    expect(byAsset.body.licenses).toHaveLength(1);
    // A release's licences are those of its tracks too: the release page lists a sync of one of its recordings.
    const album = await api.post('/releases', {
      title: `Licensed album ${Date.now()}`,
      release_recordings_attributes: [{ recording_id: recordings[2].id }],
    });
    expect(album.status, JSON.stringify(album.body)).toBe(201);
    const byRelease = await api.get(`/licenses?asset_id=${album.body.release.id}&tag=film`);
    expect(byRelease.body.licenses.map((l: { id: string }) => l.id)).toEqual([license.id]);
    expect((await api.get('/licenses?tag=film&status=paid')).body.licenses).toEqual([]);
    // Another company sees nothing of it.
    expect((await other.api.get(`/licenses/${license.id}`)).status).toBe(404);
    expect((await other.api.get('/licenses?tag=film')).body.licenses).toEqual([]);
  });

  it('refuses splits that do not make exactly 100 %, another company’s recording and bad dates, naming the field', async () => {
    const uneven = await api.post(
      '/licenses',
      outgoing({
        assets: [
          { asset_type: 'recording', asset_id: recordings[0].id, split: '33.33' },
          { asset_type: 'recording', asset_id: recordings[1].id, split: '66.66' },
        ],
      }),
    );
    expect(uneven.status).toBe(400);
    expect(uneven.body.errors).toEqual({ assets: ['The assets’ splits must add up to 100%'] });
    const foreign = await other.api.post('/licenses', outgoing());
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ 'assets.0.asset_id': ['Recording not found in this company'] });
    const foreignLabel = await api.post('/licenses', outgoing({ label_id: 'no-such-label' }));
    expect(foreignLabel.body.errors).toEqual({ label_id: ['Label not found in this company'] });
    const dates = await api.post(
      '/licenses',
      outgoing({ license_start_date: '2027-01-01', license_end_date: '2026-01-01' }),
    );
    expect(dates.body.errors).toEqual({ license_end_date: ['Licence end date must be on or after its start date'] });
    const floaty = await api.post('/licenses', outgoing({ fee: 10.5 }));
    expect(Object.keys(floaty.body.errors)).toEqual(['fee']);
  });

  it('moves along the pipeline, setting the proposal and signed dates and recording who moved it; signs only a licence naming its assets', async () => {
    const license = await create(outgoing());
    // Each move is dated the product's today: the day it was asked, or the next for a move across midnight.
    const quotedFrom = utcDay();
    const quoted = await api.post(`/licenses/${license.id}/status`, { status: 'quoted' });
    expect(quoted.body.license.proposal_date).toBeOneOf(daysSince(quotedFrom));
    await api.post(`/licenses/${license.id}/status`, { status: 'negotiating' });
    const signedFrom = utcDay();
    const done = (await api.post(`/licenses/${license.id}/status`, { status: 'signed' })).body.license;
    expect(done.signed_date).toBeOneOf(daysSince(signedFrom));
    expect(done.history.map((m: { to: string }) => m.to)).toEqual(['enquiry', 'quoted', 'negotiating', 'signed']);
    expect(done.history[3]).toMatchObject({ from: 'negotiating', by: own.manager.id });
    const emptied = await api.patch(`/licenses/${license.id}`, { assets: [] });
    expect(emptied.body.errors).toEqual({ assets: ['A signed licence covers at least one recording or release'] });
    const back = await api.post(`/licenses/${license.id}/status`, { status: 'enquiry' });
    expect(back.status).toBe(400);
    expect(back.body.errors.status).toEqual(['A licence cannot move from signed to enquiry']);
    const skip = await api.post(`/licenses/${license.id}/status`, { status: 'paid' });
    expect(skip.body.errors.status).toEqual(['Record the payment to move the licence to paid']);
    const bare = await create(outgoing({ assets: [] }));
    const unsigned = await api.post(`/licenses/${bare.id}/status`, { status: 'signed' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors).toEqual({
      assets: ['Add the recordings or releases the licence covers before signing it'],
    });
    expect((await api.get(`/licenses/${bare.id}`)).body.license.status).toBe('enquiry');
    const early = await api.post(`/licenses/${(await create(outgoing())).id}/payment`, {});
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Issue the invoice before recording the payment');
  });
});

describe('the invoice', () => {
  it('charges VAT by the licensee’s country for a UK company: 20 % in the UK, reverse charge in the EU, none in the US', async () => {
    const cases = [
      { country: 'GB', rate: '20', vat: '2.00', total: '12.00', note: 'VAT at 20%' },
      {
        country: 'DE',
        rate: '0',
        vat: '0.00',
        total: '10.00',
        note: 'Reverse charge: the customer accounts for the VAT on this supply',
        // An invoice under the reverse charge shows the licensee's VAT number, so it is not issued without one.
        extra: { licensee_vat_number: 'DE123456789' },
      },
      {
        country: 'US',
        rate: '0',
        vat: '0.00',
        total: '10.00',
        note: 'Outside the scope of VAT: the service is supplied to a business outside the country',
      },
    ];
    for (const c of cases) {
      const license = await signed(outgoing({ licensee_country: c.country, ...c.extra }));
      const invoiced = await api.post(`/licenses/${license.id}/invoice`, {});
      expect(invoiced.status, JSON.stringify(invoiced.body)).toBe(200);
      expect(invoiced.body.license.status).toBe('invoiced');
      expect(invoiced.body.license.invoice).toMatchObject({
        net: '10.00',
        vat_rate: c.rate,
        vat: c.vat,
        total: c.total,
        vat_note: c.note,
        currency: 'GBP',
      });
      expect(invoiced.body.license).toMatchObject({ vat: c.rate, fee_vat: c.vat });
      if (c.country !== 'GB') continue;
      // The invoice as a PDF: its number, the money and the VAT rule, in the licensee's words.
      const link = await api.get(`/licenses/${license.id}/invoice`);
      expect(link.status, JSON.stringify(link.body)).toBe(200);
      const text = await pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
      for (const words of [`Invoice ${invoiced.body.license.invoice.number}`, 'Total due: £12.00', 'VAT at 20%'])
        expect(text).toContain(words);
    }
  });

  it('prints the licensee and the licence as they were when the invoice was issued, whatever is edited after', async () => {
    // A VAT invoice names the seller's address: the company's, from its profile.
    const address = `${stamp} Quay Street, Manchester`;
    const profiled = await api.patch(`/companies/${own.companyId}`, { profile_attributes: { address } });
    expect(profiled.status, JSON.stringify(profiled.body)).toBe(200);
    const license = await signed(outgoing({ licensee_name: `Credits Co ${stamp}`, usage: 'End credits' }));
    const issued = await api.post(`/licenses/${license.id}/invoice`, {});
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.license.invoice.billed).toMatchObject({
      licensor_address: address,
      licensee_name: `Credits Co ${stamp}`,
      usage: 'End credits',
      licensee_country: 'GB',
    });
    // An invoiced licence's other terms may still be edited (a typo in the licensee's name, the use), and the company
    // may move; its invoice, issued already, keeps what it said, even when its PDF is first asked for after the edits.
    const edited = await api.patch(`/licenses/${license.id}`, {
      licensee_name: `Renamed Co ${stamp}`,
      usage: 'Trailer',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const moved = await api.patch(`/companies/${own.companyId}`, {
      profile_attributes: { address: 'Moved Away Road' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const link = await api.get(`/licenses/${license.id}/invoice`);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const text = await pdfText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    expect(text).toContain(address);
    expect(text).not.toContain('Moved Away Road');
    expect(text).toContain(`To: Credits Co ${stamp}`);
    expect(text).toContain('Usage: End credits');
    expect(text).not.toContain('Renamed Co');
    expect(text).not.toContain('Trailer');
  });

  it('charges no VAT when the company is not registered for it', async () => {
    const ep = (await other.api.post('/releases', { title: `Other EP ${stamp}` })).body.release;
    const license = await signed(
      outgoing({ assets: [{ asset_type: 'release', asset_id: ep.id, split: '100' }] }),
      other.api,
    );
    const invoiced = await other.api.post(`/licenses/${license.id}/invoice`, {});
    expect(invoiced.body.license.invoice).toMatchObject({
      vat: '0.00',
      total: '10.00',
      number: 'LI-000001',
      vat_note: 'No VAT charged: the licensor is not registered for VAT',
    });
  });

  it('numbers invoices once per company, in order with no gap, even when issued side by side', async () => {
    // A company of its own: the other cases' invoices, once paid, leave the invoiced list and would leave gaps.
    const { api, signed, recordings } = await licensingCompany('Licensing numbers', {
      prefix: 'Numbered',
      payees: [],
    });
    const assets = recordings.map((recording, i) => ({
      asset_type: 'recording',
      asset_id: recording.id,
      split: i === 2 ? '33.34' : '33.33',
    }));
    const licences = await Promise.all([1, 2, 3, 4, 5].map(() => signed(outgoing({ assets }))));
    const before = (await api.get('/licenses?status=invoiced&per_page=100')).body.licenses.length;
    const answers = await Promise.all([...licences, ...licences].map((l) => api.post(`/licenses/${l.id}/invoice`, {})));
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const numbers = (await api.get('/licenses?status=invoiced&per_page=100')).body.licenses
      .map((l: { invoice: { number: string } }) => Number(l.invoice.number.slice(3)))
      .sort((a: number, b: number) => a - b);
    expect(numbers).toEqual(Array.from({ length: before + 5 }, (_, i) => i + 1));
    // A repeated call answers the same invoice.
    const again = await api.post(`/licenses/${licences[0].id}/invoice`, {});
    expect(again.body.license.invoice.number).toBe(answers[0].body.license.invoice.number);
  });
});

describe('paid: the fee enters the ledger exactly once', () => {
  it('makes one set of lines from ten "paid" calls at once, equal to the fee and split exactly', async () => {
    const license = await signed(outgoing({ licensee_name: `Trailer Co ${stamp}`, usage: 'A film trailer' }));
    expect((await api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api.post(`/licenses/${license.id}/payment`, { payment_date: PAID_ON })),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const paid = (await api.get(`/licenses/${license.id}`)).body.license;
    expect(paid).toMatchObject({ status: 'paid', paid: true, pay_period: PAID_ON.slice(0, 7) });
    expect(paid.royalty_lines.map((l: { subtotal_payable: string }) => l.subtotal_payable).sort()).toEqual([
      '3.33',
      '3.33',
      '3.34',
    ]);
    // The royalties list shows them once, as licensing lines naming the invoice.
    const lines = (await api.get(`/royalties?per_page=100&q=${encodeURIComponent(`Trailer Co ${stamp}`)}`)).body
      .royalties as { id: string; amount: string; pay_period: string; sales_description: string }[];
    expect(lines).toHaveLength(3);
    const cents = lines.reduce((sum, l) => sum + BigInt(l.amount.replace('.', '')), 0n);
    expect(cents).toBe(10_000_000n);
    expect(lines.every((l) => l.pay_period === PAID_ON.slice(0, 7))).toBe(true);
    expect(lines[0].sales_description).toContain(paid.invoice.number);
    // Each names the licence it came from by its licensee and use, with its id for the link.
    const named = { id: license.id, name: `Trailer Co ${stamp} (A film trailer)`, type: 'outgoing' };
    expect(lines.map((l) => (l as { license?: unknown }).license)).toEqual([named, named, named]);
    expect((await api.get(`/royalties/${lines[0].id}`)).body.royalty.license).toEqual(named);
    // A replay later still makes nothing more.
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: PAID_ON })).status).toBe(200);
    expect((await api.get(`/licenses/${license.id}`)).body.license.royalty_lines).toHaveLength(3);
  });

  it('reaches the payee’s statement, and then the licence cannot be deleted', async () => {
    // A paid licence of its own, in a month of its own.
    const license = await signed(outgoing({ licensee_name: `Stated Co ${stamp}` }));
    expect((await api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(200);
    expect((await api.post(`/licenses/${license.id}/payment`, { payment_date: STATED_ON })).status).toBe(200);
    const period = STATED_ON.slice(0, 7);
    const created = await api.post('/statements', {
      payee_id: payee.id,
      start_pay_period: period,
      end_pay_period: period,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const statement = await until(async () => {
      const found = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
        .statements as { queue_status: string; number: string }[];
      return found.length && found[0].queue_status === 'published' ? found[0] : undefined;
    }, 90_000);
    const refused = await api.del(`/licenses/${license.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `This licence’s income is on statement ${statement.number}: it cannot be deleted; change it with a correction or an adjustment`,
    );
    expect((await api.get(`/licenses/${license.id}`)).body.license.royalty_lines).toHaveLength(3);
  }, 120_000);

  it('deletes an unstated paid licence with its lines', async () => {
    const unstated = await signed(outgoing({ licensee_name: `Unstated Co ${stamp}` }));
    await api.post(`/licenses/${unstated.id}/invoice`, {});
    expect((await api.post(`/licenses/${unstated.id}/payment`, {})).status).toBe(200);
    const search = `/royalties?per_page=100&q=${encodeURIComponent(`Unstated Co ${stamp}`)}`;
    expect((await api.get(search)).body.royalties).toHaveLength(3);
    const deleted = await api.del(`/licenses/${unstated.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await api.get(search)).body.royalties).toEqual([]);
    expect((await api.get(`/licenses/${unstated.id}`)).status).toBe(404);
  });

  it('turns an incoming licence’s fee into an expense on the release, once', async () => {
    const incoming = await signed({
      type: 'incoming',
      licensee_name: `Sample owner ${stamp}`,
      usage: 'A drum break sampled on the EP',
      fee: '250.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'release', asset_id: release.id, split: '100' }],
    });
    const answers = await Promise.all([1, 2, 3].map(() => api.post(`/licenses/${incoming.id}/payment`, {})));
    for (const answer of answers) expect(answer.status).toBe(200);
    const paid = (await api.get(`/licenses/${incoming.id}`)).body.license;
    expect(paid.expense_id).toBeTruthy();
    const expenses = (await api.get(`/expenses?per_page=100&release_id=${release.id}`)).body.expenses as {
      id: string;
      total: string;
      release_id: string;
    }[];
    expect(expenses).toHaveLength(1);
    expect(expenses[0]).toMatchObject({ total: '250.00', release_id: release.id });
  });

  it('lets only the roles that move money invoice or record a payment', async () => {
    const assistant = await own.member('label_assistant', 'Licensing assistant');
    const license = await signed(outgoing(), assistant.api);
    expect((await assistant.api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(403);
    expect((await api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(200);
    expect((await assistant.api.post(`/licenses/${license.id}/payment`, {})).status).toBe(403);
  });
});

describe('the hub', () => {
  it('sums fees per state and currency, and lists what is due', async () => {
    // Two paid licences and one invoiced of its own, whatever the other cases did.
    const [first, second, due] = await Promise.all([1, 2, 3].map(() => signed(outgoing())));
    for (const license of [first, second, due])
      expect((await api.post(`/licenses/${license.id}/invoice`, {})).status).toBe(200);
    for (const license of [first, second])
      expect((await api.post(`/licenses/${license.id}/payment`, {})).status).toBe(200);
    const summary = (await api.get('/licensing/summary')).body;
    const paid = summary.pipeline.find((p: { status: string }) => p.status === 'paid');
    expect(paid.count).toBeGreaterThanOrEqual(2);
    expect(paid.totals).toEqual(expect.arrayContaining([expect.objectContaining({ currency: 'GBP' })]));
    expect(summary.due.length).toBeGreaterThan(0);
    expect(summary.due.every((l: { status: string }) => l.status === 'invoiced')).toBe(true);
  });

  it('sums the fees the label is paid apart from those it pays, never one figure of both', async () => {
    // Swiss francs are this case's own: the file's other licences are in pounds.
    await create(outgoing({ fee: '100.00', fee_currency: 'CHF' }));
    await create({ ...outgoing({ fee: '40.00', fee_currency: 'CHF' }), type: 'incoming' });
    const summary = (await api.get('/licensing/summary')).body;
    const enquiry = summary.pipeline.find((p: { status: string }) => p.status === 'enquiry');
    const francs = enquiry.totals.filter((t: { currency: string }) => t.currency === 'CHF');
    expect(francs).toEqual([
      { type: 'outgoing', currency: 'CHF', amount: '100.00' },
      { type: 'incoming', currency: 'CHF', amount: '40.00' },
    ]);
  });
});

describe('clearance at quality control', () => {
  it('keeps a release out of review while a recording uses an unsigned or too-short incoming licence, naming it', async () => {
    const { release: qc, recording } = await checkableRelease(api, own.admin);
    const sample = await create({
      type: 'incoming',
      licensee_name: `Break owner ${stamp}`,
      usage: 'the drum break',
      territory: 'World',
      assets: [{ asset_type: 'recording', asset_id: recording.id, split: '100' }],
    });
    const unsigned = await api.post(`/releases/${qc.id}/quality_control`, {});
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe(
      `The incoming licence from Break owner ${stamp} (the drum break) is not signed yet: clear it before quality control`,
    );
    await api.post(`/licenses/${sample.id}/status`, { status: 'signed' });
    const release = (await api.get(`/releases/${qc.id}`)).body.release;
    const ended = await api.patch(`/licenses/${sample.id}`, {
      license_start_date: '2000-01-01',
      license_end_date: '2000-12-31',
    });
    expect(ended.status).toBe(200);
    const short = await api.post(`/releases/${qc.id}/quality_control`, {});
    expect(short.status).toBe(400);
    expect(short.body.message).toContain(`ends on 2000-12-31, before the release date ${release.release_date}`);
    await api.patch(`/licenses/${sample.id}`, { license_end_date: '2999-12-31' });
    const cleared = await api.post(`/releases/${qc.id}/quality_control`, {});
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
  });
});
