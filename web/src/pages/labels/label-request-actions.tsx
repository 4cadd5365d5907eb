import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { api } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import type { LabelView } from '../../../../shared/schemas/label';

/** Admin calls are not a company's: they send no X-Company-Id. */
const GLOBAL = { companyId: null } as const;
const answerPath = (id: string, answer: 'approve' | 'reject') => `/admin/labels/${encodeURIComponent(id)}/${answer}`;

/**
 * An admin answers a label request (scope requested): Approve makes the label active; Reject
 * deletes it and mails the member who asked, with the reason given here.
 */
export function LabelRequestActions({
  label,
  onApproved,
  onRejected,
}: {
  label: LabelView;
  onApproved: () => void;
  onRejected: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = async (answer: 'approve' | 'reject') => {
    setBusy(true);
    try {
      const body = answer === 'reject' && reason.trim() ? { reason: reason.trim() } : {};
      notify('notification', (await api.post<{ message: string }>(answerPath(label.id, answer), body, GLOBAL)).message);
      if (answer === 'approve') onApproved();
      else onRejected();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setRejecting(false);
    }
  };
  return (
    <>
      <Button onClick={() => void send('approve')} loading={busy} data-testid="label-request-approve">
        Approve request
      </Button>
      <Button onClick={() => setRejecting(true)} disabled={busy} data-testid="label-request-reject">
        Reject request
      </Button>
      <Modal
        visible={rejecting}
        onDismiss={() => setRejecting(false)}
        header={`Reject the label ${label.name}?`}
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setRejecting(false)}>
                Cancel
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void send('reject')}
                data-testid="label-reject-confirm"
              >
                Reject and delete
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <FormField label="Reason (optional)" description="Sent by e-mail to the member who asked.">
          <Textarea value={reason} onChange={({ detail }) => setReason(detail.value)} />
        </FormField>
      </Modal>
    </>
  );
}
