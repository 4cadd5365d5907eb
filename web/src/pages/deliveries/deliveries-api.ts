import { api } from '../../app/api';
import type { DeliveryAction, ReleaseDeliveryView } from '../../../../shared/deliveries';

/** The deliveries area's calls: a release's deliveries, and the distribution records. */
type Company = { companyId?: string };
const opts = ({ companyId }: Company) => (companyId ? { companyId } : undefined);

export type ReleaseDeliveries = { release_deliveries: ReleaseDeliveryView[] };

export const deliveriesApi = {
  list: (releaseId: string, company: Company) =>
    api.get<ReleaseDeliveries>(`/releases/${releaseId}/distribution_deliveries`, opts(company)),
  create: (releaseId: string, dspIds: string[], action: DeliveryAction, company: Company) =>
    api.post<ReleaseDeliveries>(
      `/releases/${releaseId}/distribution_deliveries/bulk_create`,
      { release_deliveries: dspIds.map((dsp_id) => ({ dsp_id, release_id: releaseId, action, status: 'created' })) },
      opts(company),
    ),
  deliver: (body: { ids?: string[]; release_id?: string }, company: Company) =>
    api.post<ReleaseDeliveries & { queued: number; message: string }>(
      '/distribution_deliveries/bulk_deliver',
      body,
      opts(company),
    ),
  redeliver: (id: string, company: Company) =>
    api.post<ReleaseDeliveries>(`/distribution_deliveries/${id}/redeliver`, {}, opts(company)),
  remove: (id: string, company: Company) => api.delete(`/distribution_deliveries/${id}`, opts(company)),
};

/** A distribution record as the admin list answers it. */
export type DistributionRecord = Record<string, string | undefined> & { id: string };
export type DistributionRecords = { deliveries: DistributionRecord[]; total_count: number; total_pages: number };

export const recordsApi = {
  list: (page: number, q: string) =>
    api.get<DistributionRecords>(
      `/deliveries?page=${page}&per_page=50&order=${encodeURIComponent('delivery_time desc')}` +
        (q ? `&q=${encodeURIComponent(q)}` : ''),
    ),
  get: (id: string) => api.get<{ delivery: DistributionRecord }>(`/deliveries/${id}`),
  import: (file: string) => api.post<{ imported: number; message: string }>('/deliveries/import', { file }),
  remove: (id: string) => api.delete<{ message: string }>(`/deliveries/${id}`),
};
