import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';

/**
 * A modal that asks before acting: `children` as its body, and a footer of Cancel (or `cancelText`: "Keep it" when
 * the act deletes) and one primary button that acts (loading while `busy`).
 */
export function ConfirmActionModal({
  header,
  confirmText,
  busy,
  onCancel,
  onConfirm,
  confirmTestId,
  cancelTestId,
  cancelText = 'Cancel',
  children,
}: {
  header: string;
  confirmText: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmTestId: string;
  cancelTestId?: string;
  cancelText?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      visible
      header={header}
      onDismiss={onCancel}
      // The corner's close button is named, as every control must be (axe).
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onCancel} data-testid={cancelTestId}>
              {cancelText}
            </Button>
            <Button variant="primary" loading={busy} onClick={onConfirm} data-testid={confirmTestId}>
              {confirmText}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}
