import { useEffect, useRef } from 'react';
import { useApi } from '../app/resources';

type Label = { id: string; name: string };

/**
 * A company with exactly one label works on it without choosing: while no label is chosen, the page's or form's label
 * select is given the only one, once (`choose` with `replace`, so a page's address is replaced and Back leaves the
 * page). The label tools, a label's accounting, the expenses of a label and a new expense use it. Answers whether
 * the company has no label at all (nothing to choose), once the labels are read.
 */
export function useOnlyLabel(
  label: Label | null,
  choose: (label: Label, options: { replace: true }) => void,
  enabled = true,
): { none: boolean } {
  const firstFew = useApi<{ labels: Label[] }>(enabled && !label ? '/labels?per_page=5' : null);
  const labels = firstFew.data?.labels;
  const only = labels?.length === 1 ? labels[0] : undefined;
  const given = useRef(false);
  useEffect(() => {
    if (label || !only || given.current) return;
    given.current = true;
    choose({ id: only.id, name: only.name }, { replace: true });
  }, [label, only, choose]);
  return { none: labels?.length === 0 };
}
