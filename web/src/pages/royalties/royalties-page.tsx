import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ServerTable } from '../../components/server-table';
import { ROYALTY_COLUMNS } from './column-definitions';
import { RoyaltiesPageHeader } from './royalties-page-header';
import { royaltiesPath, useRefresh } from './royalties-api';
import { RoyaltyBulkActions } from './royalty-bulk-actions';
import { RoyaltyFilters, type Facets } from './royalty-filters';
import { filterFromQuery, filterKey, type RoyaltyFilter } from './royalty-model';
import { RoyaltySummary } from './royalty-summary';
import type { Royalty, RoyaltyList } from '../../../../shared/schemas/royalty-views';

/** Facet values seen so far, so a select keeps offering values while another filter narrows the answer. */
const merge = (a: string[], b: string[] | undefined) => [...new Set([...a, ...(b ?? [])])].filter(Boolean).sort();

/**
 * UserRoyalties (/user/royalties, and DistributionFinancesRoyalties in the distribution area): the ledger's lines on the server's pages, filtered by label,
 * retailer, artist, album, period and paid state, with the sums and the total by pay period of
 * everything matching, and the paid marks for a selection or for all matching lines.
 */
export function UserRoyaltiesPage() {
  const [query] = useSearchParams();
  const [filter, setFilter] = useState<RoyaltyFilter>(() => filterFromQuery(query));
  const [list, setList] = useState<RoyaltyList | null>(null);
  const [facets, setFacets] = useState<Facets>({ retailers: [], artists: [], albums: [] });
  const refresh = useRefresh('/royalties?');
  const onData = useCallback((data: unknown) => {
    const answer = data as RoyaltyList;
    setList(answer);
    setFacets((f) => ({ retailers: merge(f.retailers, answer.retailers), artists: merge(f.artists, answer.artists), albums: merge(f.albums, answer.albums) }));
  }, []);
  const key = filterKey(filter);
  const buildPath = useMemo(() => (params: Parameters<typeof royaltiesPath>[0]) => royaltiesPath(params, filter), [filter]);

  return (
    <ContentLayout header={<RoyaltiesPageHeader title="Royalties" current="list" description={filter.import_id ? `Lines of import ${filter.import_id}` : undefined} />}>
      <SpaceBetween size="l">
        <RoyaltySummary data={list} />
        <ServerTable<Royalty>
          tableId="royalties"
          title="Lines"
          resourceName="royalty"
          resourcePlural="royalties"
          columns={ROYALTY_COLUMNS}
          collection="royalties"
          trackBy="id"
          defaultSort={{ field: 'pay_period', order: 'desc' }}
          buildPath={buildPath}
          filterKey={key}
          filters={<RoyaltyFilters filter={filter} facets={facets} onChange={setFilter} />}
          onData={onData}
          selectionType="multi"
          actions={(context) => <RoyaltyBulkActions context={context} filter={filter} matching={list?.total_count ?? 0} onDone={() => void refresh()} />}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
