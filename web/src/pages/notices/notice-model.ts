import { MESSAGES } from '../../../../shared/messages';
import { NOTICE_TYPES, noticeInput, noticeUpdate } from '../../../../shared/schemas/notice';
import type { AdminNotice, Inbox } from '../../../../shared/schemas/notice-views';
import { rules, validate, zodErrors } from '../../components/form-rules';

export { NOTICE_TYPES };

/** The product's notices, kept here since shared/messages does not carry them. */
/** The product's notice messages, from the texts the server shares (shared/messages.ts). */
export const NOTICE_MESSAGES = {
  updated: MESSAGES.noticeUpdated,
  deleted: MESSAGES.noticeDeleted,
  markedRead: MESSAGES.noticeMarkedRead,
  added: MESSAGES.noticesAddedFor,
} as const;

export type UserOption = { value: string; label: string };
export type AdminUser = { id: string; name: string; email: string; role: string };

/** How a user is offered as a recipient: "name (email)". */
export function userOption(user: Pick<AdminUser, 'id' | 'name' | 'email'>): UserOption {
  return { value: user.id, label: user.name ? `${user.name} (${user.email})` : user.email };
}

export type NoticeValues = { title: string; content: string; type_of: string; readable: boolean; users: UserOption[] };

/** The add form's empty record: an announcement, readable (readable defaults to true). */
export function emptyNotice(): NoticeValues {
  return { title: '', content: '', type_of: 'announcement', readable: true, users: [] };
}

export function noticeToValues(notice: AdminNotice): NoticeValues {
  return {
    title: notice.title,
    content: notice.content,
    type_of: String(notice.type_of),
    readable: notice.readable !== false,
    users: [],
  };
}

/**
 * The body to send. Recipients are chosen only when the notice is created: the PATCH schema is
 * strict and has no user_ids, so an edit never sends them.
 */
export function noticePayload(values: NoticeValues, isNew: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title.trim(),
    content: values.content.trim(),
    type_of: values.type_of,
    readable: values.readable,
  };
  if (isNew) body.user_ids = values.users.map((u) => u.value);
  return body;
}

/** Client validation with the product's messages; then whatever the shared schema still refuses. */
export function validateNotice(values: NoticeValues, isNew: boolean): Record<string, string> {
  const errors = validate(values, {
    title: [rules.required('Title')],
    content: [rules.required('Content')],
    type_of: [rules.required('Type')],
    ...(isNew ? { users: [rules.required('Users')] } : {}),
  });
  const parsed = (isNew ? noticeInput : noticeUpdate).safeParse(noticePayload(values, isNew));
  if (!parsed.success) {
    for (const [field, message] of Object.entries(zodErrors(parsed.error))) {
      // The schema names recipients user_ids; the form's field is users.
      const key = field.startsWith('user_ids') ? 'users' : field;
      errors[key] ??= message;
    }
  }
  return errors;
}

/** The inbox after one notice was read: that item read (first read time kept), the unread count recomputed. */
export function markReadInInbox(inbox: Inbox, noticeId: string, readAt: string | null): Inbox {
  const notices = inbox.notices.map((n) =>
    n.id === noticeId && !n.read ? { ...n, read: true, read_at: readAt ?? n.read_at } : n,
  );
  return { notices, unread_count: notices.filter((n) => !n.read).length };
}
