import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useState } from 'react';
import { MESSAGES } from '../../../../../shared/messages';
import { notify, notifyError } from '../../../app/notifications';
import { ConfirmActionModal } from '../../../components/confirm-action-modal';
import type { ServerTableContext } from '../../../components/server-table';
import { downloadStatements, statementsApi } from './statements-api';
import { statementTitle } from './statement-model';
import type { StatementRow } from '../../../../../shared/schemas/statement-views';

type Action = 'paid' | 'unpaid' | 'resend';
const ACTION_TEXT: Record<Action, string> = {
  paid: 'Mark as paid',
  unpaid: 'Mark as unpaid',
  resend: 'Resend by e-mail',
};

const plural = (n: number) => `${n} statement${n === 1 ? '' : 's'}`;

/**
 * What can be done with the selected statements: mark paid or unpaid
 * (bulk_pay), download their PDFs as one zip (bulk_download), resend them by e-mail.
 */
export function StatementBulkActions({
  context,
  onDone,
}: {
  context: ServerTableContext<StatementRow>;
  /** After a paid change: the list goes back to page 1, newest first. */
  onDone: () => void;
}) {
  const [pending, setPending] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = context.selectedItems;
  const ids = selected.map((s) => s.id);

  const download = async () => {
    setBusy(true);
    try {
      await downloadStatements(ids);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const run = async (action: Action) => {
    setBusy(true);
    try {
      if (action === 'resend') {
        const done: string[] = [];
        for (const s of selected) {
          await statementsApi.resend(s.id);
          done.push(statementTitle(s));
        }
        notify('notification', `Statement${done.length === 1 ? '' : 's'} resent: ${done.join(', ')}`);
      } else {
        const answer = await statementsApi.bulkPay(ids, action === 'paid');
        notify(
          'notification',
          answer.message ?? (action === 'paid' ? MESSAGES.statementMarkedAsPaid : 'Statement Marked as Unpaid'),
        );
        onDone();
      }
      context.clearSelection();
      setPending(null);
      await context.refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ButtonDropdown
        data-testid="statements-actions"
        disabled={!selected.length}
        loading={busy && !pending}
        items={[
          { id: 'paid', text: ACTION_TEXT.paid },
          { id: 'unpaid', text: ACTION_TEXT.unpaid },
          { id: 'download', text: 'Download PDFs (zip)' },
          { id: 'resend', text: ACTION_TEXT.resend },
        ]}
        onItemClick={({ detail }) => {
          if (detail.id === 'download') void download();
          else setPending(detail.id as Action);
        }}
      >
        Actions ({selected.length})
      </ButtonDropdown>
      {pending ? (
        <ConfirmActionModal
          header={ACTION_TEXT[pending]}
          confirmText={ACTION_TEXT[pending]}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void run(pending)}
          confirmTestId="statements-action-confirm"
          cancelTestId="statements-action-cancel"
        >
          {ACTION_TEXT[pending]}: the {plural(selected.length)} selected ({selected.map(statementTitle).join(', ')}).
        </ConfirmActionModal>
      ) : null}
    </>
  );
}
