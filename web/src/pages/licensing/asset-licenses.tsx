import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { ComponentType } from 'react';
import { formatDate } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { displayLabel } from '../../app/display-labels';
import { useApi } from '../../app/resources';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import type { ReferenceConfig } from '../admin/reference/reference-types';
import { type License, licenseTitle } from './licensing-api';
import { territoryWords } from '../../../../shared/territories';

type ExtraProps = { config: ReferenceConfig; record: Record<string, unknown> & { id: string } };

/** The licences, in and out, that name a recording among their assets, or a release or one of its recordings. */
function AssetLicences({ assetId }: { assetId: string }) {
  const { data, isLoading, error } = useApi<{ licenses: License[]; total_count: number }>(
    `/licenses?asset_id=${encodeURIComponent(assetId)}&per_page=100&sort_field=created_at&sort_order=desc`,
  );
  const rows = data?.licenses ?? [];
  return (
    <Table
      wrapLines
      data-testid="asset-licenses"
      loading={isLoading}
      loadingText="Loading licences"
      header={
        <Header
          variant="h2"
          counter={data ? `(${data.total_count})` : undefined}
          description="Licences of this music (a release’s own and its recordings’) to others, and of others’ masters used on it"
          actions={<RouterLink href="/user/licensing">Licensing hub</RouterLink>}
        >
          Licences
        </Header>
      }
      items={rows}
      trackBy="id"
      columnDefinitions={[
        {
          id: 'licence',
          header: 'Licence',
          isRowHeader: true,
          cell: (l) => <RouterLink href={`/user/licensing/${encodeURIComponent(l.id)}`}>{licenseTitle(l)}</RouterLink>,
        },
        { id: 'type', header: 'Type', cell: (l) => displayLabel(l.type) },
        { id: 'status', header: 'State', cell: (l) => <StatusBadge word={l.status} /> },
        { id: 'territory', header: 'Territory', cell: (l) => (l.territory ? territoryWords(l.territory) : '-') },
        {
          id: 'term',
          header: 'Runs',
          cell: (l) =>
            l.license_start_date || l.license_end_date
              ? `${formatDate(l.license_start_date) || '…'} to ${formatDate(l.license_end_date) || '…'}`
              : '-',
        },
        { id: 'fee', header: 'Fee', cell: (l) => (l.fee ? formatMoney(l.fee, l.fee_currency) : '-') },
      ]}
      empty={<Box color="text-body-secondary">{error ? 'Could not load the licences.' : 'No licence names it.'}</Box>}
    />
  );
}

/** A release's or recording's page with its licences below what it showed before. */
export function withAssetLicences(Before: ComponentType<ExtraProps>): ComponentType<ExtraProps> {
  function WithLicences(props: ExtraProps) {
    // Admin pages across companies have no company to read licences from.
    if (!props.config.endpoint?.companyScoped) return <Before {...props} />;
    return (
      <SpaceBetween size="l">
        <Before {...props} />
        <AssetLicences assetId={props.record.id} />
      </SpaceBetween>
    );
  }
  return WithLicences;
}
