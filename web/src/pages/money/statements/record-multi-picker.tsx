import Multiselect from '@cloudscape-design/components/multiselect';
import { useState } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { useApi } from '../../../app/resources';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import type { PickedRecord, PickerSource } from '../../../components/record-picker';

/**
 * Several records of one collection (a run's labels or payees), searched on the server like the
 * single picker (`selectable=true&q=`); the chosen ones stay listed while the search changes.
 */
export function RecordMultiPicker({
  source,
  value,
  onChange,
  testId,
  placeholder,
}: {
  source: PickerSource;
  value: PickedRecord[];
  onChange: (value: PickedRecord[]) => void;
  testId: string;
  placeholder: string;
}) {
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(filter, 250);
  const { data, isLoading, error } = useApi<Record<string, Record<string, unknown>[]>>(open ? source.path(q) : null, {
    keepPreviousData: true,
  });
  const nameOf = (row: Record<string, unknown>) => String(row[source.nameField ?? 'name'] ?? row.id);
  const found = (data?.[source.key] ?? []).map((row) => ({ value: String(row.id), label: nameOf(row) }));
  const chosen = value.map((v) => ({ value: v.id, label: v.name }));
  const options = [...chosen, ...found.filter((o) => !value.some((v) => v.id === o.value))];
  return (
    <Multiselect
      selectedOptions={chosen}
      options={options}
      onChange={({ detail }) =>
        onChange(detail.selectedOptions.map((o) => ({ id: o.value ?? '', name: o.label ?? o.value ?? '' })))
      }
      filteringType="manual"
      onLoadItems={({ detail }) => {
        setOpen(true);
        setFilter(detail.filteringText);
      }}
      onFocus={() => setOpen(true)}
      statusType={error ? 'error' : isLoading ? 'loading' : 'finished'}
      loadingText="Loading"
      errorText="Could not load the choices"
      empty={filter.trim() ? MESSAGES.noResultsFor(filter.trim()) : 'Nothing to choose yet'}
      placeholder={placeholder}
      filteringPlaceholder="Type to search"
      tokenLimit={5}
      data-testid={testId}
    />
  );
}
