import { beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { savedAs } from '../support/saved-as.js';

/**
 * Contracts on a company's own release: made from the template with the defaults, refused when
 * bad with the field named, amended (never edited) once signed, their document and their privacy.
 */
let company: OwnCompany;
let releaseId: string;
let artistId: string;
let payeeA: string;
let payeeB: string;

const base = () => ({
  contractable_type: 'release',
  contractable_id: releaseId,
  type: 'artist_release_contract',
  contractee_type: 'artist',
  contractee_id: artistId,
  contractee_legal_name: 'Jane Q. Artist',
  contractor_legal_name: 'Contracts Test Records Ltd',
  start_date: '2026-03-01',
});

const cdGb = { conditions: { configuration: 'CD', territories_in: ['GB'] }, rate: '18', base: 'ppd' };

beforeAll(async () => {
  company = await ownCompany('Contracts');
  const { api } = company;
  releaseId = (await api.post('/releases', { title: `Contract EP ${Date.now()}` })).body.release.id;
  artistId = (await api.post('/artists', { name: `Contract Artist ${Date.now()}` })).body.artist.id;
  payeeA = (await api.post('/payees', { name: `Contract Payee A ${Date.now()}` })).body.payee.id;
  payeeB = (await api.post('/payees', { name: `Contract Payee B ${Date.now()}` })).body.payee.id;
});

describe('contracts', () => {
  it('lists the templates and creates a contract with the defaults', async () => {
    const templates = await company.api.get('/contract_templates');
    expect(templates.status).toBe(200);
    expect(templates.body.contract_templates.map((t: { name: string }) => t.name)).toEqual([
      'Artist release contract',
      'Licence',
    ]);
    const made = await company.api.post('/contracts', base());
    expect(made.status).toBe(201);
    const contract = made.body.contract;
    expect(contract.status).toBe('draft');
    expect(contract.metadata).toMatchObject({
      formats: 'Digital',
      territory: 'World',
      term: 'Life of Copyright',
      delivery_date: '2026-03-31',
      release_commitment: 'Release within 12 months of signing',
    });
    const listed = await company.api.get(`/contracts?contractable_type=release&contractable_id=${releaseId}`);
    expect(listed.body.contracts.map((c: { id: string }) => c.id)).toContain(contract.id);
  });

  it('names the field of bad input', async () => {
    const noName = await company.api.post('/contracts', { ...base(), contractee_legal_name: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors.contractee_legal_name).toEqual(['Contractee legal name is required']);
    const badRate = await company.api.post('/contracts', {
      ...base(),
      royalty_terms: { deal_type: 'royalty', terms: [{ ...cdGb, rate: '18.5.1' }] },
    });
    expect(badRate.status).toBe(400);
    expect(Object.keys(badRate.body.errors)[0]).toMatch(/^royalty_terms\.terms\.0\.rate/);
    const ends = await company.api.post('/contracts', { ...base(), end_date: '2026-01-01' });
    expect(ends.body.errors.end_date).toEqual(['End date must be on or after the start date']);
    // A choice is refused in the words the pages use, never as stored (artist_release_contract, generic).
    const badType = await company.api.post('/contracts', { ...base(), type: 'record_deal' });
    expect(badType.body).toEqual({
      message: 'Type must be one of: Artist release contract, Licence, Contract',
      errors: { type: ['Type must be one of: Artist release contract, Licence, Contract'] },
    });
    const badStatus = await company.api.patch(
      `/contracts/${(await company.api.post('/contracts', base())).body.contract.id}`,
      {
        status: 'void',
      },
    );
    expect(badStatus.body.errors.status).toEqual(['Status must be draft, signed or terminated']);
    const badChannel = await company.api.post('/contracts', {
      ...base(),
      royalty_terms: { deal_type: 'royalty', terms: [{ ...cdGb, conditions: { channel: 'radio' } }] },
    });
    expect(badChannel.body.errors['royalty_terms.terms.0.conditions.channel']).toEqual([
      'Channel must be one of: Streaming, Download, Physical, Licensing and sync, Other',
    ]);
    const badSubject = await company.api.get('/contracts?contractable_type=song&contractable_id=x');
    expect(badSubject.body.errors.contractable_type).toEqual(['Contract must be on a release, a label or an artist']);
  });

  it('refuses payee shares that do not add up to 100 %', async () => {
    const answer = await company.api.post('/contracts', {
      ...base(),
      contract_payees: [
        { payee_id: payeeA, share: '60' },
        { payee_id: payeeB, share: '30' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.contract_payees).toEqual(['Payee shares must add up to 100% (they add up to 90%)']);
  });

  it('refuses two terms for the same sales', async () => {
    const answer = await company.api.post('/contracts', {
      ...base(),
      royalty_terms: {
        deal_type: 'royalty',
        terms: [{ conditions: {}, rate: '15', base: 'ppd' }, cdGb, { ...cdGb, rate: '20' }],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors['royalty_terms.terms']).toEqual([
      'Terms 2 and 3 apply to the same sales: make one more specific',
    ]);
  });

  it('changes a signed contract only by an amendment, keeping every version', async () => {
    const { api } = company;
    const made = await api.post('/contracts', {
      ...base(),
      contract_payees: [
        { payee_id: payeeA, share: '50' },
        { payee_id: payeeB, share: '50' },
      ],
      royalty_terms: { deal_type: 'royalty', terms: [cdGb], packaging_deductions: { CD: '25' } },
    });
    const id = made.body.contract.id;
    expect((await api.patch(`/contracts/${id}`, { status: 'signed' })).status).toBe(200);
    const edit = await api.patch(`/contracts/${id}`, {
      royalty_terms: { deal_type: 'royalty', terms: [{ ...cdGb, rate: '20' }] },
    });
    expect(edit.status).toBe(400);
    expect(edit.body.errors.royalty_terms).toEqual(["A signed contract's terms change only by an amendment"]);
    const amended = await api.post(`/contracts/${id}/amendments`, {
      effective_date: '2027-01-01',
      royalty_terms: { deal_type: 'royalty', terms: [{ ...cdGb, rate: '20' }] },
    });
    expect(amended.status).toBe(200);
    const contract = (await api.get(`/contracts/${id}`)).body.contract;
    expect(contract.version).toBe(2);
    expect(
      contract.versions.map((v: { royalty_terms: { terms: { rate: string }[] } }) => v.royalty_terms.terms[0]?.rate),
    ).toEqual(['18', '20']);
    expect(contract.term_words).toEqual(['20% of the published price to dealer, on CD sales in GB']);
    // An amendment cannot take effect before the version it follows; the refusal names that day, and a day that
    // does not exist is refused, not moved.
    const early = await api.post(`/contracts/${id}/amendments`, {
      effective_date: '2026-12-31',
      royalty_terms: { deal_type: 'royalty', terms: [{ ...cdGb, rate: '21' }] },
    });
    expect(early.status).toBe(400);
    expect(early.body.errors.effective_date).toEqual([
      'Effective date must be on or after 1st Jan 2027, when the current version takes effect',
    ]);
    const noSuchDay = await api.post(`/contracts/${id}/amendments`, {
      effective_date: '2027-02-30',
      royalty_terms: { deal_type: 'royalty', terms: [{ ...cdGb, rate: '21' }] },
    });
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body.errors.effective_date).toEqual(['Effective date must be a date (YYYY-MM-DD)']);
  });

  it('writes the parties and the term words into the document', async () => {
    const { api } = company;
    const made = await api.post('/contracts', {
      ...base(),
      end_date: '2028-02-29',
      royalty_terms: {
        deal_type: 'royalty',
        terms: [cdGb],
        packaging_deductions: { CD: '25' },
        advance: '1500.00',
        recoupable_costs: '2000.00',
        recoupable_costs_percent: '50',
      },
    });
    const id = made.body.contract.id;
    await api.patch(`/contracts/${id}`, { metadata: { act_name: 'The Contractors', delivery_date: '2026-04-30' } });
    const regenerated = await api.post(`/contracts/${id}/update_contract`, {});
    expect(regenerated.status).toBe(200);
    const text: string = regenerated.body.contract.contract_data;
    expect(text).toContain('Contracts Test Records Ltd');
    expect(text).toContain('Jane Q. Artist');
    expect(text).toContain('performing as The Contractors');
    expect(text).toContain('18% of the published price to dealer, less 25% packaging, on CD sales in GB');
    // Days and amounts as the contract's page shows them, in the company's currency.
    expect(text).toContain('The agreement starts on 1st Mar 2026 and ends on 29th Feb 2028.');
    expect(text).toContain('deliver the masters by 30th Apr 2026');
    expect(text).toContain('Advance: £1,500.00. Recoupable costs: £2,000.00, of which 50% is recoupable.');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const link = await api.get(`/contracts/${id}/document?format=pdf`);
    expect(link.status).toBe(200);
    // Saved under the contract's kind and party, never its id.
    const saved = await savedAs(link.body.url);
    expect(saved.filename).toBe('Artist release contract — Jane Q. Artist.pdf');
    expect(link.body.filename).toBe(saved.filename);
    const pdf = saved.bytes;
    const { text: pages } = await extractText(pdf, { mergePages: true });
    expect(pages).toContain('Jane Q. Artist');
    expect(pages).toContain('less 25% packaging');
    const docx = await api.get(`/contracts/${id}/document?format=docx`);
    expect(docx.status).toBe(200);
    const word = await savedAs(docx.body.url);
    expect(word.filename).toBe('Artist release contract — Jane Q. Artist.docx');
    const bytes = word.bytes;
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
  });

  it('lists every contract with its subject and payees named as each contract’s own page names them', async () => {
    const { api } = company;
    const labelName = `Contract Label ${Date.now()}`;
    const labelId = (await api.post('/labels', { name: labelName })).body.label.id;
    const payees = [
      { payee_id: payeeA, share: '60' },
      { payee_id: payeeB, share: '40' },
    ];
    const onLabel = await api.post('/contracts', {
      ...base(),
      contractable_type: 'label',
      contractable_id: labelId,
      contract_payees: payees,
    });
    const onArtist = await api.post('/contracts', {
      ...base(),
      contractable_type: 'artist',
      contractable_id: artistId,
      contract_payees: [{ payee_id: payeeB, share: '100' }],
    });
    expect([onLabel.status, onArtist.status]).toEqual([201, 201]);
    const listed = (await api.get('/contracts')).body.contracts as { id: string; subject_name: string }[];
    expect(listed.length).toBeGreaterThanOrEqual(3);
    const names = new Set(listed.map((c) => c.subject_name));
    expect(names).toContain(labelName);
    expect(names).toContain((await api.get(`/artists/${artistId}`)).body.artist.name);
    expect(names).toContain((await api.get(`/releases/${releaseId}`)).body.release.title);
    for (const row of listed) expect(row).toEqual((await api.get(`/contracts/${row.id}`)).body.contract);
  });

  it('is not seen by another company, nor made by a role without catalogue changes', async () => {
    const made = await company.api.post('/contracts', base());
    const id = made.body.contract.id;
    const other = await ownCompany('Contracts other');
    expect((await other.api.get(`/contracts/${id}`)).status).toBe(404);
    expect((await other.api.get('/contracts')).body.contracts).toEqual([]);
    expect((await other.api.patch(`/contracts/${id}`, { status: 'signed' })).status).toBe(404);
    const accountant = await company.member('accounting');
    expect((await accountant.api.get(`/contracts/${id}`)).status).toBe(200);
    expect((await accountant.api.post('/contracts', base())).status).toBe(403);
  });
});
