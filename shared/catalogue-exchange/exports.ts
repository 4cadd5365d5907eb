/**
 * Catalogue exports shared by the API and the SPA:
 * the formats, what a format writes, and an export job as the exports list shows it.
 */

/** The file types a release export is written in; merlin_metadata is always empty. */
export const EXPORT_FORMATS = ['json', 'csv', 'release_csv', 'fuga_csv', 'ppl_csv', 'merlin_metadata'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  json: 'JSON',
  csv: 'CSV (every field)',
  release_csv: 'Release sheet (CSV, imports again)',
  fuga_csv: 'FUGA bulk metadata (CSV)',
  ppl_csv: 'PPL repertoire registration (CSV)',
  merlin_metadata: 'Merlin metadata (empty)',
};

/** The models an export can start from: releases, or recordings (their releases are exported). */
export const EXPORT_MODELS = ['releases', 'recordings'] as const;
export type ExportModel = (typeof EXPORT_MODELS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** An export waiting for its worker or being written: not final, so a worker's death must not leave it there. */
export const EXPORT_UNFINISHED = ['queued', 'running'] as const satisfies readonly ExportStatus[];

/** A release left out of a file and why (a ℗/© line without a four-digit year). */
export type ExportSkipped = { release_id: string; release: string; reasons: string[] };

/** An export job as the API answers it; `download_url` only while it is done, and only for a while. */
export type ExportJobView = {
  id: string;
  model: ExportModel;
  format: ExportFormat;
  status: ExportStatus;
  /** What was asked: every release, or how many were picked. */
  selection: string;
  done: number;
  total: number;
  rows: number;
  skipped: ExportSkipped[];
  filename: string;
  size: number;
  error?: string;
  created_at: string;
  finished_at?: string;
  download_url?: string;
  /** When the download link stops working (ISO time). */
  download_expires_at?: string;
};

/** The push a running export sends its user (WebSocket). */
export const EXPORT_PROGRESS_EVENT = 'catalogue_export.progress';

/** File extension and content type of each format's file. */
export function exportFileType(format: ExportFormat): { extension: string; contentType: string } {
  return format === 'json'
    ? { extension: 'json', contentType: 'application/json' }
    : { extension: 'csv', contentType: 'text/csv' };
}
