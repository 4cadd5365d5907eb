import Box from '@cloudscape-design/components/box';
import { StatusBadge } from '../../../components/status-badge';
import { formatMoney } from '../../../../../shared/money';
import { paidWord } from './statement-model';
import type { QueueStatus, RunStatus, StatementRow } from '../../../../../shared/schemas/statement-views';

/** The status vocabulary's colour word for each state shown here (shared/status-colours). */
const COLOUR_WORD: Record<string, string> = {
  paid: 'complete',
  unpaid: 'pending',
  superseded: 'inactive',
  queued: 'queued',
  generating: 'processing',
  published: 'complete',
  failed: 'failed',
  previewing: 'processing',
  preview_ready: 'accepted',
  publishing: 'processing',
};
const TEXT: Record<string, string> = {
  paid: 'Paid',
  unpaid: 'Unpaid',
  superseded: 'Superseded',
  queued: 'Queued',
  generating: 'Generating',
  published: 'Published',
  failed: 'Failed',
  previewing: 'Previewing',
  preview_ready: 'Preview ready',
  publishing: 'Publishing',
};

/** Paid / unpaid (or superseded by a newer version) as a coloured badge. */
export function PaidBadge({ statement, testId }: { statement: StatementRow; testId?: string }) {
  const word = paidWord(statement);
  return (
    <StatusBadge word={COLOUR_WORD[word]} testId={testId}>
      {TEXT[word]}
    </StatusBadge>
  );
}

/** A statement's queue status or a run's status as a coloured badge. */
export function StateBadge({ state, testId }: { state: QueueStatus | RunStatus; testId?: string }) {
  return (
    <StatusBadge word={COLOUR_WORD[state] ?? state} testId={testId}>
      {TEXT[state] ?? state}
    </StatusBadge>
  );
}

/** Money right-aligned, with the currency's sign. */
export function Money({ value, currency, testId }: { value: string | null; currency: string | null; testId?: string }) {
  return (
    <Box textAlign="right" data-testid={testId}>
      {formatMoney(value, currency)}
    </Box>
  );
}
