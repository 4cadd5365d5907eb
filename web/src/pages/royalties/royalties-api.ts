import { useLocation } from 'react-router';
import { api } from '../../app/api';
import { listPath, type ListParams } from '../../app/list-params';
import { useApi } from '../../app/resources';
import { bulkBody, filterParams, type BulkAction, type RoyaltyFilter } from './royalty-model';
import type {
  ExchangeRate,
  ExchangeRateInput,
  ImportJob,
  MapPreview,
  Royalty,
  RoyaltyImport,
  SavedRoyaltyMap,
  UnmatchedAnswer,
  AssignBody,
} from '../../../../shared/schemas/royalty-views';
import type { RoyaltyMap } from '../../../../shared/schemas/royalty-map';

const enc = encodeURIComponent;

/** The pages of this feature. */
export const ROYALTIES_PAGE = '/user/royalties';
const BULK_IMPORT_PAGE = '/user/royalties/bulk_import';
const MAP_IMPORT_PAGE = '/user/royalties/map_import';
const NEW_SALE_PAGE = '/user/royalties/new_sale';
const EXCHANGE_RATES_PAGE = '/user/royalties/exchange_rates';
export const importPage = (id: string) => `/user/royalties/imports/${enc(id)}`;
export const royaltyEditPage = (id: string) => `/user/royalties/${enc(id)}/edit`;
const royaltiesForImport = (id: string) => `${ROYALTIES_PAGE}?import_id=${enc(id)}`;

