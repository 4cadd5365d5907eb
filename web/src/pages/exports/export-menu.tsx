import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import { useState } from 'react';
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  type ExportJobView,
  type ExportModel,
} from '../../../../shared/catalogue-exchange/exports';
import { api } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { exportAsk, exportItemId, parseExportItem } from './export-choice';

type Props = { model: ExportModel; selectedIds: readonly string[]; visibleIds: readonly string[] };

/** Opens a finished export's file (the link expires; the exports list gives a fresh one). */
export function openExportFile(job: ExportJobView): void {
  if (job.download_url) window.location.assign(job.download_url);
}

/** Says what an export left out (the ℗/© year rule), one line per release. */
export function skippedLines(job: ExportJobView): string[] {
  return job.skipped.map((s) => `${s.release}: ${s.reasons.join('; ')}`);
}

/**
 * The Export menu of the releases and recordings lists: the checked (else visible) rows or
 * everything, in any format. A few rows come back at once and download; more become an export
 * job whose progress and link are on Profile → Exports.
 */
export function ExportMenu({ model, selectedIds, visibleIds }: Props) {
  const [busy, setBusy] = useState(false);
  const rowsLabel = selectedIds.length
    ? `Selected rows (${selectedIds.length})`
    : `Visible rows (${visibleIds.length})`;
  const formats = (scope: 'rows' | 'all') =>
    EXPORT_FORMATS.map((format) => ({ id: exportItemId(scope, format), text: EXPORT_FORMAT_LABELS[format] }));
  const run = async (id: string) => {
    const choice = parseExportItem(id);
    if (!choice) return;
    const ask = exportAsk(model, choice.scope, choice.format, selectedIds, visibleIds);
    if ('error' in ask) return notify('error', ask.error);
    setBusy(true);
    try {
      const { export: job } = await api.post<{ export: ExportJobView }>('/exports', ask);
      if (job.status === 'done') {
        notify('notification', `Export ready: ${job.rows} rows`, skippedLines(job));
        openExportFile(job);
      } else notify('notification', 'Export started: follow it on Profile → Exports');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <ButtonDropdown
      loading={busy}
      data-testid={`${model}-export`}
      items={[
        { text: rowsLabel, items: formats('rows') },
        { text: 'Everything', items: formats('all') },
      ]}
      onItemClick={({ detail }) => void run(detail.id)}
    >
      Export
    </ButtonDropdown>
  );
}
