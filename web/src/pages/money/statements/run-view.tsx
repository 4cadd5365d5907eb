import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import { type ReactNode, useEffect, useState } from 'react';
import { notify, notifyError } from '../../../app/notifications';
import { subscribeRealtime } from '../../../app/realtime';
import { useInvalidate } from '../../../app/invalidate';
import { ConfirmActionModal } from '../../../components/confirm-action-modal';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { UploadProgress } from '../../../components/upload-progress';
import { formatCount } from '../../royalties/royalty-model';
import { formatMoney } from '../../../../../shared/money';
import {
  isRunActive,
  publishConsequence,
  publishedSentence,
  pushedRun,
  RUN_POLL_MS,
  rowMovements,
  runPercent,
  runWithProgress,
} from './run-model';
import { RunWarningsView, UnaccountableTable } from './run-warnings';
import { CorrectionChange } from './correction-change';
import { StateBadge } from './statement-badges';
import { monthEnd } from '../../../../../shared/statement-periods';
import { accountPath, runTotalsCheck } from './statement-model';
import { monthsWords } from '../finances/finance-model';
import { labelShareWords } from './label-share-words';
import { statementsApi, useStatementPages, useStatementRun, useStatementRunProgress } from './statements-api';
import type { RunPreviewRow, RunTotals, StatementRun } from '../../../../../shared/schemas/statement-views';

/**
 * The label's side of the run beside the payees': of the label's share, what the payees are owed,
 * what the label keeps and what no one is entitled to, as the engine split it (they add up exactly),
 * shown to the cent as the finances show them.
 */
function RunTotalsView({ totals, currency }: { totals: RunTotals; currency: string | null }) {
  const check = runTotalsCheck(totals);
  const words = labelShareWords(totals, currency);
  return (
    <Container
      header={
        <Header variant="h2" description="Every penny of the label's share is owed to a payee, kept, or listed below.">
          Totals
        </Header>
      }
      data-testid="run-totals"
    >
      <SpaceBetween size="m">
        <Box variant="p" fontWeight="bold" data-testid="run-label-share-words">
          {words.sentence}
        </Box>
        {words.statements ? (
          <Box variant="p" data-testid="run-label-share-statements">
            {words.statements}
          </Box>
        ) : null}
        <KeyValuePairs
          columns={4}
          items={[
            { label: "Label's share", value: <span data-testid="run-label-share">{words.label_share}</span> },
            { label: 'Owed to payees', value: <span data-testid="run-owed-to-payees">{words.payees}</span> },
            { label: 'Kept by the label', value: <span data-testid="run-retained">{words.retained}</span> },
            {
              label: 'No one is entitled to',
              value: <span data-testid="run-unaccountable">{words.unaccountable}</span>,
            },
            { label: 'Lines', value: formatCount(totals.lines) },
            { label: 'Distributor fee', value: formatMoney(totals.aggregator_payable, currency) },
          ]}
        />
        {check.adds ? null : (
          <Alert type="error" header="The totals do not add up" data-testid="run-totals-mismatch">
            Owed to payees, kept and not owed add up to {check.sum}, the label's share is {totals.label_payable}.
          </Alert>
        )}
      </SpaceBetween>
    </Container>
  );
}

