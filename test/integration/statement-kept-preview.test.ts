import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement, StatementRun } from '../../shared/schemas/statement-views.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { payeeWithEarnings } from '../support/payee-earnings.js';
import { previewedRun } from '../support/statement-run.js';
import { until } from '../support/wait.js';

/**
 * A run's publish step reuses the earnings and split its preview computed only when the ledger, the catalogue and
 * the months are what the preview saw (functions/money/earnings/kept-allocation.ts): a line edited between the
 * preview and the publish is stated as it now is, never with the preview's older figures.
 */
type Api = OwnCompany['api'];
let api: Api;
let payee: { id: string; name: string };
const stamp = Date.now();
const [first, second] = ['2021-03', '2021-04'];

const statementsOf = async () =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body.statements as Statement[];

beforeAll(async () => {
  ({ api } = await ownCompany('Kept preview'));
  ({ payee } = await payeeWithEarnings(api, stamp, [first, second]));
}, 180_000);

describe('a run published after its preview', () => {
  it('states a line edited in between as it now is, not as the preview counted it', async () => {
    const run: StatementRun = (
      await previewedRun(api, { kind: 'payee', start_pay_period: first, end_pay_period: second })
    ).previewed;
    expect(run.status, run.error ?? undefined).toBe('preview_ready');
    const row = run.preview?.rows.find((r) => r.account.id === payee.id);
    expect(row?.lines).toBe(2);

    // An edit changes the ledger and nothing else (no import, no catalogue record).
    const lines = (await api.get('/royalties?per_page=100')).body.royalties as { id: string; retailer: string }[];
    const spotify = lines.find((l) => l.retailer === 'Spotify');
    if (!spotify) throw new Error('the Spotify line is not listed');
    const edited = await api.patch(`/royalties/${spotify.id}`, { royalty: { label_payable: '99.99' } });
    expect(edited.status).toBe(200);

    expect((await api.post(`/statement_runs/${run.id}/publish`)).status).toBe(200);
    const [statement] = await until(async () => {
      const found = await statementsOf();
      return found[0]?.queue_status === 'published' ? found : undefined;
    }, 90_000);
    expect(statement.control.lines).toBe(2);
    // The label's share of one of its two lines is 99.99 now (the whole report said 3.335): the preview's royalties
    // were far less.
    expect(Number(statement.control.lines_total)).toBeGreaterThan(Number(row?.royalties) + 50);
  }, 240_000);
});
