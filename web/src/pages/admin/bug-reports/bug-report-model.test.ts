import { describe, expect, it } from 'vitest';
import { BUG_REPORTS_DEFAULT_SORT, bugReportsPath, summarise } from './bug-report-model';

describe('bug report model', () => {
  it('lists one user’s bug reports', () => {
    expect(bugReportsPath({ page: 1, per_page: 50, sort_field: 'status', sort_order: 'asc' }, 'u1')).toBe(
      '/admin/bug_reports?page=1&per_page=50&sort_field=status&sort_order=asc&user_id=u1',
    );
  });

  it('shows the newest first by default', () => {
    expect(BUG_REPORTS_DEFAULT_SORT).toEqual({ field: 'created_at', order: 'desc' });
  });

  it('shortens long descriptions to one line', () => {
    expect(summarise('a\n  b')).toBe('a b');
    expect(summarise('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(summarise('x'.repeat(10), 10)).toBe('x'.repeat(10));
  });
});
