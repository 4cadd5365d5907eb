import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MAPPING_COLUMNS, type MappingColumn } from '../../../../shared/schemas/royalty-map';
import { columnLabel } from './map-model';

const NONE = { value: '', label: '(not in the report)' };

/** One select per mapping column (options: the sample's headers) plus a constant value for every line. */
export function MapColumnsEditor({
  headers,
  columns,
  constants,
  errors,
  onColumn,
  onConstant,
}: {
  headers: string[];
  columns: Partial<Record<MappingColumn, string>>;
  constants: Partial<Record<MappingColumn, string>>;
  errors: Record<string, string>;
  onColumn: (column: MappingColumn, header: string) => void;
  onConstant: (column: MappingColumn, value: string) => void;
}) {
  return (
    <ColumnLayout columns={3}>
      {MAPPING_COLUMNS.map((column) => {
        const current = columns[column] ?? '';
        const all = current && !headers.includes(current) ? [current, ...headers] : headers;
        const error = errors[`columns.${column}`] ?? errors[`constants.${column}`];
        return (
          <FormField key={column} label={columnLabel(column)} errorText={error} data-testid={`map-column-${column}`}>
            <SpaceBetween size="xxs">
              <Select
                selectedOption={current ? { value: current, label: current } : NONE}
                options={[NONE, ...all.map((h) => ({ value: h, label: h }))]}
                onChange={({ detail }) => onColumn(column, detail.selectedOption.value ?? '')}
                invalid={Boolean(error)}
                ariaLabel={`Report column for ${columnLabel(column)}`}
                data-testid={`map-column-${column}-select`}
              />
              <Input
                value={constants[column] ?? ''}
                onChange={({ detail }) => onConstant(column, detail.value)}
                placeholder="or a fixed value"
                ariaLabel={`Fixed value for ${columnLabel(column)}`}
                data-testid={`map-column-${column}-constant`}
              />
            </SpaceBetween>
          </FormField>
        );
      })}
    </ColumnLayout>
  );
}
