import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { ApiError } from '../../app/api';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { LoadState } from '../money/finances/period-views';
import {
  type SmartLink,
  type SmartLinkAnalytics,
  type SmartLinkFans,
  type SmartLinkStore,
  type Slice,
  shareUrl,
  smartLinksApi,
  useRefreshSmartLinks,
  useSmartLink,
} from './smart-links-api';
import { usePermits } from '../../app/use-may-open';
import { territoryName } from '../../../../shared/territories';
import { WebAddress } from '../../components/web-address';

const NO_REDIRECT = { value: '', label: 'No: show the page with every store' };

/** A store's per-territory addresses as lines "GB https://…", the way the form edits them. */
const territoryLines = (store: SmartLinkStore) =>
  store.territory_urls.map((row) => `${row.territory} ${row.url}`).join('\n');
const parseTerritoryLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [territory = '', ...rest] = line.split(/\s+/);
      return { territory, url: rest.join(' ') };
    });

type EditedStore = SmartLinkStore & { lines: string };

/** The link's stores and auto-redirect: an empty address means the store's known search by UPC or ISRC. */
function StoresForm({ link }: { link: SmartLink }) {
  const refresh = useRefreshSmartLinks();
  const mayChange = usePermits('catalogue.write');
  const [stores, setStores] = useState<EditedStore[]>([]);
  const [redirect, setRedirect] = useState(link.auto_redirect ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setStores(link.stores.map((store) => ({ ...store, lines: territoryLines(store) })));
    setRedirect(link.auto_redirect ?? '');
  }, [link]);
  const change = (index: number, fields: Partial<EditedStore>) =>
    setStores((current) => current.map((store, i) => (i === index ? { ...store, ...fields } : store)));
  const save = async () => {
    setSaving(true);
    try {
      const saved = await smartLinksApi.update(link.id, {
        stores: stores.map(({ lines, ...store }) => ({ ...store, territory_urls: parseTerritoryLines(lines) })),
        auto_redirect: redirect || null,
      });
      setErrors({});
      await refresh();
      notify('notification', saved.message);
    } catch (error) {
      if (error instanceof ApiError && error.errors)
        setErrors(
          Object.fromEntries(Object.entries(error.errors).map(([f, t]) => [f.replace(/^smart_link\./, ''), t[0]])),
        );
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const redirectOptions = [NO_REDIRECT, ...link.stores.map((s) => ({ value: s.key, label: `Yes: to ${s.name}` }))];
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            // Saving is PATCH /smart_links/{id} (catalogue.write).
            mayChange ? (
              <Button variant="primary" loading={saving} onClick={() => void save()} data-testid="smart-link-save">
                Save stores
              </Button>
            ) : undefined
          }
        >
          Stores
        </Header>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Send visitors straight to a store" errorText={errors.auto_redirect}>
          <Select
            data-testid="smart-link-redirect"
            selectedOption={redirectOptions.find((o) => o.value === redirect) ?? NO_REDIRECT}
            options={redirectOptions}
            onChange={({ detail }) => setRedirect(detail.selectedOption.value ?? '')}
          />
        </FormField>
        {stores.map((store, index) => (
          <ColumnLayout columns={3} key={store.key}>
            <FormField label="Store" errorText={errors[`stores.${index}.name`]}>
              <Input value={store.name} onChange={({ detail }) => change(index, { name: detail.value })} />
            </FormField>
            <FormField
              label="Address"
              errorText={errors[`stores.${index}.url`]}
              constraintText="Empty: the store’s search for the UPC or ISRC"
            >
              <Input value={store.url ?? ''} onChange={({ detail }) => change(index, { url: detail.value })} />
            </FormField>
            <FormField
              label="Other address per country"
              errorText={errors[`stores.${index}.territory_urls`] ?? errors[`stores.${index}.territory_urls.0.url`]}
              constraintText="One a line: GB https://…"
            >
              <Textarea
                rows={2}
                value={store.lines}
                onChange={({ detail }) => change(index, { lines: detail.value })}
              />
            </FormField>
          </ColumnLayout>
        ))}
      </SpaceBetween>
    </Container>
  );
}

