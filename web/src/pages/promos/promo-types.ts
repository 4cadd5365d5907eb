import type { PromoFollowUp } from '../../../../shared/schemas/promos';
/** The promos API's answers as the pages read them (functions/promos). */
export type Promo = {
  id: string;
  release_id: string;
  title: string;
  artists?: string;
  subject: string;
  biog?: string;
  release_date?: string;
  start_date: string;
  expiry_date: string;
  access: 'stream' | 'download';
  download_limit: number;
  feedback_required: boolean;
  recording_ids: string[];
  /** The label's mail template it is sent with; absent, the plain one. */
  template_id?: string;
  status: 'draft' | 'sending' | 'sent';
  sent_at?: string;
  /** A send chosen for later (UTC), and how far it got. */
  send_at?: string;
  schedule?: 'scheduled' | 'starting' | 'started' | 'cancelled' | 'failed';
  schedule_error?: string;
  /** Reminders mailed since the send, oldest first. */
  follow_ups?: PromoFollowUp[];
  /** The release's recordings; `has_audio`: a recipient can play it (its audio is processed). */
  recordings?: { id: string; title: string; isrc: string | null; chosen: boolean; has_audio: boolean }[];
};

export type MailingList = {
  id: string;
  name: string;
  description?: string;
  tags?: string[];
  active: boolean;
  member_count?: number;
  mailing_list_members?: Member[];
  /** Older sent promos were not read for the members' last promo. */
  older_promos_unread?: boolean;
};

export type Member = {
  email: string;
  name?: string;
  role: 'dj' | 'press' | 'radio' | 'other';
  country?: string;
  tags?: string[];
  suppressed: 'unsubscribed' | 'bounced' | 'complained' | null;
  active?: boolean;
  /** The last promo mailed to them and when; null when none was (of the promos read). */
  last_promo: { id: string; release_id: string; title: string; mailed_at: string } | null;
};

export type Feedback = {
  rating: number;
  favourite_recording_id?: string;
  comment?: string;
  support: 'yes' | 'maybe' | 'no';
};

export type Recipient = {
  id: string;
  email: string;
  name: string | null;
  status: 'queued' | 'sending' | 'mailed' | 'failed';
  revoked: boolean;
  /** When a follow-up last reminded them. */
  followed_up_at: string | null;
  opened: boolean;
  plays: Record<string, number>;
  play_count: number;
  downloads: number;
  feedback: Feedback | null;
  bounced: boolean;
  complained: boolean;
};

export type RecipientsAnswer = {
  recipients: Recipient[];
  summary: Record<
    'recipients' | 'delivered' | 'bounced' | 'complained' | 'opened' | 'played' | 'downloaded' | 'feedback',
    number
  > & {
    average_rating: string | null;
    bounce_rate: string | null;
    complaint_rate: string | null;
  };
};

/** What a field's errors say, joined, for a FormField's errorText. */
export const fieldError = (errors: Record<string, string[]>, field: string) => errors[field]?.join(' ');

/** A failed call's field errors (an ApiError's `errors`), or none. */
export const errorsOf = (failure: unknown): Record<string, string[]> =>
  (failure as { errors?: Record<string, string[]> }).errors ?? {};
