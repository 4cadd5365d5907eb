import { removeTokenLabel } from '../../components/token-labels';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { api } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { usePlanIncludes } from '../../app/plan-features';
import { subscribeRealtime } from '../../app/realtime';
import { FormattedDate } from '../../components/formatted';
import { PipelinesPlanNotice } from '../../components/pipelines-plan-notice';
import { StatusBadge } from '../../components/status-badge';
import {
  DELIVERY_ACTIONS,
  type DeliveryAction,
  type ReleaseDeliveryView,
  UNLISTED_STORE,
} from '../../../../shared/deliveries';
import { MY_CONNECTIONS, type DspConnections } from '../distribution/distribution-api';
import { deliveriesApi } from './deliveries-api';
import { deliverUnavailable, notDeliverableAdvice } from './release-deliveries-model';
import { StoreRequests } from './store-requests';
import { storeChoices } from './store-choices';
import { usePermits } from '../../app/use-may-open';
import { ReleasePagesRow } from '../catalogue/release-pages-row';

type Dsp = { id: string; name: string };
type ReleaseSummary = { id: string; title: string; status?: string; tenant?: { id: string; name?: string } };

/**
 * A release's Distribution tab: its deliveries to
 * stores with their status and failure reasons, new deliveries for chosen DSPs and action, Deliver
 * (every created or failed one, or the chosen ones) and Re-deliver. Statuses follow the worker's
 * pushes. Under /admin and /distribution the release is read across companies and the calls go to
 * its company.
 */