/** The run's statements, before publishing as what each will say, after it as what each says. */
function PreviewRows({
  rows,
  currency,
  published,
}: {
  rows: RunPreviewRow[];
  currency: string | null;
  published: boolean;
}) {
  const money = (v: string) => <Box textAlign="right">{formatMoney(v, currency)}</Box>;
  return (
    <Table<RunPreviewRow>
      data-testid="run-preview-rows"
      variant="container"
      // A column per movement: names, e-mails and reasons wrap so that every column fits a laptop's width.
      wrapLines
      header={
        <Header
          variant="h2"
          counter={`(${rows.length})`}
          description={`${published ? 'What each statement says' : 'What each statement will say once published'}: the opening balance and each movement make its closing balance.`}
        >
          {published ? 'Statements published' : 'Statements to publish'}
        </Header>
      }
      items={rows}
      trackBy={(r) => `${r.account.type}#${r.account.id}`}
      empty={<Box color="text-status-inactive">Nobody is owed anything for this period</Box>}
      columnDefinitions={[
        {
          id: 'name',
          header: 'Payee',
          isRowHeader: true,
          cell: (r) => (
            <SpaceBetween size="xxxs">
              <RouterLink href={accountPath(r.account)}>{r.name}</RouterLink>
              <Box variant="small" color={r.email ? 'text-body-secondary' : 'text-status-warning'}>
                {r.email ?? 'no e-mail'}
              </Box>
            </SpaceBetween>
          ),
        },
        { id: 'lines', header: 'Lines', cell: (r) => <Box textAlign="right">{formatCount(r.lines)}</Box> },
        { id: 'opening', header: 'Opening', cell: (r) => money(r.opening_balance) },
        { id: 'royalties', header: 'Royalties', cell: (r) => money(r.royalties) },
        { id: 'costs', header: 'Costs', cell: (r) => money(r.costs) },
        // The statement's other movements (closing = opening + royalties + costs + these), each when a row has it.
        ...rowMovements(rows).map(({ key, header }) => ({
          id: key,
          header,
          cell: (r: RunPreviewRow) => money(r[key] ?? '0.00'),
        })),
        { id: 'closing', header: 'Closing', cell: (r) => money(r.closing_balance) },
        { id: 'payable', header: 'Payable', cell: (r) => money(r.payable) },
        // What paying it will send: VAT of a self-billing invoice added, tax withheld taken off.
        { id: 'to_pay', header: 'To pay', cell: (r) => money(r.to_pay ?? r.payable) },
        {
          id: 'reasons',
          header: 'Why not paid',
          cell: (r) => r.not_paid_reasons.map((n) => n.text).join('; ') || '-',
        },
      ]}
    />
  );
}

/**
 * The run's header: status, period, what it covers, the Publish button once the preview is ready,
 * and Resume for a run that stopped making progress.
 */
function RunHeader({
  run,
  onPublish,
  onResume,
  busy,
}: {
  run: StatementRun;
  onPublish: () => void;
  onResume: () => void;
  busy: boolean;
}) {
  let action: ReactNode = null;
  if (run.status === 'preview_ready')
    action = (
      <Button variant="primary" loading={busy} onClick={onPublish} data-testid="run-publish">
        Publish
      </Button>
    );
  else if (run.resumable)
    action = (
      <Button variant="primary" loading={busy} onClick={onResume} data-testid="run-resume">
        Resume
      </Button>
    );
  return (
    <Header
      variant="h2"
      description={`${run.replaces ? `Correction of ${run.replaces.number} · ` : ''}${run.kind === 'distribution' ? 'Distribution' : 'Payee'} statements · ${monthsWords(run.start_pay_period, run.end_pay_period)}${run.scheduled ? ' · scheduled' : ''}`}
      actions={action}
    >
      Statement run <StateBadge state={run.status} testId="run-status" />
    </Header>
  );
}

/**
 * A statement run followed live: the preview (totals, warnings, the statements to publish), then
 * Publish and its progress as a whole-percent bar (green from 50 %), then a link to the
 * statements. The WebSocket push re-reads its progress at once; it is also re-read while the worker is on it. Those
 * re-reads leave out the preview's rows (a run of a thousand payees pushes hundreds of times); the whole run is read
 * once, and again when its status moves.
 */
