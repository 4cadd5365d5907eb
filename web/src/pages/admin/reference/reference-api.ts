import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { api } from '../../../app/api';
import { listPath, type ListParams } from '../../../app/list-params';
import { useApi } from '../../../app/resources';
import { useRouteDef } from '../../../app/route-meta';
import { idParam, referenceConfigForPath, type ReferenceConfig } from './reference-config';
import type { ReferenceRecord } from './reference-model';

/** Reference data is global, not a company's: writes send no X-Company-Id. */
const GLOBAL = { companyId: null } as const;

/**
 * The config of the route being shown, the record id from its path (absent on list and new),
 * and the pages' base path: /admin/dsps or /distribution/dsps.
 */
export function useReferenceRoute(): { config: ReferenceConfig; id: string | undefined; base: string } {
  const route = useRouteDef();
  const params = useParams();
  const config = route ? referenceConfigForPath(route.path) : undefined;
  if (!config || !route) throw new Error(`No reference collection is configured for ${route?.path ?? 'this page'}`);
  return { config, id: params[idParam(config)], base: route.path.slice(0, route.path.indexOf(`/${config.collection}`) + config.collection.length + 1) };
}

export const referenceListPath = (config: ReferenceConfig, params: ListParams) => listPath(`/${config.collection}`, params);
const recordPath = (config: ReferenceConfig, id: string) => `/${config.collection}/${encodeURIComponent(id)}`;

/** GET /{collection}/{id} → { <singular>: record }. */
export function useReferenceRecord(config: ReferenceConfig, id: string | undefined) {
  const answer = useApi<Record<string, ReferenceRecord>>(id ? recordPath(config, id) : null);
  return { ...answer, record: answer.data?.[config.singular] };
}

type Saved = { message?: string } & Record<string, unknown>;

/** POST /{collection}, or PATCH (PUT for DSPs) /{collection}/{id}. */
export function saveReference(config: ReferenceConfig, id: string | undefined, body: Record<string, unknown>): Promise<Saved> {
  if (!id) return api.post<Saved>(`/${config.collection}`, body, GLOBAL);
  return config.updateMethod === 'PUT' ? api.put<Saved>(recordPath(config, id), body, GLOBAL) : api.patch<Saved>(recordPath(config, id), body, GLOBAL);
}

/**
 * Deletes and reports the server's message: one record through DELETE /{collection}/{id}, a
 * selection through DELETE /{collection}/bulk_destroy with { <singular>_ids: [...] }.
 */
export async function deleteReferences(config: ReferenceConfig, ids: string[], bulk: boolean, report: (message: string) => void): Promise<void> {
  const answer = bulk
    ? await api.delete<{ message: string }>(`/${config.collection}/bulk_destroy`, { ...GLOBAL, body: { [config.idsKey]: ids } })
    : await api.delete<{ message: string }>(recordPath(config, ids[0]), GLOBAL);
  report(answer.message);
}

/** Revalidates every cached answer of the collection (its list pages and records) after a write. */
export function useReferenceRefresh(config: ReferenceConfig) {
  const { mutate } = useSWRConfig();
  const base = `/${config.collection}`;
  return () => mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && (key[0] === base || key[0].startsWith(`${base}?`) || key[0].startsWith(`${base}/`)));
}
