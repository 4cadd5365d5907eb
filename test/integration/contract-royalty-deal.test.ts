import { beforeAll, expect, it } from 'vitest';
import { signedContract } from '../support/contract-fixture.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport } from '../support/royalty-report.js';
import { payeeStatementOf, publishedRun } from '../support/statement-run.js';

/**
 * The royalty deal, worked by hand and published through the API: 18 % of the published price to
 * dealer on CD less 25 % packaging, escalating to 20 % after 10,000 units; 25 % of net receipts on
 * streaming; 20 % of physical royalties held in reserve and released over the next 4 statements.
 * One payee at 100 %, the contract on the release, the CD's dealer price £8.00 (its product). Three
 * monthly statements: the threshold is crossed in the second.
 */
const stamp = Date.now();
let company: OwnCompany;

beforeAll(async () => {
  company = await ownCompany('Contract royalty deal');
}, 120_000);

const statementOf = (payeeId: string, period: string) => payeeStatementOf(company.api, payeeId, period);

it('pays the royalty deal to the cent over three statements: PPD less packaging, the escalation, streaming, reserves', async () => {
  const { api } = company;
  const payeeId = (await api.post('/payees', { name: `Deal ${stamp}`, email: `deal.${stamp}@example.test` })).body.payee
    .id as string;
  const isrc = `GBRD${String(stamp).slice(-7)}1`;
  const recording = await api.post('/recordings', { title: `Deal Song ${stamp}`, isrc });
  expect(recording.status, JSON.stringify(recording.body)).toBe(201);
  const release = await api.post('/releases', {
    title: `Deal Album ${stamp}`,
    release_recordings_attributes: [{ recording_id: recording.body.recording.id }],
    products_attributes: [{ format: 'CD', dealer_price: '8.00' }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  const releaseId = release.body.release.id as string;
  const contract = await signedContract(api, {
    contractable_type: 'release',
    contractable_id: releaseId,
    type: 'artist_release_contract',
    contractee_type: 'payee',
    contractee_id: payeeId,
    contractee_legal_name: `Deal Artist Ltd ${stamp}`,
    contractor_legal_name: 'Deal Records Ltd',
    start_date: '2032-01-01',
    contract_payees: [{ payee_id: payeeId, share: '100' }],
    royalty_terms: {
      deal_type: 'royalty',
      terms: [
        { conditions: { configuration: 'CD' }, rate: '18', base: 'ppd' },
        { conditions: { channel: 'streaming' }, rate: '25', base: 'net_receipts' },
      ],
      packaging_deductions: { CD: '25' },
      escalations: [{ threshold_units: 10_000, rate: '20', term: 1 }],
      reserve: { percent: '20', release_periods: 4 },
    },
  });
  const contractId = contract.id;

  // The label's share is the whole of each line here (no label or company deal): the report's Net.
  await importReport(api, {
    mapName: `Royalty deal ${stamp}`,
    map: {
      columns: {
        retailer: 'Store',
        pay_period: 'Period',
        isrc: 'ISRC',
        territory: 'Country',
        quantity: 'Units',
        subtotal_payable: 'Net',
        sales_format: 'Format',
        sales_category: 'Category',
      },
      constants: { subtotal_payable_currency: 'GBP' },
    },
    filename: `royalty-deal-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Country,Units,Net,Format,Category',
      `HMV,2032-01,${isrc},GB,6000,30000.00,CD,Physical`,
      `Spotify,2032-01,${isrc},GB,1000,400.00,,Stream`,
      `HMV,2032-02,${isrc},GB,5000,25000.00,CD,Physical`,
      `Spotify,2032-02,${isrc},GB,1000,400.00,,Stream`,
      `HMV,2032-03,${isrc},GB,1000,5000.00,CD,Physical`,
      `Spotify,2032-03,${isrc},GB,100,40.00,,Stream`,
    ].join('\n'),
  });
  const publish = async (period: string) => {
    const { previewed } = await publishedRun(api, {
      kind: 'payee',
      start_pay_period: period,
      end_pay_period: period,
      accounts: [{ type: 'Payee', id: payeeId }],
    });
    // The run's preview said what the statement says: the reserve held and released, the closing balance, payable.
    const { figures } = await statementOf(payeeId, period);
    expect(previewed.preview.rows).toEqual([
      expect.objectContaining({
        royalties: figures.royalties,
        reserves: figures.reserves,
        recouped: figures.recouped ?? '0.00',
        closing_balance: figures.closing_balance,
        payable: figures.payable,
      }),
    ]);
  };

  // January. CD: 6,000 × £8.00 = £48,000.00, less 25 % packaging = £36,000.00, × 18 % = £6,480.00.
  // Streaming: 25 % × £400.00 = £100.00. Royalties £6,580.00. Reserve: 20 % × £6,480.00 = £1,296.00 held.
  // Units under the contract so far: 7,000.
  await publish('2032-01');
  const january = await statementOf(payeeId, '2032-01');
  expect(january.figures).toMatchObject({ royalties: '6580.00', reserves: '-1296.00' });
  expect(january.contract_reserves).toEqual([
    {
      contract_id: contractId,
      name: `Artist release contract with Deal Artist Ltd ${stamp}`,
      held: '1296.00',
      released: '0.00',
    },
  ]);
  const words = JSON.stringify(january);
  expect(words).toContain('18% of the published price to dealer, less 25% packaging, on CD sales; dealer price 8.00');
  expect(words).toContain('25% of net receipts, on streaming sales');

  // February: the CDs (HMV, before Spotify in the engine's order) start at 7,000 units and cross 10,000:
  // 3,000 at 18 % and 2,000 at 20 % of 5,000 × £8.00 less 25 % = £30,000.00: £3,240.00 + £2,400.00 = £5,640.00.
  // Streaming £100.00 (the escalation is term 1's only). Held 20 % × £5,640.00 = £1,128.00; released
  // January's first quarter, ⌊£1,296.00 × 1/4⌋ = £324.00. Reserves −£1,128.00 + £324.00 = −£804.00.
  await publish('2032-02');
  const february = await statementOf(payeeId, '2032-02');
  expect(february.figures).toMatchObject({ royalties: '5740.00', reserves: '-804.00' });
  expect(JSON.stringify(february)).toContain('split: 3,000 units at 18%, then 2,000 units at 20% (after 10,000 units)');

  // March: past 10,000, 20 %: 1,000 × £8.00 less 25 % = £6,000.00 × 20 % = £1,200.00; streaming 25 % × £40.00 = £10.00.
  // Held £240.00; released £324.00 (January's 2nd) + £282.00 (February's 1st: £1,128.00 / 4). Reserves +£366.00.
  await publish('2032-03');
  const march = await statementOf(payeeId, '2032-03');
  expect(march.figures).toMatchObject({ royalties: '1210.00', reserves: '366.00' });
  expect(march.contract_reserves).toEqual([
    {
      contract_id: contractId,
      name: `Artist release contract with Deal Artist Ltd ${stamp}`,
      held: '240.00',
      released: '606.00',
    },
  ]);
  // The rest is released by the next statements (January's 4th part in May): 4 × £324.00 = £1,296.00, as held;
  // the schedule by hand is test/unit/contract-reserves.test.ts's.

  // "What would this contract pay" when the CD has no dealer price (the release now lists only a vinyl product):
  // the CD sales are not paid by guess, and the preview says why, in words.
  const [cd] = release.body.release.products as { id: string }[];
  const repriced = await api.patch(`/releases/${releaseId}`, {
    products_attributes: [
      { id: cd?.id, _destroy: true },
      { format: 'Vinyl', dealer_price: '12.00' },
    ],
  });
  expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
  const preview = await api.post('/contracts/preview', {
    contract_id: contractId,
    contractable_type: 'release',
    contractable_id: releaseId,
    contract_payees: [{ payee_id: payeeId, share: '100' }],
    royalty_terms: contract.royalty_terms,
    start_pay_period: '2032-03',
    end_pay_period: '2032-03',
  });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  expect(preview.body.preview.not_paid).toEqual([
    {
      term: 1,
      words: '18% of the published price to dealer, less 25% packaging, on CD sales',
      reason:
        'the release has no dealer price for their format, which a term on the published price to dealer needs: set it on the release’s products',
      lines: 1,
      units: 1000,
      label_share: '5000.000000',
    },
  ]);
  // Streaming is paid as before: 25 % of £40.00.
  expect(preview.body.preview.amount).toBe('10.000000');
}, 300_000);
