import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useState } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { notify, notifyError } from '../../app/notifications';
import { ConfirmActionModal } from '../../components/confirm-action-modal';
import type { ServerTableContext } from '../../components/server-table';
import { royaltiesApi } from './royalties-api';
import { BULK_ACTION_TEXT, BULK_ACTIONS, type BulkAction, type RoyaltyFilter } from './royalty-model';
import type { Royalty } from '../../../../shared/schemas/royalty-views';

type Pending = { action: BulkAction; all: boolean };

/**
 * Mark as paid / unpaid / artist paid / artist unpaid, for the selected lines or for every line
 * matching the filter. Acting on everything matching is a label's action: it needs a label
 * chosen in the filter, else 'No Label Selected' and no call.
 */
export function RoyaltyBulkActions({
  context,
  filter,
  matching,
  onDone,
}: {
  context: ServerTableContext<Royalty>;
  filter: RoyaltyFilter;
  matching: number;
  onDone: () => void;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = context.selectedItems.length;

  const choose = (id: string) => {
    const [scope, action] = id.split(':') as ['selected' | 'all', BulkAction];
    if (scope === 'all' && !filter.label) {
      notify('error', MESSAGES.noLabelSelected);
      return;
    }
    setPending({ action, all: scope === 'all' });
  };

  const run = async (p: Pending) => {
    setBusy(true);
    try {
      const answer = await royaltiesApi.mark(
        p.action,
        p.all ? { filter, q: context.params.q } : { ids: context.selectedItems.map((r) => r.id) },
      );
      notify('notification', answer.message ?? `${answer.updated} royalties updated`);
      context.clearSelection();
      setPending(null);
      onDone();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const text = pending ? BULK_ACTION_TEXT[pending.action] : '';
  const count = pending?.all ? matching : selected;
  return (
    <>
      <ButtonDropdown
        data-testid="royalties-actions"
        items={[
          {
            id: 'selected',
            text: `Selected lines (${selected})`,
            disabled: selected === 0,
            items: BULK_ACTIONS.map((a) => ({ id: `selected:${a.id}`, text: a.text })),
          },
          {
            id: 'all',
            text: `All lines matching the filter (${matching})`,
            items: BULK_ACTIONS.map((a) => ({ id: `all:${a.id}`, text: a.text })),
          },
        ]}
        onItemClick={({ detail }) => choose(detail.id)}
      >
        Actions
      </ButtonDropdown>
      {pending ? (
        <ConfirmActionModal
          header={text}
          confirmText={text}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => void run(pending)}
          confirmTestId="royalties-action-confirm"
          cancelTestId="royalties-action-cancel"
        >
          {pending.all
            ? `${text}: all ${count} line${count === 1 ? '' : 's'} matching the filter, on every page.`
            : `${text}: the ${count} selected line${count === 1 ? '' : 's'}.`}
        </ConfirmActionModal>
      ) : null}
    </>
  );
}
