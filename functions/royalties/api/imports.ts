import { isHeld } from '../import/held.js';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ulid } from 'ulid';
import { z } from 'zod';
import { VALIDATION } from '../../../shared/messages.js';
import { ENV } from '../../../infra/resources.js';
import * as importsDb from '../../data/access/royalty-imports.js';
import { getSource, listSources } from '../../data/access/royalty-sources.js';
import type { RoyaltyImportItem } from '../../data/entities/royalties.js';
import { deleteObjectsUnder } from '../../lib/bucket-objects.js';
import { requireEnv, s3Client } from '../../lib/clients.js';
import { log } from '../../lib/logger.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import { safeFileName } from '../../uploads/presign.js';
import { dropKey, importPrefixes } from '../bucket-keys.js';
import { deleteAggregates } from '../ledger/aggregates.js';
import { royaltiesChanged } from '../ledger/state.js';
import { MAX_REPORT_BYTES, readableSize } from '../import/limits.js';
import { runIsAlive } from '../import/run-claim.js';
import { deleteUnstatedImport } from './stated-lines.js';
import { importJobJson } from './import-job-json.js';

/**
 * Report imports as the user sees them: uploading a report into the
 * company's drop folder, the list and detail of imports with their control totals, deleting one.
 * The import itself is the worker's (run-import.ts): a browser upload and a distributor's drop
 * take the same path.
 */
const UPLOAD_URL_SECONDS = 60 * 60;

export const reportUpload = z.strictObject({
  filename: z.string().trim().min(1).max(255),
  size: z
    .number()
    .int()
    .min(1, 'The file is empty')
    .max(MAX_REPORT_BYTES, VALIDATION.maxValue('Size', readableSize(MAX_REPORT_BYTES))),
  source_id: z.string().trim().min(1, 'Choose a royalty map').max(64),
  content_type: z.string().max(200).optional(),
});

/** A presigned PUT into drop/{company}/{source}/; the uploader's id rides along as metadata so the worker can tell them how it goes. */
export async function presignReport(tenantId: string, userId: string, input: z.infer<typeof reportUpload>) {
  const source = await getSource(tenantId, input.source_id);
  if (!source) throw new InvalidField('source_id', 'Royalty map not found');
  const key = dropKey(tenantId, input.source_id, `${ulid()}-${safeFileName(input.filename)}`);
  const command = new PutObjectCommand({
    Bucket: requireEnv(ENV.ledgerBucket),
    Key: key,
    ContentLength: input.size,
    Metadata: { 'user-id': userId },
  });
  const url = await getSignedUrl(s3Client(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    unhoistableHeaders: new Set(['x-amz-meta-user-id']),
  });
  return { url, key, method: 'PUT' as const, headers: { 'x-amz-meta-user-id': userId } };
}

/** An import as the API answers it: the workers' claims left out, whether it may be re-run put in. */
export function importJson(item: RoyaltyImportItem, sourceNames: Map<string, string>) {
  // The finishing and run claims are the workers' business (import/parts.ts, import/run-claim.ts).
  const {
    tenantId: _tenant,
    createdAt,
    updatedAt,
    finishing: _claim,
    finishing_since: _since,
    run_token: _token,
    job_status: _jobStatus,
    job_kind: _jobKind,
    job_token: _jobToken,
    job_user_id: _jobUser,
    job_queued_at: _jobQueued,
    job_since: _jobSince,
    job_progress: _jobProgress,
    job_finished_at: _jobFinished,
    job_result: _jobResult,
    job_error: _jobError,
    ...rest
  } = item;
  const { totals, matched } = rest;
  // An uploaded report's key starts with the upload's id; the user knows the file by its own name.
  return {
    ...rest,
    filename: item.filename.replace(/^[0-9A-Z]{26}-/, ''),
    source_name: sourceNames.get(item.source_id) ?? null,
    created_at: createdAt,
    updated_at: updatedAt,
    rejected_count: totals?.rejected.length ?? 0,
    unmatched_lines: matched?.unmatched ?? 0,
    // Failed, or processing with no sign of life past the worker's timeout (import-actions.ts rerunImport).
    can_rerun: item.status === 'failed' || (item.status === 'processing' && !runIsAlive(item)),
    // Flagged and not accepted: its lines wait outside every statement (import/held.ts).
    held: isHeld(item),
    // A re-match asked for, run by the import worker (import/rematch-job.ts).
    job: importJobJson(item),
  };
}

/** The tenant's map names by id, for the imports' `source_name`. */
export async function sourceNames(tenantId: string) {
  const sources = await listSources(tenantId);
  return new Map(sources.map((s) => [s.id, s.name]));
}

/** The company's imports, newest first; the rejected lines stay on the detail. */
export async function listImports(tenantId: string, page: number, perPage: number) {
  const [items, names] = await Promise.all([importsDb.listImports(tenantId), sourceNames(tenantId)]);
  items.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  const slice = items.slice((page - 1) * perPage, page * perPage).map((item) => {
    const json = importJson(item, names);
    return json.totals ? { ...json, totals: { ...json.totals, rejected: undefined } } : json;
  });
  return {
    royalty_imports: slice,
    total_count: items.length,
    total_pages: Math.ceil(items.length / perPage),
    page,
    per_page: perPage,
  };
}

export async function getImport(tenantId: string, id: string) {
  const item = await importsDb.getImport(tenantId, id);
  if (!item) throw new NotFound('Import');
  return { royalty_import: importJson(item, await sourceNames(tenantId)) };
}

/**
 * Deletes an import with its lines and aggregates: its lines leave the royalties list at once. Never one whose lines
 * a published statement carries (409 naming it): a statement and the ledger behind it always agree.
 */
export async function deleteImport(tenantId: string, id: string) {
  if (!(await importsDb.getImport(tenantId, id))) throw new NotFound('Import');
  await deleteUnstatedImport(tenantId, id);
  await deleteAggregates(tenantId, id);
  await royaltiesChanged(tenantId);
  await importsDb.deleteAllImportParts(tenantId, id);
  // Everything of the import in the bucket: its ledger file or parts, and what an unfinished or crashed run left.
  const bucket = requireEnv(ENV.ledgerBucket);
  const { refused } = await deleteObjectsUnder(bucket, importPrefixes(tenantId, id));
  if (refused.length) log().error('files of a deleted import not removed', { keys: refused.map((r) => r.key) });
  return { message: 'Import Deleted' };
}
