import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractWithAdvance } from '../support/contract-fixture.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, SALES_TYPE_MAP } from '../support/royalty-report.js';
import { payeeStatementOf, previewedRun, publishedRun } from '../support/statement-run.js';
import { until } from '../support/wait.js';

/**
 * A statement run's page, read from the API, says what each statement says and adds up as the statement's account
 * does: opening + royalties + costs + reserves + transfers + payments + adjustments + recouped = closing. The payee
 * earns under a contract with an advance and a reserve on physical sales, carries a payment of its previous
 * statement and an adjustment: every one of them is a figure of the row, once published.
 */
const stamp = Date.now();
let own: OwnCompany;
let payeeId: string;
const account = () => ({ type: 'Payee', id: payeeId });

const MONEY = [
  'opening_balance',
  'royalties',
  'costs',
  'reserves',
  'transfers',
  'payments',
  'adjustments',
  'recouped',
  'closing_balance',
  'payable',
] as const;
const MOVEMENTS = MONEY.slice(1, -2);
type Row = Record<(typeof MONEY)[number], string>;

const addsUp = (row: Row) =>
  MOVEMENTS.reduce((total, key) => total.plus(row[key]), new Big(row.opening_balance)).toFixed(2);

/** The statement's own figures as a run's row names them (recouped 0.00 where no contract recouped). */
const asRow = (figures: Record<string, string>) =>
  Object.fromEntries(MONEY.map((key) => [key, figures[key] ?? (key === 'recouped' ? '0.00' : undefined)]));
const moneyOf = (row: Row) => Object.fromEntries(MONEY.map((key) => [key, row[key]]));

const runRows = async (runId: string) =>
  (await own.api.get(`/statement_runs/${runId}`)).body.statement_run.preview.rows as Row[];

/** A run of one month for the payee: its rows as previewed, then published. */
async function previewedThenPublished(month: string) {
  const form = { kind: 'payee', start_pay_period: month, end_pay_period: month, accounts: [account()] };
  const { runId, previewed } = await previewedRun(own.api, form);
  expect(previewed.status, previewed.error).toBe('preview_ready');
  const preview = await runRows(runId);
  expect((await own.api.post(`/statement_runs/${runId}/publish`)).status).toBe(200);
  await until(async () => {
    const seen = (await own.api.get(`/statement_runs/${runId}`)).body.statement_run;
    return seen.status === 'published' ? seen : undefined;
  }, 90_000);
  return { preview, published: await runRows(runId) };
}

beforeAll(async () => {
  own = await ownCompany('Statement run rows');
  const { api } = own;
  const isrc = `GBRW${String(stamp).slice(-7)}1`;
  ({ payeeId } = await contractWithAdvance(api, {
    name: 'Rows',
    stamp,
    isrc,
    contractee: `Rows Ltd ${stamp}`,
    contractor: 'Rows Records Ltd',
    start_date: '2031-04-01',
  }));
  // March: £40.00 adjusted in the payee's favour, stated and paid; the payment is carried by April's statement.
  expect(
    (await api.post('/account_entries', { account: account(), kind: 'adjustment', amount: '40', date: '2031-03-10' }))
      .status,
  ).toBe(201);
  await publishedRun(api, {
    kind: 'payee',
    start_pay_period: '2031-03',
    end_pay_period: '2031-03',
    accounts: [account()],
  });
  const march = await payeeStatementOf(api, payeeId, '2031-03');
  expect(march.figures.payable).toBe('40.00');
  expect((await api.post('/statements/pay_statement', { id: march.id, payment_date: '2031-04-02' })).status).toBe(200);
  expect(
    (await api.post('/account_entries', { account: account(), kind: 'adjustment', amount: '10', date: '2031-04-10' }))
      .status,
  ).toBe(201);
  await importReport(api, {
    mapName: `Run rows ${stamp}`,
    map: SALES_TYPE_MAP,
    filename: `run-rows-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Country,Units,Type,Net',
      `Spotify,2031-04,${isrc},GB,1,Stream,1000.00`,
      `HMV,2031-04,${isrc},GB,1,CD,500.00`,
      `Spotify,2031-05,${isrc},GB,1,Stream,100.00`,
    ].join('\n'),
  });
}, 300_000);

// April's run holds the reserve May's releases: the months run in order, never shuffled.
describe('a statement run’s rows, month after month', { shuffle: false }, () => {
  it('a run’s rows, previewed and published, are its statements’ figures, every movement included, and each adds up', async () => {
    const { preview, published: rows } = await previewedThenPublished('2031-04');
    const april = await payeeStatementOf(own.api, payeeId, '2031-04');
    // £750.00 earned (half of £1,500.00): 20 % of its £250.00 on CD held (£50.00), the other £700.00 recouped; £40.00
    // brought forward and paid since, £10.00 adjusted.
    expect(april.figures).toMatchObject({
      opening_balance: '40.00',
      royalties: '750.00',
      reserves: '-50.00',
      payments: '-40.00',
      adjustments: '10.00',
      recouped: '-700.00',
      closing_balance: '10.00',
      payable: '10.00',
    });
    expect(rows).toHaveLength(1);
    expect(moneyOf(rows[0])).toEqual(asRow(april.figures));
    expect(addsUp(rows[0])).toBe(rows[0].closing_balance);
    // The preview said so before publishing: the reserve held and the advance recouped, £10.00 payable, not £760.00.
    expect(moneyOf(preview[0])).toEqual(moneyOf(rows[0]));
    expect(preview[0]).toMatchObject({ payable: april.figures.payable, to_pay: '10.00' });
  }, 300_000);

  it('a run of the next month releases part of the reserve, and its previewed and published rows say so and add up', async () => {
    // Wait for the April statement to be done before stating May (its reserve is carried to May's statement).
    await until(async () => (await payeeStatementOf(own.api, payeeId, '2031-04')).queue_status === 'published', 30_000);
    const { preview, published: rows } = await previewedThenPublished('2031-05');
    const may = await payeeStatementOf(own.api, payeeId, '2031-05');
    // £50.00 earned, £25.00 of April's reserve released: £75.00 recouped of the £300.00 still to recoup.
    expect(may.figures).toMatchObject({
      opening_balance: '10.00',
      royalties: '50.00',
      reserves: '25.00',
      recouped: '-75.00',
      closing_balance: '10.00',
    });
    expect(moneyOf(rows[0])).toEqual(asRow(may.figures));
    expect(addsUp(rows[0])).toBe(rows[0].closing_balance);
    // The preview released the reserve April's statement carries, as the publication did.
    expect(moneyOf(preview[0])).toEqual(moneyOf(rows[0]));
  }, 300_000);
});
