import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { notify, notifyError } from '../../../app/notifications';
import { usePermits } from '../../../app/use-may-open';
import { ConfirmActionModal } from '../../../components/confirm-action-modal';
import { formatDate } from '../../../../../shared/format';
import { PAYOUT_REQUEST_DAYS } from '../../../../../shared/schemas/payout-details';
import type { AccountType } from '../../../../../shared/schemas/statement-views';
import { payoutsApi, usePayoutRequest } from './payouts-api';

/** How the panel's words name the account's holder. */
export const ACCOUNT_NOUN: Record<AccountType, string> = { Payee: 'payee', Artist: 'artist', Label: 'label' };

/**
 * The request of a payee's, an artist's or a label's panel for their own bank details: the outstanding one (sent
 * when, to whom, until when) with a way to withdraw it (money.write), and the modal that asks (a new link replaces
 * the old). The link itself goes only to the account's e-mail and is never shown here.
 */
export function PayoutRequestPart({
  type,
  id,
  asking,
  onAsked,
  onClosed,
}: {
  type: AccountType;
  id: string;
  asking: boolean;
  onAsked: () => void;
  /** The open request is gone (answered, withdrawn or run out): the details shown may have changed. */
  onClosed: () => void;
}) {
  const { data, mutate } = usePayoutRequest(type, id);
  const mayWrite = usePermits('money.write');
  const noun = ACCOUNT_NOUN[type];
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = data?.payout_details_request ?? null;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) onClosed();
    wasOpen.current = Boolean(open);
  }, [open, onClosed]);

  const ask = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await payoutsApi.askForDetails(type, id);
      notify('notification', answer.message ?? 'Bank details requested');
      await mutate({ payout_details_request: answer.payout_details_request });
      onAsked();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async () => {
    try {
      notify('notification', (await payoutsApi.withdrawRequest(type, id)).message ?? 'Request withdrawn');
    } catch (error) {
      notifyError(error);
    }
    await mutate();
  };

  return (
    <>
      {open ? (
        <Alert
          type="info"
          header={`Waiting for the ${noun}'s bank details`}
          action={
            mayWrite ? (
              <Button onClick={() => void withdraw()} data-testid="payout-request-withdraw">
                Withdraw request
              </Button>
            ) : null
          }
          data-testid="payout-request-open"
        >
          A secure link was sent to {open.email} on {formatDate(open.sent_at)}
          {open.sent_by ? ` by ${open.sent_by}` : ''}. It works once, until {formatDate(open.expires_at)}.
        </Alert>
      ) : null}
      {asking && mayWrite ? (
        <ConfirmActionModal
          header={`Ask the ${noun} for their bank details`}
          confirmText={open ? 'Send a new link' : 'Send the link'}
          busy={busy}
          onCancel={() => {
            setFailure(null);
            onAsked();
          }}
          onConfirm={() => void ask()}
          confirmTestId="payout-request-send"
        >
          <Box>
            A secure link goes to the {noun}'s e-mail address. The {noun} chooses how to be paid and gives their details
            there; nobody at the company sees or types them. The link works once and for {PAYOUT_REQUEST_DAYS} days, and
            what the {noun} gives replaces the details stored now.
            {open ? ' The link sent before stops working.' : ''}
          </Box>
          {failure ? (
            <Box color="text-status-error" data-testid="payout-request-error">
              {failure}
            </Box>
          ) : null}
        </ConfirmActionModal>
      ) : null}
    </>
  );
}
