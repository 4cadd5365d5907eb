import { describe, expect, it } from 'vitest';
import {
  adminRoyaltiesPath,
  adminRoyaltyApiPath,
  adminRoyaltyEditPage,
  adminRoyaltyPage,
  monthFilter,
} from './admin-royalty-model';

describe('admin royalties model', () => {
  it('builds the list path with paging, sort and only the filters given', () => {
    expect(
      adminRoyaltiesPath({ page: 2, per_page: 50, sort_field: 'amount', sort_order: 'desc' }, { company: 'C1' }),
    ).toBe('/admin/royalties?page=2&per_page=50&sort_field=amount&sort_order=desc&company=C1');
  });

  it('names a line by its company and id, escaped', () => {
    expect(adminRoyaltyApiPath('C 1', 'I1-2')).toBe('/admin/royalties/C%201/I1-2');
    expect(adminRoyaltyPage('C1', 'I1-2')).toBe('/admin/royalties/I1-2?company=C1');
    expect(adminRoyaltyEditPage('C1', 'manual-X')).toBe('/admin/royalties/manual-X/edit?company=C1');
  });

  it('takes a month filter only as YYYY-MM', () => {
    expect(monthFilter(' 2026-05 ')).toBe('2026-05');
    expect(monthFilter('May')).toBeUndefined();
  });
});
