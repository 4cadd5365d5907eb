import { removeTokenLabel } from '../../components/token-labels';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api, ApiError, errorMessage, type FieldErrors } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { subscribeRealtime } from '../../app/realtime';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import {
  DELIVERY_ACTIONS,
  DELIVERY_STATUSES,
  type DeliveryAction,
  type DeliveryStatus,
  type ReleaseDeliveryView,
  UNLISTED_STORE,
} from '../../../../shared/deliveries';
import { deliveryRows, releaseDeliveriesQuery } from './release-deliveries-model';

type Row = ReleaseDeliveryView & { release_title?: string; upc?: string };
type Listed = { release_deliveries: Row[]; total_count: number; total_pages: number };
const LIST = '/distribution/release_deliveries';

/**
 * /distribution/release_deliveries (and release/deliveries?release_id=): the current company's
 * deliveries across its releases, 50 a page, newest first, filtered by
 * status and text; the chosen ones (or a failed one) are delivered again from here.
 */
export function ReleaseDeliveriesPage() {
  const [params] = useSearchParams();
  const releaseId = params.get('release_id') ?? params.get('id');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [list, setList] = useState<Listed>();
  const [selected, setSelected] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [releaseTitle, setReleaseTitle] = useState<string>();
  const navigate = useNavigate();

  // One release's deliveries (release/deliveries?release_id=): the page says which, and leads back to them all.
  useEffect(() => {
    setReleaseTitle(undefined);
    if (!releaseId) return;
    api
      .get<{ release: { title: string } }>(`/releases/${encodeURIComponent(releaseId)}`)
      .then((answer) => setReleaseTitle(answer.release.title))
      .catch(() => setReleaseTitle(undefined));
  }, [releaseId]);

  const load = useCallback(
    async () => setList(await api.get<Listed>(releaseDeliveriesQuery({ page, q, status, releaseId }))),
    [page, q, status, releaseId],
  );
  useEffect(() => {
    load().catch(notifyError);
  }, [load]);
  useEffect(
    () =>
      subscribeRealtime('record', (message) => {
        if (message.model === 'ReleaseDelivery') void load().catch(() => 0);
      }),
    [load],
  );

  const deliver = async () => {
    setBusy(true);
    try {
      const answer = await api.post<{ message: string; queued: number }>('/distribution_deliveries/bulk_deliver', {
        ids: selected.map((d) => d.id),
      });
      // Nothing queued: the message alone says why.
      notify('notification', answer.queued ? `${answer.message}: ${answer.queued}` : answer.message);
      setSelected([]);
      await load();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const statusOptions: SelectProps.Option[] = [
    { value: '', label: 'Any status' },
    ...DELIVERY_STATUSES.map((s) => ({ value: s, label: displayLabel(s) })),
  ];
  return (
    // The list is the page: its title is the page's one heading, naming what it lists (and whose, for one release).
    <ContentLayout>
      <Table
        data-testid="release-deliveries"
        variant="full-page"
        items={list?.release_deliveries ?? []}
        loading={!list}
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems)}
        trackBy="id"
        header={
          <Header
            variant="awsui-h1-sticky"
            description={
              releaseId ? (
                <span data-testid="release-deliveries-scope">
                  {releaseTitle ? `The deliveries of ${releaseTitle}` : 'The deliveries of one release'} ·{' '}
                  <RouterLink href={LIST}>Every release</RouterLink>
                </span>
              ) : (
                'Each release sent to each store, newest first.'
              )
            }
            counter={list ? `(${list.total_count})` : undefined}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  data-testid="release-deliveries-deliver"
                  disabled={!selected.length}
                  loading={busy}
                  onClick={() => void deliver()}
                >
                  Deliver
                </Button>
                <Button data-testid="release-deliveries-bulk" onClick={() => navigate(`${LIST}/bulk`)}>
                  Bulk
                </Button>
                <Button variant="primary" data-testid="release-deliveries-new" onClick={() => navigate(`${LIST}/new`)}>
                  New delivery
                </Button>
              </SpaceBetween>
            }
          >
            Release deliveries
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            <TextFilter
              filteringText={q}
              filteringPlaceholder="Find by release, UPC or DSP"
              onChange={({ detail }) => {
                setQ(detail.filteringText);
                setPage(1);
              }}
            />
            <Select
              data-testid="release-deliveries-status"
              selectedOption={statusOptions.find((o) => o.value === status) ?? null}
              options={statusOptions}
              onChange={({ detail }) => {
                setStatus((detail.selectedOption.value ?? '') as DeliveryStatus | '');
                setPage(1);
              }}
            />
          </SpaceBetween>
        }
        pagination={
          <Pagination
            currentPageIndex={page}
            pagesCount={list?.total_pages ?? 1}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
          />
        }
        columnDefinitions={[
          {
            id: 'release',
            header: 'Release',
            cell: (d) => (
              <RouterLink href={`/user/releases/${encodeURIComponent(d.release_id)}/distribution`}>
                {d.release_title ?? d.release_id}
              </RouterLink>
            ),
          },
          { id: 'upc', header: 'UPC', cell: (d) => d.upc ?? '-' },
          { id: 'dsp', header: 'DSP', cell: (d) => d.dsp_name ?? UNLISTED_STORE },
          { id: 'action', header: 'Action', cell: (d) => displayLabel(d.action) },
          { id: 'status', header: 'Status', cell: (d) => <StatusBadge word={d.status} /> },
          { id: 'reason', header: 'Reason', cell: (d) => d.reason ?? '' },
          { id: 'created', header: 'Created', cell: (d) => <FormattedDate value={d.created_at} /> },
        ]}
        empty={
          q.trim() || status
            ? 'No deliveries yet match this status or search'
            : 'No deliveries yet: New delivery sends a release to a store'
        }
      />
    </ContentLayout>
  );
}