export function RunView({ runId }: { runId: string }) {
  const pages = useStatementPages();
  const refreshStatements = useInvalidate('/statements');
  const [active, setActive] = useState(true);
  const { data, error, isLoading, mutate } = useStatementRun(runId);
  const { data: progressData, mutate: rereadProgress } = useStatementRunProgress(runId, active ? RUN_POLL_MS : 0);
  const [pushed, setPushed] = useState<number | undefined>(undefined);
  const [publishing, setPublishing] = useState(false);
  const run = runWithProgress(data?.statement_run, progressData?.statement_run);
  const fullStatus = data?.statement_run.status;
  const movedTo = progressData?.statement_run.status;
  useEffect(() => setActive(isRunActive(run?.status)), [run?.status]);
  // A status the full read has not seen brings what comes with it (the preview's rows once previewed).
  useEffect(() => {
    if (movedTo && fullStatus && movedTo !== fullStatus) void mutate();
  }, [movedTo, fullStatus, mutate]);
  useEffect(() => {
    if (run?.status === 'published') void refreshStatements();
  }, [run?.status, refreshStatements]);
  useEffect(
    () =>
      subscribeRealtime('StatementRun', (message) => {
        const about = pushedRun(message);
        if (about?.id !== runId) return;
        if (about.progress !== undefined) setPushed(about.progress);
        void rereadProgress();
      }),
    [runId, rereadProgress],
  );
  const act = (call: typeof statementsApi.publish, done: string) => async () => {
    setPublishing(true);
    try {
      const answer = await call(runId);
      notify('notification', answer.message ?? done);
      setActive(true);
      await rereadProgress();
    } catch (e) {
      notifyError(e);
    } finally {
      setPublishing(false);
    }
  };
  const publish = act(statementsApi.publish, 'Publishing the statements');
  const [confirming, setConfirming] = useState(false);
  const resume = act(statementsApi.resume, 'The run carries on from where it stopped');

  return (
    <RecordState error={error} isLoading={isLoading} data={run} retry={mutate} errorHeader="Could not load the run">
      {(r) => {
        const currency = r.currency ?? null;
        const periodLink = `${pages.royalties}?start_date=${r.start_pay_period}-01&end_date=${monthEnd(r.end_pay_period)}`;
        return (
          <SpaceBetween size="l">
            <Container
              header={
                <RunHeader
                  run={r}
                  onPublish={() => setConfirming(true)}
                  onResume={() => void resume()}
                  busy={publishing}
                />
              }
            >
              {r.status === 'previewing' ? (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <Spinner /> <span>Working out what each payee is owed…</span>
                </SpaceBetween>
              ) : null}
              {r.resumable ? (
                <Alert type="warning" header="This run has stopped making progress" data-testid="run-stalled">
                  Resume carries it on from where it stopped. Statements already published are not published or sent
                  again.
                </Alert>
              ) : null}
              {r.status === 'publishing' ? (
                <UploadProgress
                  percent={runPercent(r, pushed)}
                  label={`Publishing statements (${formatCount(r.done + r.skipped)} of ${formatCount(r.total)})`}
                  resultText="Published"
                  testId="run-progress"
                />
              ) : null}
              {r.status === 'published' ? (
                <Alert type="success" header="Published" data-testid="run-published">
                  {publishedSentence(r.done, r.preview?.rows ?? [])}{' '}
                  {r.skipped ? (
                    <span data-testid="run-skipped">
                      {formatCount(r.skipped)} left out: another statement covers their period already.{' '}
                    </span>
                  ) : null}
                  <RouterLink href={pages.list} data-testid="run-statements-link">
                    Open the statements
                  </RouterLink>
                </Alert>
              ) : null}
              {r.status === 'failed' ? (
                <Alert type="error" header="The run failed" data-testid="run-failed">
                  {r.error ?? 'The run stopped; nothing was published.'}
                </Alert>
              ) : null}
            </Container>
            {r.replaces ? (
              <CorrectionChange
                replaces={r.replaces}
                row={r.preview?.rows[0]}
                currency={currency}
                published={r.status === 'published'}
              />
            ) : null}
            {r.preview ? (
              <>
                <RunTotalsView totals={r.preview.totals} currency={currency} />
                <RunWarningsView warnings={r.preview.warnings} periodLink={periodLink} currency={currency} />
                <UnaccountableTable rows={r.unaccountable} currency={currency} />
                <PreviewRows rows={r.preview.rows} currency={currency} published={r.status === 'published'} />
              </>
            ) : null}
            {confirming && r.preview ? (
              <ConfirmActionModal
                header="Publish these statements?"
                confirmText="Publish"
                busy={publishing}
                onCancel={() => setConfirming(false)}
                onConfirm={() => {
                  setConfirming(false);
                  void publish();
                }}
                confirmTestId="run-publish-confirm"
                cancelTestId="run-publish-cancel"
              >
                <SpaceBetween size="xs" data-testid="run-publish-consequence">
                  {publishConsequence(r.preview.rows, r.replaces).map((sentence) => (
                    <Box key={sentence}>{sentence}</Box>
                  ))}
                </SpaceBetween>
              </ConfirmActionModal>
            ) : null}
          </SpaceBetween>
        );
      }}
    </RecordState>
  );
}
