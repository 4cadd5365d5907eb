import Alert from '@cloudscape-design/components/alert';
import { useEffect } from 'react';
import { useApi } from '../../../app/resources';
import type { StatementRun } from '../../../../../shared/schemas/statement-views';
import { runOutcome } from './distributed-label-model';
import { statementRunProgressPath } from '../../money/statements/statements-api';

type RunAnswer = { statement_run: StatementRun };
const finished = (run: StatementRun | undefined) => run?.status === 'published' || run?.status === 'failed';

/**
 * What became of a generated statement: its run is read in the label's company until it has
 * finished, then the statement lists are refreshed once and the outcome is said in words
 * (published, or left out because another statement covers those months).
 */
export function RunOutcome({
  runId,
  companyId,
  onFinished,
}: {
  runId: string;
  companyId: string;
  onFinished: () => void;
}) {
  const { data } = useApi<RunAnswer>(
    // Its status and counts only: the outcome never shows the preview's rows.
    statementRunProgressPath(runId),
    { refreshInterval: (latest) => (finished(latest?.statement_run) ? 0 : 1500) },
    companyId,
  );
  const run = data?.statement_run;
  const done = finished(run);
  useEffect(() => {
    if (done) onFinished();
  }, [done, onFinished]);
  const outcome = runOutcome(run);
  return (
    <Alert type={outcome.type} data-testid="generate-statement-outcome">
      {outcome.text}
    </Alert>
  );
}
