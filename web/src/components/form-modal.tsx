import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/**
 * A modal form: its fields stacked, and a footer of Cancel and one primary button that submits
 * (loading while `busy`).
 */
export function FormModal({
  header,
  onClose,
  onSubmit,
  busy,
  submitText,
  submitTestId,
  children,
}: {
  header: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  busy: boolean;
  submitText: string;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <Modal
      visible
      header={header}
      onDismiss={onClose}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void onSubmit()} data-testid={submitTestId}>
              {submitText}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">{children}</SpaceBetween>
    </Modal>
  );
}
