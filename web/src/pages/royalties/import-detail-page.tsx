import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify, notifyError } from '../../app/notifications';
import { subscribeRealtime } from '../../app/realtime';
import { DeleteModal } from '../../components/delete-modal';
import { DetailHeader } from '../../components/detail-header';
import { FileSize, FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { UploadProgress } from '../../components/upload-progress';
import { ImportStatusBadge, importPercent } from './imports-table';
import { BULK_IMPORT_PAGE, importPage, royaltiesApi, royaltiesForImport, useImport, useRefresh } from './royalties-api';
import { DEFAULT_CURRENCY } from '../../../../shared/constants';
import { controlTotals } from './royalty-model';
import type { RoyaltyImport } from './royalty-types';
import { UnmatchedTable } from './unmatched-table';

function ControlTotals({ item }: { item: RoyaltyImport }) {
  const totals = controlTotals(item.totals);
  if (!totals || !item.totals) return null;
  return (
    <Container header={<Header variant="h2" description="Every line read is stored, rejected or skipped.">Control totals</Header>} data-testid="import-totals">
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Lines read', value: <span data-testid="import-lines-read">{totals.read}</span> },
            { label: 'Stored', value: <span data-testid="import-lines-stored">{totals.stored}</span> },
            { label: 'Rejected', value: <span data-testid="import-lines-rejected">{totals.rejected}</span> },
            { label: 'Skipped', value: <span data-testid="import-lines-skipped">{totals.skipped}</span> },
            { label: 'Amount read', value: <span data-testid="import-amount-read">{item.totals.amount_read}</span> },
            { label: 'Amount stored', value: <span data-testid="import-amount-stored">{item.totals.amount_stored}</span> },
            { label: 'Amount rejected', value: <span data-testid="import-amount-rejected">{item.totals.amount_rejected}</span> },
            { label: 'Unmatched lines', value: item.unmatched_lines ?? 0 },
          ]}
        />
        {totals.balanced ? null : (
          <Alert type="error" header="The totals do not add up">
            {totals.read} lines were read but {totals.read - totals.difference} are accounted for.
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}

function Problems({ item, onConfirm, confirming }: { item: RoyaltyImport; onConfirm: () => void; confirming: boolean }) {
  return (
    <>
      {item.status === 'duplicate' ? (
        <Alert
          type="warning"
          header="This file was imported before"
          action={<Button onClick={onConfirm} loading={confirming} data-testid="import-confirm">Import anyway</Button>}
          data-testid="import-duplicate"
        >
          {item.duplicate_of ? <>It matches <RouterLink href={importPage(item.duplicate_of)}>an earlier import</RouterLink>. </> : null}
          Importing it again would count its sales twice.
        </Alert>
      ) : null}
      {item.status === 'failed' ? <Alert type="error" header="The import failed">{item.error}</Alert> : null}
      {item.problems?.length ? (
        <Alert type="warning" header="Problems" data-testid="import-problems">
          {item.problems.map((p) => <div key={p}>{p}</div>)}
        </Alert>
      ) : null}
      {item.missing_rates?.length ? (
        <Alert type="warning" header="Missing exchange rates" data-testid="import-missing-rates">
          {item.missing_rates.map((r) => {
            const text = typeof r === 'string' ? r : Object.values(r as Record<string, unknown>).join(' · ');
            return <div key={text}>{text}</div>;
          })}
        </Alert>
      ) : null}
    </>
  );
}

/** UserRoyaltiesImport (/user/royalties/imports/{importId}): an import's control totals, problems, rejected and unmatched lines. */
export function RoyaltyImportPage() {
  const { importId } = useParams();
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const { data, error, isLoading, mutate } = useImport(importId, processing ? 3000 : 0);
  const refreshRoyalties = useRefresh('/royalties?');
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const item = data?.royalty_import;
  useEffect(() => setProcessing(item?.status === 'processing'), [item?.status]);
  useEffect(
    () =>
      subscribeRealtime('RoyaltyImport', (message) => {
        if ((message.import as { id?: string } | undefined)?.id === importId) void mutate();
      }),
    [importId, mutate],
  );
  const confirm = async (id: string) => {
    setConfirming(true);
    try {
      notify('notification', (await royaltiesApi.confirmImport(id)).message ?? 'The import was started');
      await mutate();
    } catch (e) {
      notifyError(e);
    } finally {
      setConfirming(false);
    }
  };
  return (
    <RecordState error={error} isLoading={isLoading} data={item} retry={mutate} errorHeader="Could not load the import">
      {(row) => (
        <ContentLayout
          header={
            <DetailHeader
              testId="royalty-import"
              title={row.filename}
              description={<>Column map: {row.source_name ?? row.source_id} · <ImportStatusBadge status={row.status} testId="royalty-import-status" /></>}
              onDelete={() => setDeleting(true)}
              extraActions={<Button onClick={() => navigate(royaltiesForImport(row.id))} data-testid="royalty-import-lines">Show its royalties</Button>}
            />
          }
        >
          <SpaceBetween size="l">
            <Problems item={row} onConfirm={() => void confirm(row.id)} confirming={confirming} />
            {row.status === 'processing' ? <UploadProgress percent={importPercent(row)} label="Importing" testId="royalty-import-progress" /> : null}
            <Container header={<Header variant="h2">File</Header>}>
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Imported', value: <FormattedDate value={row.created_at} /> },
                  { label: 'Size', value: <FileSize bytes={row.size} /> },
                  { label: 'Lines', value: <RouterLink href={royaltiesForImport(row.id)}>Royalties from this file</RouterLink> },
                ]}
              />
            </Container>
            <ControlTotals item={row} />
            {row.totals?.rejected?.length ? (
              <Table
                data-testid="import-rejected"
                variant="container"
                header={<Header variant="h2" counter={`(${row.totals.rejected.length})`}>Rejected lines</Header>}
                items={row.totals.rejected}
                columnDefinitions={[
                  { id: 'line', header: 'Line', cell: (r) => r.line },
                  { id: 'reason', header: 'Reason', cell: (r) => r.reason },
                ]}
              />
            ) : null}
            {row.status === 'done' ? <UnmatchedTable importId={row.id} currency={DEFAULT_CURRENCY} onAssigned={() => void refreshRoyalties()} /> : null}
            <Box>
              <RouterLink href={BULK_IMPORT_PAGE}>Back to the imports</RouterLink>
            </Box>
          </SpaceBetween>
          {deleting ? (
            <DeleteModal
              noun="import"
              plural="imports"
              names={[row.filename]}
              run={async (report) => report((await royaltiesApi.deleteImport(row.id)).message ?? `${row.filename} deleted`)}
              onClose={() => setDeleting(false)}
              onDeleted={() => navigate(BULK_IMPORT_PAGE, { replace: true })}
            />
          ) : null}
        </ContentLayout>
      )}
    </RecordState>
  );
}
