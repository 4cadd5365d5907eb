import { pickerSource, RecordPicker, type PickedRecord } from './record-picker';

const labelPicker = pickerSource('labels');

/** A list page's label filter: a record picker over the labels, at least 200px wide. */
export function LabelFilter({
  value,
  onChange,
  testId,
  placeholder,
}: {
  value: PickedRecord | null;
  onChange: (next: PickedRecord | null) => void;
  testId: string;
  placeholder: string;
}) {
  return (
    <div style={{ minWidth: 200 }}>
      <RecordPicker source={labelPicker} value={value} onChange={onChange} testId={testId} placeholder={placeholder} />
    </div>
  );
}
