import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { displayLabel } from '../../app/display-labels';
import { DeleteModal } from '../../components/delete-modal';
import { FileSize, FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { ServerTable } from '../../components/server-table';
import type { ServerList } from '../../components/use-server-list';
import { StatusBadge } from '../../components/status-badge';
import { UploadProgress } from '../../components/upload-progress';
import { royaltiesApi, useRoyaltyPages } from './royalties-api';
import { IMPORT_STATUS_WORD, importFileName, importMapName, wholePercent } from './royalty-model';
import type { RoyaltyImport, RoyaltyImportList } from '../../../../shared/schemas/royalty-views';
import { importAmountWords } from './royalty-model';
import { formatCount, formatPercent } from '../../../../shared/format';
import { CellNote } from '../../components/cell-note';

/** An import's status word in its colour. */
export function ImportStatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <StatusBadge word={IMPORT_STATUS_WORD[status] ?? status} testId={testId}>
      {displayLabel(status)}
    </StatusBadge>
  );
}

/** The worker's progress on an import as a whole percent (done = 100). */
export const importPercent = (i: Pick<RoyaltyImport, 'status' | 'progress'>) =>
  i.status === 'done' ? 100 : wholePercent(i.progress);

const count = (n: number | undefined) => (n === undefined ? '-' : formatCount(n));

/**
 * An import's lines as its page's control total reads them: read, then how they were kept. One cell, so the imports
 * list shows every figure within a 1,400 px window with the side menu open.
 */
function linesCell(r: RoyaltyImport) {
  const read = r.totals?.lines_read;
  const rejected = r.rejected_count ?? r.totals?.rejected?.length;
  return (
    <Box textAlign="right">
      {read === undefined ? '-' : `${count(read)} read`}
      <CellNote testId={`royalty-import-lines-${r.id}`}>
        {`${count(r.totals?.stored)} stored, ${count(rejected)} rejected, ${count(r.totals?.skipped)} skipped`}
      </CellNote>
    </Box>
  );
}

function columns(
  importPage: (id: string) => string,
  onDelete: (row: RoyaltyImport) => void,
): TableProps.ColumnDefinition<RoyaltyImport>[] {
  return [
    {
      id: 'filename',
      header: 'File',
      isRowHeader: true,
      // The file's map, size and the day it was imported under its name (a 1,000 px window shows every column).
      cell: (r) => (
        <>
          <RouterLink href={importPage(r.id)} data-testid={`royalty-import-link-${r.id}`}>
            {importFileName(r)}
          </RouterLink>
          <CellNote>
            {importMapName(r)} · <FileSize bytes={r.size} />
          </CellNote>
          <CellNote>
            Imported <FormattedDate value={r.created_at} />
          </CellNote>
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      minWidth: 160,
      // How far the worker is, under the status word.
      cell: (r) => (
        <>
          <ImportStatusBadge status={r.status} testId={`royalty-import-status-${r.id}`} />
          {r.status === 'processing' ? (
            <UploadProgress percent={importPercent(r)} label="Importing" testId={`royalty-import-progress-${r.id}`} />
          ) : (
            <CellNote>{formatPercent(importPercent(r))}</CellNote>
          )}
        </>
      ),
    },
    { id: 'lines', header: 'Lines', cell: linesCell },
    {
      id: 'amount_stored',
      // As the import's page shows it: to the cent, in the report's own currencies (the control total, not converted).
      header: 'Amount stored',
      cell: (r) => (
        <Box textAlign="right">
          {r.totals?.amount_stored === undefined ? '-' : importAmountWords(r.totals, 'stored')}
        </Box>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Button
          variant="inline-link"
          onClick={() => onDelete(r)}
          ariaLabel={`Delete the import ${importFileName(r)}`}
          data-testid={`royalty-import-delete-${r.id}`}
        >
          Delete
        </Button>
      ),
    },
  ];
}

/** The company's report imports, newest first, each linking to its control totals. */
export function ImportsTable({ list }: { list: ServerList<RoyaltyImportList> }) {
  const [target, setTarget] = useState<RoyaltyImport | null>(null);
  const { importPage } = useRoyaltyPages();
  const [cols] = useState(() => columns(importPage, setTarget));
  return (
    <ServerTable<RoyaltyImport>
      tableId="royalty-imports"
      title="Imports"
      // Under the Import reports page's heading and its upload: a section of the page, not a second page heading.
      section
      resourceName="import"
      // Long file and map names wrap, so no column is cut off.
      wrapLines
      columns={cols}
      collection="royalty_imports"
      trackBy="id"
      list={list}
      actions={({ refresh }) =>
        target ? (
          <DeleteModal
            noun="import"
            plural="imports"
            names={[importFileName(target)]}
            run={async (report) =>
              report((await royaltiesApi.deleteImport(target.id)).message ?? `${importFileName(target)} deleted`)
            }
            onClose={() => setTarget(null)}
            onDeleted={() => void refresh()}
          />
        ) : null
      }
    />
  );
}
