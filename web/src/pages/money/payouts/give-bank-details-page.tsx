import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { formatDate } from '../../../../../shared/format';
import type { PayoutRequestPublicView } from '../../../../../shared/schemas/payout-details';
import { api, errorMessage } from '../../../app/api';
import { PageSpinner } from '../../../app/layout/route-states';
import { AuthCard } from '../../auth/auth-card';
import { fieldErrorsOf } from '../statements/use-period-form';
import { PAYEE_METHOD_NAMES, PayoutDetailsFields, usePayoutDetailsForm } from './payout-details-form';

const TITLE = 'Your bank details';

/**
 * /bank_details/{token}, the secure link a company mails a payee, artist or label it pays: no sign-in, the asking
 * company's and the holder's names and the payout-details form (the staff's own fields, checked by the same schema). Nothing stored is shown;
 * the link works once.
 */
export function GiveBankDetailsPage() {
  const { token = '' } = useParams();
  const path = `/payout_details_requests/${encodeURIComponent(token)}`;
  const [request, setRequest] = useState<PayoutRequestPublicView | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = usePayoutDetailsForm();

  useEffect(() => {
    let live = true;
    api
      .get<{ payout_details_request: PayoutRequestPublicView }>(path, { auth: false })
      .then((answer) => live && setRequest(answer.payout_details_request))
      .catch((error: unknown) => live && setRefused(errorMessage(error)));
    return () => {
      live = false;
    };
  }, [path]);

  const send = async () => {
    setBusy(true);
    setFailure(null);
    form.setErrors({});
    try {
      setDone((await api.put<{ message: string }>(path, form.body(), { auth: false })).message);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) form.setErrors(fields);
      setFailure(fields ? 'Check the details marked above, then send them again' : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (refused) {
    return (
      <AuthCard title={TITLE} testId="bank-details-page">
        <Alert type="error" data-testid="bank-details-refused">
          {refused}
        </Alert>
      </AuthCard>
    );
  }
  if (!request) return <PageSpinner />;
  if (done) {
    return (
      <AuthCard title={TITLE} testId="bank-details-page">
        <Alert type="success" data-testid="bank-details-done">
          {done}. This link no longer works; to change your details later, ask {request.company_name} for a new one.
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={TITLE}
      // The company by its name, not as "the label": the holder may itself be a label, asked by its distributor.
      description={`${request.company_name} asks how you would like to be paid. What you type here is sent to ${request.company_name} securely; its pages show it masked.`}
      onSubmit={() => void send()}
      testId="bank-details-page"
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Asked by', value: <Box data-testid="bank-details-company">{request.company_name}</Box> },
            { label: 'Paid to', value: <Box data-testid="bank-details-payee">{request.payee_name}</Box> },
          ]}
        />
        <PayoutDetailsFields form={form} methodNames={PAYEE_METHOD_NAMES} />
        {failure ? (
          <Alert type="error" data-testid="bank-details-error">
            {failure}
          </Alert>
        ) : null}
        <Box color="text-body-secondary">
          The link works once, until {formatDate(request.expires_at)}. Never send bank details by e-mail.
        </Box>
        <Button variant="primary" formAction="submit" loading={busy} data-testid="bank-details-send">
          Send my bank details
        </Button>
      </SpaceBetween>
    </AuthCard>
  );
}
