import Big from 'big.js';
import { beforeAll, expect, it } from 'vitest';
import { handRunOf } from '../support/published-statements.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { statementStepModules } from '../support/statement-step-modules.js';
import { importStreams } from '../support/royalty-report.js';
import { payeeStatementOf, publishedRun } from '../support/statement-run.js';

/**
 * A contract's advance and recoupable costs are repaid from its payees' earnings under it before
 * anything is payable, at publish, in the transaction that publishes the statement: carried from one
 * period to the next, shown on the statement and the contract, and recouped once however the
 * account step is delivered.
 */
const stamp = Date.now();
let company: OwnCompany;
let artistId: string;

const modules = statementStepModules;

async function newPayee(name: string) {
  const made = await company.api.post('/payees', { name: `${name} ${stamp}`, email: `${name}.${stamp}@example.test` });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.payee.id as string;
}

async function signedContract(payees: { payee_id: string; share: string }[], royalty: Record<string, unknown>) {
  const made = await company.api.post('/contracts', {
    contractable_type: 'artist',
    contractable_id: artistId,
    type: 'artist_release_contract',
    contractee_type: 'artist',
    contractee_id: artistId,
    contractee_legal_name: `Recoup Artist Ltd ${stamp}`,
    contractor_legal_name: 'Recoupment Records Ltd',
    start_date: '2031-01-01',
    contract_payees: payees,
    royalty_terms: { deal_type: 'net_receipts', ...royalty },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.contract.id as string;
  expect((await company.api.patch(`/contracts/${id}`, { status: 'signed' })).status).toBe(200);
  return id;
}

const contractOf = async (id: string) => (await company.api.get(`/contracts/${id}`)).body.contract;

const statementOf = (payeeId: string, period: string) => payeeStatementOf(company.api, payeeId, period);

beforeAll(async () => {
  company = await ownCompany('Contract recoupment');
  artistId = (await company.api.post('/artists', { name: `Recoup Artist ${stamp}` })).body.artist.id;
}, 120_000);

it('50/50 of net receipts after a £5,000 advance and £1,000 costs at 50 %: recouped over two periods, then paid', async () => {
  const { api } = company;
  const payeeId = await newPayee('recoup.artist');
  const isrc = `GBRC${String(stamp).slice(-7)}1`;
  const made = await api.post('/recordings', {
    title: `Recoup Song ${stamp}`,
    isrc,
    artist_recordings_attributes: [{ artist_id: artistId, payee_share: 100, digital_royalty_share: 100 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const contractId = await signedContract([{ payee_id: payeeId, share: '100' }], {
    terms: [{ conditions: {}, rate: '50', base: 'net_receipts' }],
    advance: '5000.00',
    recoupable_costs: '1000.00',
    recoupable_costs_percent: '50',
  });
  // Nothing recouped yet: the whole £5,500 is to recoup.
  expect((await contractOf(contractId)).recoupment).toEqual({
    to_recoup: '5500.00',
    recouped: '0.00',
    balance: '5500.00',
  });
  await importStreams(api, `Contract recoupment ${stamp}`, [
    `Spotify,2031-04,${isrc},GB,1,6000.00`,
    `Spotify,2031-05,${isrc},GB,1,8000.00`,
  ]);
  // The label's net receipts in each period, as the ledger has them; the artist's half of them.
  const labelShare = async (period: string) => {
    const lines = (await api.get(`/royalties?start_date=${period}-01&end_date=${period}-30&per_page=10`)).body
      .royalties;
    return new Big(lines[0].label_payable);
  };
  const first = (await labelShare('2031-04')).div(2);
  const second = (await labelShare('2031-05')).div(2);
  // By hand, with the report's figures as the label's share: £3,000 then £4,000 to the artist.
  expect([first.toFixed(2), second.toFixed(2)]).toEqual(['3000.00', '4000.00']);

  const aprilRun = await publishedRun(api, {
    kind: 'payee',
    start_pay_period: '2031-04',
    end_pay_period: '2031-04',
    accounts: [{ type: 'Payee', id: payeeId }],
  });
  const april = await statementOf(payeeId, '2031-04');
  // The published run's page says what the statement says, recoupment included (its preview could not know it).
  const run = (await api.get(`/statement_runs/${aprilRun.runId}`)).body.statement_run;
  expect(run.preview.rows).toEqual([
    expect.objectContaining({
      royalties: '3000.00',
      recouped: '-3000.00',
      closing_balance: '0.00',
      payable: '0.00',
      to_pay: '0.00',
      not_paid_reasons: [expect.objectContaining({ text: 'unrecouped advance: £2,500.00 remaining' })],
    }),
  ]);
  // Its preview said so before publishing: the same row, recoupment and reason included.
  expect(aprilRun.previewed.preview.rows).toEqual(run.preview.rows);
  // £3,000 earned, all of it recouped: £2,500 still to recoup, nothing payable, and the statement says why.
  expect(april.figures).toMatchObject({
    royalties: '3000.00',
    recouped: '-3000.00',
    closing_balance: '0.00',
    payable: '0.00',
  });
  expect(april.contract_recoupment).toEqual([
    {
      contract_id: contractId,
      name: `Artist release contract with Recoup Artist Ltd ${stamp}`,
      opening: '5500.00',
      recouped: '3000.00',
      closing: '2500.00',
    },
  ]);
  expect(april.not_paid_reasons.map((r: { text: string }) => r.text)).toEqual([
    'unrecouped advance: £2,500.00 remaining',
  ]);
  expect((await contractOf(contractId)).recoupment).toEqual({
    to_recoup: '5500.00',
    recouped: '3000.00',
    balance: '2500.00',
  });

  const mayRun = await publishedRun(api, {
    kind: 'payee',
    start_pay_period: '2031-05',
    end_pay_period: '2031-05',
    accounts: [{ type: 'Payee', id: payeeId }],
  });
  const may = await statementOf(payeeId, '2031-05');
  // The preview recouped from the balance April's statement left: £1,500.00 payable, as published.
  expect(mayRun.previewed.preview.rows).toEqual([
    expect.objectContaining({ recouped: '-2500.00', closing_balance: '1500.00', payable: '1500.00' }),
  ]);
  // The balance carried: £4,000 earned recoups the last £2,500; £1,500 is payable.
  expect(may.contract_recoupment).toEqual([
    {
      contract_id: contractId,
      name: `Artist release contract with Recoup Artist Ltd ${stamp}`,
      opening: '2500.00',
      recouped: '2500.00',
      closing: '0.00',
    },
  ]);
  expect(may.figures).toMatchObject({
    opening_balance: '0.00',
    royalties: '4000.00',
    recouped: '-2500.00',
    closing_balance: '1500.00',
    payable: '1500.00',
  });
  expect((await contractOf(contractId)).recoupment).toEqual({
    to_recoup: '5500.00',
    recouped: '5500.00',
    balance: '0.00',
  });
}, 300_000);

it('two payees of one contract published at once, each delivered twice, recoup its balance once', async () => {
  const { step, deps, objects, keys } = await modules();
  const payees = [await newPayee('recoup.one'), await newPayee('recoup.two')];
  const contractId = await signedContract(
    payees.map((payee_id) => ({ payee_id, share: '50' })),
    { terms: [{ conditions: {}, rate: '50', base: 'net_receipts' }], opening_balance: '15.00' },
  );
  // A contract brought in from another system starts from its opening balance.
  expect((await contractOf(contractId)).recoupment.balance).toBe('15.00');
  const run = await handRunOf(
    company.companyId,
    company.manager.id,
    payees.map((id, i) => ({ type: 'Payee' as const, id, name: `Recoup ${i} ${stamp}` })),
    ['2031-08', '2031-08'],
    '10.000000',
  );
  // Each earned its 10.00 under the contract (as the publish step would have recorded it).
  for (const id of payees) {
    const key = keys.runKeys.account(company.companyId, run.runId, { type: 'Payee', id });
    const record = await objects.getJson<Record<string, unknown>>(keys.statementsBucket(), key);
    await objects.putJson(keys.statementsBucket(), key, {
      ...record,
      contract_earnings: [{ contract_id: contractId, earned: '10.000000' }],
    });
  }
  const outcomes = await Promise.all(
    [...run.messages, ...run.messages].map((message) => step.runAccountStep(message, deps)),
  );
  expect(outcomes.filter((o) => o === 'published')).toHaveLength(2);
  expect((await contractOf(contractId)).recoupment).toEqual({ to_recoup: '15.00', recouped: '15.00', balance: '0.00' });
  const rows = await Promise.all(payees.map(async (id) => (await statementOf(id, '2031-08')).contract_recoupment[0]));
  expect(rows.map((r) => r.recouped).sort()).toEqual(['10.00', '5.00']);
  // A delivery replayed once both are published recoups nothing more.
  for (const message of run.messages) expect(await step.runAccountStep(message, deps)).toBe('done_already');
  expect((await contractOf(contractId)).recoupment.recouped).toBe('15.00');
}, 300_000);

it('cross-collateralised albums recoup one balance: earnings under the second repay the first’s advance too', async () => {
  const { step, deps, objects, keys } = await modules();
  const payeeId = await newPayee('recoup.albums');
  const terms = {
    terms: [{ conditions: {}, rate: '50', base: 'net_receipts' }],
    cross_collateral_group: `Albums ${stamp}`,
  };
  const first = await signedContract([{ payee_id: payeeId, share: '100' }], { ...terms, advance: '3000.00' });
  const second = await signedContract([{ payee_id: payeeId, share: '100' }], { ...terms, advance: '2000.00' });
  // Either album's page shows the group's one balance.
  expect((await contractOf(first)).recoupment).toMatchObject({
    to_recoup: '5000.00',
    balance: '5000.00',
    contracts: 2,
  });
  // The company's list of every contract says the same of each, from the contracts it read once.
  const listed = (await company.api.get('/contracts')).body.contracts as { id: string; recoupment: unknown }[];
  for (const id of [first, second])
    expect(listed.find((c) => c.id === id)?.recoupment).toEqual((await contractOf(id)).recoupment);
  const run = await handRunOf(
    company.companyId,
    company.manager.id,
    [{ type: 'Payee' as const, id: payeeId, name: `Albums ${stamp}` }],
    ['2031-09', '2031-09'],
    '4000.000000',
  );
  const key = keys.runKeys.account(company.companyId, run.runId, { type: 'Payee', id: payeeId });
  const record = await objects.getJson<Record<string, unknown>>(keys.statementsBucket(), key);
  // Only the second album earned: £4,000.00.
  await objects.putJson(keys.statementsBucket(), key, {
    ...record,
    contract_earnings: [{ contract_id: second, earned: '4000.000000' }],
  });
  expect(await step.runAccountStep(run.messages[0], deps)).toBe('published');
  const statement = await statementOf(payeeId, '2031-09');
  expect(statement.contract_recoupment).toEqual([
    {
      contract_id: `group:Albums ${stamp}`,
      name: `Cross-collateralised contracts: Albums ${stamp}`,
      opening: '5000.00',
      recouped: '4000.00',
      closing: '1000.00',
      members: [first, second].sort().map((id) => ({ contract_id: id, recouped: id === second ? '4000.00' : '0.00' })),
    },
  ]);
  expect(statement.figures).toMatchObject({ recouped: '-4000.00', payable: '0.00' });
  expect((await contractOf(first)).recoupment).toMatchObject({ recouped: '4000.00', balance: '1000.00' });
}, 300_000);
