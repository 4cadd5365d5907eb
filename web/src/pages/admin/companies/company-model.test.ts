import { describe, expect, it } from 'vitest';
import { nestedRowsReducer, toNestedRows, type NestedRow } from '../../../components/nested-rows';
import {
  companyToValues,
  companyUserRows,
  companyUsersPayload,
  filterSortPage,
  toCompanyPayload,
  validateCompanyForm,
  validateCompanyUsers,
  type CompanyUserRow,
} from './company-model';
import type { AdminCompany, AdminCompanyRow, CompanyPageField } from '../../../../../shared/schemas/company-views';

/** The company page's own fields, unset, as the API answers them (null). */
const pageFields: Record<CompanyPageField, null> = {
  contract_date: null,
  self_billing: null,
  self_billing_created_at: null,
  self_billing_expires_at: null,
  profile: null,
  site_settings: null,
  logo: null,
  contract: null,
  self_billing_agreement: null,
  company_publishers: null,
  company_rightsholders: null,
  company_distributors: null,
};

let n = 0;
const key = () => {
  n += 1;
  return `k${n}`;
};
const company: AdminCompany = {
  id: 'c1',
  name: 'Acme',
  tags: ['publisher'],
  distributed: true,
  deal_percentage: 70,
  vat_registered: false,
  currency: 'GBP',
  ...pageFields,
  company_users: [
    { user_id: 'u1', name: 'Ann', email: 'ann@x.test', role: 'label_manager' },
    { user_id: 'u2', name: 'Bob', email: 'bob@x.test', role: 'accounting' },
  ],
};
const start = (): NestedRow<CompanyUserRow>[] => toNestedRows<CompanyUserRow>(companyUserRows(company), key);
const add = (rows: NestedRow<CompanyUserRow>[], k: string, values: CompanyUserRow) =>
  nestedRowsReducer(rows, { type: 'add', key: k, values });

describe('company users payload (the full list to keep)', () => {
  it('sends every saved member untouched', () => {
    expect(companyUsersPayload(start())).toEqual([
      { user_id: 'u1', role: 'label_manager' },
      { user_id: 'u2', role: 'accounting' },
    ]);
  });

  it('leaves out a saved member marked for deletion, and keeps the row visible until save', () => {
    const rows = nestedRowsReducer(start(), { type: 'remove', key: 'saved-u1' });
    expect(rows).toHaveLength(2);
    expect(rows[0].destroyed).toBe(true);
    expect(companyUsersPayload(rows)).toEqual([{ user_id: 'u2', role: 'accounting' }]);
  });

  it('keeps a member whose removal was undone', () => {
    let rows = nestedRowsReducer(start(), { type: 'remove', key: 'saved-u2' });
    rows = nestedRowsReducer(rows, { type: 'undo', key: 'saved-u2' });
    expect(companyUsersPayload(rows)).toEqual([
      { user_id: 'u1', role: 'label_manager' },
      { user_id: 'u2', role: 'accounting' },
    ]);
  });

  it('adds a new member with its role and drops a removed unsaved one outright', () => {
    let rows = add(start(), 'new1', { user_id: 'u3', name: 'Cy', email: 'cy@x.test', role: 'intern' });
    rows = add(rows, 'new2', { user_id: 'u4', name: 'Di', email: 'di@x.test', role: 'user' });
    rows = nestedRowsReducer(rows, { type: 'remove', key: 'new2' });
    expect(rows.some((r) => r.key === 'new2')).toBe(false);
    expect(companyUsersPayload(rows)).toEqual([
      { user_id: 'u1', role: 'label_manager' },
      { user_id: 'u2', role: 'accounting' },
      { user_id: 'u3', role: 'intern' },
    ]);
  });

  it('sends a changed role', () => {
    const rows = nestedRowsReducer(start(), { type: 'update', key: 'saved-u2', patch: { role: 'admin' } });
    expect(companyUsersPayload(rows)[1]).toEqual({ user_id: 'u2', role: 'admin' });
  });

  it('sends an empty list when every member is removed', () => {
    let rows = nestedRowsReducer(start(), { type: 'remove', key: 'saved-u1' });
    rows = nestedRowsReducer(rows, { type: 'remove', key: 'saved-u2' });
    expect(companyUsersPayload(rows)).toEqual([]);
  });
});

