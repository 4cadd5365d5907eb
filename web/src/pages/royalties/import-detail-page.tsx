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
import { useInvalidate } from '../../app/invalidate';
import { DeleteModal } from '../../components/delete-modal';
import { DetailHeader } from '../../components/detail-header';
import { FileSize, FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { UploadProgress } from '../../components/upload-progress';
import { ImportStatusBadge, importPercent } from './imports-table';
import { ImportProblems } from './import-problems';
import {
  importJobsFinished,
  importJobUnderWay,
  royaltiesApi,
  useImport,
  useRoyaltyPages,
  useUnmatched,
} from './royalties-api';
import { notifyImportJob } from './import-job-notice';
import {
  controlTotals,
  formatCount,
  importAmountWords,
  importFileName,
  importMapName,
  totalsEquation,
} from './royalty-model';
import { formatMoney } from '../../../../shared/money';
import type { RoyaltyImport } from '../../../../shared/schemas/royalty-views';
import { UnmatchedTable } from './unmatched-table';

/** The import's lines as they are now, matched to a record however (identifier, assignment or edit) and not. */
type LineCounts = { matched_lines: number; unmatched_lines: number };

function ControlTotals({ item, counts }: { item: RoyaltyImport; counts: LineCounts | undefined }) {
  const totals = controlTotals(item.totals);
  if (!totals || !item.totals) return null;
  const currency = item.company_currency ?? null;
  return (
    <Container
      header={
        <Header variant="h2" description="Every line read is stored, rejected or skipped.">
          Control totals
        </Header>
      }
      data-testid="import-totals"
    >
      <SpaceBetween size="m">
        <Box variant="p" fontWeight="bold" data-testid="import-totals-equation">
          {totalsEquation(totals)}
        </Box>
        <KeyValuePairs
          columns={4}
          items={[
            { label: 'Lines read', value: <span data-testid="import-lines-read">{formatCount(totals.read)}</span> },
            { label: 'Stored', value: <span data-testid="import-lines-stored">{formatCount(totals.stored)}</span> },
            {
              label: 'Rejected',
              value: <span data-testid="import-lines-rejected">{formatCount(totals.rejected)}</span>,
            },
            { label: 'Skipped', value: <span data-testid="import-lines-skipped">{formatCount(totals.skipped)}</span> },
            // The amounts as read, in the report's own currencies (each on its own); the total is converted into the
            // company's.
            {
              label: 'Amount read',
              value: <span data-testid="import-amount-read">{importAmountWords(item.totals, 'read')}</span>,
            },
            {
              label: 'Amount stored',
              value: <span data-testid="import-amount-stored">{importAmountWords(item.totals, 'stored')}</span>,
            },
            {
              label: 'Amount rejected',
              value: <span data-testid="import-amount-rejected">{importAmountWords(item.totals, 'rejected')}</span>,
            },
            {
              label: `Total in ${currency}`,
              value: (
                <>
                  <span data-testid="import-amount">
                    {item.amount === undefined ? '-' : formatMoney(item.amount, currency)}
                  </span>
                  {item.missing_rates?.length ? (
                    <Box
                      variant="small"
                      display="block"
                      color="text-status-warning"
                      data-testid="import-amount-left-out"
                    >
                      Lines without a rate are left out
                    </Box>
                  ) : null}
                </>
              ),
            },
            {
              label: 'Matched lines',
              value: <span data-testid="import-matched-count">{counts ? formatCount(counts.matched_lines) : '-'}</span>,
            },
            {
              label: 'Unmatched lines',
              value: (
                <span data-testid="import-unmatched-count">{counts ? formatCount(counts.unmatched_lines) : '-'}</span>
              ),
            },
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

/**
 * UserRoyaltiesImport (/user/royalties/imports/{importId}, and /distribution/finances/royalties/import/{importId}):
 * an import's control totals, problems (duplicate, missing rates), rejected and unmatched lines.
 */
export function RoyaltyImportPage() {
  const { importId } = useParams();
  const navigate = useNavigate();
  const pages = useRoyaltyPages();
  const [processing, setProcessing] = useState(false);
  // Read again every few seconds while the worker imports it, or re-matches it in the background.
  const [rematching, setRematching] = useState(false);
  const { data, error, isLoading, mutate } = useImport(importId, processing || rematching ? 3000 : 0);
  // Matched and unmatched counts as the lines are now (edits and assignments applied), the unmatched list's own read.
  const { data: lineCounts } = useUnmatched(data?.royalty_import.status === 'done' ? importId : undefined);
  const refreshRoyalties = useInvalidate('/royalties?');
  const refreshUnmatched = useInvalidate(`/royalty_imports/${importId}/unmatched`);
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rerunning, setRerunning] = useState(false);
  const item = data?.royalty_import;
  useEffect(() => setProcessing(item?.status === 'processing'), [item?.status]);
  useEffect(() => setRematching(importJobUnderWay(item?.job)), [item?.job]);
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
  const rerun = async (id: string) => {
    setRerunning(true);
    try {
      notify('notification', (await royaltiesApi.rerunImport(id)).message ?? 'The import was started again');
      await mutate();
    } catch (e) {
      notifyError(e);
    } finally {
      setRerunning(false);
    }
  };
  // A re-match that stopped is asked for again; the button waits for it, then says what it found.
  const [rematchAsked, setRematchAsked] = useState(false);
  const rematch = async (id: string) => {
    setRematchAsked(true);
    try {
      notify('notification', (await royaltiesApi.rematch(id)).message ?? 'Import Re-match Started');
      await mutate();
      notifyImportJob(await importJobsFinished([id]));
      await mutate();
      void refreshUnmatched();
      void refreshRoyalties();
    } catch (e) {
      notifyError(e);
    } finally {
      setRematchAsked(false);
    }
  };
  return (
    <RecordState error={error} isLoading={isLoading} data={item} retry={mutate} errorHeader="Could not load the import">
      {(row) => (
        <ContentLayout
          header={
            <DetailHeader
              testId="royalty-import"
              title={importFileName(row)}
              description={
                <>
                  Column map: {importMapName(row)} ·{' '}
                  <ImportStatusBadge status={row.status} testId="royalty-import-status" />
                </>
              }
              onDelete={() => setDeleting(true)}
              extraActions={
                <>
                  {/* A failed import, or one stuck past its worker's timeout, runs again from its report. */}
                  {row.can_rerun ? (
                    <Button onClick={() => void rerun(row.id)} loading={rerunning} data-testid="royalty-import-rerun">
                      Re-run import
                    </Button>
                  ) : null}
                  <Button onClick={() => navigate(pages.royaltiesForImport(row.id))} data-testid="royalty-import-lines">
                    Show its royalties
                  </Button>
                </>
              }
            />
          }
        >
          <SpaceBetween size="l">
            <ImportProblems
              item={row}
              onConfirm={() => void confirm(row.id)}
              confirming={confirming}
              onChanged={() => {
                void mutate();
                void refreshUnmatched();
                void refreshRoyalties();
              }}
            />
            {row.status === 'processing' && row.can_rerun ? (
              <Alert type="warning" header="The import shows no progress" data-testid="royalty-import-stuck">
                It has not moved for longer than an import step may take. Re-run it to start it again from the report.
              </Alert>
            ) : null}
            {row.status === 'processing' ? (
              <UploadProgress percent={importPercent(row)} label="Importing" testId="royalty-import-progress" />
            ) : null}
            {/* A re-match (asked for here, by a match assigned or by new exchange rates) runs in the background. */}
            {row.job && importJobUnderWay(row.job) ? (
              <UploadProgress
                percent={row.job.progress}
                label="Re-matching…"
                resultText="Re-matched"
                testId="royalty-import-job-progress"
              />
            ) : null}
            {row.job?.status === 'failed' ? (
              <Alert
                type="error"
                header="The re-match stopped"
                data-testid="royalty-import-job-failed"
                action={
                  <Button
                    onClick={() => void rematch(row.id)}
                    loading={rematchAsked}
                    data-testid="royalty-import-rematch"
                  >
                    Re-match again
                  </Button>
                }
              >
                {row.job.message}
              </Alert>
            ) : null}
            <Container header={<Header variant="h2">File</Header>}>
              <KeyValuePairs
                columns={4}
                items={[
                  { label: 'Imported', value: <FormattedDate value={row.created_at} /> },
                  {
                    label: 'Size',
                    value: (
                      <>
                        <span data-testid="royalty-import-size">
                          <FileSize bytes={row.size} />
                        </span>
                        {row.parts ? (
                          <Box variant="small" display="block" data-testid="royalty-import-parts">
                            Imported in {row.parts} parts side by side
                          </Box>
                        ) : null}
                      </>
                    ),
                  },
                  {
                    label: 'Payment date',
                    value: (
                      <>
                        <span data-testid="royalty-import-payment-date">
                          <FormattedDate value={row.payment_date} />
                        </span>
                        <Box variant="small" display="block" data-testid="royalty-import-payment-date-note">
                          Rates paid on or before it apply
                        </Box>
                      </>
                    ),
                  },
                  {
                    label: 'Lines',
                    value: <RouterLink href={pages.royaltiesForImport(row.id)}>Royalties from this file</RouterLink>,
                  },
                ]}
              />
            </Container>
            <ControlTotals item={row} counts={lineCounts} />
            {row.totals?.rejected?.length ? (
              <Table
                wrapLines
                data-testid="import-rejected"
                variant="container"
                header={
                  <Header variant="h2" counter={`(${row.totals.rejected.length})`}>
                    Rejected lines
                  </Header>
                }
                items={row.totals.rejected}
                columnDefinitions={[
                  { id: 'line', header: 'Line', cell: (r) => r.line },
                  { id: 'reason', header: 'Reason', cell: (r) => r.reason },
                  // The money a refused line carries is in "Amount rejected": each line shows its share.
                  {
                    id: 'amount',
                    header: 'Amount',
                    cell: (r) => (r.amount === undefined ? '-' : formatMoney(r.amount, r.currency)),
                  },
                ]}
              />
            ) : null}
            {row.status === 'done' ? (
              <UnmatchedTable
                importId={row.id}
                currency={row.company_currency ?? null}
                rematching={importJobUnderWay(row.job)}
                onAssigned={() => {
                  void mutate();
                  void refreshRoyalties();
                }}
              />
            ) : null}
            <Box>
              <RouterLink href={pages.bulkImport}>Back to the imports</RouterLink>
            </Box>
          </SpaceBetween>
          {deleting ? (
            <DeleteModal
              noun="import"
              plural="imports"
              names={[importFileName(row)]}
              run={async (report) =>
                report((await royaltiesApi.deleteImport(row.id)).message ?? `${importFileName(row)} deleted`)
              }
              onClose={() => setDeleting(false)}
              onDeleted={() => navigate(pages.bulkImport, { replace: true })}
            />
          ) : null}
        </ContentLayout>
      )}
    </RecordState>
  );
}
