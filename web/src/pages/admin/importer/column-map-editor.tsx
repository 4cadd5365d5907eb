import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ModelAttribute } from '../../../../../shared/catalogue-exchange/model-attributes';
import type { MapRow } from './column-map-model';

const NOT_IMPORTED = { value: '', label: 'Not imported' };

/**
 * The column map as a table: each file column and the attribute it fills (required ones marked),
 * used by the metadata map form and the importer page.
 */
export function ColumnMapEditor({
  rows,
  attributes,
  onChange,
  errors,
  testId = 'column-map',
}: {
  rows: MapRow[];
  attributes: readonly ModelAttribute[];
  onChange: (rows: MapRow[]) => void;
  errors?: string[];
  testId?: string;
}) {
  const options = [
    NOT_IMPORTED,
    ...attributes.map((a) => ({ value: a.name, label: a.required ? `${a.label} (required)` : a.label })),
  ];
  const patch = (index: number, change: Partial<MapRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const missing = attributes.filter((a) => a.required && !rows.some((r) => r.attribute === a.name));

  return (
    <FormField
      label="Column map"
      description={
        missing.length
          ? `Not mapped yet (required): ${missing.map((a) => a.label).join(', ')}`
          : 'Every required attribute is mapped.'
      }
      errorText={errors?.join(' ')}
      stretch
    >
      <SpaceBetween size="s">
        <Table<MapRow & { index: number }>
          data-testid={testId}
          variant="embedded"
          items={rows.map((row, index) => ({ ...row, index }))}
          trackBy="index"
          empty="No columns yet"
          columnDefinitions={[
            {
              id: 'column',
              header: 'File column',
              cell: (row) => (
                <Input
                  value={row.column}
                  ariaLabel={`Column ${row.index + 1}`}
                  onChange={({ detail }) => patch(row.index, { column: detail.value })}
                />
              ),
            },
            {
              id: 'attribute',
              header: 'Attribute',
              cell: (row) => (
                <Select
                  ariaLabel={`Attribute of column ${row.column || row.index + 1}`}
                  selectedOption={options.find((o) => o.value === row.attribute) ?? NOT_IMPORTED}
                  options={options}
                  filteringType="auto"
                  onChange={({ detail }) => patch(row.index, { attribute: detail.selectedOption.value ?? '' })}
                />
              ),
            },
            {
              id: 'remove',
              // A column header names its column (an empty one reads as nothing to a screen reader).
              header: 'Remove',
              cell: (row) => (
                <Button
                  variant="icon"
                  iconName="remove"
                  ariaLabel={`Remove column ${row.column || row.index + 1}`}
                  onClick={() => onChange(rows.filter((_, i) => i !== row.index))}
                />
              ),
            },
          ]}
        />
        <Button
          iconName="add-plus"
          onClick={() => onChange([...rows, { column: '', attribute: '' }])}
          data-testid={`${testId}-add`}
        >
          Add column
        </Button>
      </SpaceBetween>
    </FormField>
  );
}
