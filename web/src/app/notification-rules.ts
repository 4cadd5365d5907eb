import { humanizeField } from '../../../shared/messages';

/** The product's notification types: error, warning or notification. */
export type NotificationType = 'error' | 'warning' | 'notification';

/** Cloudscape Flashbar types for the product's notification types. */
export function flashType(type: NotificationType): 'error' | 'warning' | 'info' {
  if (type === 'error') return 'error';
  if (type === 'warning') return 'warning';
  return 'info';
}

/**
 * Notices are not shown on home, signin, signout, confirm, setup_account or
 * forgotten_password.
 */
export function notificationsShownOn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return false;
  if (['/signin', '/signout', '/setup_account', '/forgotten_password'].includes(path)) return false;
  if (path === '/confirm' || path.startsWith('/confirm/')) return false;
  return true;
}

/**
 * Multi-field error objects show one line per field: the field name in words (shared/messages' humanizeField)
 * then its value. A value that is already a sentence (it starts with a
 * capital, as the API's own messages do: "Logo was not uploaded…") is shown as it is, and a line
 * that only repeats the notification's `message` is left out, so each text appears once.
 */
export function fieldErrorLines(errors: Record<string, string[] | string> | undefined, message?: string): string[] {
  if (!errors) return [];
  return Object.entries(errors).flatMap(([field, value]) => {
    const text = Array.isArray(value) ? value.join(', ') : value;
    // A nested field ("rows.0.dsp_id") is named by its own last name, not its path.
    const name = field.split('.').findLast((part) => !/^\d+$/.test(part)) ?? field;
    const line = /^[A-Z]/.test(text) ? text : `${humanizeField(name)} ${text}`;
    return line === message ? [] : [line];
  });
}
