import Box from '@cloudscape-design/components/box';
import FormField from '@cloudscape-design/components/form-field';
import type { ReactNode } from 'react';
import { useOnlyLabel } from '../../components/only-label';
import { MESSAGES } from '../../../../shared/messages';
import { pickerSource, RecordPicker } from '../../components/record-picker';
import { useLabelParam } from '../money/finances/use-period';
import { RouterLink } from '../../components/router-link';
import { usePermits } from '../../app/use-may-open';

const labels = pickerSource('labels');

/**
 * The label a tools page works on: chosen from the company's labels and kept in the address
 * (label_id, label_name), so a reload or a shared link opens the same label's list.
 */
export function LabelChoice({ testId, children }: { testId: string; children: (labelId: string) => ReactNode }) {
  const [label, choose] = useLabelParam();
  // A company with one label works on it without choosing; one with no label yet has nothing to choose: say so, and
  // where a label is made (the new label page).
  const { none } = useOnlyLabel(label, choose);
  const mayAdd = usePermits('catalogue.write');
  return (
    <>
      <div style={{ maxWidth: 360 }}>
        {/* Named like every other field, so the chooser above a form reads as the label the form is for. */}
        <FormField label="Label">
          <RecordPicker source={labels} value={label} onChange={choose} testId={testId} placeholder="Choose a label" />
        </FormField>
      </div>
      {label ? (
        children(label.id)
      ) : none ? (
        <Box color="text-status-inactive" data-testid="no-labels-yet">
          {MESSAGES.noLabelSelected}: this company has no labels yet.{' '}
          {mayAdd ? <RouterLink href="/user/labels/new">Add a label</RouterLink> : null}
        </Box>
      ) : (
        <Box color="text-status-inactive">{MESSAGES.noLabelSelected}</Box>
      )}
    </>
  );
}
