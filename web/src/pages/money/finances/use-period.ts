import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useApi } from '../../../app/resources';
import { financePagesFor, periodFromQuery, type FinancePages, type Period } from './finance-model';

/**
 * The period a finances page shows, kept in its URL (start_date, end_date) so a drill-down and
 * back returns to the same range; without dates the default applies (the 12 months to the end of last month).
 */
export function usePeriod(): [Period, (period: Period) => void] {
  const [query, setQuery] = useSearchParams();
  const period = useMemo(() => periodFromQuery(query), [query]);
  const setPeriod = useCallback(
    (next: Period) =>
      setQuery(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('start_date', next.start);
          updated.set('end_date', next.end);
          return updated;
        },
        { replace: true },
      ),
    [setQuery],
  );
  return [period, setPeriod];
}

/** The pages a finances page's figures lead to, in the area (tenant or distribution) it is shown in. */
export function useFinancePages(): FinancePages {
  const { pathname } = useLocation();
  return useMemo(() => financePagesFor(pathname), [pathname]);
}

type LabelChoice = { id: string; name: string };

/**
 * The label a page shows, kept in its URL (label_id, label_name) like the period; null: none chosen. An address
 * with the label's id but not its name (an older or hand-made link) has the name read once and put in the address,
 * so a page shows the label's name, never its id (no name, while it is read).
 */
export function useLabelParam(): [
  LabelChoice | null,
  (label: LabelChoice | null, options?: { replace?: boolean }) => void,
] {
  const [query, setQuery] = useSearchParams();
  const id = query.get('label_id');
  const given = query.get('label_name');
  const unnamed = id && (!given || given === id) ? id : null;
  const read = useApi<{ label: LabelChoice }>(unnamed ? `/labels/${encodeURIComponent(unnamed)}` : null).data?.label;
  const found = unnamed && read?.id === unnamed && read.name ? read : null;
  const label = useMemo(
    () => (id ? { id, name: unnamed ? (found?.name ?? '') : (given ?? '') } : null),
    [id, given, unnamed, found],
  );
  const choose = useCallback(
    (next: LabelChoice | null, options?: { replace?: boolean }) =>
      setQuery((current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries({ label_id: next?.id, label_name: next?.name }))
          if (value) updated.set(key, value);
          else updated.delete(key);
        return updated;
      }, options),
    [setQuery],
  );
  useEffect(() => {
    if (found) choose({ id: found.id, name: found.name }, { replace: true });
  }, [found, choose]);
  return [label, choose];
}
