import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { notify } from '../../../app/notifications';
import { useFormSubmit } from '../../../components/use-form-submit';
import type { PickedRecord } from '../../../components/record-picker';
import { requireConfig, type FormValues } from './reference-config';
import { saveReference, useReferenceRefresh } from './reference-api';
import { ReferenceFormFields, useVisibleFields } from './reference-form-fields';
import {
  emptyValues,
  formFieldOf,
  savedNotice,
  toPayload,
  validateValues,
  type ReferenceRecord,
} from './reference-model';

/**
 * A picker's quick-add modal (Add New Distributor, Add New Rightsholder,
 * Publisher, Add New Society): the collection's add form; after a save the modal closes and
 * the new record is picked. A failed save keeps the modal open with the server's message —
 * the old tool swallowed such failures, which lost what the user typed.
 */
export function QuickAddModal({
  collection,
  onClose,
  onAdded,
}: {
  collection: string;
  onClose: () => void;
  onAdded: (picked: PickedRecord) => void;
}) {
  const config = requireConfig(collection);
  const visible = useVisibleFields(true, config);
  const refresh = useReferenceRefresh(config);
  const [values, setValues] = useState<FormValues>(() => emptyValues(config));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateValues(config, values, { visible }),
    send: () => saveReference(config, undefined, toPayload(config, values, { visible })),
    fieldOf: (field) => formFieldOf(config, field),
    onSuccess: async (answer) => {
      const saved = answer[config.singular] as ReferenceRecord;
      await refresh();
      notify('notification', savedNotice(config, true));
      onAdded({ id: saved.id, name: String(saved[config.titleField] ?? saved.id) });
      onClose();
    },
  });
  return (
    <Modal
      visible
      size="large"
      onDismiss={onClose}
      header={config.quickAddTitle ?? `Add New ${config.notice}`}
      data-testid={`quick-add-${collection}`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button
              variant="primary"
              loading={submitting}
              onClick={() => void submit()}
              data-testid={`quick-add-${collection}-save`}
            >
              Save
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        {failure ? <Box color="text-status-error">{failure}</Box> : null}
        <ReferenceFormFields
          config={config}
          values={values}
          errors={errors}
          visible={visible}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        />
      </SpaceBetween>
    </Modal>
  );
}
