import { beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '../../shared/identifiers.js';
import { call } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The admin's lists across companies (the admin and distribution pages opened with no company):
 * every company's expenses, UPCs and statements, each row with its company, one company kept by
 * the `company` filter, paged like every admin list; never asked for a current company, and
 * refused to a company's own members.
 */
let first: OwnCompany;
let second: OwnCompany;
const stamp = Date.now();
const description = `Across posters ${stamp}`;
let upc: string;

/** GET as the admin with no company chosen. */
const adminGet = async (path: string) => call('GET', `/api/v1${path}`, { token: first.admin });

beforeAll(async () => {
  first = await ownCompany('Across First', { distributed: true });
  second = await first.sibling('Across Second', { distributed: true });
  const label = await first.label(`Across Label ${stamp}`);
  const expense = await first.api.post('/expenses', {
    type: 'DistributionExpense',
    date: '2026-03-21',
    description,
    subtotal: '2.50',
    expensable_id: label.id,
    payee: { type: 'Label', id: label.id },
  });
  expect(expense.status, JSON.stringify(expense.body)).toBe(201);
  const body = String(Math.floor(Math.random() * 9e9) * 10).padStart(11, '0');
  upc = `${body}${gtinCheckDigit(body)}`;
  const imported = await call('POST', '/api/v1/distribution_upcs/import', {
    token: first.admin,
    company: second.companyId,
    body: { upcs: upc },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
}, 120_000);

describe('an admin’s lists across companies', () => {
  it('show each company’s expenses with its company, and keep one company by the filter', async () => {
    const mine = await adminGet(`/admin/expenses?company=${first.companyId}`);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.expenses).toEqual([
      expect.objectContaining({
        description,
        total: '2.50',
        company_id: first.companyId,
        company_name: first.name,
        label: expect.objectContaining({ name: `Across Label ${stamp}` }),
      }),
    ]);
    expect(mine.body).toMatchObject({ total_count: 1, total_pages: 1 });
    const other = await adminGet(`/admin/expenses?company=${second.companyId}`);
    expect(other.body.total_count).toBe(0);
    // Every company's, searched by the description.
    const all = await adminGet(`/admin/expenses?q=${encodeURIComponent(description)}&per_page=5`);
    expect(all.body.expenses.map((e: { company_name: string }) => e.company_name)).toEqual([first.name]);
  });

  it('show each company’s UPC pool with its company', async () => {
    const pool = await adminGet(`/admin/upcs?company=${second.companyId}`);
    expect(pool.status, JSON.stringify(pool.body)).toBe(200);
    expect(pool.body.distribution_upcs).toEqual([
      expect.objectContaining({ upc, status: 'free', company_id: second.companyId, company_name: second.name }),
    ]);
    expect((await adminGet(`/admin/upcs?q=${upc}`)).body.total_count).toBe(1);
    expect((await adminGet(`/admin/upcs?company=${first.companyId}`)).body.total_count).toBe(0);
  });

  it('answer statements the same way, and refuse bad paging naming the parameter', async () => {
    const statements = await adminGet(`/admin/statements?company=${first.companyId}&due=true`);
    expect(statements.status, JSON.stringify(statements.body)).toBe(200);
    expect(statements.body).toMatchObject({ statements: [], total_count: 0 });
    const bad = await adminGet('/admin/statements?per_page=100000');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('per_page');
  });

  it('are the admins’ only: a company’s manager is refused', async () => {
    for (const path of ['/admin/statements', '/admin/expenses', '/admin/upcs']) {
      const refused = await call('GET', `/api/v1${path}`, { token: first.manager.token, company: first.companyId });
      expect(refused.status, path).toBe(403);
    }
  });
});
