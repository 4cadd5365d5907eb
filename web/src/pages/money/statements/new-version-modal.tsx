import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notify, notifyError } from '../../../app/notifications';
import { statementsApi, useStatementPages } from './statements-api';

/** The statement a new version is asked for, as the dialog names it. */
export type VersionedStatement = {
  id: string;
  /** The statement as its page's heading names it (or its number). */
  title: string;
  /** Its months in words ("Jan 2026 to Mar 2026"). */
  period: string;
  /** Its version in force, when known: the dialog then names the new one's number. */
  version?: number;
};

/**
 * The one way to ask for a correction (a new version of a published statement), from its page or from a late-lines
 * notice: "Preview first" starts it as a run to check figure by figure before publishing (the run's page opens), and
 * "Make a new version" publishes it at once. `onMade` follows a correction published at once.
 */
export function NewVersionModal({
  statement,
  onClose,
  onMade,
}: {
  statement: VersionedStatement;
  onClose: () => void;
  onMade: () => void;
}) {
  const navigate = useNavigate();
  const pages = useStatementPages();
  const [busy, setBusy] = useState<null | 'publish' | 'preview'>(null);
  const make = async (preview: boolean) => {
    setBusy(preview ? 'preview' : 'publish');
    try {
      const answer = await statementsApi.newVersion(statement.id, preview);
      if (answer.message) notify('notification', answer.message);
      if (answer.statement_run) navigate(pages.runView(answer.statement_run.id));
      else onMade();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const next = statement.version === undefined ? 'the new version' : `version ${statement.version + 1}`;
  return (
    <Modal
      visible
      header={`New version of ${statement.title}`}
      onDismiss={onClose}
      data-testid="statement-new-version-modal"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={busy === 'preview'}
              disabled={busy === 'publish'}
              onClick={() => void make(true)}
              data-testid="statement-new-version-preview"
            >
              Preview first
            </Button>
            <Button
              variant="primary"
              loading={busy === 'publish'}
              disabled={busy === 'preview'}
              onClick={() => void make(false)}
              data-testid="statement-new-version-confirm"
            >
              Make a new version
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      The account is stated again for {statement.period} from the ledger as it is now. This statement stays as published
      and is marked as corrected by {next}. Preview first shows what the new version changes, figure by figure, before
      you publish it.
    </Modal>
  );
}
