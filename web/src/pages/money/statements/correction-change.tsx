import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatMoney } from '../../../../../shared/money';
import type { RunPreviewRow, RunReplaces } from '../../../../../shared/schemas/statement-views';
import { RouterLink } from '../../../components/router-link';
import { type CorrectionFigure, correctionFigures, correctionSentence } from './correction-model';
import { useStatementPages, useStatementRuns } from './statements-api';

/**
 * A correction's run: the statement in force beside the new version, figure by figure, so what publishing changes is
 * seen before it is published (and, once published, what it changed).
 */
export function CorrectionChange({
  replaces,
  row,
  currency,
  published,
}: {
  replaces: RunReplaces;
  row: RunPreviewRow | undefined;
  currency: string | null;
  published: boolean;
}) {
  const pages = useStatementPages();
  const before = replaces.row;
  const money = (v: string) => <Box textAlign="right">{formatMoney(v, currency)}</Box>;
  return (
    <Table<CorrectionFigure>
      data-testid="run-correction"
      variant="container"
      header={
        <Header variant="h2" description={correctionSentence(replaces, published)}>
          Correction of <RouterLink href={pages.detail(replaces.id)}>{replaces.number}</RouterLink>
        </Header>
      }
      items={before && row ? correctionFigures(before, row) : []}
      trackBy="key"
      empty={<Box color="text-status-inactive">The new version's figures show once the preview is ready</Box>}
      columnDefinitions={[
        { id: 'label', header: 'Figure', isRowHeader: true, cell: (f) => f.label },
        { id: 'before', header: `Version ${replaces.version}`, cell: (f) => money(f.before) },
        { id: 'after', header: `Version ${replaces.version + 1}`, cell: (f) => money(f.after) },
        { id: 'change', header: 'Change', cell: (f) => money(f.change) },
      ]}
    />
  );
}

/**
 * On a statement's page: a new version of it previewed and not published yet (among the recent runs), with the way to
 * its run, so a correction started with "Preview first" and left is found again where it was started.
 */
export function PendingCorrection({ statementId }: { statementId: string }) {
  const pages = useStatementPages();
  const { data } = useStatementRuns();
  const run = (data?.statement_runs ?? []).find(
    (r) => r.replaces?.id === statementId && (r.status === 'previewing' || r.status === 'preview_ready'),
  );
  if (!run?.replaces) return null;
  return (
    <Alert
      type="info"
      header={`Version ${run.replaces.version + 1} is being previewed`}
      data-testid="statement-pending-correction"
    >
      This statement stays in force until the new version is published.{' '}
      <RouterLink href={pages.runView(run.id)}>Check it and publish it</RouterLink>
    </Alert>
  );
}
