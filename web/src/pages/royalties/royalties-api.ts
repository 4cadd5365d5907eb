import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../app/api';
import { listPath, type ListParams } from '../../app/list-params';
import { useApi } from '../../app/resources';
import { bulkBody, filterParams, type BulkAction, type RoyaltyFilter } from './royalty-model';
import type { MapPreview, Royalty, RoyaltyImport, RoyaltyMap, SavedRoyaltyMap, UnmatchedLine } from './royalty-types';

/** The pages of this feature (spec 3 §2.5). */
export const ROYALTIES_PAGE = '/user/royalties';
export const BULK_IMPORT_PAGE = '/user/royalties/bulk_import';
export const MAP_IMPORT_PAGE = '/user/royalties/map_import';
export const NEW_SALE_PAGE = '/user/royalties/new_sale';
export const importPage = (id: string) => `/user/royalties/imports/${encodeURIComponent(id)}`;
export const royaltyEditPage = (id: string) => `/user/royalties/${encodeURIComponent(id)}/edit`;
export const royaltiesForImport = (id: string) => `${ROYALTIES_PAGE}?import_id=${encodeURIComponent(id)}`;

const enc = encodeURIComponent;

export const royaltiesPath = (params: ListParams, filter: RoyaltyFilter) => listPath('/royalties', params, filterParams(filter));
export const importsPath = (params: ListParams) => listPath('/royalty_imports', params);

export const useRoyalty = (id: string | undefined) => useApi<{ royalty: Royalty }>(id ? `/royalties/${enc(id)}` : null);
export const useImport = (id: string | undefined, refreshInterval = 0) =>
  useApi<{ royalty_import: RoyaltyImport }>(id ? `/royalty_imports/${enc(id)}` : null, { refreshInterval });
export const useUnmatched = (id: string | undefined) => useApi<{ unmatched: UnmatchedLine[] }>(id ? `/royalty_imports/${enc(id)}/unmatched` : null);
export const useRoyaltyMaps = () => useApi<{ royalty_maps: SavedRoyaltyMap[] }>('/royalty_maps');

/** Reloads every loaded answer whose path starts with one of `prefixes` (SWR keys are [path, company]). */
export function useRefresh(...prefixes: string[]) {
  const { mutate } = useSWRConfig();
  const joined = prefixes.join('\n');
  return useCallback(() => {
    const list = joined.split('\n');
    return mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && list.some((p) => key[0].startsWith(p)));
  }, [mutate, joined]);
}

export type Answer<K extends string, T> = { [key in K]: T } & { message?: string };

export const royaltiesApi = {
  create: (royalty: Record<string, unknown>) => api.post<Answer<'royalty', Royalty>>('/royalties', { royalty }),
  update: (id: string, royalty: Record<string, unknown>) => api.patch<Answer<'royalty', Royalty>>(`/royalties/${enc(id)}`, { royalty }),
  remove: (id: string) => api.delete<{ message?: string }>(`/royalties/${enc(id)}`),
  mark: (action: BulkAction, target: Parameters<typeof bulkBody>[0]) => api.patch<{ updated: number; message?: string }>(`/royalties/${action}`, bulkBody(target)),
  presign: (file: File, sourceId: string) =>
    api.post<{ url: string; method: 'PUT'; headers?: Record<string, string>; key: string }>('/royalties/bulk', { filename: file.name, size: file.size, source_id: sourceId }),
  deleteImport: (id: string) => api.delete<{ message?: string }>(`/royalty_imports/${enc(id)}`),
  confirmImport: (id: string) => api.post<{ message?: string }>(`/royalty_imports/${enc(id)}/confirm`),
  assign: (id: string, body: { field: 'isrc' | 'upc' | 'cat_no'; value: string; recording_id?: string; release_id?: string }) =>
    api.post<{ message?: string }>(`/royalty_imports/${enc(id)}/assign`, body),
  saveMap: (id: string | null, body: { name: string; map: RoyaltyMap }) =>
    id ? api.patch<Answer<'royalty_map', SavedRoyaltyMap>>(`/royalty_maps/${enc(id)}`, body) : api.post<Answer<'royalty_map', SavedRoyaltyMap>>('/royalty_maps', body),
  preview: (sample: string, map?: RoyaltyMap) => api.post<MapPreview>('/royalty_maps/preview', map ? { sample, map } : { sample }),
};
