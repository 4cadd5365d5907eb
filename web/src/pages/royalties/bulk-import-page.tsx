import ContentLayout from '@cloudscape-design/components/content-layout';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useCallback, useEffect, useState } from 'react';
import { subscribeRealtime } from '../../app/realtime';
import { ImportsTable } from './imports-table';
import { ReportUpload } from './report-upload';
import { useRefresh } from './royalties-api';
import { RoyaltiesPageHeader } from './royalties-page-header';
import { anyProcessing } from './royalty-model';
import type { RoyaltyImport } from '../../../../shared/schemas/royalty-views';

/** How often the imports list is reloaded while an import runs (the pushes may be missed). */
const POLL_MS = 3000;
/** After an upload the import appears once the worker picks the file up: poll this long for it. */
const APPEAR_MS = 60_000;

/**
 * UserRoyaltiesBulkImport (/user/royalties/bulk_import): upload reports through a column map
 * and follow their imports, from the worker's pushes and, as a fallback, by polling.
 */
export function BulkImportPage() {
  const [imports, setImports] = useState<RoyaltyImport[]>([]);
  const [lastUpload, setLastUpload] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const refresh = useRefresh('/royalty_imports');
  const onData = useCallback((data: { royalty_imports?: RoyaltyImport[] }) => setImports(data.royalty_imports ?? []), []);

  useEffect(
    () =>
      subscribeRealtime('RoyaltyImport', (message) => {
        const pushed = message.import as Partial<RoyaltyImport> | undefined;
        if (pushed?.id) setImports((all) => all.map((i) => (i.id === pushed.id ? { ...i, ...pushed } : i)));
        void refresh();
      }),
    [refresh],
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
        <ImportsTable onData={onData} />
      </SpaceBetween>
    </ContentLayout>
  );
}
