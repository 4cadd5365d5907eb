import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { ulid } from 'ulid';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_PROGRESS_EVENT,
  exportFileType,
  type ExportFormat,
  type ExportJobView,
  type ExportModel,
  type ExportSkipped,
} from '../../../shared/catalogue-exchange/exports.js';
import { MESSAGES } from '../../../shared/messages.js';
import { downloadName } from '../../lib/download-name.js';
import {
  createExportJob,
  deleteExportJob,
  getExportJob,
  labelsById,
  listExportJobs,
  updateExportJob,
} from '../../data/access/catalogue-export.js';
import type { CatalogueExportItem } from '../../data/entities/catalogue-export.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { pushToUser } from '../../realtime/push.js';
import { writeExport } from './build.js';
import {
  deleteExportFile,
  EXPORT_LINK_SECONDS,
  exportDownloadUrl,
  exportFileKey,
  storeExportFile,
} from './file-store.js';
import { countSelection, loadExportReleases } from './load.js';
import { queueExport } from './queue.js';
import type { ExportSelection } from './types.js';
import { makeWorkFolder } from '../../lib/work-folders.js';

/**
 * Export jobs: an export
 * is asked for, written by the export worker a release at a time with its progress pushed to the
 * user, and downloaded through a link that expires. A handful of chosen releases is written at
 * once in the API call; anything larger (a whole catalogue of 50,000 recordings) goes through the
 * worker so no API call times out. A user sees their own exports in the company they work in:
 * another user's, or another company's, is not found.
 */

/** Chosen releases up to this many are written in the API call itself; more go through the worker. */
const INLINE_RELEASES = 20;
/** Pushes at most this often while a file is written. */
const PUSH_EVERY_MS = 1000;

export type ExportRequest = {
  model: ExportModel;
  format: ExportFormat;
  all: boolean;
  ids: string[];
  label_id?: string;
  strip: string[];
};

/** The selection a request names; nothing selected is refused with the product's words. */
function selectionOf(request: ExportRequest): ExportSelection {
  if (request.label_id) return { label_id: request.label_id };
  if (request.all) return { all: true };
  const ids = [...new Set(request.ids.filter((id) => id.trim() !== ''))];
  if (!ids.length) throw new BadRequest(MESSAGES.nothingToExport, { selection: [MESSAGES.nothingToExport] });
  return { ids, model: request.model };
}

function describe(selection: ExportSelection, model: ExportModel): string {
  if ('all' in selection) return 'All releases';
  if ('label_id' in selection) return "The label's catalogue";
  const n = selection.ids.length;
  return `${n} ${model === 'recordings' ? 'recording' : 'release'}${n === 1 ? '' : 's'}`;
}

const asSelection = (value: unknown): ExportSelection => value as ExportSelection;

/** An export as the API answers it, with a fresh download link while its file exists. */
async function exportView(job: CatalogueExportItem): Promise<ExportJobView> {
  const link =
    job.status === 'done' && job.file_key
      ? {
          download_url: await exportDownloadUrl(job.file_key, job.filename),
          download_expires_at: new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString(),
        }
      : {};
  return {
    id: job.id,
    model: job.model,
    format: job.format,
    status: job.status,
    selection: describe(asSelection(job.selection), job.model),
    done: job.done ?? 0,
    total: job.total ?? 0,
    rows: job.rows ?? 0,
    skipped: (job.skipped as ExportSkipped[] | undefined) ?? [],
    filename: job.filename,
    size: job.size ?? 0,
    ...(job.error ? { error: job.error } : {}),
    created_at: job.createdAt ?? '',
    ...(job.finishedAt ? { finished_at: job.finishedAt } : {}),
    ...link,
  };
}

/** What each model's exports are called in their file names. */
const MODEL_WORDS: Record<ExportModel, string> = { releases: 'Releases', recordings: 'Recordings' };

/**
 * An export's file name in its reader's words: what, in which format, and when it was asked for (UTC, to the minute),
 * e.g. "Releases — FUGA bulk metadata (CSV) — 2026-12-05 14.32.csv". It is also the file's key under the export's own
 * folder, so two exports of one minute never share a file (the browser numbers the second download).
 */
function exportFileName(request: ExportRequest, at: Date): string {
  const when = at.toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');
  const words = `${MODEL_WORDS[request.model]} — ${EXPORT_FORMAT_LABELS[request.format]} — ${when}`;
  return downloadName(words, exportFileType(request.format).extension);
}