describe('company user rows validation', () => {
  it('requires a user and a role on rows kept, and refuses a user twice', () => {
    let rows = add(start(), 'new1', { user_id: '', name: '', email: '', role: '' });
    rows = add(rows, 'new2', { user_id: 'u1', name: 'Ann', email: 'ann@x.test', role: 'user' });
    expect(validateCompanyUsers(rows)).toEqual({
      'company_users.new1.user_id': 'User is required',
      'company_users.new1.role': 'Role is required',
      'company_users.new2.user_id': 'This user is already in the company',
    });
  });

  it('does not check rows marked for deletion (re-adding a removed member is fine)', () => {
    let rows = nestedRowsReducer(start(), { type: 'remove', key: 'saved-u1' });
    rows = add(rows, 'new1', { user_id: 'u1', name: 'Ann', email: 'ann@x.test', role: 'user' });
    expect(validateCompanyUsers(rows)).toEqual({});
  });
});

describe('company form', () => {
  it('validates name, e-mail, deal percentage and currency with the product’s messages', () => {
    const values = { ...companyToValues(company), name: ' ', email: 'nope', deal_percentage: '101', currency: 'POUND' };
    expect(validateCompanyForm(values)).toEqual({
      name: 'Name is required',
      email: 'This field must be a valid email',
      deal_percentage: 'Deal percentage must be under 100',
      currency: 'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
    });
  });

  it('builds the payload with canonical tags, a numeric deal and an upper-case currency', () => {
    const values = {
      ...companyToValues(company),
      tags: ['label group', 'Publisher'],
      deal_percentage: '55.5',
      currency: 'usd',
    };
    expect(toCompanyPayload(values)).toMatchObject({
      name: 'Acme',
      tags: ['Label Group', 'Publisher'],
      deal_percentage: 55.5,
      currency: 'USD',
      distributed: true,
    });
    expect(toCompanyPayload({ ...values, deal_percentage: '', currency: '' })).not.toHaveProperty('deal_percentage');
    expect(companyToValues(company).tags).toEqual(['Publisher']);
  });
});

describe('companies list (searched, sorted and paged on the client)', () => {
  const rows: AdminCompanyRow[] = ['beta', 'Alpha', 'gamma'].map((name, i) => ({
    id: `c${i}`,
    name,
    tags: i === 2 ? ['Publisher'] : [],
    distributed: false,
    deal_percentage: i * 10,
    vat_registered: false,
    currency: 'GBP',
  }));
  it('sorts case-insensitively, both ways, and by number', () => {
    expect(
      filterSortPage(rows, { q: '', sortField: 'name', descending: false, page: 1, perPage: 50 }).items.map(
        (c) => c.name,
      ),
    ).toEqual(['Alpha', 'beta', 'gamma']);
    expect(
      filterSortPage(rows, { q: '', sortField: 'deal_percentage', descending: true, page: 1, perPage: 50 }).items.map(
        (c) => c.id,
      ),
    ).toEqual(['c2', 'c1', 'c0']);
  });
  it('searches names and tags and pages the result', () => {
    expect(
      filterSortPage(rows, { q: 'publ', sortField: 'name', descending: false, page: 1, perPage: 50 }).items.map(
        (c) => c.name,
      ),
    ).toEqual(['gamma']);
    const paged = filterSortPage(rows, { q: '', sortField: 'name', descending: false, page: 2, perPage: 2 });
    expect(paged).toMatchObject({ total: 3, pages: 2 });
    expect(paged.items.map((c) => c.name)).toEqual(['gamma']);
  });
});
