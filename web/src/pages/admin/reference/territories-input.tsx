import { removeTokenLabel } from '../../../components/token-labels';
import Multiselect from '@cloudscape-design/components/multiselect';
import { useApi } from '../../../app/resources';

type Country = { id: string; name: string; iso_alpha_two: string };

/**
 * Countries by ISO alpha-2 code, picked by name (every country, filtered as typed); none chosen means `none` (World,
 * or None for a list of exclusions).
 */
export function TerritoriesInput({
  value,
  onChange,
  testId,
  invalid,
  none = 'World',
  readOnly = false,
}: {
  value: string[];
  onChange: (codes: string[]) => void;
  testId: string;
  invalid?: boolean;
  none?: string;
  /** Shown, not changed (a member whose role only reads it). */
  readOnly?: boolean;
}) {
  const { data, isLoading } = useApi<{ countries: Country[] }>('/countries?all=true');
  const countries = data?.countries ?? [];
  const options = countries.map((c) => ({ value: c.iso_alpha_two, label: c.name, tags: [c.iso_alpha_two] }));
  const byCode = new Map(options.map((o) => [o.value, o]));
  return (
    <Multiselect
      deselectAriaLabel={removeTokenLabel}
      selectedOptions={value.map((code) => byCode.get(code) ?? { value: code, label: code })}
      onChange={({ detail }) => onChange(detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean))}
      options={options}
      filteringType="auto"
      statusType={isLoading ? 'loading' : 'finished'}
      placeholder={`${none} (no territory chosen)`}
      tokenLimit={6}
      invalid={invalid}
      readOnly={readOnly}
      data-testid={testId}
    />
  );
}
