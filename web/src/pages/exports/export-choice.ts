import { EXPORT_FORMATS, type ExportFormat, type ExportModel } from '../../../../shared/catalogue-exchange/exports';
import { MESSAGES } from '../../../../shared/messages';

/**
 * What the Export menu of a list page asks for: the checked rows, else the
 * rows the list shows now (its current filter and page), or everything. Nothing checked and
 * nothing visible is refused here with the product's words, before any call.
 */
export type ExportScope = 'rows' | 'all';
export type ExportAsk = { model_name: ExportModel; format: ExportFormat; all?: true; ids?: string[] };

/** The menu item id of a scope and format ("rows:fuga_csv"). */
export const exportItemId = (scope: ExportScope, format: ExportFormat) => `${scope}:${format}`;

export function parseExportItem(id: string): { scope: ExportScope; format: ExportFormat } | null {
  const [scope, format] = id.split(':');
  if ((scope !== 'rows' && scope !== 'all') || !(EXPORT_FORMATS as readonly string[]).includes(format)) return null;
  return { scope, format: format as ExportFormat };
}

/** The request for a choice, or the refusal's message. */
export function exportAsk(
  model: ExportModel,
  scope: ExportScope,
  format: ExportFormat,
  selectedIds: readonly string[],
  visibleIds: readonly string[],
): ExportAsk | { error: string } {
  if (scope === 'all') return { model_name: model, format, all: true };
  const ids = selectedIds.length ? selectedIds : visibleIds;
  if (!ids.length) return { error: MESSAGES.nothingToExport };
  return { model_name: model, format, ids: [...ids] };
}
