import type { LabelView } from '../../../../shared/schemas/label';
import { useInvalidate } from '../../app/invalidate';
import { useApi, adminLabelsPath, labelsPath, type LabelListParams } from '../../app/resources';

export type LabelMode = 'user' | 'admin';

/** What differs between the tenant pages (UserLabels …) and the admin pages (LabelsAdmin …). */
export const LABEL_MODES: Record<
  LabelMode,
  { apiBase: string; pageBase: string; tableId: string; listPath: (params: LabelListParams) => string }
> = {
  user: { apiBase: '/labels', pageBase: '/user/labels', tableId: 'labels', listPath: labelsPath },
  admin: { apiBase: '/admin/labels', pageBase: '/admin/labels', tableId: 'admin-labels', listPath: adminLabelsPath },
};

/** One label (GET /labels/{id} or /admin/labels/{id}). */
export function useLabelResource(mode: LabelMode, id: string | undefined) {
  return useApi<{ label: LabelView }>(id ? `${LABEL_MODES[mode].apiBase}/${encodeURIComponent(id)}` : null);
}

/** Revalidates every cached label answer (lists, details, dashboards) after a write. */
export const useRefreshLabels = () => useInvalidate('/labels', '/admin/labels');
