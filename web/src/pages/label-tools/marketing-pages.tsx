import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { notify, notifyError } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import { LoadState } from '../money/finances/period-views';
import { LeadWeeksSetting } from './lead-weeks-setting';
import { type LabelRequest, requestsApi, useCompanyRequests, useQueue, useRefreshQueue } from './requests-api';
import { QUEUE_FILTERS, queueFilter } from './queue-filters';
import { RequestsTable } from './requests-table';

/** UserMarketing (/user/marketing): the company's whitelist, claim and pitch requests and their states. */
export function UserMarketingPage() {
  const load = useCompanyRequests();
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="What the label asked the distributor’s team for, and where each request is."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <RouterLink href="/user/labels/tools/marketing/new_release">New release pitch</RouterLink>
              <RouterLink href="/user/labels/tools/youtube_claims">YouTube claims</RouterLink>
              <RouterLink href="/user/labels/tools/whitelist">Whitelist</RouterLink>
            </SpaceBetween>
          }
        >
          Marketing
        </Header>
      }
    >
      <LoadState load={load} errorHeader="Could not load the requests">
        {(data) => (
          <RequestsTable
            testId="marketing-requests"
            header={<Header variant="h2">Requests</Header>}
            requests={data.requests}
          />
        )}
      </LoadState>
    </ContentLayout>
  );
}

/** The team's moves on one request: start it, finish it, or refuse it with a reason the label reads. */
function Moves({ request }: { request: LabelRequest }) {
  const refresh = useRefreshQueue();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const move = async (status: string, why?: string) => {
    setBusy(true);
    try {
      const answer = await requestsApi.move(request.id, status, why);
      setRefusing(false);
      await refresh();
      notify('notification', answer.message ?? 'Request updated');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  if (request.status === 'done' || request.status === 'refused') return null;
  return (
    <SpaceBetween direction="horizontal" size="xs">
      {request.status === 'new' && (
        <Button disabled={busy} onClick={() => void move('in_progress')} data-testid={`queue-start-${request.id}`}>
          Start
        </Button>
      )}
      <Button disabled={busy} onClick={() => void move('done')} data-testid={`queue-done-${request.id}`}>
        Done
      </Button>
      <Button disabled={busy} onClick={() => setRefusing(true)}>
        Refuse
      </Button>
      <Modal
        visible={refusing}
        onDismiss={() => setRefusing(false)}
        header="Refuse the request"
        footer={
          <Box float="right">
            <Button variant="primary" disabled={!reason.trim() || busy} onClick={() => void move('refused', reason)}>
              Refuse
            </Button>
          </Box>
        }
      >
        <FormField label="Reason" description="The label reads it">
          <Textarea value={reason} onChange={({ detail }) => setReason(detail.value)} />
        </FormField>
      </Modal>
    </SpaceBetween>
  );
}

/** DistributionMarketing (/distribution/marketing): every company's requests, worked new → in progress → done/refused. */
export function DistributionMarketingPage() {
  const [filter, setFilter] = useState(queueFilter('open'));
  const load = useQueue(filter.status);
  return (
    <ContentLayout header={<Header variant="h1">Marketing requests</Header>}>
      <SpaceBetween size="m">
        <LeadWeeksSetting />
        <SegmentedControl
          selectedId={filter.id}
          onChange={({ detail }) => setFilter(queueFilter(detail.selectedId))}
          label="Show"
          options={QUEUE_FILTERS.map(({ id, text }) => ({ id, text }))}
          data-testid="marketing-queue-filter"
        />
        <LoadState load={load} errorHeader="Could not load the requests">
          {(data) => (
            <RequestsTable
              testId="marketing-queue"
              showCompany
              header={
                <Header variant="h2" counter={`(${data.requests.filter(filter.shows).length})`}>
                  {filter.heading}
                </Header>
              }
              requests={data.requests.filter(filter.shows)}
              extra={[{ id: 'moves', header: 'Actions', cell: (r) => <Moves request={r} /> }]}
            />
          )}
        </LoadState>
      </SpaceBetween>
    </ContentLayout>
  );
}
