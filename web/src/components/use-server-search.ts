import type { SelectProps } from '@cloudscape-design/components/select';
import { useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { useDebouncedValue } from './use-debounced-value';

/** The props a Select and a Multiselect searched on the server share. */
type SearchedPickerProps = Pick<
  SelectProps,
  'filteringType' | 'onLoadItems' | 'onFocus' | 'statusType' | 'loadingText' | 'errorText' | 'empty'
>;

/** How a searched picker's answer stands: `useApi`'s loading and error. */
type SearchState = { isLoading: boolean; error: unknown };

/**
 * A picker (Select or Multiselect) whose choices the server finds as the user types. It asks
 * nothing until the picker is first opened, then searches the typed text once typing has paused
 * for 250 ms; `q` is that text and `open` whether to ask at all. `searchProps` are the props every
 * such picker shares: the typing and opening, the loading and error states, and the line shown
 * when nothing matches ("No results for …") or there is nothing yet (`nothing`).
 */
export function useServerSearch() {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(filter, 250);
  const searchProps = (
    { isLoading, error }: SearchState,
    { nothing = 'Nothing to choose yet', errorText = 'Could not load the choices' } = {},
  ): SearchedPickerProps => ({
    filteringType: 'manual' as const,
    onLoadItems: ({ detail }: { detail: { filteringText: string } }) => {
      setOpen(true);
      setFilter(detail.filteringText);
    },
    onFocus: () => setOpen(true),
    statusType: error ? 'error' : isLoading ? 'loading' : 'finished',
    loadingText: 'Loading',
    errorText,
    empty: filter.trim() ? MESSAGES.noResultsFor(filter.trim()) : nothing,
  });
  return { q, open, searchProps };
}
