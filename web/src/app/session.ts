import { useSyncExternalStore } from 'react';
import { mutate as mutateCache } from 'swr';
import { MESSAGES } from '../../../shared/messages';
import { NOTICES_CHANGED } from '../../../shared/schemas/notice';
import { api, configureApi } from './api';
import { cognitoSignIn, cognitoSignOut, getAccessToken } from './auth';
import { getConfig } from './config';
import { currentPath, navigateTo } from './navigation';
import { notify, notifyError } from './notifications';
import { keyUnder } from './invalidate';
import { connectRealtime, disconnectRealtime, subscribeRealtime } from './realtime';
import { chooseCurrentCompany, isSessionExpired, STORAGE_KEYS } from './session-rules';
import type { CurrentUser } from '../../../shared/schemas/user-views';
import type { CurrentCompany } from './types';

export type SessionState = {
  user: CurrentUser | null;
  /** The current company (tenant); kept whole so an admin can work in a company they are not a member of. */
  company: CurrentCompany | null;
  adminFeatures: boolean;
  siteHelp: boolean;
  navCollapsed: boolean;
  companyChooserOpen: boolean;
};

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the preference simply is not kept.
  }
};

let state: SessionState = {
  user: null,
  company: null,
  adminFeatures: false,
  siteHelp: read(STORAGE_KEYS.siteHelp) === 'true',
  navCollapsed: read(STORAGE_KEYS.navCollapsed) === 'true',
  companyChooserOpen: false,
};
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

function storedCompany(userId: string): CurrentCompany | null {
  const raw = read(STORAGE_KEYS.company(userId));
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as CurrentCompany;
    return parsed && typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** Puts a freshly loaded user in the session and settles the current company. */
export function setUser(user: CurrentUser): void {
  const isAdmin = user.role === 'admin';
  const stored = storedCompany(user.id);
  const chosenId = chooseCurrentCompany(user.companies, stored?.id ?? null, { isAdmin });
  const company = chosenId
    ? (user.companies.find((c) => c.id === chosenId) ?? (stored?.id === chosenId ? stored : null))
    : null;
  write(STORAGE_KEYS.company(user.id), company ? JSON.stringify(company) : null);
  setState({ user, company, adminFeatures: isAdmin && read(STORAGE_KEYS.adminFeatures(user.id)) === 'true' });
}

/** When this tab last read the user from GET /me (0: not yet). */
let userReadAt = 0;

async function loadUser(): Promise<CurrentUser> {
  const { user } = await api.get<{ user: CurrentUser }>('/me');
  userReadAt = Date.now();
  setUser(user);
  return user;
}

/**
 * Whether the session read the user a moment ago (the page was just opened or signed in to): a page that re-reads
 * GET /me when it shows need not ask again for what the session has just been told.
 */
export const userJustRead = (withinMs = 5000): boolean => Date.now() - userReadAt < withinMs;

// A notice sent, read in another tab or deleted changes the header's unread count: the server
// pushes NOTICES_CHANGED, and the session reloads the user (GET /me) and any inbox on show.
subscribeRealtime(NOTICES_CHANGED, (message) => {
  if (!state.user) return;
  // A notice the product sent (a quality-control decision, a store connected) is said at once, on any page.
  if (typeof message.title === 'string' && message.title) notify('notification', message.title);
  loadUser().catch(() => undefined);
  void mutateCache((key) => keyUnder(key, ['/notices']));
});

function startRealtime() {
  const url = getConfig()?.websocketUrl;
  if (url) connectRealtime({ url, getToken: getAccessToken });
}

/** Forgets everything about the signed-in user in this tab (Amplify tokens, caches, realtime). */
async function unload(): Promise<void> {
  disconnectRealtime();
  await cognitoSignOut();
  write(STORAGE_KEYS.loginAt, null);
  setState({ user: null, company: null, adminFeatures: false, companyChooserOpen: false });
  await mutateCache(() => true, undefined, { revalidate: false });
}

/**
 * At application start: an expired session is signed out and sent home; a live
 * one loads the user. Returns whether someone is signed in.
 */
export async function restoreSession(): Promise<boolean> {
  const token = await getAccessToken();
  if (!token) return false;
  const loginAt = Number(read(STORAGE_KEYS.loginAt) ?? NaN);
  if (isSessionExpired(Number.isNaN(loginAt) ? null : loginAt)) {
    await unload();
    if (window.location.pathname !== '/') window.history.replaceState(null, '', '/');
    return false;
  }
  try {
    await loadUser();
  } catch {
    await unload();
    return false;
  }
  startRealtime();
  return true;
}

/** Signs in with Cognito, records the sign-in time and loads the user. */
export async function signInWithPassword(email: string, password: string): Promise<CurrentUser> {
  await cognitoSignIn(email, password);
  write(STORAGE_KEYS.loginAt, String(Date.now()));
  try {
    const user = await loadUser();
    startRealtime();
    notify('notification', MESSAGES.userLoggedIn);
    return user;
  } catch (error) {
    await unload();
    throw error;
  }
}

/** Logout clears the auth state and the stored session, notifies and goes home. */
export async function signOutSession(): Promise<void> {
  await unload();
  notify('notification', MESSAGES.userLoggedOut);
  navigateTo('/', { replace: true });
}

let unloading = false;
/** A 401 from the API: the session is gone; sign out here and ask for a sign-in. */
async function handleUnauthorized(): Promise<void> {
  if (unloading) return;
  unloading = true;
  try {
    const redirect = currentPath();
    await unload();
    notify('error', MESSAGES.mustBeLoggedIn);
    if (!window.location.pathname.startsWith('/signin'))
      navigateTo(`/signin?redirect=${encodeURIComponent(redirect)}`, { replace: true });
  } finally {
    unloading = false;
  }
}

configureApi({
  companyId: () => state.company?.id ?? null,
  onUnauthorized: () => void handleUnauthorized(),
  // Every 402 (plan feature or limit) is told the same way, with the plan page's link, even where a page shows none.
  onPaymentRequired: (error) => notifyError(error),
});

/** Sets (or clears, with null) the current company; remembered per user. */
export function setCurrentCompany(company: CurrentCompany | null): void {
  if (state.user) write(STORAGE_KEYS.company(state.user.id), company ? JSON.stringify(company) : null);
  setState({ company, companyChooserOpen: false });
}

/**
 * After the user creates or joins a company: it becomes the current company and the user is reloaded (GET /me),
 * so it is among their companies and stays chosen (setUser keeps a stored choice that is one of them).
 */
export async function enterCompany(company: CurrentCompany): Promise<void> {
  setCurrentCompany(company);
  await loadUser();
}

export function openCompanyChooser(open = true): void {
  setState({ companyChooserOpen: open });
}

export function toggleAdminFeatures(): void {
  if (state.user?.role !== 'admin') return;
  const next = !state.adminFeatures;
  write(STORAGE_KEYS.adminFeatures(state.user.id), String(next));
  setState({ adminFeatures: next });
}

export function toggleSiteHelp(): void {
  write(STORAGE_KEYS.siteHelp, String(!state.siteHelp));
  setState({ siteHelp: !state.siteHelp });
}

/** Folds or opens the side menu; `remember` keeps it for the next visit (the user's own choice, not the layout's). */
export function setNavCollapsed(collapsed: boolean, remember = true): void {
  if (remember) write(STORAGE_KEYS.navCollapsed, String(collapsed));
  setState({ navCollapsed: collapsed });
}
