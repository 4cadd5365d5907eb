import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiAnswer, call, inCompany } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { until } from '../support/wait.js';

/**
 * The admin's distributed labels across companies: list with a company filter, new, detail,
 * edit, and their distribution statements made through the statements area's one statement
 * path (numbered, stated once), never twice for the same months.
 */
let company: OwnCompany;
let other: OwnCompany;
let asAdmin: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

beforeAll(async () => {
  [company, other] = await Promise.all([ownCompany('Distributed Labels'), ownCompany('Distributed Labels Other')]);
  asAdmin = (method, path, body) => call(method, `/api/v1${path}`, { token: company.admin, ...(body ? { body } : {}) });
});

const newLabel = async (companyId: string, fields: Record<string, unknown>) => {
  const made = await asAdmin('POST', '/admin/distributed_labels', { company_id: companyId, ...fields });
  expect(made.status).toBe(201);
  return made.body.distributed_label as { id: string; name: string };
};

describe('distributed labels (admin)', () => {
  it('makes one with its deal and statement settings, lists it by company and edits it', async () => {
    const made = await asAdmin('POST', '/admin/distributed_labels', {
      company_id: company.companyId,
      name: 'Northern Deal',
      deal_percentage: 20,
      statement_settings: { frequency: 'Quarterly' },
    });
    expect(made).toMatchObject({
      status: 201,
      body: {
        message: 'Distributed Label Added',
        distributed_label: {
          name: 'Northern Deal',
          company_id: company.companyId,
          company_name: company.name,
          deal_percentage: '20.00',
          statement_settings: { frequency: 'Quarterly', graphs: true, formats: [], default_summaries: [] },
        },
      },
    });
    const id = made.body.distributed_label.id as string;
    // The statement schedule states it quarterly: it reads the same label and its frequency.
    Object.assign(process.env, inject('cloudEnv'));
    const { scheduledLabels } = await import('../../functions/data/access/statements.js');
    expect(await scheduledLabels(company.companyId)).toEqual([{ id, frequency: 'Quarterly' }]);
    // The label is the company's own label, flagged distributed.
    expect((await company.api.get(`/labels/${id}`)).body.label).toMatchObject({
      distributed: true,
      deal_percentage: 20,
    });

    const plain = await company.label('Not Distributed');
    const elsewhere = await newLabel(other.companyId, { name: 'Elsewhere' });
    const listed = await asAdmin('GET', `/admin/distributed_labels?company=${company.companyId}&per_page=1000`);
    const rows = listed.body.distributed_labels as { id: string; company_id: string }[];
    expect(rows.find((row) => row.id === id)).toMatchObject({ name: 'Northern Deal', deal_percentage: '20.00' });
    // Only the company's distributed labels: not its plain label, not another company's.
    expect(rows.every((row) => row.company_id === company.companyId)).toBe(true);
    expect(rows.map((row) => row.id)).not.toContain(plain.id);
    expect(rows.map((row) => row.id)).not.toContain(elsewhere.id);
    expect(
      (await asAdmin('GET', `/admin/distributed_labels?company=${other.companyId}`)).body.distributed_labels,
    ).toMatchObject([{ id: elsewhere.id, company_name: other.name }]);

    const edited = await asAdmin('PATCH', `/admin/distributed_labels/${id}`, {
      deal_percentage: 15.5,
      statement_settings: { frequency: 'Monthly', graphs: false },
    });
    expect(edited.body).toMatchObject({
      message: 'Distributed Label Updated',
      distributed_label: { deal_percentage: '15.50', statement_settings: { frequency: 'Monthly', graphs: false } },
    });
    expect((await asAdmin('GET', `/admin/distributed_labels/${id}`)).body.distributed_label.deal_percentage).toBe(
      '15.50',
    );
  });

  it('refuses bad input naming the field, and a label that is not distributed', async () => {
    const field = async (body: Record<string, unknown>) => {
      const answer = await asAdmin('POST', '/admin/distributed_labels', body);
      expect(answer.status).toBe(400);
      return Object.keys(answer.body.errors ?? {});
    };
    expect(await field({ company_id: company.companyId, name: 'X', deal_percentage: 101 })).toEqual([
      'deal_percentage',
    ]);
    expect(await field({ company_id: company.companyId, name: 'X', deal_percentage: 12.345 })).toEqual([
      'deal_percentage',
    ]);
    // In the words of every deal's one rule, as a label's or a company's deal.
    for (const [deal_percentage, message] of [
      [101, 'Deal percentage must be under 100'],
      [-1, 'Deal percentage must be at least 0'],
      [12.345, 'Deal percentage must have at most 2 decimals'],
      ['ten', 'Deal percentage must be a number'],
    ] as const) {
      const answer = await asAdmin('POST', '/admin/distributed_labels', {
        company_id: company.companyId,
        name: 'X',
        deal_percentage,
      });
      expect(answer.body.errors, String(deal_percentage)).toEqual({ deal_percentage: [message] });
    }
    expect(await field({ name: 'X' })).toEqual(['company_id']);
    expect(await field({ company_id: 'no-such-company', name: 'X' })).toEqual(['company_id']);
    expect(
      await field({ company_id: company.companyId, name: 'X', statement_settings: { frequency: 'Daily' } }),
    ).toEqual(['statement_settings.frequency']);
    const plain = await company.label('Plain Label');
    expect((await asAdmin('GET', `/admin/distributed_labels/${plain.id}`)).status).toBe(404);
    expect((await asAdmin('GET', `/admin/distributed_labels/${plain.id}`)).body.message).toBe(
      'Distributed label not found',
    );
    expect((await company.api.get('/admin/distributed_labels')).status).toBe(403);
  });
});

