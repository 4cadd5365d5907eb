import type { ImportJob } from '../../../../shared/schemas/royalty-views';
import { notify } from '../../app/notifications';
import { exchangeUpdateText, ratesJobsSum } from './royalty-model';

/**
 * The notice once an import's background re-match has finished, the one the page showed when the request did the work:
 * the counts of exchange rates applied again, a re-match's or an assignment's kept stated lines; or why it stopped.
 */
function importJobNotice(jobs: ImportJob[]): { type: 'notification' | 'error'; message: string } {
  const failed = jobs.find((job) => job.status === 'failed');
  if (failed) return { type: 'error', message: failed.message ?? 'The re-match stopped' };
  if (jobs.every((job) => job.kind === 'rates'))
    return {
      type: 'notification',
      message: exchangeUpdateText({ message: 'Exchange Rates Updated', result: ratesJobsSum(jobs) }),
    };
  return { type: 'notification', message: jobs[0]?.message ?? 'Import Re-matched' };
}

export function notifyImportJob(jobs: ImportJob[]): void {
  const notice = importJobNotice(jobs);
  notify(notice.type, notice.message);
}
