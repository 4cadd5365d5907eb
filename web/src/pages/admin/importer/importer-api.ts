import { api } from '../../../app/api';
import { useInvalidate } from '../../../app/invalidate';
import { listPath, type ListParams } from '../../../app/list-params';
import { useApi } from '../../../app/resources';
import type { ExchangeModel, ModelAttribute } from '../../../../../shared/catalogue-exchange/model-attributes';

/** The admin importer and metadata maps are the platform's: calls send no X-Company-Id. */
const GLOBAL = { companyId: null } as const;
const MAPS = '/metadata_maps';
const mapPath = (id: string) => `${MAPS}/${encodeURIComponent(id)}`;

export type MetadataMap = {
  id: string;
  map: Record<string, string>;
  model_type: ExchangeModel;
  mapable_type?: string;
  mapable_id?: string;
  mapable: { id: string; name: string } | null;
  notes?: string;
  source_service?: string;
  target_service?: string;
  type?: string;
  year?: number;
  title?: string;
  created_at: string;
  updated_at: string;
};
type SavedMap = { metadata_map: MetadataMap; message: string };

export const metadataMapsPath = (params: ListParams) => listPath(MAPS, params);
export const useMetadataMap = (id: string | undefined) =>
  useApi<{ metadata_map: MetadataMap }>(id ? mapPath(id) : null);
/** Saved maps of a model, for the importer's map picker. */
export const useMetadataMapsOf = (model: string | null) =>
  useApi<{ metadata_maps: MetadataMap[] }>(model ? `${MAPS}?model_type=${model}&per_page=1000` : null);
export const useMetadataMapsRefresh = () => useInvalidate(MAPS);

export function saveMetadataMap(id: string | undefined, body: Record<string, unknown>): Promise<SavedMap> {
  return id ? api.patch<SavedMap>(mapPath(id), body, GLOBAL) : api.post<SavedMap>(MAPS, body, GLOBAL);
}
export const deleteMetadataMap = (id: string) => api.delete<{ message: string }>(mapPath(id), GLOBAL);

export const useImporterModels = () => useApi<{ models: { model: ExchangeModel; title: string }[] }>('/importer');
export const modelAttributes = (model: ExchangeModel) =>
  api.post<{ attributes: ModelAttribute[] }>('/model_attributes', { model }, GLOBAL);

export type ImportFileRef = { key: string; filename: string; size: number };
export type RowError = { row: number; field: string; message: string };
export type PlannedRecord = { key: string; rows: number[]; label: string; errors: RowError[]; duplicate?: string };
export type ImporterPreview = {
  import_id: string;
  valid: number;
  invalid: number;
  duplicates: number;
  rows: number;
  records: PlannedRecord[];
  listed_all?: boolean;
};
export type ImportJob = { id: string; status: string; total: number; done: number; added: number; message: string };

export const importerApi = {
  presign: (companyId: string, file: File) =>
    api.post<{ url: string; key: string; headers?: Record<string, string> }>(
      '/importer/uploads',
      {
        company_id: companyId,
        filename: file.name,
        content_type: file.type || 'application/octet-stream',
        size: file.size,
      },
      GLOBAL,
    ),
  preview: (body: Record<string, unknown>) => api.post<ImporterPreview>('/importer/preview', body, GLOBAL),
  start: (body: Record<string, unknown>) =>
    api.post<{ import_id: string; message: string; metadata_map: MetadataMap | null }>('/importer', body, GLOBAL),
  /** The job is the company's: read in that company (admins may work in any). */
  job: (companyId: string, importId: string) =>
    api.get<{ import: ImportJob }>(`/catalogue_imports/${encodeURIComponent(importId)}`, { companyId }),
};

type Named = { id: string; name: string };
const OWNER_LISTS: Record<string, { path: string; collection: string }> = {
  Company: { path: '/admin/companies?per_page=1000', collection: 'companies' },
  Distributor: { path: '/distributors?all=true', collection: 'distributors' },
  Dsp: { path: '/dsps?all=true', collection: 'dsps' },
};

/** The records a map may belong to (companies, distributors, DSPs), as select options. */
export function useOwnerOptions(type: string | undefined) {
  const list = type ? OWNER_LISTS[type] : undefined;
  const { data } = useApi<Record<string, Named[]>>(list?.path ?? null);
  return (list && data?.[list.collection] ? data[list.collection] : []).map((r) => ({ value: r.id, label: r.name }));
}
