import { useSyncExternalStore } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from '../../../shared/constants';
import { ApiError } from './api';
import { fieldErrorLines, type NotificationType } from './notification-rules';

export type Notification = { id: number; type: NotificationType; message: string; details: string[] };

let current: Notification | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Shows ONE message (replacing any other) and clears it after 10 seconds (spec 1 §4).
 * Usable anywhere, inside React or not.
 */
export function notify(type: NotificationType, message: string, details: string[] = []): void {
  if (timer) clearTimeout(timer);
  const id = nextId++;
  current = { id, type, message, details };
  timer = setTimeout(() => clearNotification(id), NOTIFICATION_TIMEOUT_MS);
  emit();
}

/** An error notification from any failure: the server's message plus one line per field. */
export function notifyError(error: unknown, prefix?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  const details = error instanceof ApiError ? fieldErrorLines(error.errors, message) : [];
  notify('error', prefix ? `${prefix} - ${message}` : message, details);
}

/** Clears the message (all, or only the given one so a late timer cannot clear a newer message). */
export function clearNotification(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  if (timer) clearTimeout(timer);
  timer = undefined;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotification(): Notification | null {
  return useSyncExternalStore(subscribe, () => current);
}
