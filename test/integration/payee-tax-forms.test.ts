import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * A payee's tax form through the local gateway: each form saved with the expiry the shared rule works out, bad
 * input refused naming its field with nothing saved, another company's payee out of reach, a role that cannot
 * change payees refused, the list narrowed to forms run out or running out, and the payments due and a payment
 * run warning of a form run out by the payment date without keeping it from being paid.
 */
let world: OwnCompany;
let userId: string;
const stamp = Math.random().toString(36).slice(2, 8);
const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

type Payee = { id: string; name: string } & Record<string, unknown>;
const newPayee = async (name: string, fields: object): Promise<Payee> => {
  const answer = await world.api.post('/payees', { name: `${name} ${stamp}`, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.payee;
};
const taxForm = (payee: Record<string, unknown>) => ({
  tax_form: payee.tax_form,
  tax_form_signed_on: payee.tax_form_signed_on,
  tax_form_expires_on: payee.tax_form_expires_on,
});

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  world = await ownCompany('Payee Tax Forms', { distributed: true });
  userId = (await call('GET', '/api/v1/me', { token: world.manager.token })).body.user.id;
}, 60_000);

describe('a payee’s tax form', () => {
  it('is kept with the expiry worked out for each form', async () => {
    const w9 = await newPayee('US Writer', { tax_form: 'W-9', tax_form_signed_on: '2020-05-05' });
    expect(taxForm(w9)).toEqual({ tax_form: 'W-9', tax_form_signed_on: '2020-05-05', tax_form_expires_on: '' });

    // Signed on a leap day: good to the end of the third year after.
    const w8 = await newPayee('Berlin Producer', { tax_form: 'W-8BEN', tax_form_signed_on: '2024-02-29' });
    expect(w8.tax_form_expires_on).toBe('2027-12-31');
    // A W-8's expiry is worked out, never taken as typed.
    const w8e = await newPayee('Paris Label', {
      tax_form: 'W-8BEN-E',
      tax_form_signed_on: '2026-03-04',
      tax_form_expires_on: '2026-04-01',
    });
    expect(w8e.tax_form_expires_on).toBe('2029-12-31');

    const certificate = await newPayee('UK Society', {
      tax_form: 'Other',
      tax_form_signed_on: '2026-01-10',
      tax_form_expires_on: '2027-01-09',
    });
    expect(certificate.tax_form_expires_on).toBe('2027-01-09');
    const open = await newPayee('EU Society', { tax_form: 'Other', tax_form_signed_on: '2026-01-10' });
    expect(open.tax_form_expires_on).toBe('');

    // A new signed day moves a W-8's expiry; changed to Other, the W-8's date is not kept as the certificate's.
    const resigned = await world.api.patch(`/payees/${w8.id}`, { tax_form_signed_on: '2026-03-04' });
    expect(resigned.body.payee.tax_form_expires_on).toBe('2029-12-31');
    const other = await world.api.patch(`/payees/${w8.id}`, { tax_form: 'Other' });
    expect(taxForm(other.body.payee)).toEqual({
      tax_form: 'Other',
      tax_form_signed_on: '2026-03-04',
      tax_form_expires_on: '',
    });
    // Clearing the form clears its days.
    const cleared = await world.api.patch(`/payees/${w8.id}`, { tax_form: '' });
    expect(taxForm(cleared.body.payee)).toEqual({ tax_form: '', tax_form_signed_on: '', tax_form_expires_on: '' });
  });

  it('refuses bad input naming the field, and saves nothing', async () => {
    const future = await world.api.post('/payees', {
      name: `Future Signer ${stamp}`,
      tax_form: 'W-8BEN',
      tax_form_signed_on: tomorrow,
    });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ tax_form_signed_on: ['Tax form signed on must not be in the future'] });
    const unsigned = await world.api.post('/payees', { name: `Unsigned ${stamp}`, tax_form: 'W-9' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.errors).toEqual({ tax_form_signed_on: ['Tax form signed on is required'] });
    const unknown = await world.api.post('/payees', { name: `Unknown Form ${stamp}`, tax_form: 'W-8' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({
      tax_form: ['Tax form must be one of W-9, W-8BEN, W-8BEN-E, Other, or blank for none'],
    });
    const notADay = await world.api.post('/payees', {
      name: `Not A Day ${stamp}`,
      tax_form: 'W-9',
      tax_form_signed_on: '2026-02-30',
    });
    expect(notADay.body.errors).toEqual({ tax_form_signed_on: ['Tax form signed on must be a date (YYYY-MM-DD)'] });
    for (const name of ['Future Signer', 'Unsigned', 'Unknown Form', 'Not A Day']) {
      const found = await world.api.get(`/payees?q=${encodeURIComponent(`${name} ${stamp}`)}`);
      expect(found.body.payees, name).toEqual([]);
    }

    const payee = await newPayee('Kept As Was', {
      tax_form: 'Other',
      tax_form_signed_on: '2026-01-10',
      tax_form_expires_on: '2027-01-09',
    });
    const early = await world.api.patch(`/payees/${payee.id}`, { tax_form_expires_on: '2026-01-09' });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({
      tax_form_expires_on: ['Tax form expires on must be on or after the day it was signed'],
    });
    const kept = (await world.api.get(`/payees/${payee.id}`)).body.payee;
    expect(taxForm(kept)).toEqual({
      tax_form: 'Other',
      tax_form_signed_on: '2026-01-10',
      tax_form_expires_on: '2027-01-09',
    });
  });

  it('is out of reach of another company, and of a role that cannot change payees', async () => {
    const payee = await newPayee('Private Payee', { tax_form: 'W-9', tax_form_signed_on: '2025-01-01' });
    const other = await world.sibling('Payee Tax Forms Other');
    expect((await other.api.get(`/payees/${payee.id}`)).status).toBe(404);
    const reached = await other.api.patch(`/payees/${payee.id}`, { tax_form: 'W-8BEN', tax_form_signed_on: today });
    expect(reached.status).toBe(404);

    const assistant = await world.member('label_assistant');
    const refused = await assistant.api.patch(`/payees/${payee.id}`, { tax_form: '' });
    expect(refused.status).toBe(403);
    expect(taxForm((await world.api.get(`/payees/${payee.id}`)).body.payee)).toMatchObject({ tax_form: 'W-9' });
  });

  it('narrows the list to forms run out or running out within 90 days', async () => {
    const own = await world.sibling('Payee Tax Forms List');
    const add = async (name: string, fields: object) =>
      (await own.api.post('/payees', { name, ...fields })).body.payee as Payee;
    const expired = await add('Expired W-8', { tax_form: 'W-8BEN', tax_form_signed_on: `${year - 4}-06-01` });
    const soon = await add('Certificate Running Out', {
      tax_form: 'Other',
      tax_form_signed_on: `${year - 1}-01-01`,
      tax_form_expires_on: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    await add('Good W-8', { tax_form: 'W-8BEN', tax_form_signed_on: today });
    await add('W-9', { tax_form: 'W-9', tax_form_signed_on: today });
    await add('No Form', {});
    const narrowed = (await own.api.get('/payees?tax_form_running_out=true&sort_field=name&sort_order=asc')).body;
    expect(narrowed.payees.map((p: Payee) => p.id)).toEqual([soon.id, expired.id]);
    expect((await own.api.get('/payees')).body.payees).toHaveLength(5);
  });
});

describe('the payees spreadsheet import', () => {
  it('reads the tax form columns as the form does, its rules named by row and column', async () => {
    const { importerFor } = await import('../../functions/catalogue-exchange/importers.js');
    const context = { tenantId: world.companyId, userId, importId: `imp-${stamp}` };
    const rows: Record<string, string>[] = [
      { name: `Imported W-8 ${stamp}`, tax_form: 'W-8BEN', tax_form_signed_on: '2025-07-01' },
      { name: `Imported Unsigned ${stamp}`, tax_form: 'W-9' },
    ];
    const plan = await importerFor('payees').plan(context, rows);
    expect(plan[0].errors).toEqual([]);
    expect(plan[1].errors).toEqual([
      { row: 3, field: 'tax_form_signed_on', message: 'Tax form signed on is required' },
    ]);
    expect(await importerFor('payees').write(context, plan[0], rows)).toBe(1);
    const [imported] = (await world.api.get(`/payees?q=${encodeURIComponent(`Imported W-8 ${stamp}`)}`)).body.payees;
    expect(taxForm(imported)).toEqual({
      tax_form: 'W-8BEN',
      tax_form_signed_on: '2025-07-01',
      tax_form_expires_on: '2028-12-31',
    });
  });
});

describe('paying a payee whose tax form runs out', () => {
  const ukDetails = { method: 'uk_bulk', account_name: 'Payee', sort_code: '20-00-00', account_number: '55779911' };
  /** A payee with `fields`, its payout details and a published statement paying 100.00. */
  const owed = async (name: string, fields: object) => {
    const payee = await newPayee(name, fields);
    const body = { ...ukDetails, account_name: name };
    const details = await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, {
      token: world.manager.token,
      company: world.companyId,
      body,
    });
    expect(details.status).toBe(200);
    await publishHandStatement(
      world.companyId,
      userId,
      { type: 'Payee', id: payee.id, name: payee.name },
      ['2026-01', '2026-03'],
      '100.000000',
    );
    return payee;
  };
  const dueOf = async (payee: Payee, body: object = {}) =>
    (await world.api.post('/statements/payments_due_summary', body)).body.payments_due.find(
      (d: { account: { id: string } }) => d.account.id === payee.id,
    );

  it('warns in the payments due and the run, and pays all the same', async () => {
    const expired = await owed('Lapsed Form', { tax_form: 'W-8BEN', tax_form_signed_on: `${year - 4}-06-01` });
    expect(await dueOf(expired)).toMatchObject({
      problems: [],
      warnings: [`Tax form expired on 31st Dec ${year - 1}`],
    });

    // Good today, run out by a payment next year: warned of for that day only.
    const lasting = await owed('Lasting Form', { tax_form: 'W-8BEN-E', tax_form_signed_on: `${year - 3}-01-15` });
    expect((await dueOf(lasting)).warnings).toEqual([]);
    const nextYear = `${year + 1}-01-05`;
    expect(await dueOf(lasting, { pay_on: nextYear })).toMatchObject({
      problems: [],
      warnings: [`Tax form expires on 31st Dec ${year}, before the payment date`],
    });
    const w9 = await owed('Lasting W-9', { tax_form: 'W-9', tax_form_signed_on: '2020-01-01' });
    expect((await dueOf(w9, { pay_on: nextYear })).warnings).toEqual([]);

    const statementIds = [...(await dueOf(lasting)).statement_ids, ...(await dueOf(w9)).statement_ids];
    const run = await world.api.post('/payment_runs', { statement_ids: statementIds, execution_date: nextYear });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const items = run.body.payment_run.items as { name: string; warnings?: string[] }[];
    expect(items.find((i) => i.name === lasting.name)?.warnings).toEqual([
      `Tax form expires on 31st Dec ${year}, before the payment date`,
    ]);
    expect(items.find((i) => i.name === w9.name)?.warnings).toBeUndefined();
  });
});
