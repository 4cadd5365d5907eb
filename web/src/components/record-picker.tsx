import Button from '@cloudscape-design/components/button';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createContext, useContext } from 'react';
import { useApi } from '../app/resources';
import { useServerSearch } from './use-server-search';

export type PickedRecord = { id: string; name: string };

/**
 * The company a form's pickers search in when it is not the current one: an admin's form for a
 * record of a chosen company lists that company's labels, artists and recordings.
 */
export const PickerCompanyContext = createContext<string | undefined>(undefined);

/** Where a picker finds its records: reference and catalogue collections answer `selectable=true&q=` on the server. */
export type PickerSource = {
  path: (q: string) => string;
  key: string;
  nameField?: string;
  describe?: (row: Record<string, unknown>) => string | undefined;
};

const NAME_FIELDS: Record<string, string> = { performer_roles: 'description', releases: 'title', recordings: 'title' };

/** What a picker shows under a name, so the text that matched is visible. */
const DESCRIPTIONS: Record<string, (row: Record<string, unknown>) => string | undefined> = {
  societies: (row) => (row.code ? String(row.code) : undefined),
  // A company's publisher picker lists its own beside the shared ones; say which are shared.
  company_publishers: (row) => (row.shared ? 'Shared by every company' : undefined),
  releases: (row) => [row.cat_no, row.display_artists].filter(Boolean).join(' · ') || undefined,
  recordings: (row) => [row.isrc, row.display_artists].filter(Boolean).join(' · ') || undefined,
};

export function pickerSource(collection: string): PickerSource {
  if (collection === 'labels') {
    // The current company's labels (a tenant list), searched by name on the server.
    return { path: (q) => `/labels?selectable=true${q ? `&q=${encodeURIComponent(q)}` : ''}`, key: 'labels' };
  }
  if (collection === 'companies') {
    // Admins pick any company, searched by name on the server as every other list is.
    return { path: (q) => `/admin/companies${q ? `?q=${encodeURIComponent(q)}` : ''}`, key: 'companies' };
  }
  return {
    path: (q) => `/${collection}?selectable=true${q ? `&q=${encodeURIComponent(q)}` : ''}`,
    key: collection,
    nameField: NAME_FIELDS[collection],
    describe: DESCRIPTIONS[collection],
  };
}

/**
 * An autocomplete picker: the typed text matches names case-insensitively
 * (societies by name or code, on the server), no match says "No results for <text>", and an
 * optional "Add new" opens the collection's quick-add modal.
 */
export function RecordPicker({
  source,
  value,
  onChange,
  testId,
  placeholder = 'Choose',
  invalid = false,
  onAddNew,
  addNewLabel,
  exclude = [],
  readOnly = false,
}: {
  source: PickerSource;
  value: PickedRecord | null;
  onChange: (value: PickedRecord | null) => void;
  testId: string;
  placeholder?: string;
  invalid?: boolean;
  onAddNew?: () => void;
  addNewLabel?: string;
  /** Records not offered (chosen on another row already). */
  exclude?: readonly string[];
  /** Shown, not changed (a member whose role only reads it). */
  readOnly?: boolean;
}) {
  const { q, open, searchProps } = useServerSearch();
  const companyId = useContext(PickerCompanyContext);
  const { data, isLoading, error } = useApi<Record<string, Record<string, unknown>[]>>(
    open ? source.path(q) : null,
    { keepPreviousData: true },
    companyId,
  );
  const nameOf = (row: Record<string, unknown>) => String(row[source.nameField ?? 'name'] ?? '');
  const rows = data?.[source.key] ?? [];
  const options = rows
    .filter((row) => !exclude.includes(String(row.id)))
    .map((row) => ({
      value: String(row.id),
      label: nameOf(row),
      description: source.describe?.(row),
    }));
  const select = (
    <Select
      selectedOption={value ? { value: value.id, label: value.name } : null}
      onChange={({ detail }) =>
        onChange(
          detail.selectedOption.value
            ? { id: detail.selectedOption.value, name: detail.selectedOption.label ?? detail.selectedOption.value }
            : null,
        )
      }
      options={value ? [{ value: '', label: '(none)' }, ...options] : options}
      {...searchProps({ isLoading, error })}
      placeholder={placeholder}
      filteringPlaceholder="Type to search"
      invalid={invalid}
      readOnly={readOnly}
      data-testid={testId}
      triggerVariant="label"
    />
  );
  if (!onAddNew || readOnly) return select;
  return (
    <SpaceBetween size="xs">
      {select}
      <Button
        formAction="none"
        variant="inline-link"
        iconName="add-plus"
        onClick={onAddNew}
        data-testid={`${testId}-add-new`}
      >
        {addNewLabel ?? 'Add new'}
      </Button>
    </SpaceBetween>
  );
}