type Option = { value: string; label: string };

/** What an empty picker says, and where to go next. */
const NO_RELEASES = 'No release of this company matches';
const NO_STORES = 'The company is connected to no store yet: request one on its DSPs page';

/** The company's releases matching the typed text, and the stores it is connected to. */
function useChoices() {
  const [releaseText, setReleaseText] = useState('');
  const [releases, setReleases] = useState<Option[]>([]);
  const [dsps, setDsps] = useState<Option[]>([]);
  useEffect(() => {
    const q = releaseText.trim() ? `&q=${encodeURIComponent(releaseText.trim())}` : '';
    api
      .get<{ releases: { id: string; title: string; upc?: string }[] }>(`/releases?selectable=true${q}`)
      .then((answer) =>
        setReleases(answer.releases.map((r) => ({ value: r.id, label: r.upc ? `${r.title} (${r.upc})` : r.title }))),
      )
      .catch(notifyError);
  }, [releaseText]);
  useEffect(() => {
    api
      .get<{ dsp_connections: { dsp_id: string; dsp_name: string; status: string }[] }>('/company/dsp_connections')
      .then((answer) =>
        setDsps(
          answer.dsp_connections
            .filter((c) => c.status === 'connected')
            .map((c) => ({ value: c.dsp_id, label: c.dsp_name })),
        ),
      )
      .catch(notifyError);
  }, []);
  return { releases, dsps, setReleaseText };
}

/**
 * /distribution/release_deliveries/new and /bulk: deliveries of chosen releases to chosen stores
 * (the company's connected DSPs) with one action — one release and store on /new; on /bulk any
 * number, optionally queued at once. Refusals (QC, connections) are shown per field.
 */
