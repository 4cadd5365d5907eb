import { api } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { useApi } from '../../app/resources';

/** Smart links as the API answers them (functions/smart-links). */
export type SmartLinkStore = {
  key: string;
  name: string;
  dsp_id?: string | null;
  url: string | null;
  territory_urls: { territory: string; url: string }[];
};
export type SmartLink = {
  id: string;
  slug: string;
  path: string;
  release_id: string;
  recording_id: string | null;
  label_id: string | null;
  title: string;
  artists: string | null;
  code: string;
  release_date: string | null;
  auto_redirect: string | null;
  stores: SmartLinkStore[];
  created_at: string;
};
export type Slice = { key: string; clicks: number; name?: string };
export type SmartLinkAnalytics = {
  clicks: number;
  by_day: { day: string; clicks: number }[];
  by_store: Slice[];
  by_country: Slice[];
  by_device: Slice[];
  by_referrer: Slice[];
};
/** The fans who asked for the release-day mail: waiting for it, mailed, or gone (unsubscribed). */
export type SmartLinkFans = { total: number; waiting: number; mailed: number; unsubscribed: number };
type Saved = { smart_link: SmartLink; message: string };

export const useSmartLinks = () => useApi<{ smart_links: SmartLink[]; total_count: number }>('/smart_links');
export const useSmartLink = (id: string | null) =>
  useApi<{ smart_link: SmartLink; analytics: SmartLinkAnalytics; fans: SmartLinkFans }>(
    id ? `/smart_links/${encodeURIComponent(id)}` : null,
  );
export const useRefreshSmartLinks = () => useInvalidate('/smart_links');

export const smartLinksApi = {
  create: (fields: { release_id: string; recording_id?: string }) =>
    api.post<Saved>('/smart_links', { smart_link: fields }),
  update: (id: string, fields: { title?: string; stores?: SmartLinkStore[]; auto_redirect?: string | null }) =>
    api.patch<Saved>(`/smart_links/${encodeURIComponent(id)}`, { smart_link: fields }),
  delete: (id: string) => api.delete<{ message: string }>(`/smart_links/${encodeURIComponent(id)}`),
};

/** The address to share: the landing page's short path on this site. */
export const shareUrl = (link: Pick<SmartLink, 'path'>) => `${window.location.origin}${link.path}`;
