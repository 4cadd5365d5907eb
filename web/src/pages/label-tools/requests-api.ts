import { api } from '../../app/api';
import { useInvalidate } from '../../app/invalidate';
import { useApi } from '../../app/resources';

/** The label's requests to the distributor's team and the company calendar, as the API answers them. */
export type LabelRequest = {
  id: string;
  kind: 'soundcloud_whitelist' | 'youtube_claim' | 'album_ep' | 'single' | 'official_video';
  status: 'new' | 'in_progress' | 'done' | 'refused';
  label_id: string;
  label_name: string;
  summary: string;
  reason?: string;
  company_name?: string;
  details: Record<string, unknown>;
  createdAt: string;
  updatedAt?: string;
};
export type CalendarEvent = {
  id: string;
  date: string;
  kind: string;
  title: string;
  label_id: string | null;
  href: string;
};
type Message = { message?: string };

export const useCompanyRequests = () => useApi<{ requests: LabelRequest[]; lead_weeks: number }>('/marketing');
export const useQueue = (status: string) =>
  useApi<{ requests: LabelRequest[] }>(`/distribution/marketing${status ? `?status=${status}` : ''}`);
export function useCalendar(from: string, to: string, labelId: string | null) {
  const query = new URLSearchParams({ from, to, ...(labelId ? { label_id: labelId } : {}) });
  return useApi<{ events: CalendarEvent[] }>(`/calendar?${query}`, { keepPreviousData: true });
}
export const useFeedState = () => useApi<{ active: boolean; created_at: string | null }>('/calendar/feed');

export const useRefreshRequests = () => useInvalidate('/marketing');
export const useRefreshQueue = () => useInvalidate('/distribution/marketing');
export const useRefreshFeed = () => useInvalidate('/calendar/feed');

export const requestsApi = {
  whitelist: (form: Record<string, unknown>) => api.post<Message>('/label_mailers/soundcloud_whitelist', { form }),
  youtubeClaim: (form: Record<string, unknown>) => api.post<Message>('/label_mailers/youtube_claim', { form }),
  pitch: (path: string, form: Record<string, unknown>) => api.post<Message>(`/marketing/${path}`, { form }),
  move: (id: string, status: string, reason?: string) =>
    api.patch<Message>(`/distribution/marketing/${encodeURIComponent(id)}`, { status, ...(reason ? { reason } : {}) }),
  makeFeed: () => api.post<Message & { url: string }>('/calendar/feed'),
  revokeFeed: () => api.delete<Message>('/calendar/feed'),
};

/** Lines of a text area as a list, blank lines dropped. */
export const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
