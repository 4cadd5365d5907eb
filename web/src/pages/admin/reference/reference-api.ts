import { useMemo } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../app/api';
import { listPath, type ListParams } from '../../../app/list-params';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import { useRouteDef } from '../../../app/route-meta';
import { idParam, referenceConfigForPath, type Endpoint, type ReferenceConfig } from './reference-config';
import type { ReferenceRecord } from './reference-model';

/** Reference data and admin calls are not a company's: they send no X-Company-Id. */
const GLOBAL = { companyId: null } as const;

/** Where a config's calls go: its route's endpoint, else the collection's own path (company-scoped for tenant collections). */
function endpointOf(config: ReferenceConfig): Endpoint {
  return config.endpoint ?? { path: `/${config.collection}`, companyScoped: Boolean(config.tenant) };
}

/** A tenant collection's pages under /admin (and the distribution area's) call the admin API across companies. */
function endpointForArea(config: ReferenceConfig, area: string): Endpoint {
  if (!config.tenant) return { path: `/${config.collection}`, companyScoped: false };
  return area === 'admin' || area === 'distribution'
    ? { path: `/admin/${config.collection}`, companyScoped: false }
    : { path: `/${config.collection}`, companyScoped: true };
}

const optionsOf = (endpoint: Endpoint) => (endpoint.companyScoped ? {} : GLOBAL);

/** Where a config's file fields ask for presigned uploads, and with which company. */
export function uploadTarget(config: ReferenceConfig): { path: string; options: { companyId?: string | null } } {
  const endpoint = endpointOf(config);
  return {
    path: config.uploadPath ?? `${endpoint.path}/uploads`,
    options: config.uploadCompanyId
      ? { companyId: config.uploadCompanyId }
      : config.uploadPath
        ? GLOBAL
        : optionsOf(endpoint),
  };
}

/**
 * The config of the route being shown, the record id from its path (absent on list and new),
 * and the pages' base path: /admin/dsps or /distribution/dsps.
 */
export function useReferenceRoute(): { config: ReferenceConfig; id: string | undefined; base: string } {
  const route = useRouteDef();
  const params = useParams();
  const found = route ? referenceConfigForPath(route.path) : undefined;
  const area = route?.path.split('/')[1] ?? '';
  const config = useMemo(
    () => (found ? { ...found, endpoint: endpointForArea(found, area) } : undefined),
    [found, area],
  );
  if (!config || !route) throw new Error(`No reference collection is configured for ${route?.path ?? 'this page'}`);
  return {
    config,
    id: params[idParam(config)],
    base: route.path.slice(0, route.path.indexOf(`/${config.collection}`) + config.collection.length + 1),
  };
}

export const referenceListPath = (config: ReferenceConfig, params: ListParams, extra: Record<string, string> = {}) =>
  listPath(endpointOf(config).path, params, extra);
const recordPath = (config: ReferenceConfig, id: string) => `${endpointOf(config).path}/${encodeURIComponent(id)}`;

/** GET /{collection}/{id} → { <singular>: record }. */
export function useReferenceRecord(config: ReferenceConfig, id: string | undefined) {
  const answer = useApi<Record<string, ReferenceRecord>>(id ? recordPath(config, id) : null);
  return { ...answer, record: answer.data?.[config.singular] };
}

type Saved = { message?: string } & Record<string, unknown>;

/** POST /{collection}, or PATCH (PUT for DSPs) /{collection}/{id}. */
export function saveReference(
  config: ReferenceConfig,
  id: string | undefined,
  body: Record<string, unknown>,
): Promise<Saved> {
  const options = optionsOf(endpointOf(config));
  if (!id) return api.post<Saved>(endpointOf(config).path, body, options);
  return config.updateMethod === 'PUT'
    ? api.put<Saved>(recordPath(config, id), body, options)
    : api.patch<Saved>(recordPath(config, id), body, options);
}

/**
 * Deletes and reports the server's message: one record through DELETE /{collection}/{id}, a
 * selection through DELETE /{collection}/bulk_destroy with { <singular>_ids: [...] }.
 */
export async function deleteReferences(
  config: ReferenceConfig,
  ids: string[],
  bulk: boolean,
  report: (message: string) => void,
): Promise<void> {
  const endpoint = endpointOf(config);
  const options = optionsOf(endpoint);
  const body = { [config.idsKey]: ids };
  // A company's collections take bulk_destroy as a POST, reference data as a DELETE.
  const answer = bulk
    ? config.tenant
      ? await api.post<{ message: string }>(`${endpoint.path}/bulk_destroy`, body, options)
      : await api.delete<{ message: string }>(`${endpoint.path}/bulk_destroy`, { ...options, body })
    : await api.delete<{ message: string }>(recordPath(config, ids[0]), options);
  report(answer.message);
}

/** Revalidates every cached answer of the collection (its list pages and records) after a write. */
export const useReferenceRefresh = (config: ReferenceConfig) => useInvalidate(endpointOf(config).path);
