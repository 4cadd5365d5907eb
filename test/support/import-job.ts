import { until } from './wait.js';

/**
 * An import's re-match job, polled until it has finished: a re-match, a match assigned by identifier and exchange
 * rates applied again answer at once (202) and the import worker does the work (functions/royalties/import/
 * rematch-job.ts). Answers the job as the API gives it: its status ('done' or 'failed'), its result (the counts the
 * request itself answered when the work ran in it) and its notice, or the reason it stopped.
 *
 * `from`: the company's API client, or its id to read the import straight from the table (tests without a signed-in
 * user). `asked`: when the job was asked for (ISO, taken before the request): an earlier job of the import that
 * finished before is not taken for it.
 */
type ImportJob = { status: string; queued_at: string; result: any; message: string | null };
type Reader = { get: (path: string) => Promise<{ status: number; body: any }> };

export async function finishedImportJob(
  from: Reader | string,
  importId: string,
  asked: string,
  timeoutMs = 120_000,
): Promise<ImportJob> {
  const read = async (): Promise<ImportJob | null | undefined> => {
    if (typeof from !== 'string')
      return (await from.get(`/royalty_imports/${importId}`)).body.royalty_import?.job as ImportJob | null;
    const { getImport } = await import('../../functions/data/access/royalty-imports.js');
    const { importJobJson } = await import('../../functions/royalties/api/import-job-json.js');
    const item = await getImport(from, importId);
    return item && importJobJson(item);
  };
  return until(async () => {
    const job = await read();
    const finished = job && job.queued_at >= asked && (job.status === 'done' || job.status === 'failed');
    return finished ? job : undefined;
  }, timeoutMs);
}
