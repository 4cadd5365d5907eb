import { beforeAll, expect, it } from 'vitest';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importStreams } from '../support/royalty-report.js';
import { payeeStatementOf, publishedRun } from '../support/statement-run.js';

/**
 * An escalation through the API: a contract's rate rises once its units pass a threshold, counted
 * from what its published statements stated. The statement that crosses it pays the units up to the
 * threshold at the old rate and the rest at the new one, and names both on its lines.
 */
const stamp = Date.now();
let company: OwnCompany;

beforeAll(async () => {
  company = await ownCompany('Contract escalation');
}, 120_000);

const statementOf = (payeeId: string, period: string) => payeeStatementOf(company.api, payeeId, period);

it('18 % up to 10 units, then 20 %: the statement that crosses 10 units splits its sales there', async () => {
  const { api } = company;
  const artistId = (await api.post('/artists', { name: `Escalating Artist ${stamp}` })).body.artist.id as string;
  const payee = await api.post('/payees', { name: `Escalating ${stamp}`, email: `escalating.${stamp}@example.test` });
  const payeeId = payee.body.payee.id as string;
  const isrc = `GBES${String(stamp).slice(-7)}1`;
  const recording = await api.post('/recordings', {
    title: `Escalating Song ${stamp}`,
    isrc,
    artist_recordings_attributes: [{ artist_id: artistId, payee_share: 100, digital_royalty_share: 100 }],
  });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  const contract = {
    contractable_type: 'artist',
    contractable_id: artistId,
    type: 'artist_release_contract',
    contractee_type: 'artist',
    contractee_id: artistId,
    contractee_legal_name: `Escalating Artist Ltd ${stamp}`,
    contractor_legal_name: 'Escalation Records Ltd',
    start_date: '2031-01-01',
    contract_payees: [{ payee_id: payeeId, share: '100' }],
    royalty_terms: {
      deal_type: 'royalty',
      terms: [{ conditions: {}, rate: '18', base: 'net_receipts' }],
      escalations: [{ threshold_units: 10, rate: '20', term: 1 }],
    },
  };
  // An escalation names a term the contract has, and a threshold in units or revenue: else a 400 naming it.
  const wrongTerm = await api.post('/contracts', {
    ...contract,
    royalty_terms: { ...contract.royalty_terms, escalations: [{ threshold_units: 10, rate: '20', term: 2 }] },
  });
  expect(wrongTerm.status).toBe(400);
  expect(JSON.stringify(wrongTerm.body)).toContain('royalty_terms.escalations');
  const made = await api.post('/contracts', contract);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const contractId = made.body.contract.id as string;
  expect((await api.patch(`/contracts/${contractId}`, { status: 'signed' })).status).toBe(200);
  // Kept as sent, with the term it raises.
  expect(made.body.contract.royalty_terms.escalations).toEqual([{ threshold_units: 10, rate: '20', term: 1 }]);

  await importStreams(api, `Contract escalation ${stamp}`, [
    `Spotify,2031-04,${isrc},GB,8,80.00`,
    `Spotify,2031-05,${isrc},GB,4,40.00`,
  ]);
  const run = (period: string) =>
    publishedRun(api, {
      kind: 'payee',
      start_pay_period: period,
      end_pay_period: period,
      accounts: [{ type: 'Payee', id: payeeId }],
    });
  await run('2031-04');
  // April: 8 units, under the threshold: 18 % of £80.00.
  expect((await statementOf(payeeId, '2031-04')).figures.royalties).toBe('14.40');
  // May counts from April's 8 stated units: 2 units (£20.00) at 18 % = £3.60, then 2 (£20.00) at 20 % = £4.00.
  // Without April's stated units it would be 18 % of £40.00, £7.20.
  await run('2031-05');
  const may = await statementOf(payeeId, '2031-05');
  expect(may.figures.royalties).toBe('7.60');
  expect(JSON.stringify(may)).toContain('split: 2 units at 18%, then 2 units at 20% (after 10 units)');

  // "What would this contract pay": the same engine, read-only, for the contract as edited (not saved).
  const preview = (fields: Record<string, unknown>) =>
    api.post('/contracts/preview', {
      contract_id: contractId,
      contractable_type: 'artist',
      contractable_id: artistId,
      contract_payees: contract.contract_payees,
      royalty_terms: contract.royalty_terms,
      ...fields,
    });
  // May alone agrees with May's statement: it counts from April's stated units too.
  const mayPreview = await preview({ start_pay_period: '2031-05', end_pay_period: '2031-05' });
  expect(mayPreview.status, JSON.stringify(mayPreview.body)).toBe(200);
  expect(mayPreview.body.preview.terms[0]).toMatchObject({ term: 1, lines: 1, units: 4, amount: '7.600000' });
  // At 25 % with no escalation, April and May: 25 % of £120.00. Nothing is saved.
  const edited = await preview({
    start_pay_period: '2031-04',
    end_pay_period: '2031-05',
    royalty_terms: { deal_type: 'royalty', terms: [{ conditions: {}, rate: '25', base: 'net_receipts' }] },
  });
  expect(edited.body.preview).toMatchObject({
    terms: [
      { term: 1, words: '25% of net receipts, on all sales', lines: 2, units: 12, amount: '30.000000' },
      { term: null, lines: 0, amount: '0.000000' },
    ],
    amount: '30.000000',
  });
  expect((await api.get(`/contracts/${contractId}`)).body.contract.royalty_terms.terms[0].rate).toBe('18');
  const backwards = await preview({ start_pay_period: '2031-05', end_pay_period: '2031-04' });
  expect(backwards.status).toBe(400);
  expect(JSON.stringify(backwards.body)).toContain('end_pay_period');
}, 240_000);
