import ColumnLayout from '@cloudscape-design/components/column-layout';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { DELIMITERS, type MapEditorValues } from './map-model';
import { fileUploadStrings } from '../../components/file-upload-strings';
import { CurrencySelect } from '../../components/currency-select';

const AUTO = { value: '', label: 'Detect' };

/** The sample file and how the report is written: delimiter, decimal mark, rows around the table, a fixed currency. */
export function MapOptionsFields({
  values,
  set,
  errors,
  sampleFile,
  onSample,
}: {
  values: MapEditorValues;
  set: <K extends keyof MapEditorValues>(key: K, value: MapEditorValues[K]) => void;
  errors: Record<string, string>;
  sampleFile: File | null;
  onSample: (file: File | null) => void;
}) {
  return (
    <SpaceBetween size="l">
      <FormField
        label="Sample report"
        description="The first 64 kB of a report of this source fill the column choices and the preview."
        constraintText="CSV, TSV or TXT"
      >
        <FileUpload
          value={sampleFile ? [sampleFile] : []}
          onChange={({ detail }) => onSample(detail.value[0] ?? null)}
          accept=".csv,.tsv,.txt"
          showFileSize
          i18nStrings={fileUploadStrings({
            uploadButtonText: () => 'Choose a sample',
            dropzoneText: () => 'Drop a sample report',
            removeFileAriaLabel: () => 'Remove the sample',
          })}
          data-testid="map-sample"
        />
      </FormField>
      <ColumnLayout columns={5}>
        <FormField label="Delimiter" errorText={errors.delimiter}>
          <Select
            selectedOption={DELIMITERS.find((d) => d.value === values.delimiter) ?? AUTO}
            options={[AUTO, ...DELIMITERS]}
            onChange={({ detail }) =>
              set('delimiter', (detail.selectedOption.value ?? '') as MapEditorValues['delimiter'])
            }
            data-testid="map-delimiter"
          />
        </FormField>
        <FormField label="Decimal mark" errorText={errors.decimal}>
          <SegmentedControl
            selectedId={values.decimal}
            options={[
              { id: 'point', text: '1.50' },
              { id: 'comma', text: '1,50' },
            ]}
            onChange={({ detail }) => set('decimal', detail.selectedId as MapEditorValues['decimal'])}
            data-testid="map-decimal"
          />
        </FormField>
        <FormField label="Rows before the header" errorText={errors.skip_header_rows}>
          <Input
            type="number"
            value={values.skip_header_rows}
            onChange={({ detail }) => set('skip_header_rows', detail.value)}
            invalid={Boolean(errors.skip_header_rows)}
            data-testid="map-skip-header"
          />
        </FormField>
        <FormField label="Rows after the lines" errorText={errors.skip_footer_rows}>
          <Input
            type="number"
            value={values.skip_footer_rows}
            onChange={({ detail }) => set('skip_footer_rows', detail.value)}
            invalid={Boolean(errors.skip_footer_rows)}
            data-testid="map-skip-footer"
          />
        </FormField>
        <FormField label="Currency" description="When the report has no currency column" errorText={errors.currency}>
          <CurrencySelect value={values.currency} onChange={(code) => set('currency', code)} testId="map-currency" />
        </FormField>
      </ColumnLayout>
    </SpaceBetween>
  );
}
