import type { NOTICE_TYPES } from './notice.js';

/** What the notices API answers: the admin's pages and the user's inbox read these. */

/** A notice as the admin API answers it; the inbox carries the same shape. */
export type AdminNotice = {
  id: string;
  title: string;
  content: string;
  type_of: (typeof NOTICE_TYPES)[number];
  readable: boolean;
  recipients_count: number;
  read_count: number;
  created_at: string;
  updated_at: string;
};
export type Recipient = { id: string; name: string; email: string; read: boolean; read_at: string | null };
export type AdminNoticeDetail = AdminNotice & { users: Recipient[] };

/** A notice as its recipient has it (GET /notices); `id` is the notice's id. */
export type InboxItem = { id: string; notice: AdminNotice; read: boolean; read_at: string | null };
export type Inbox = { notices: InboxItem[]; unread_count: number };
