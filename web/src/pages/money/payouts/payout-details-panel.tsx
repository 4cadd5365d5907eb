import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { FormModal } from '../../../components/form-modal';
import { useCallback, useState } from 'react';
import { errorMessage } from '../../../app/api';
import { fieldErrorsOf } from '../statements/use-period-form';
import { notify } from '../../../app/notifications';
import { usePermits } from '../../../app/use-may-open';
import { FormattedDate } from '../../../components/formatted';
import { PAYOUT_METHOD_NAMES, type PayoutDetailsView } from '../../../../../shared/schemas/payment-views';
import type { AccountType } from '../../../../../shared/schemas/statement-views';
import { formatDate } from '../../../../../shared/format';
import { PayoutDetailsFields, usePayoutDetailsForm } from './payout-details-form';
import { ACCOUNT_NOUN, PayoutRequestPart } from './payout-request-part';
import { payoutsApi, usePayoutDetails } from './payouts-api';

/**
 * How a payee, an artist or a label is paid, on its page: the stored details masked
 * (the browser never gets them in full), and a form that sends only what is typed — a blank field
 * keeps what is stored. A member may instead ask the payee, artist or label for their own details
 * by a secure link (PayoutRequestPart). Both change things: money.write only.
 */
function DetailsModal({
  type,
  id,
  view,
  onClose,
  onSaved,
}: {
  type: AccountType;
  id: string;
  view: PayoutDetailsView;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = usePayoutDetailsForm(view);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await payoutsApi.saveDetails(type, id, form.body());
      notify('notification', answer.message ?? 'Payout Details Updated');
      onSaved();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <FormModal
      header="Payout details"
      onClose={onClose}
      onSubmit={save}
      busy={busy}
      submitText="Save"
      submitTestId="payout-details-save"
    >
      <PayoutDetailsFields form={form} view={view} />
      {failure ? <Box color="text-status-error">{failure}</Box> : null}
    </FormModal>
  );
}

/** The payout-details panel of an account's page: a payee's, an artist's or a label's. */
export default function PayoutDetailsPanel({ type, id }: { type: AccountType; id: string }) {
  const { data, error, mutate } = usePayoutDetails(type, id);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const view = data?.payout_details;
  const refresh = useCallback(() => void mutate(), [mutate]);
  const mayWrite = usePermits('money.write');
  const noun = ACCOUNT_NOUN[type];
  // A role without money rights (or an admin page of another company's account) cannot read them: no panel.
  if (error) return null;
  const row = (label: string, value: string | null) => ({ label, value: value ?? '-' });
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Bank details are stored encrypted and shown masked; every change is logged."
          actions={
            mayWrite ? (
              <SpaceBetween direction="horizontal" size="xs">
                <Button onClick={() => setAsking(true)} disabled={!view} data-testid="payout-request-ask">
                  Ask the {noun} for their bank details
                </Button>
                <Button onClick={() => setEditing(true)} disabled={!view} data-testid="payout-details-edit">
                  {view?.method ? 'Edit payout details' : 'Add payout details'}
                </Button>
              </SpaceBetween>
            ) : null
          }
        >
          Payout details
        </Header>
      }
      data-testid="payout-details"
    >
      <SpaceBetween size="m">
        {view?.method ? (
          <KeyValuePairs
            columns={3}
            items={[
              row('Paid by', PAYOUT_METHOD_NAMES[view.method]),
              row('Account holder', view.account_name),
              row('Currency', view.currency),
              ...(view.iban_last4 ? [row('IBAN', view.iban_last4), row('BIC', view.bic)] : []),
              ...(view.sort_code_last2 ? [row('Sort code', view.sort_code_last2)] : []),
              ...(view.account_number_last4 ? [row('Account number', view.account_number_last4)] : []),
              ...(view.email_masked ? [row('E-mail', view.email_masked)] : []),
              view.given_by_payee_at
                ? {
                    label: 'Last changed',
                    value: (
                      <Box data-testid="payout-details-given-by-payee">
                        Given by the {noun} on {formatDate(view.given_by_payee_at)}
                      </Box>
                    ),
                  }
                : { label: 'Last changed', value: <FormattedDate value={view.updated_at} /> },
            ]}
          />
        ) : (
          <Box color="text-body-secondary">No payout details yet: a payment run cannot pay this {noun}.</Box>
        )}
        <PayoutRequestPart type={type} id={id} asking={asking} onAsked={() => setAsking(false)} onClosed={refresh} />
      </SpaceBetween>
      {editing && view && mayWrite ? (
        <DetailsModal
          type={type}
          id={id}
          view={view}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void mutate();
          }}
        />
      ) : null}
    </Container>
  );
}
