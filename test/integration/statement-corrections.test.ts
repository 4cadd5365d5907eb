import Big from 'big.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../../shared/schemas/statement-views.js';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { importReport, payeeWithEarnings, recoupableExpense } from '../support/payee-earnings.js';
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

describe('a correction of a paid statement that carried an expense', () => {
  const paidStamp = stamp + 1;
  const months = { start_pay_period: '2023-01', end_pay_period: '2023-02' };
  const later = { start_pay_period: '2023-03', end_pay_period: '2023-04' };
  const statementsOfPayee = async (id: string) =>
    (await api.get(`/statements?statementable_type=Payee&statementable_id=${id}`)).body.statements as Statement[];

  it('carries the expense again, is not paid again, and the next statement asks only for the late money', async () => {
    const { payee: paidPayee, isrc: paidIsrc } = await payeeWithEarnings(api, paidStamp, ['2023-01', '2023-02']);
    await recoupableExpense(api, paidPayee.id, { date: '2023-02-10', description: 'Mixing', subtotal: '1.00' });
    expect((await api.post('/statements', { payee_id: paidPayee.id, ...months })).status).toBe(201);
    const [first] = await until(async () => {
      const found = await statementsOfPayee(paidPayee.id);
      return found.length ? found : undefined;
    }, 60_000);
    expect(first.figures).toMatchObject({ expenses: '-1.00' });
    const paid = await api.post('/statements/pay_statement', {
      id: first.id,
      payment_date: '2023-05-02',
      payment_method: 'BACS',
      payment_reference: `Paid ${paidStamp}`,
    });
    expect(paid.status).toBe(200);

    // A late line for the stated months, then one for the next months.
    await importReport(api, `late-paid-${paidStamp}`, [
      'Store,Period,ISRC,Artist,Units,Net,Currency',
      `Deezer,2023-02,${paidIsrc},Someone Else,5,1.25,GBP`,
      `Deezer,2023-03,${paidIsrc},Someone Else,2,0.50,GBP`,
    ]);
    expect((await api.post(`/statements/${first.id}/new_version`)).status).toBeLessThan(300);
    const second = await until(
      async () => (await statementsOfPayee(paidPayee.id)).find((s) => s.replaces_id === first.id),
      60_000,
    );
    // The correction states the months again with the expense they carried, and without the payment.
    expect(second.figures.expenses).toBe(first.figures.expenses);
    expect(new Big(second.figures.royalties).minus(first.figures.royalties).toFixed(2)).toBe('1.25');
    const payAgain = await api.post('/statements/pay_statement', { id: second.id, payment_date: '2023-05-03' });
    expect(payAgain.status).toBe(409);
    expect(payAgain.body.message).toBe(
      `Statement ${second.number} corrects statement ${first.number}, which was paid already: the next statement settles the difference`,
    );
    const due = (await api.get('/statements?due=true&per_page=1000')).body.statements as Statement[];
    expect(due.map((s) => s.id)).not.toContain(second.id);

    // The next statement opens with the correction's balance, takes the payment off and asks for what is owed.
    expect((await api.post('/statements', { payee_id: paidPayee.id, ...later })).status).toBe(201);
    const third = await until(
      async () => (await statementsOfPayee(paidPayee.id)).find((s) => s.start_pay_period === '2023-03'),
      60_000,
    );
    expect(third.figures.opening_balance).toBe(second.figures.closing_balance);
    expect(third.figures.payments).toBe(new Big(first.figures.payable).neg().toFixed(2));
    expect(third.figures.payable).toBe('1.75');
  }, 180_000);
});
