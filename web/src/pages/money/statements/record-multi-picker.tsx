import Multiselect from '@cloudscape-design/components/multiselect';
import { useApi } from '../../../app/resources';
import { useServerSearch } from '../../../components/use-server-search';
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
  const { q, open, searchProps } = useServerSearch();
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
      {...searchProps({ isLoading, error })}
      placeholder={placeholder}
      filteringPlaceholder="Type to search"
      tokenLimit={5}
      data-testid={testId}
    />
  );
}