describe('distribution statements (admin)', () => {
  it('generates a label’s statement once per period, through the one statement path', async () => {
    const label = await newLabel(company.companyId, { name: 'Stated Label', deal_percentage: 20 });
    const sale = await company.api.post('/royalties', {
      royalty: {
        pay_period: '2026-04',
        retailer: 'Demo Shop',
        subtotal_payable: '10.00',
        currency: 'GBP',
        label_id: label.id,
      },
    });
    expect(sale.status).toBe(201);

    const generate = (body: Record<string, unknown>) =>
      asAdmin('POST', '/admin/distributed_labels/generate_statement', body);
    expect((await generate({ start_pay_period: '2026-04' })).body).toMatchObject({
      message: 'No Label Selected',
      errors: { label_id: ['No Label Selected'] },
    });
    expect((await generate({ label_id: label.id })).body.message).toBe('Please Choose Statement Periods');
    // A month that is not one names its field.
    expect((await generate({ label_id: label.id, start_pay_period: '2026-13', end_pay_period: 'May' })).body).toEqual({
      message: 'Start pay period must be a pay period (YYYY-MM)',
      errors: {
        start_pay_period: ['Start pay period must be a pay period (YYYY-MM)'],
        end_pay_period: ['End pay period must be a pay period (YYYY-MM)'],
      },
    });
    expect(
      (await generate({ label_id: label.id, start_pay_period: '2026-06', end_pay_period: '2026-04' })).body.errors,
    ).toEqual({ end_pay_period: ['End pay period must not be before the start pay period'] });
    const plain = await company.label('Plain For Statements');
    expect((await generate({ label_id: plain.id, start_pay_period: '2026-04' })).body.errors.label_id).toBeDefined();

    const first = await generate({ label_id: label.id, start_pay_period: '2026-04', end_pay_period: '2026-06' });
    expect(first).toMatchObject({ status: 201, body: { company_id: company.companyId } });
    const listPath = `/admin/distributed_labels/statements?company=${company.companyId}`;
    const stated = await until(async () => {
      const rows = (await asAdmin('GET', listPath)).body.statements as Record<string, any>[];
      return rows.find((s) => s.queue_status === 'published');
    });
    expect(stated).toMatchObject({
      type: 'DistributionStatement',
      payee_type: 'Label',
      payee_id: label.id,
      payee_name: 'Stated Label',
      company_name: company.name,
      start_pay_period: '2026-04',
      end_pay_period: '2026-06',
    });
    expect(stated.number).toMatch(/\S/);
    // A 20 % deal: the label is owed 20 % of the £10.00 sale and the distributor keeps 80 %, to the penny.
    expect({ payable: stated.payee_total, fee: stated.aggregator_fee, currency: stated.currency }).toEqual({
      payable: '2.00',
      fee: '8.00',
      currency: 'GBP',
    });
    // The company sees the same statement among its own distribution statements, and its page names the label.
    const own = await company.api.get(`/labels/${label.id}/distribution_statements`);
    expect(own.body.statements.map((s: { id: string }) => s.id)).toEqual([stated.id]);
    expect((await company.api.get(`/statements/${stated.id}`)).body.statement.label).toEqual({
      id: label.id,
      name: 'Stated Label',
    });

    // Asking again for months stated already leaves the label out: its lines are stated once.
    const again = await generate({ label_id: label.id, start_pay_period: '2026-05', end_pay_period: '2026-05' });
    expect(again.status).toBe(201);
    const admin = inCompany(company.admin, company.companyId);
    const run = await until(async () => {
      const r = (await admin.get(`/statement_runs/${again.body.statement_run.id}`)).body.statement_run;
      return r?.status === 'published' ? r : undefined;
    });
    expect(run).toMatchObject({ done: 0, skipped: 1 });
    expect((await asAdmin('GET', listPath)).body.total_count).toBe(1);
    // By label, with or without its company: the label's one statement with its company's name; with another
    // company, none.
    const byLabel = `/admin/distributed_labels/statements?label_id=${label.id}`;
    for (const path of [byLabel, `${byLabel}&company=${company.companyId}`])
      expect((await asAdmin('GET', path)).body.statements).toMatchObject([
        { id: stated.id, company_name: company.name },
      ]);
    expect((await asAdmin('GET', `${byLabel}&company=${other.companyId}`)).body.total_count).toBe(0);
    expect(
      (await asAdmin('GET', `/admin/distributed_labels/statements?company=${other.companyId}`)).body.total_count,
    ).toBe(0);
  });
});
