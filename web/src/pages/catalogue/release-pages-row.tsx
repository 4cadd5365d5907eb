import SpaceBetween from '@cloudscape-design/components/space-between';
import { useApi } from '../../app/resources';
import { ParentRecordLink } from '../../components/parent-record-link';
import { RecordPageLinks } from '../../components/record-page-links';
import { type ReleasePageKey, releasePageLinks } from './release-page-links';

type Release = { id: string; label?: { id: string; name: string } | null };

/**
 * Under the heading of one of a release's own pages in the company's area (its products, assets, contracts, promos,
 * distribution, its label's expenses narrowed to it): whose page it is, linking back to the release, and the row of
 * the release's pages its own page shows, this one named as the page the reader is on.
 */
export function ReleasePagesRow({ releaseId, current }: { releaseId: string; current: ReleasePageKey }) {
  const { data } = useApi<{ release: Release }>(releaseId ? `/releases/${encodeURIComponent(releaseId)}` : null);
  return (
    <SpaceBetween size="xxxs">
      <ParentRecordLink kind="release" id={releaseId} />
      {data ? (
        <RecordPageLinks
          label="Release pages"
          links={releasePageLinks(data.release, '/user/releases')}
          current={current}
          testId="release-page-links"
        />
      ) : null}
    </SpaceBetween>
  );
}