/** One slice of the clicks (by store, country, device or referrer) as a small table. */
function SliceTable({ title, items, name }: { title: string; items: Slice[]; name: (slice: Slice) => string }) {
  return (
    <Table<Slice>
      variant="embedded"
      header={<Header variant="h3">{title}</Header>}
      items={items}
      trackBy="key"
      empty={<Box color="text-status-inactive">No clicks yet</Box>}
      columnDefinitions={[
        { id: 'name', header: title, cell: name },
        { id: 'clicks', header: 'Clicks', cell: (slice) => slice.clicks.toLocaleString('en-GB') },
      ]}
    />
  );
}

const countryName = (code: string) =>
  code === 'unknown' ? displayLabel('smart_link_country_unknown') : territoryName(code);

function Analytics({ analytics }: { analytics: SmartLinkAnalytics }) {
  return (
    <Container header={<Header variant="h2">Clicks</Header>}>
      <SpaceBetween size="l">
        <Box variant="awsui-value-large" data-testid="smart-link-clicks">
          {analytics.clicks.toLocaleString('en-GB')}
        </Box>
        <ColumnLayout columns={2}>
          <SliceTable title="Store" items={analytics.by_store} name={(s) => s.name ?? s.key} />
          <SliceTable title="Country" items={analytics.by_country} name={(s) => countryName(s.key)} />
          <SliceTable
            title="Device"
            items={analytics.by_device}
            name={(s) => displayLabel(`smart_link_device_${s.key}`)}
          />
          <SliceTable
            title="Referrer"
            items={analytics.by_referrer}
            name={(s) => (['direct', 'other'].includes(s.key) ? displayLabel(`smart_link_referrer_${s.key}`) : s.key)}
          />
        </ColumnLayout>
        <SliceTable
          title="Day"
          items={analytics.by_day.map((d) => ({ key: d.day, clicks: d.clicks }))}
          name={(s) => formatDate(s.key)}
        />
      </SpaceBetween>
    </Container>
  );
}

/** How many fans asked for the release-day mail, and where it is. */
function fanWords(fans: SmartLinkFans): string {
  if (!fans.total) return 'None yet';
  const parts = [
    fans.waiting && `${fans.waiting.toLocaleString('en-GB')} waiting`,
    fans.mailed && `${fans.mailed.toLocaleString('en-GB')} mailed`,
    fans.unsubscribed && `${fans.unsubscribed.toLocaleString('en-GB')} unsubscribed`,
  ].filter(Boolean);
  return `${fans.total.toLocaleString('en-GB')} (${parts.join(', ')})`;
}

/** The chosen link: its address to share, its stores, its clicks (bots are never counted). */
export function SmartLinkDetail({ id, onDeleted }: { id: string; onDeleted: () => void }) {
  const load = useSmartLink(id);
  const refresh = useRefreshSmartLinks();
  const mayChange = usePermits('catalogue.write');
  const remove = async () => {
    try {
      const answered = await smartLinksApi.delete(id);
      await refresh();
      notify('notification', answered.message);
      onDeleted();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <LoadState load={load} errorHeader="The smart link could not be loaded">
      {({ smart_link: link, analytics, fans }) => (
        <SpaceBetween size="l">
          <Container
            header={
              <Header
                variant="h2"
                // Deleting is DELETE /smart_links/{id} (catalogue.write).
                actions={mayChange ? <Button onClick={() => void remove()}>Delete</Button> : undefined}
              >
                {link.title}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {/* A row of its own: in a third of the width the address could not be read on one line. */}
              <KeyValuePairs
                items={[
                  {
                    label: 'Address to share',
                    value: (
                      <CopyToClipboard
                        variant="inline"
                        textToCopy={shareUrl(link)}
                        textToDisplay={<WebAddress url={shareUrl(link)} testId="smart-link-address" />}
                        copySuccessText="Value Copied To Clipboard"
                        copyErrorText="The address could not be copied"
                      />
                    ),
                  },
                ]}
              />
              <KeyValuePairs
                columns={3}
                items={[
                  { label: link.recording_id ? 'ISRC' : 'UPC', value: link.code },
                  { label: 'Release date', value: link.release_date ? formatDate(link.release_date) : '-' },
                  {
                    label: 'Fans who asked to be told',
                    value: <span data-testid="smart-link-fans">{fanWords(fans)}</span>,
                  },
                ]}
              />
            </SpaceBetween>
          </Container>
          <StoresForm link={link} />
          <Analytics analytics={analytics} />
        </SpaceBetween>
      )}
    </LoadState>
  );
}
