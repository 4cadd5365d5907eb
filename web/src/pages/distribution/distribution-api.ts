import { api } from '../../app/api';
import { listPath, type ListParams } from '../../app/list-params';
import type { DspConnectionStatus } from '../../../../shared/distribution';

/** The distribution setup's calls: DSP links, distributor links, the UPC pool. */

export type DspConnection = {
  id: string;
  company_id: string;
  company_name: string;
  dsp_id: string;
  dsp_name: string;
  status: DspConnectionStatus;
  note: string | null;
  requested_at: string | null;
  connected_at: string | null;
};
export type DspConnections = { dsp_connections: DspConnection[]; total_count: number };

export type PoolUpc = { upc: string; status: 'free' | 'linked'; release_id: string | null; linked_at: string | null };

export type CompanyDistributor = {
  id: string;
  distributor_id: string;
  distributor_name: string;
  active?: boolean;
  base?: boolean;
  terminated?: boolean;
  contract_start_date?: string;
  contract_end_date?: string;
  contract_file_name: string | null;
  contract_data_uri: string | null;
};
export type CompanyDistribution = {
  company: { id: string; name: string; distributed: boolean };
  company_distributors: CompanyDistributor[];
  dsp_connections: DspConnection[];
};

/** Admin calls name their company in the path, never by the current company header. */
const GLOBAL = { companyId: null } as const;

export const ALL_CONNECTIONS = (status: DspConnectionStatus) => `/dsp_connections?status=${status}`;
export const REQUESTED_DSPS = '/requested_dsps';
export const MY_CONNECTIONS = '/company/dsp_connections';
export const companyDistributionPath = (companyId: string) =>
  `/companies/${encodeURIComponent(companyId)}/distribution`;

export const setConnectionStatus = (id: string, status: DspConnectionStatus) =>
  api.patch<{ message: string }>(`/dsp_connections/${encodeURIComponent(id)}`, { dsp_connection: { status } }, GLOBAL);

export const requestDsp = (companyId: string, dspId: string) =>
  api.post<{ message: string }>(MY_CONNECTIONS, { dsp_id: dspId }, { companyId });

export const upcsPath = (params: ListParams) => listPath('/distribution_upcs', params);

export const importUpcs = (upcs: string) =>
  api.post<{ imported: number; message: string }>('/distribution_upcs/import', { upcs });

export const linkUpc = (releaseId: string) =>
  api.post<{ upc: string; message: string }>('/distribution_upcs/link_to_release', { release_id: releaseId });

export async function uploadContract(companyId: string, file: File): Promise<string> {
  const presigned = await api.post<{ url: string; key: string; headers: Record<string, string> }>(
    `/companies/${encodeURIComponent(companyId)}/distributors/uploads`,
    { filename: file.name, content_type: file.type || 'application/pdf', size: file.size },
    GLOBAL,
  );
  const put = await fetch(presigned.url, { method: 'PUT', headers: presigned.headers, body: file });
  if (!put.ok) throw new Error(`The contract could not be uploaded (HTTP ${put.status})`);
  return presigned.key;
}

export const saveCompanyDistributor = (companyId: string, row: Record<string, unknown>) =>
  api.post<{ message: string }>(
    `/companies/${encodeURIComponent(companyId)}/distributors`,
    { company_distributor: row },
    GLOBAL,
  );