export function ReleaseDeliveryFormPage({ bulk }: { bulk: boolean }) {
  const { releases, dsps, setReleaseText } = useChoices();
  const [chosenReleases, setChosenReleases] = useState<MultiselectProps.Options>([]);
  const [chosenDsps, setChosenDsps] = useState<MultiselectProps.Options>([]);
  const [action, setAction] = useState<DeliveryAction>('insert');
  const [deliverNow, setDeliverNow] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors?: FieldErrors } | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const ids = (options: MultiselectProps.Options) => options.flatMap((o) => (o.value ? [o.value] : []));
  const rows = deliveryRows(ids(chosenReleases), ids(chosenDsps), action);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = bulk
        ? await api.post<{ message: string }>('/release_deliveries/bulk', {
            release_deliveries: rows,
            deliver: deliverNow,
          })
        : await api.post<{ message: string }>('/release_deliveries/new', { release_delivery: rows[0] });
      notify('notification', answer.message);
      navigate(LIST);
    } catch (error) {
      setFailure({ message: errorMessage(error), errors: error instanceof ApiError ? error.errors : undefined });
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (...fields: string[]) => fields.flatMap((f) => failure?.errors?.[f] ?? []).join(' ') || undefined;
  const single = (
    options: Option[],
    chosen: MultiselectProps.Options,
    set: (o: MultiselectProps.Options) => void,
    words: { placeholder: string; empty: string; testId: string },
  ) => (
    <Select
      data-testid={words.testId}
      selectedOption={(chosen[0] as SelectProps.Option | undefined) ?? null}
      options={options}
      filteringType="auto"
      placeholder={words.placeholder}
      empty={words.empty}
      onChange={({ detail }) => set([detail.selectedOption])}
    />
  );
  return (
    <ContentLayout header={<Header variant="h1">{bulk ? 'Bulk deliveries' : 'New delivery'}</Header>}>
      <Form
        errorText={failure?.message}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => navigate(LIST)}>Cancel</Button>
            <Button
              variant="primary"
              data-testid="release-delivery-submit"
              loading={busy}
              disabled={!rows.length || (!bulk && rows.length !== 1)}
              onClick={() => void submit()}
            >
              {bulk ? `Create ${rows.length} deliveries` : 'Create delivery'}
            </Button>
          </SpaceBetween>
        }
      >
        <Container>
          <SpaceBetween size="m">
            <FormField label={bulk ? 'Releases' : 'Release'} errorText={fieldError('release', 'release_id')}>
              {bulk ? (
                <Multiselect
                  deselectAriaLabel={removeTokenLabel}
                  data-testid="release-delivery-releases"
                  selectedOptions={chosenReleases}
                  options={releases}
                  filteringType="manual"
                  onLoadItems={({ detail }) => setReleaseText(detail.filteringText)}
                  onChange={({ detail }) => setChosenReleases(detail.selectedOptions)}
                  placeholder="Choose releases"
                  empty={NO_RELEASES}
                />
              ) : (
                single(releases, chosenReleases, setChosenReleases, {
                  placeholder: 'Choose a release',
                  empty: NO_RELEASES,
                  testId: 'release-delivery-release',
                })
              )}
            </FormField>
            <FormField
              label={bulk ? 'DSPs' : 'DSP'}
              description="The stores your company is connected to"
              errorText={fieldError('dsp_id')}
            >
              {bulk ? (
                <Multiselect
                  deselectAriaLabel={removeTokenLabel}
                  data-testid="release-delivery-dsps"
                  selectedOptions={chosenDsps}
                  options={dsps}
                  onChange={({ detail }) => setChosenDsps(detail.selectedOptions)}
                  placeholder="Choose DSPs"
                  empty={NO_STORES}
                />
              ) : (
                single(dsps, chosenDsps, setChosenDsps, {
                  placeholder: 'Choose a DSP',
                  empty: NO_STORES,
                  testId: 'release-delivery-dsp',
                })
              )}
            </FormField>
            <FormField label="Action">
              <Select
                selectedOption={{ value: action, label: displayLabel(action) }}
                options={DELIVERY_ACTIONS.map((a) => ({ value: a, label: displayLabel(a) }))}
                onChange={({ detail }) => setAction(detail.selectedOption.value as DeliveryAction)}
              />
            </FormField>
            {bulk ? (
              <Checkbox checked={deliverNow} onChange={({ detail }) => setDeliverNow(detail.checked)}>
                Deliver now (queue them once created)
              </Checkbox>
            ) : null}
            {fieldError('release_deliveries') ? <span>{fieldError('release_deliveries')}</span> : null}
          </SpaceBetween>
        </Container>
      </Form>
    </ContentLayout>
  );
}

export const NewReleaseDeliveryPage = () => <ReleaseDeliveryFormPage bulk={false} />;
export const BulkReleaseDeliveriesPage = () => <ReleaseDeliveryFormPage bulk />;
