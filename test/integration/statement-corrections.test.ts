import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../shared/schemas/statement-views.js';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { importReport, payeeWithEarnings } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * A correction (statements/{id}/new_version, docs/statements.md): a published statement never
 * changes; a new version states the same account and period again from the ledger as it is now,
 * under a new number, and the old one says which statement corrects it.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let payee: { id: string; name: string };
let isrc: string;
const stamp = Date.now();
const period = { start_pay_period: '2022-01', end_pay_period: '2022-02' };

const statementsOf = async () =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body.statements as Statement[];

beforeAll(async () => {
  const manager = await ownLabelManager('Statement corrections');
  api = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);
  ({ payee, isrc } = await payeeWithEarnings(api, stamp, ['2022-01', '2022-02']));
}, 120_000);

describe('a new version of a statement', () => {
  it('states the period again under a new number; the first keeps its figures and points to it', async () => {
    const created = await api.post('/statements', { payee_id: payee.id, ...period });
    expect(created.status).toBe(201);
    const [first] = await until(async () => {
      const found = await statementsOf();
      return found.length ? found : undefined;
    }, 60_000);

    // A late report line for the same recording and period arrives after the statement went out.
    await importReport(api, `late-${stamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,2022-02,${isrc},Someone Else,5,1.25,GBP`,
    ]);
    const corrected = await api.post(`/statements/${first.id}/new_version`);
    expect(corrected.status).toBeLessThan(300);
    const second = await until(async () => (await statementsOf()).find((s) => s.replaces_id === first.id), 60_000);

    expect(second.number).not.toBe(first.number);
    expect(second).toMatchObject(period);
    expect(new Big(second.figures.royalties).gt(first.figures.royalties)).toBe(true);
    const firstNow = (await api.get(`/statements/${first.id}`)).body.statement as Statement;
    expect(firstNow.figures).toEqual(first.figures);
    expect(firstNow.number).toBe(first.number);
    expect(firstNow.superseded_by).toBe(second.id);

    const again = await api.post(`/statements/${first.id}/new_version`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Statement ${first.number} has been corrected already: correct its latest version`);
    expect((await other.post(`/statements/${second.id}/new_version`)).status).toBe(404);
  }, 180_000);
});