/**
 * Asks for an export: a job is recorded, then written at once (a few chosen releases) or queued
 * to the worker. Answers the job; its `status` says which (done, or queued). A queued job is
 * answered as it was queued, read before the message is sent: the worker may take it at once, and the answer
 * should not depend on which of the two is quicker.
 */
export async function startExport(
  tenantId: string,
  userId: string,
  request: ExportRequest,
): Promise<{ inline: boolean; export: ExportJobView }> {
  const selection = selectionOf(request);
  if ('label_id' in selection && !(await labelsById(tenantId, [selection.label_id])).length)
    throw new NotFound('Label');
  const id = ulid();
  const filename = exportFileName(request, new Date());
  const inline = 'ids' in selection && request.model === 'releases' && selection.ids.length <= INLINE_RELEASES;
  await createExportJob({
    tenantId,
    id,
    userId,
    model: request.model,
    format: request.format,
    selection,
    strip: request.strip,
    status: 'queued',
    total: 'ids' in selection && request.model === 'releases' ? selection.ids.length : 0,
    filename,
  });
  if (inline) {
    await runExport(tenantId, id, { push: false });
    return { inline, export: await exportView(await ownExport(tenantId, userId, id)) };
  }
  const queued = await exportView(await ownExport(tenantId, userId, id));
  await queueExport({ tenantId, exportId: id });
  return { inline, export: queued };
}

async function ownExport(tenantId: string, userId: string, id: string): Promise<CatalogueExportItem> {
  const job = await getExportJob(tenantId, id);
  if (!job || job.userId !== userId) throw new NotFound('Export');
  return job;
}

export async function getExport(tenantId: string, userId: string, id: string): Promise<ExportJobView> {
  return exportView(await ownExport(tenantId, userId, id));
}

export async function listExports(tenantId: string, userId: string): Promise<ExportJobView[]> {
  return Promise.all((await listExportJobs(tenantId, userId)).map(exportView));
}

/** Deletes an export and its file. */
export async function deleteExport(tenantId: string, userId: string, id: string): Promise<void> {
  const job = await ownExport(tenantId, userId, id);
  if (job.file_key) await deleteExportFile(job.file_key);
  await deleteExportJob(tenantId, id);
}

type Progress = Pick<ExportJobView, 'done' | 'total' | 'status'>;

function pusher(job: CatalogueExportItem, enabled: boolean) {
  let last = 0;
  return async (progress: Progress, force = false) => {
    if (!enabled || (!force && Date.now() - last < PUSH_EVERY_MS)) return;
    last = Date.now();
    await pushToUser(job.userId, { type: EXPORT_PROGRESS_EVENT, export_id: job.id, ...progress }).catch(() => 0);
  };
}

/**
 * Writes an export's file (the worker, or the API for a few releases): to local disk a release at
 * a time, then to the uploads bucket; the job records its rows, what was left out and why, and
 * its file. A job already done is left as it is (a message delivered twice writes one file); a
 * failure marks it failed with the reason and is thrown again so the queue retries it.
 */
export async function runExport(
  tenantId: string,
  id: string,
  options: { push?: boolean } = {},
): Promise<'done' | 'already done' | 'gone'> {
  const job = await getExportJob(tenantId, id);
  if (!job) return 'gone';
  if (job.status === 'done') return 'already done';
  const push = pusher(job, options.push ?? true);
  const selection = asSelection(job.selection);
  const dir = await makeWorkFolder('catalogue-export-');
  try {
    const total = await countSelection(tenantId, selection);
    await updateExportJob(tenantId, id, { status: 'running', done: 0, total });
    await push({ status: 'running', done: 0, total }, true);
    const path = join(dir, job.filename);
    const out = createWriteStream(path);
    let read = 0;
    const report = await writeExport(job.format, loadExportReleases(tenantId, selection), out, {
      strip: job.strip ?? [],
      onRelease: async (n) => {
        read = n;
        await push({ status: 'running', done: n, total });
      },
    });
    out.end();
    await finished(out);
    const { size } = await stat(path);
    const key = exportFileKey(tenantId, id, job.filename);
    await storeExportFile(key, path, size, exportFileType(job.format).contentType);
    await updateExportJob(tenantId, id, {
      status: 'done',
      done: read,
      total: Math.max(total, read),
      rows: report.rows,
      skipped: report.skipped,
      file_key: key,
      size,
      finishedAt: new Date().toISOString(),
    });
    await push({ status: 'done', done: read, total: Math.max(total, read) }, true);
    return 'done';
  } catch (error) {
    await updateExportJob(tenantId, id, { status: 'failed', error: 'The export could not be written; try again' });
    await push({ status: 'failed', done: 0, total: 0 }, true);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
