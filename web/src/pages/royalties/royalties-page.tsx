import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInvalidate } from '../../app/invalidate';
import { ServerTable } from '../../components/server-table';
import { useElementWidth } from '../../components/use-element-width';
import { useServerList } from '../../components/use-server-list';
import { NARROW_ROYALTY_COLUMNS, ROYALTY_COLUMNS } from './column-definitions';
import { useFilterDescription } from './filter-description';
import { RoyaltiesPageHeader } from './royalties-page-header';
import { royaltiesPath } from './royalties-api';
import { RoyaltyBulkActions } from './royalty-bulk-actions';
import { RoyaltyFilters, type Facets } from './royalty-filters';
import { filterFromQuery, filterKey, periodText, type RoyaltyFilter } from './royalty-model';
import { RoyaltySummary } from './royalty-summary';
import type { Royalty, RoyaltyList } from '../../../../shared/schemas/royalty-views';

/** The narrowest table (px) that shows the lines' wide columns whole; a narrower one shows the narrow ones. */
const WIDE_TABLE = 1000;

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
  const [facets, setFacets] = useState<Facets>({ retailers: [], artists: [], albums: [] });
  const refresh = useInvalidate('/royalties?');
  const description = useFilterDescription(filter);
  // The wide table's nine columns need about 1,000 px (a 1,400 px window); a narrower one shares more cells.
  const [tableBox, tableWidth] = useElementWidth<HTMLDivElement>();
  const columns = tableWidth !== null && tableWidth < WIDE_TABLE ? NARROW_ROYALTY_COLUMNS : ROYALTY_COLUMNS;
  const buildPath = useMemo(
    () => (params: Parameters<typeof royaltiesPath>[0]) => royaltiesPath(params, filter),
    [filter],
  );
  const list = useServerList<RoyaltyList>({
    storageId: 'royalties',
    buildPath,
    filterKey: filterKey(filter),
    defaultSort: { field: 'pay_period', order: 'desc' },
  });
  const answer = list.data;
  // The filters keep offering every value seen so far, not only those of the current answer.
  useEffect(() => {
    if (answer)
      setFacets((f) => ({
        retailers: merge(f.retailers, answer.retailers),
        artists: merge(f.artists, answer.artists),
        albums: merge(f.albums, answer.albums),
      }));
  }, [answer]);

  return (
    <ContentLayout header={<RoyaltiesPageHeader title="Royalties" current="list" description={description} />}>
      <SpaceBetween size="l">
        <RoyaltySummary data={answer ?? null} period={periodText(filter)} failed={Boolean(list.error)} />
        <div ref={tableBox}>
          <ServerTable<Royalty>
            tableId="royalties"
            title="Lines"
            // Under the page's heading and its summary: the lines are a section of the page, not a second page heading.
            section
            // Songs, albums and stores wrap, so every column shows without scrolling sideways.
            wrapLines
            resourceName="royalty"
            resourcePlural="royalties"
            columns={columns}
            collection="royalties"
            trackBy="id"
            list={list}
            emptyNote="Import a store’s sales report (Import reports, above) to see its lines here."
            filters={<RoyaltyFilters filter={filter} facets={facets} onChange={setFilter} />}
            selectionType="multi"
            actions={(context) => (
              <RoyaltyBulkActions
                context={context}
                filter={filter}
                matching={list.total}
                onDone={() => void refresh()}
              />
            )}
          />
        </div>
      </SpaceBetween>
    </ContentLayout>
  );
}
