import { z } from 'zod';

/** CWR versions the product writes (docs/cwr.md). */
export const CWR_FILE_VERSIONS = ['2.1', '2.2'] as const;

/** POST songs/cwr and songs/cwr_registrations: which songs, which CWR version, to which society. */
export const cwrFileInput = z.strictObject({
  song_ids: z.array(z.string().trim().min(1).max(64)).max(5000).optional(),
  all: z.boolean().optional(),
  version: z.enum(CWR_FILE_VERSIONS, 'Version must be 2.1 or 2.2').optional(),
  receiver_society_id: z
    .string('Receiver society is required')
    .trim()
    .min(1, 'Receiver society is required')
    .max(64, 'Receiver society must be under 64 characters'),
});
export type CwrFileInput = z.infer<typeof cwrFileInput>;

/** A song left out of a file and why (every reason, in the user's words). */
export type CwrSkippedSong = { song_id: string; title: string; reasons: string[] };
/** A song in a file, as a new registration (NWR) or a revision (REV). */
export type CwrFileWork = { song_id: string; title: string; transaction_type: 'NWR' | 'REV' };

/** The answer of POST songs/cwr: the file itself (to download) and what it holds. */
export type CwrFileView = {
  filename: string;
  content: string;
  version: (typeof CWR_FILE_VERSIONS)[number];
  receiver: string;
  counts: { groups: number; transactions: number; records: number };
  works: CwrFileWork[];
  skipped: CwrSkippedSong[];
};

/** One song sent in one recorded file (GET songs/cwr_registrations). */
export type CwrRegistrationView = {
  id: string;
  file_id: string;
  filename: string;
  song_id: string;
  song_title: string;
  transaction_type: 'NWR' | 'REV';
  version: string;
  receiver: string;
  sent_at: string;
};
