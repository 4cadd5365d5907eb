import { api } from '../../../app/api';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import type { PlanView } from '../../../../../shared/plans';
import { GLOBAL } from '../users/user-api';
import { SUBSCRIPTIONS_BASE } from './subscription-model';

const API_BASE = '/subscriptions';
const planApiPath = (id: string) => `${API_BASE}/${encodeURIComponent(id)}`;
export const subscriptionPath = (id: string) => `${SUBSCRIPTIONS_BASE}/${encodeURIComponent(id)}`;

export const useSubscriptions = () => useApi<{ subscriptions: PlanView[] }>(API_BASE, undefined, '');
export const useSubscription = (id: string | undefined) =>
  useApi<{ subscription: PlanView }>(id ? planApiPath(id) : null, undefined, '');

type Saved = { subscription: PlanView; message: string };

/** POST /subscriptions or PATCH /subscriptions/{id}. */
export function saveSubscription(id: string | undefined, body: Record<string, unknown>): Promise<Saved> {
  return id ? api.patch<Saved>(planApiPath(id), body, GLOBAL) : api.post<Saved>(API_BASE, body, GLOBAL);
}

export const deleteSubscription = (id: string) => api.delete<{ message: string }>(planApiPath(id), GLOBAL);

/** Revalidates every cached plan answer after a write. */
export const useRefreshSubscriptions = () => useInvalidate(API_BASE);
