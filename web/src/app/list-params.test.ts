import { describe, expect, it } from 'vitest';
import { listPath } from './list-params';

describe('listPath', () => {
  it('builds page, per_page, sort and q, leaving out empty filters', () => {
    expect(
      listPath(
        '/labels',
        { page: 2, per_page: 25, sort_field: 'name', sort_order: 'desc', q: '  aur ' },
        { scope: 'active', other: '' },
      ),
    ).toBe('/labels?page=2&per_page=25&sort_field=name&sort_order=desc&q=aur&scope=active');
    expect(listPath('/labels', { page: 1, per_page: 50 })).toBe('/labels?page=1&per_page=50');
  });
  it('keeps per_page to the allowed options (default 50) and page to at least 1', () => {
    expect(listPath('/labels', { page: 0, per_page: 7 })).toBe('/labels?page=1&per_page=50');
    expect(listPath('/labels', { page: 3, per_page: 1000 })).toBe('/labels?page=3&per_page=1000');
  });
  it('defaults the sort order to asc when a field is given', () => {
    expect(listPath('/x', { page: 1, per_page: 5, sort_field: 'created_at' })).toBe(
      '/x?page=1&per_page=5&sort_field=created_at&sort_order=asc',
    );
  });
});
