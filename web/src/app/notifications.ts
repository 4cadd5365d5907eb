import { useSyncExternalStore } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from '../../../shared/constants';
import { ApiError, currentRequestCompanyId } from './api';
import { fieldErrorLines, type NotificationType } from './notification-rules';

/** A link the message offers (a 402's "See your plan"). */
export type NotificationLink = { href: string; text: string };
export type Notification = {
  id: number;
  type: NotificationType;
  message: string;
  details: string[];
  link?: NotificationLink;
};

let current: Notification | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Shows ONE message (replacing any other) and clears it after 10 seconds.
 * Usable anywhere, inside React or not.
 */
export function notify(type: NotificationType, message: string, details: string[] = [], link?: NotificationLink): void {
  if (timer) clearTimeout(timer);
  const id = nextId++;
  // A page repeating the message the API layer just showed (a 402 with its plan link) keeps the link.
  const kept = link ?? (current?.message === message ? current.link : undefined);
  current = { id, type, message, details, ...(kept ? { link: kept } : {}) };
  timer = setTimeout(() => clearNotification(id), NOTIFICATION_TIMEOUT_MS);
  emit();
}

/**
 * An error notification from any failure: the server's message plus one line per field. A 402 (the
 * company's plan) links to the company's plan page, wherever it was caught: the one place that does.
 */
export function notifyError(error: unknown, prefix?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  const details = error instanceof ApiError ? fieldErrorLines(error.errors, message) : [];
  const companyId = currentRequestCompanyId();
  const link =
    error instanceof ApiError && error.status === 402 && companyId
      ? { href: `/user/companies/${companyId}/plan`, text: 'See your plan and upgrade' }
      : undefined;
  notify('error', prefix ? `${prefix} - ${message}` : message, details, link);
}

/** Clears the message (all, or only the given one so a late timer cannot clear a newer message). */
export function clearNotification(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  if (timer) clearTimeout(timer);
  timer = undefined;
  emit();
}

/** Clears the message shown if it says `message`: a problem the user has since put right no longer shows. */
export function clearNotificationSaying(message: string): void {
  if (current?.message === message) clearNotification(current.id);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotification(): Notification | null {
  return useSyncExternalStore(subscribe, () => current);
}
