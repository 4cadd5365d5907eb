import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Grid from '@cloudscape-design/components/grid';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import type { NestedRow, NestedRowsState } from './nested-rows';

export type NestedField<T> = { key: keyof T & string; label: string; placeholder?: string };

/**
 * Edits one section of nested rows (urls, identifiers …). Removed saved rows stay visible,
 * struck through, with Undo until the form is saved; unsaved rows vanish (useNestedRows).
 * Errors are looked up as `${name}.${row.key}.${field}`.
 */
export function NestedRowsEditor<T extends Record<string, unknown>>({
  name,
  what,
  state,
  fields,
  emptyRow,
  addLabel,
  errors = {},
  testId,
  renderInput,
  describe,
  rowNote,
  errorKey = (row, _index, field) => `${name}.${row.key}.${field}`,
}: {
  name: string;
  /** What the rows are, as the empty line names them ("links": "No links yet: choose Add link to add one"). */
  what: string;
  state: NestedRowsState<T>;
  fields: NestedField<T>[];
  emptyRow: T;
  addLabel: string;
  errors?: Record<string, string>;
  testId: string;
  /** A control other than a text input for a field (a picker, a select); null/undefined keeps the Input. */
  renderInput?: (field: NestedField<T>, row: NestedRow<T>, index: number, errorText: string | undefined) => ReactNode;
  /** How a row marked for deletion is named (default: its field values). */
  describe?: (values: T) => string;
  /** A line under a kept row (e.g. what an artist's share pays), or null. */
  rowNote?: (row: NestedRow<T>, index: number) => ReactNode;
  /** The errors key of a row's field (default `${name}.${row.key}.${field}`; API errors name rows by index). */
  errorKey?: (row: NestedRow<T>, index: number, field: string) => string;
}) {
  // Up to three fields share a line with the Remove button; more wrap three to a line, Remove below.
  const wide = fields.length > 3;
  const columns = fields.map(() => ({ colspan: { default: 12, s: wide ? 4 : Math.floor(9 / fields.length) } }));
  const actionsColumn = { colspan: { default: 12, s: wide ? 12 : 3 } };
  return (
    <SpaceBetween size="s" data-testid={testId}>
      {state.rows.length === 0 ? (
        <EmptyState what={what} how={`choose ${addLabel}`} testId={`${testId}-empty`} />
      ) : null}
      {state.rows.map((row, index) =>
        row.destroyed ? (
          <div
            key={row.key}
            className="nested-row nested-row--destroyed-wrap"
            data-testid={`${testId}-row-${index}`}
            data-destroyed="true"
          >
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <span className="nested-row--destroyed">
                {(describe
                  ? describe(row.values)
                  : fields
                      .map((f) => row.values[f.key])
                      .filter((v) => typeof v === 'string' && v)
                      .join(' · ')) || '(empty row)'}
              </span>
              <Box color="text-status-warning" fontSize="body-s">
                Will be removed when you save
              </Box>
              <Button
                formAction="none"
                iconName="undo"
                onClick={() => state.undo(row.key)}
                data-testid={`${testId}-undo-${index}`}
              >
                Undo
              </Button>
            </SpaceBetween>
          </div>
        ) : (
          <div key={row.key} className="nested-row" data-testid={`${testId}-row-${index}`} data-destroyed="false">
            <Grid gridDefinition={[...columns, actionsColumn]}>
              {[
                ...fields.map((field) => (
                  <FormField
                    key={field.key}
                    label={field.label}
                    errorText={errors[errorKey(row, index, field.key)]}
                    stretch
                  >
                    {renderInput?.(field, row, index, errors[errorKey(row, index, field.key)]) ?? (
                      <Input
                        value={String(row.values[field.key] ?? '')}
                        placeholder={field.placeholder}
                        onChange={({ detail }) => state.update(row.key, { [field.key]: detail.value } as Partial<T>)}
                        nativeInputAttributes={{ 'data-testid': `${testId}-${field.key}-${index}` }}
                      />
                    )}
                  </FormField>
                )),
                <Box key="actions" padding={{ top: wide ? 'n' : 'xl' }}>
                  <Button
                    formAction="none"
                    iconName="remove"
                    onClick={() => state.remove(row.key)}
                    data-testid={`${testId}-remove-${index}`}
                  >
                    Remove
                  </Button>
                </Box>,
              ]}
            </Grid>
            {rowNote?.(row, index)}
          </div>
        ),
      )}
      <Button
        formAction="none"
        iconName="add-plus"
        onClick={() => state.add({ ...emptyRow })}
        data-testid={`${testId}-add`}
      >
        {addLabel}
      </Button>
    </SpaceBetween>
  );
}
