import { optionWords } from '../../../app/display-labels';
import { removeTokenLabel } from '../../../components/token-labels';
import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import Icon from '@cloudscape-design/components/icon';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import { Suspense, useContext, useMemo, useState } from 'react';
import { NestedRowsEditor } from '../../../components/nested-rows-editor';
import { nounOf } from '../../../components/empty-state';
import { keptRows, nestedRowsReducer, type NestedRow, type NestedRowsState } from '../../../components/nested-rows';
import { pickerSource, RecordPicker } from '../../../components/record-picker';
import type { FormValues, LinkValue, ReferenceField, RowValues } from './reference-types';
import { TerritoriesInput } from './territories-input';
import { QuickAddContext } from './quick-add-context';
import { useQuickAddAllowed } from './quick-add-access';
import { DateInput } from '../../../components/date-input';

type RowsField = Extract<ReferenceField, { kind: 'rows' }>;
let counter = 0;
const newRowKey = () => {
  counter += 1;
  return `new-row-${counter}`;
};

/**
 * A config's nested rows (society URLs, distributor DSP links) in the shared editor: removed
 * saved rows are marked and can be undone until save, unsaved rows are dropped.
 * The API names a row's errors by its position: `urls_attributes.2.link`.
 */
export function ReferenceRowsInput({
  field,
  rows,
  form,
  errors,
  onChange,
}: {
  field: RowsField;
  rows: NestedRow<RowValues>[];
  form: FormValues;
  errors: Record<string, string>;
  onChange: (rows: NestedRow<RowValues>[]) => void;
}) {
  const state = useMemo((): NestedRowsState<RowValues> => {
    const apply = (action: Parameters<typeof nestedRowsReducer<RowValues>>[1]) => {
      const next = nestedRowsReducer(rows, action);
      onChange(field.normaliseRows && action.type !== 'update' ? field.normaliseRows(next) : next);
    };
    return {
      rows,
      add: (values) => apply({ type: 'add', key: newRowKey(), values }),
      update: (key, patch) => {
        const row = rows.find((r) => r.key === key);
        apply({ type: 'update', key, patch: row && field.onRowChange ? field.onRowChange(row.values, patch) : patch });
      },
      remove: (key) => apply({ type: 'remove', key }),
      undo: (key) => apply({ type: 'undo', key }),
      reset: () => undefined,
      kept: keptRows(rows),
    };
  }, [rows, onChange, field.normaliseRows, field.onRowChange]);
  const testId = `ref-rows-${field.name}`;
  // The row and field whose picker opened a quick-add modal; the new record is picked into it.
  const [adding, setAdding] = useState<{ key: string; field: string; collection: string } | null>(null);
  const QuickAddModal = useContext(QuickAddContext);
  const mayQuickAdd = useQuickAddAllowed();
  const words = field.words?.(rows, form);
  return (
    <>
      <NestedRowsEditor<RowValues>
        name={field.input}
        what={nounOf(field.label)}
        state={state}
        fields={field.rowFields.map((rf) => ({
          key: rf.name,
          label: rf.required ? `${rf.label} *` : rf.label,
          placeholder: rf.placeholder,
        }))}
        emptyRow={field.emptyRow}
        addLabel={field.addLabel}
        errors={errors}
        testId={testId}
        rowNote={(row, index) =>
          words?.rows[row.key] ? (
            <Box variant="small" color="text-body-secondary" data-testid={`${testId}-words-${index}`}>
              {words.rows[row.key]}
            </Box>
          ) : null
        }
        errorKey={(_row, index, key) => `${field.input}.${index}.${key}`}
        describe={(values) =>
          field.rowFields
            .map((rf) => values[rf.name])
            .map((v) =>
              Array.isArray(v) ? v.join(', ') : v && typeof v === 'object' ? v.name : typeof v === 'string' ? v : '',
            )
            .filter(Boolean)
            .join(' · ')
        }
        renderInput={(rowField, row, index, errorText) => {
          const config = field.rowFields.find((rf) => rf.name === rowField.key);
          // Every editor field comes from rowFields, so this is only a guard.
          if (!config) return null;
          if (config.kind === 'checkbox') {
            return (
              <Checkbox
                checked={row.values[config.name] === true}
                onChange={({ detail }) => state.update(row.key, { [config.name]: detail.checked })}
                ariaLabel={config.label}
                nativeInputAttributes={{ 'data-testid': `${testId}-${config.name}-${index}` }}
              />
            );
          }
          if (config.kind === 'select') {
            const value = String(row.values[config.name] ?? '');
            return (
              <Select
                selectedOption={value ? { value, label: optionWords(value) } : null}
                onChange={({ detail }) => state.update(row.key, { [config.name]: detail.selectedOption.value ?? '' })}
                options={(config.options ?? []).map((o) => ({ value: o, label: optionWords(o) }))}
                placeholder={`Choose ${config.label.toLowerCase()}`}
                invalid={Boolean(errorText)}
                data-testid={`${testId}-${config.name}-${index}`}
              />
            );
          }
          if (config.kind === 'multiselect') {
            const chosen = (row.values[config.name] as string[] | undefined) ?? [];
            return (
              <Multiselect
                deselectAriaLabel={removeTokenLabel}
                selectedOptions={chosen.map((o) => ({ value: o, label: optionWords(o) }))}
                onChange={({ detail }) =>
                  state.update(row.key, {
                    [config.name]: detail.selectedOptions.map((o) => o.value ?? '').filter(Boolean),
                  })
                }
                options={(config.options ?? []).map((o) => ({ value: o, label: optionWords(o) }))}
                placeholder={`Choose ${config.label.toLowerCase()}`}
                tokenLimit={3}
                data-testid={`${testId}-${config.name}-${index}`}
              />
            );
          }
          if (config.kind === 'date') {
            return (
              <DateInput
                value={String(row.values[config.name] ?? '')}
                onChange={(day) => state.update(row.key, { [config.name]: day })}
                label={config.label}
                invalid={Boolean(errorText)}
                testId={`${testId}-${config.name}-${index}`}
              />
            );
          }
          if (config.kind === 'territories') {
            return (
              <TerritoriesInput
                value={(row.values[config.name] as string[] | undefined) ?? []}
                onChange={(codes) => state.update(row.key, { [config.name]: codes })}
                testId={`${testId}-${config.name}-${index}`}
                invalid={Boolean(errorText)}
              />
            );
          }
          if (config.kind === 'suggest') {
            return (
              <Autosuggest
                value={String(row.values[config.name] ?? '')}
                onChange={({ detail }) => state.update(row.key, { [config.name]: detail.value })}
                options={(config.options ?? []).map((o) => ({ value: o }))}
                enteredTextLabel={(value) => `Use “${value}”`}
                placeholder={config.placeholder}
                empty="No suggestions"
                invalid={Boolean(errorText)}
                data-testid={`${testId}-${config.name}-${index}`}
              />
            );
          }
          if (config.kind === 'link') {
            return (
              <RecordPicker
                source={pickerSource(config.collection)}
                value={row.values[config.name] as LinkValue}
                onChange={(picked) => state.update(row.key, { [config.name]: picked })}
                testId={`${testId}-${config.name}-${index}`}
                invalid={Boolean(errorText)}
                onAddNew={
                  config.quickAdd && QuickAddModal && mayQuickAdd(config.collection)
                    ? () => setAdding({ key: row.key, field: config.name, collection: config.collection })
                    : undefined
                }
                addNewLabel={
                  config.quickAdd && QuickAddModal && mayQuickAdd(config.collection)
                    ? `Add new ${config.label.toLowerCase()}`
                    : undefined
                }
              />
            );
          }
          return null;
        }}
      />
      {words?.problem ? (
        <Box color="text-status-error" data-testid={`${testId}-problem`}>
          <Icon name="status-warning" variant="error" /> {words.problem}
        </Box>
      ) : null}
      {words?.summary.length ? (
        <Box data-testid={`${testId}-words`}>
          {words.summary.map((line) => (
            <Box key={line} variant="p" padding="n">
              {line}
            </Box>
          ))}
        </Box>
      ) : null}
      {adding && QuickAddModal ? (
        <Suspense fallback={null}>
          <QuickAddModal
            collection={adding.collection}
            onClose={() => setAdding(null)}
            onAdded={(picked) => state.update(adding.key, { [adding.field]: picked })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
