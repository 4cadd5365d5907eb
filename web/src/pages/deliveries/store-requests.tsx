import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { useSession } from '../../app/session';
import { requestDsp } from '../distribution/distribution-api';
import { mayRequest, type UnconnectedStore } from './store-choices';
import { usePermits } from '../../app/use-may-open';

/** Where a request stands, in the words a label reads. */
const WAITING: Record<string, string> = {
  requested: 'requested, waiting for an admin',
  pending: 'being set up with the store',
};

/**
 * The stores the company cannot deliver to yet, on a release's Distribution tab: "Request connection" asks
 * for one (the request the distribution admins answer), and the requests waiting for an answer are listed.
 * The company is told in its inbox and by mail when a store is connected.
 */
export function StoreRequests({
  stores,
  onRequested,
}: {
  stores: UnconnectedStore[];
  onRequested: () => Promise<void>;
}) {
  const companyId = useSession().company?.id ?? '';
  const [chosen, setChosen] = useState<SelectProps.Option | null>(null);
  const [busy, setBusy] = useState(false);
  const requestable = stores.filter(mayRequest);
  const waiting = stores.filter((s) => s.request === 'requested' || s.request === 'pending');
  // Asking for a store is delivery.write (POST /company/dsp_connections): a member whose role only sees deliveries
  // sees the requests waiting, without the form.
  const mayAsk = usePermits('delivery.write');

  const request = async () => {
    if (!chosen?.value) return;
    setBusy(true);
    try {
      await requestDsp(companyId, chosen.value);
      notify('notification', `Connection to ${chosen.label} requested: you will be told when it is connected`);
      setChosen(null);
      await onRequested();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  if (!mayAsk && !waiting.length) return null;
  return (
    <Container
      data-testid="store-requests"
      header={
        <Header variant="h2" description="An admin connects your company to a store; you are told when it is done.">
          Other stores
        </Header>
      }
    >
      <SpaceBetween size="m">
        {mayAsk ? (
          <SpaceBetween direction="horizontal" size="m" alignItems="end">
            <FormField label="Store">
              <Select
                selectedOption={chosen}
                onChange={({ detail }) => setChosen(detail.selectedOption)}
                options={requestable.map((s) => ({ label: s.name, value: s.id }))}
                filteringType="auto"
                placeholder="Choose a store"
                empty="No other store to request"
                data-testid="store-request-choice"
              />
            </FormField>
            <Button onClick={() => void request()} disabled={!chosen} loading={busy} data-testid="store-request">
              Request connection
            </Button>
          </SpaceBetween>
        ) : null}
        {waiting.length ? (
          <Box data-testid="store-requests-waiting">
            {`Waiting for an answer: ${waiting.map((s) => `${s.name} (${WAITING[s.request ?? ''] ?? ''})`).join(', ')}`}
          </Box>
        ) : null}
      </SpaceBetween>
    </Container>
  );
}
