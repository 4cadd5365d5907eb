import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { notify, notifyError } from '../../../app/notifications';
import { revokeAllTokens } from './token-api';

/** "Revoke all" with a confirmation: every token, or only one user's when `userId` is given. */
export function RevokeAllButton({ userId, onRevoked }: { userId?: string; onRevoked: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      const answer = await revokeAllTokens(userId);
      notify('notification', answer.message);
      setOpen(false);
      onRevoked();
    } catch (failure) {
      notifyError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="tokens-revoke-all">
        Revoke all
      </Button>
      <Modal
        visible={open}
        onDismiss={() => setOpen(false)}
        header="Revoke all access tokens"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setOpen(false)} data-testid="tokens-revoke-cancel">
                Cancel
              </Button>
              <Button
                variant="primary"
                loading={busy}
                onClick={() => void revoke()}
                data-testid="tokens-revoke-confirm"
              >
                Revoke all
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {userId ? 'Revoke every access token of this user?' : 'Revoke every access token of every user?'} Services using
        them stop working. This cannot be undone.
      </Modal>
    </>
  );
}
