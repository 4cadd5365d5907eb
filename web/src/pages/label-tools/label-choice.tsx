import Box from '@cloudscape-design/components/box';
import { type ReactNode, useEffect } from 'react';
import { useApi } from '../../app/resources';
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
  // A company with one label works on it without choosing.
  const firstFew = useApi<{ labels: { id: string; name: string }[] }>(label ? null : '/labels?per_page=5');
  const only = firstFew.data?.labels.length === 1 ? firstFew.data.labels[0] : undefined;
  useEffect(() => {
    // In place of the address without a label, so Back leaves the page instead of landing on it again.
    if (!label && only) choose({ id: only.id, name: only.name }, { replace: true });
  }, [label, only, choose]);
  return (
    <>
      <div style={{ maxWidth: 360 }}>
        <RecordPicker source={labels} value={label} onChange={choose} testId={testId} placeholder="Choose a label" />
      </div>
      {label ? children(label.id) : <Box color="text-status-inactive">{MESSAGES.noLabelSelected}</Box>}
    </>
  );
}
