import { z } from 'zod';

export const NOTICE_TYPES = ['announcement', 'news', 'maintenance'] as const;

/** The realtime message that tells a user's open tabs their notices changed (sent, deleted, read), so the header's count follows. */
export const NOTICES_CHANGED = 'notices';

const fields = {
  title: z.string().trim().min(1).max(200),
  content: z.string().trim().min(1).max(10_000),
  type_of: z.enum(NOTICE_TYPES),
  readable: z.boolean().optional(),
};

/** A new notice and its recipients. */
export const noticeInput = z.strictObject({
  ...fields,
  user_ids: z.array(z.string().min(1).max(64)).min(1, 'Users is required').max(1000),
});

/** Recipients are chosen when the notice is sent; an edit changes the message only. */
export const noticeUpdate = z.strictObject(fields).partial();
