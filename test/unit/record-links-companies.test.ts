import { describe, expect, it, vi } from 'vitest';

/** The companies the table holds, as the test changes them. */
const companies = vi.hoisted(() => [{ companyId: 'c1', name: 'First Records' }]);
vi.mock('../../functions/data/access/companies.js', () => ({
  listCompanyNames: vi.fn(async () => companies.map((c) => ({ ...c }))),
}));

const { withLinks } = await import('../../functions/reference/record-links.js');
const tenant = { field: 'tenant_id', to: 'companies', as: 'tenant' } as const;

describe("a record's company named in an answer", () => {
  it('names a company made after the remembered names were read, instead of none', async () => {
    expect(await withLinks([tenant], { tenant_id: 'c1' })).toMatchObject({
      tenant: { id: 'c1', name: 'First Records' },
    });
    companies.push({ companyId: 'c2', name: 'Second Records' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await withLinks([tenant], { tenant_id: 'c2' })).toMatchObject({
      tenant: { id: 'c2', name: 'Second Records' },
    });
    expect(await withLinks([tenant], { tenant_id: 'gone' })).toMatchObject({ tenant: null });
  });
});