export function ReleaseDistributionPage() {
  const { releaseId = '' } = useParams();
  const acrossCompanies = /^\/(admin|distribution)\//.test(useLocation().pathname);
  const [release, setRelease] = useState<ReleaseSummary>();
  const [deliveries, setDeliveries] = useState<ReleaseDeliveryView[]>([]);
  const [dsps, setDsps] = useState<Dsp[]>([]);
  const [connections, setConnections] = useState<DspConnections['dsp_connections']>();
  const pipelines = usePlanIncludes('label_pipelines');
  const [chosenDsps, setChosenDsps] = useState<MultiselectProps.Options>([]);
  const [action, setAction] = useState<DeliveryAction>('insert');
  const [selected, setSelected] = useState<ReleaseDeliveryView[]>([]);
  const [busy, setBusy] = useState(false);
  // Creating, delivering, re-delivering and deleting deliveries, and asking for a store, are delivery.write
  // (POST …/distribution_deliveries/bulk_create, /distribution_deliveries/bulk_deliver …): a member whose role only
  // sees deliveries gets the list and its statuses.
  const mayDeliver = usePermits('delivery.write');
  const company = { companyId: acrossCompanies ? release?.tenant?.id : undefined };

  const refresh = useCallback(async () => {
    if (acrossCompanies && !release?.tenant?.id) return;
    // A plan without delivery has no deliveries to list: the plan notice says so instead of a refusal.
    if (!acrossCompanies && !pipelines) return;
    const answer = await deliveriesApi.list(releaseId, {
      companyId: acrossCompanies ? release?.tenant?.id : undefined,
    });
    setDeliveries(answer.release_deliveries);
    setSelected((was) => answer.release_deliveries.filter((d) => was.some((w) => w.id === d.id)));
  }, [acrossCompanies, pipelines, release?.tenant?.id, releaseId]);

  useEffect(() => {
    const path = acrossCompanies ? `/admin/releases/${releaseId}` : `/releases/${releaseId}`;
    api
      .get<{ release: ReleaseSummary }>(path)
      .then((answer) => setRelease(answer.release))
      .catch(notifyError);
    api
      .get<{ dsps: Dsp[] }>('/dsps?selectable=true&per_page=1000')
      .then((answer) => setDsps(answer.dsps))
      .catch(notifyError);
  }, [acrossCompanies, releaseId]);

  // The company's own links to stores (an admin across companies delivers for any company: every store).
  const loadConnections = useCallback(async () => {
    if (acrossCompanies || !pipelines) return;
    setConnections((await api.get<DspConnections>(MY_CONNECTIONS)).dsp_connections);
  }, [acrossCompanies, pipelines]);
  useEffect(() => {
    loadConnections().catch(notifyError);
  }, [loadConnections]);
  const choices = connections ? storeChoices(dsps, connections) : null;
  const offered = choices ? choices.connected : dsps;

  useEffect(() => {
    refresh().catch(notifyError);
  }, [refresh]);

  useEffect(
    () =>
      subscribeRealtime('record', (message) => {
        const record = message.record as ReleaseDeliveryView | undefined;
        if (message.model !== 'ReleaseDelivery' || record?.release_id !== releaseId) return;
        if (record.status === 'failed') notify('error', `Delivery failed: ${record.reason ?? 'see the delivery'}`);
        if (record.status === 'delivered') notify('notification', 'Delivery delivered');
        void refresh();
      }),
    [refresh, releaseId],
  );

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) notify('notification', done);
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const ids = chosenDsps.map((o) => o.value).filter((v): v is string => Boolean(v));
      await deliveriesApi.create(releaseId, ids, action, company);
      setChosenDsps([]);
    }, 'Deliveries created');
  const deliver = () =>
    run(async () => {
      const answer = await deliveriesApi.deliver(
        selected.length ? { ids: selected.map((d) => d.id) } : { release_id: releaseId },
        company,
      );
      // When nothing was queued the answer says why (on its way, delivered already …).
      notify('notification', answer.message);
    });
  const redeliver = () =>
    run(async () => {
      for (const d of selected) await deliveriesApi.redeliver(d.id, company);
    }, 'Delivery queued again');
  const remove = () =>
    run(async () => {
      for (const d of selected) await deliveriesApi.remove(d.id, company);
    }, 'Delivery deleted');

  const deliverable = ['accepted', 'delivered', 'live'].includes(release?.status ?? '');
  // A delivery on its way may be stuck (its worker died): the server carries it on, or says to wait.
  const canRedeliver = selected.length > 0 && selected.every((d) => d.status !== 'created');
  const deliverBlocked = deliverUnavailable(deliveries, selected.length);

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          // In the company's area, the row of the release's own pages (across companies its page links only this one).
          description={acrossCompanies ? undefined : <ReleasePagesRow releaseId={releaseId} current="distribution" />}
        >
          Distribution{release ? `: ${release.title}` : ''}
        </Header>
      }
    >
      <SpaceBetween size="l">
        {acrossCompanies ? null : <PipelinesPlanNotice testId="distribution-plan" />}
        {release && !deliverable && (
          <Alert type="warning" header="Release must pass quality control before delivery">
            {notDeliverableAdvice(release.status)}
          </Alert>
        )}
        {mayDeliver ? (
          <Container header={<Header variant="h2">New deliveries</Header>}>
            <SpaceBetween direction="horizontal" size="m" alignItems="end">
              <FormField label="DSPs" description={choices ? 'The stores your company is connected to' : undefined}>
                <Multiselect
                  deselectAriaLabel={removeTokenLabel}
                  selectedOptions={chosenDsps}
                  onChange={({ detail }) => setChosenDsps(detail.selectedOptions)}
                  options={offered.map((d) => ({ label: d.name, value: d.id }))}
                  empty="Your company is not connected to any store yet: request a connection below"
                  placeholder="Choose DSPs"
                  filteringType="auto"
                  data-testid="delivery-dsps"
                />
              </FormField>
              <FormField label="Action">
                <Select
                  selectedOption={{ label: displayLabel(action), value: action }}
                  onChange={({ detail }) => setAction(detail.selectedOption.value as DeliveryAction)}
                  options={DELIVERY_ACTIONS.map((a) => ({ label: displayLabel(a), value: a }))}
                />
              </FormField>
              <Button onClick={create} disabled={!chosenDsps.length || busy} data-testid="create-deliveries">
                Create deliveries
              </Button>
            </SpaceBetween>
          </Container>
        ) : null}
        {choices ? <StoreRequests stores={choices.others} onRequested={loadConnections} /> : null}
        <Table
          data-testid="release-deliveries"
          items={deliveries}
          trackBy="id"
          selectionType={mayDeliver ? 'multi' : undefined}
          selectedItems={selected}
          onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
          header={
            <Header
              counter={`(${deliveries.length})`}
              actions={
                mayDeliver ? (
                  <SpaceBetween direction="horizontal" size="xs">
                    <Button onClick={remove} disabled={!selected.length || busy}>
                      Delete
                    </Button>
                    <Button onClick={redeliver} disabled={!canRedeliver || busy} data-testid="redeliver">
                      Re-deliver
                    </Button>
                    <Button
                      variant="primary"
                      onClick={deliver}
                      disabled={busy || Boolean(deliverBlocked)}
                      disabledReason={deliverBlocked ?? undefined}
                      data-testid="deliver"
                    >
                      Deliver
                    </Button>
                  </SpaceBetween>
                ) : undefined
              }
            >
              Deliveries
            </Header>
          }
          empty={
            <Box textAlign="center">{mayDeliver ? 'No deliveries yet: choose DSPs above.' : 'No deliveries yet'}</Box>
          }
          columnDefinitions={[
            { id: 'dsp', header: 'DSP', cell: (d) => d.dsp_name ?? UNLISTED_STORE, isRowHeader: true },
            {
              id: 'action',
              header: 'Action',
              cell: (d) => <StatusBadge word={`action_${d.action}`}>{displayLabel(d.action)}</StatusBadge>,
            },
            {
              id: 'status',
              header: 'Status',
              cell: (d) => <StatusBadge word={d.status} testId={`delivery-status-${d.dsp_name ?? d.dsp_id}`} />,
            },
            { id: 'reason', header: 'Reason', cell: (d) => d.reason ?? '-' },
            { id: 'attempts', header: 'Attempts', cell: (d) => d.attempts },
            // The batch by when it was sent: its folder name on the store's server means nothing to a reader.
            {
              id: 'sent',
              header: 'Sent',
              cell: (d) => (d.queued_at ? <FormattedDate value={d.queued_at} /> : '-'),
            },
            {
              id: 'delivered_at',
              header: 'Delivered',
              cell: (d) => (d.delivered_at ? <FormattedDate value={d.delivered_at} /> : '-'),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