/** The exchange-rates page with its add form filled in (from an import's missing rate). */
export function exchangeRatesFor(prefill: {
  distributor?: string;
  original_currency?: string;
  target_currency?: string;
  import_id?: string;
}): string {
  const query = new URLSearchParams(
    Object.entries(prefill).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return query ? `${EXCHANGE_RATES_PAGE}?${query}` : EXCHANGE_RATES_PAGE;
}

/** Where the feature's pages link to: the same pages are shown under /user and, for admins, under /distribution. */
export type RoyaltyPages = {
  list: string;
  bulkImport: string;
  mapImport: string;
  newSale: string;
  exchangeRates: string;
  importPage: (id: string) => string;
  royaltiesForImport: (id: string) => string;
  editPage: (id: string) => string;
};

export const USER_ROYALTY_PAGES: RoyaltyPages = {
  list: ROYALTIES_PAGE,
  bulkImport: BULK_IMPORT_PAGE,
  mapImport: MAP_IMPORT_PAGE,
  newSale: NEW_SALE_PAGE,
  exchangeRates: EXCHANGE_RATES_PAGE,
  importPage,
  royaltiesForImport,
  editPage: royaltyEditPage,
};

/** The distribution area has no sale form, line editor or exchange-rates page of its own: those stay under /user. */
export const DISTRIBUTION_ROYALTY_PAGES: RoyaltyPages = {
  ...USER_ROYALTY_PAGES,
  list: '/distribution/finances/royalties',
  bulkImport: '/distribution/finances/royalties/imports',
  mapImport: '/distribution/royalty_maps',
  importPage: (id) => `/distribution/finances/royalties/import/${enc(id)}`,
  royaltiesForImport: (id) => `/distribution/finances/royalties?import_id=${enc(id)}`,
};

/** The pages of the area (tenant or distribution) the current page is in. */
export const royaltyPagesFor = (pathname: string): RoyaltyPages =>
  /^\/distribution(\/|$)/.test(pathname) ? DISTRIBUTION_ROYALTY_PAGES : USER_ROYALTY_PAGES;

export function useRoyaltyPages(): RoyaltyPages {
  return royaltyPagesFor(useLocation().pathname);
}

export const royaltiesPath = (params: ListParams, filter: RoyaltyFilter) =>
  listPath('/royalties', params, filterParams(filter));
export const importsPath = (params: ListParams) => listPath('/royalty_imports', params);

export const useRoyalty = (id: string | undefined) => useApi<{ royalty: Royalty }>(id ? `/royalties/${enc(id)}` : null);
export const useImport = (id: string | undefined, refreshInterval = 0) =>
  useApi<{ royalty_import: RoyaltyImport }>(id ? `/royalty_imports/${enc(id)}` : null, { refreshInterval });
export const useUnmatched = (id: string | undefined) =>
  useApi<UnmatchedAnswer>(id ? `/royalty_imports/${enc(id)}/unmatched` : null);
export const useRoyaltyMaps = () => useApi<{ royalty_maps: SavedRoyaltyMap[] }>('/royalty_maps');
export const useExchangeRates = () =>
  useApi<{ exchange_rates: ExchangeRate[]; total_count: number }>('/exchange_rates');
export const useDeliveredBy = () => useApi<{ delivered_by: string[] }>('/royalties/delivered_by');
/** The distributors reference list (names only are used, as suggestions). */
export const useDistributors = () =>
  useApi<{ distributors: { id: string; name: string }[] }>('/distributors?per_page=1000');

export type Answer<K extends string, T> = { [key in K]: T } & { message?: string };

export const royaltiesApi = {
  create: (royalty: Record<string, unknown>) => api.post<Answer<'royalty', Royalty>>('/royalties', { royalty }),
  update: (id: string, royalty: Record<string, unknown>) =>
    api.patch<Answer<'royalty', Royalty>>(`/royalties/${enc(id)}`, { royalty }),
  remove: (id: string) => api.delete<{ message?: string }>(`/royalties/${enc(id)}`),
  mark: (action: BulkAction, target: Parameters<typeof bulkBody>[0]) =>
    api.patch<{ updated: number; message?: string }>(`/royalties/${action}`, bulkBody(target)),
  presign: (file: File, sourceId: string) =>
    api.post<{ url: string; method: 'PUT'; headers?: Record<string, string>; key: string }>('/royalties/bulk', {
      filename: file.name,
      size: file.size,
      source_id: sourceId,
    }),
  deleteImport: (id: string) => api.delete<{ message?: string }>(`/royalty_imports/${enc(id)}`),
  confirmImport: (id: string) => api.post<{ message?: string }>(`/royalty_imports/${enc(id)}/confirm`),
  /** Runs a failed or stuck import again (refused with a message while it runs). */
  rerunImport: (id: string) => api.post<{ message?: string }>(`/royalty_imports/${enc(id)}/rerun`),
  /** Accepts a flagged import, saying why: its lines are stated from then on. */
  acceptImport: (id: string, reason: string) =>
    api.post<{ message?: string }>(`/royalty_imports/${enc(id)}/accept`, { reason }),
  /** Assigns unmatched lines: by identifier the rule is stored and the import re-matched in the background (its `job`). */
  assign: (id: string, body: AssignBody) =>
    api.post<{ message?: string; royalty_import?: RoyaltyImport }>(`/royalty_imports/${enc(id)}/assign`, body),
  /** Matches the import again with the catalogue, rules and rates as they are now, in the background (its `job`). */
  rematch: (id: string) =>
    api.post<{ message?: string; royalty_import: RoyaltyImport }>(`/royalty_imports/${enc(id)}/rematch`),
  saveMap: (id: string | null, body: { name: string; map: RoyaltyMap }) =>
    id
      ? api.patch<Answer<'royalty_map', SavedRoyaltyMap>>(`/royalty_maps/${enc(id)}`, body)
      : api.post<Answer<'royalty_map', SavedRoyaltyMap>>('/royalty_maps', body),
  createRate: (rate: ExchangeRateInput) => api.post<Answer<'exchange_rate', ExchangeRate>>('/exchange_rates', rate),
  deleteRate: (id: string) => api.delete<{ message?: string }>(`/exchange_rates/${enc(id)}`),
  /**
   * Re-converts the stored lines of one import, or of all the company's imports, with the rates as they are now: each
   * import is re-matched in the background; the answer names the imports (importJobsFinished waits for them).
   */
  updateExchangeRates: (importId?: string) =>
    api.post<{ result: { imports: number; import_ids: string[] }; message?: string }>(
      '/royalties/update_exchange_rates',
      importId ? { import_id: importId } : {},
    ),
  preview: (sample: string, map?: RoyaltyMap) =>
    api.post<MapPreview>('/royalty_maps/preview', map ? { sample, map } : { sample }),
};

/** An import's background re-match asked for just now: under way until it is done or failed. */
export const importJobUnderWay = (job: ImportJob | null | undefined) =>
  job?.status === 'queued' || job?.status === 'running';

/**
 * Waits until the re-match of each import (queued just before) has finished, reading the imports every few seconds;
 * answers their jobs as they finished.
 */
export async function importJobsFinished(importIds: string[]): Promise<ImportJob[]> {
  const finished = new Map<string, ImportJob>();
  for (;;) {
    for (const id of importIds.filter((i) => !finished.has(i))) {
      const job = (await api.get<{ royalty_import: RoyaltyImport }>(`/royalty_imports/${enc(id)}`)).royalty_import.job;
      if (job && !importJobUnderWay(job)) finished.set(id, job);
    }
    if (finished.size === importIds.length) return importIds.map((id) => finished.get(id) as ImportJob);
    await new Promise((r) => setTimeout(r, 1500));
  }
}
