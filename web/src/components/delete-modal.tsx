import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { errorMessage } from '../app/api';
import { notify, notifyError } from '../app/notifications';

export type DeleteModalProps = {
  /** "label" / "labels": the modal's header and question. */
  noun: string;
  plural: string;
  /** What is about to go, as the user knows it. */
  names: string[];
  /**
   * Deletes, passing each server message to `report` as it arrives, so that when a later call
   * fails the messages of what was already deleted are still shown.
   */
  run: (report: (message: string) => void) => Promise<void>;
  onClose: () => void;
  /** Called once anything was deleted (even if a later call failed). */
  onDeleted: () => void;
};

/** Confirms a delete, then shows the server's message(s), also as a notification. */
export function DeleteModal({ noun, plural, names, run, onClose, onDeleted }: DeleteModalProps) {
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const done: string[] = [];
    try {
      await run((message) => done.push(message));
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
  const one = names.length === 1;
  return (
    <Modal
      visible
      onDismiss={onClose}
      header={one ? `Delete ${noun}` : `Delete ${names.length} ${plural}`}
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
            <Box>Delete {one ? `this ${noun}` : `these ${plural}`} permanently? This cannot be undone.</Box>
            <ul>
              {names.map((name, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: names are fixed while the modal is open and never reordered; two records can share a name, so the position is what tells them apart.
                <li key={`${i}-${name}`}>{name}</li>
              ))}
            </ul>
          </>
        )}
      </SpaceBetween>
    </Modal>
  );
}
