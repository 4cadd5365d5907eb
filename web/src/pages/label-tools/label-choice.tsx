import Box from '@cloudscape-design/components/box';
import type { ReactNode } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import { useLabelParam } from '../money/finances/use-period';

const labels = pickerSource('labels');

/**
 * The label a tools page works on: chosen from the company's labels and kept in the address
 * (label_id, label_name), so a reload or a shared link opens the same label's list.
 */
export function LabelChoice({ testId, children }: { testId: string; children: (labelId: string) => ReactNode }) {
  const [label, choose] = useLabelParam();
  return (
    <>
      <div style={{ maxWidth: 360 }}>
        <RecordPicker source={labels} value={label} onChange={choose} testId={testId} placeholder="Choose a label" />
      </div>
      {label ? children(label.id) : <Box color="text-status-inactive">{MESSAGES.noLabelSelected}</Box>}
    </>
  );
}
