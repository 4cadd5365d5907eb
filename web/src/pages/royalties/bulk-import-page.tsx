import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { subscribeRealtime } from '../../app/realtime';
import { useInvalidate } from '../../app/invalidate';
import { useServerList } from '../../components/use-server-list';
import { ImportsTable } from './imports-table';
import { ReportUpload } from './report-upload';
import { importsPath } from './royalties-api';
import { RoyaltiesPageHeader } from './royalties-page-header';
import { anyProcessing } from './royalty-model';
import type { RoyaltyImport, RoyaltyImportList } from '../../../../shared/schemas/royalty-views';

/** How often the imports list is reloaded while an import runs (the pushes may be missed). */
const POLL_MS = 3000;
/** After an upload the import appears once the worker picks the file up: poll this long for it. */
const APPEAR_MS = 60_000;

/**
 * UserRoyaltiesBulkImport (/user/royalties/bulk_import): upload reports through a column map
 * and follow their imports, from the worker's pushes and, as a fallback, by polling.
 */
export function BulkImportPage() {
  const list = useServerList<RoyaltyImportList>({ storageId: 'royalty-imports', buildPath: importsPath });
  const { mutate } = list;
  const imports = list.data?.royalty_imports ?? [];
  const [lastUpload, setLastUpload] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const refresh = useInvalidate('/royalty_imports');

  useEffect(
    () =>
      subscribeRealtime('RoyaltyImport', (message) => {
        const pushed = message.import as Partial<RoyaltyImport> | undefined;
        // The pushed progress shows at once; the reload that follows brings the rest.
        if (pushed?.id) {
          const merge = (i: RoyaltyImport) => (i.id === pushed.id ? { ...i, ...pushed } : i);
          void mutate((answer) => answer && { ...answer, royalty_imports: answer.royalty_imports.map(merge) }, {
            revalidate: false,
          });
        }
        void refresh();
      }),
    [refresh, mutate],
  );

  const watching = anyProcessing(imports) || now - lastUpload < APPEAR_MS;
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [watching, refresh]);

  return (
    <ContentLayout header={<RoyaltiesPageHeader title="Import reports" current="bulkImport" />}>
      <SpaceBetween size="l">
        <ReportUpload
          imports={imports}
          onUploaded={() => {
            setLastUpload(Date.now());
            setNow(Date.now());
            void refresh();
          }}
        />
        <ImportsTable list={list} />
      </SpaceBetween>
    </ContentLayout>
  );
}
