import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { api, errorMessage } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { LABEL_MODES, type LabelMode } from './label-api';

type Target = { id: string; name: string; company_id?: string };

/** Confirms a delete, then shows the server's message(s) (also as a notification). */
export function DeleteLabelsModal({ mode, labels, onClose, onDeleted }: { mode: LabelMode; labels: Target[]; onClose: () => void; onDeleted: () => void }) {
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const done: string[] = [];
    try {
      for (const label of labels) {
        const answer = await api.delete<{ message: string }>(`${LABEL_MODES[mode].apiBase}/${encodeURIComponent(label.id)}`, mode === 'user' ? {} : { companyId: null });
        done.push(answer.message);
      }
      setMessages(done);
      notify('notification', done.join(' · '));
    } catch (error) {
      setMessages(done.length ? done : null);
      setFailure(errorMessage(error));
      notifyError(error);
    } finally {
      setBusy(false);
      if (done.length) onDeleted();
    }
  };

  const finished = messages !== null && !failure;
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={labels.length === 1 ? 'Delete label' : `Delete ${labels.length} labels`}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} data-testid="delete-cancel">
              {finished ? 'Close' : 'Cancel'}
            </Button>
            {finished ? null : (
              <Button variant="primary" loading={busy} onClick={() => void confirm()} data-testid="delete-confirm">
                Delete
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s" data-testid="delete-modal">
        {messages?.map((m) => (
          <Alert key={m} type="success" data-testid="delete-result">
            {m}
          </Alert>
        ))}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        {finished ? null : (
          <>
            <Box>Delete {labels.length === 1 ? 'this label' : 'these labels'} permanently? This cannot be undone.</Box>
            <ul>
              {labels.map((l) => (
                <li key={l.id}>{l.name}</li>
              ))}
            </ul>
          </>
        )}
      </SpaceBetween>
    </Modal>
  );
}
