import Select from '@cloudscape-design/components/select';
import { CURRENCIES, currencyOption } from '../../../shared/currencies';

const OPTIONS = CURRENCIES.map(currencyOption);

/**
 * A currency chosen from the currencies list ("EUR — Euro"; type to filter), the list the API checks a currency
 * against, so a form cannot send one it refuses. A code kept before the list (not on it) still shows as itself.
 */
export function CurrencySelect({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (code: string) => void;
  testId?: string;
}) {
  const code = value.trim().toUpperCase();
  const selected = code ? (OPTIONS.find((o) => o.value === code) ?? { value: code, label: code }) : null;
  return (
    <Select
      selectedOption={selected}
      options={OPTIONS}
      filteringType="auto"
      filteringPlaceholder="Type a code or a name"
      placeholder="Choose a currency"
      empty="No currencies"
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
      data-testid={testId}
    />
  );
}
