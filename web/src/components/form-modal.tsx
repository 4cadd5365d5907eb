import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { ConfirmActionModal } from './confirm-action-modal';

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
    <ConfirmActionModal
      header={header}
      confirmText={submitText}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void onSubmit()}
      confirmTestId={submitTestId}
    >
      <SpaceBetween size="m">{children}</SpaceBetween>
    </ConfirmActionModal>
  );
}
