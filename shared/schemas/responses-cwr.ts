import { z } from 'zod';
import { CWR_FILE_VERSIONS } from './cwr.js';

/**
 * The answers of CWR files (declared in the OpenAPI document and checked against real answers by the response-schema
 * tests): a publisher company's songs as a file for a society, the songs it registered, and the files it sent.
 */

const transactionType = z.enum(['NWR', 'REV']);

/** A CWR file: its name and text, what it holds, and the songs left out with every reason. */
export const cwrFileResponse = z.looseObject({
  filename: z.string(),
  content: z.string(),
  version: z.enum(CWR_FILE_VERSIONS),
  receiver: z.string(),
  counts: z.looseObject({ groups: z.number().int(), transactions: z.number().int(), records: z.number().int() }),
  works: z.array(z.looseObject({ song_id: z.string(), title: z.string(), transaction_type: transactionType })),
  skipped: z.array(z.looseObject({ song_id: z.string(), title: z.string(), reasons: z.array(z.string()) })),
});
/** A file recorded as sent: the file, its id for the download, and the notice. */
export const cwrFileSentResponse = cwrFileResponse.extend({ file_id: z.string(), message: z.string() });

/** Each song sent in each recorded file. */
export const cwrRegistrationsResponse = z.looseObject({
  cwr_registrations: z.array(
    z.looseObject({
      id: z.string(),
      file_id: z.string(),
      filename: z.string(),
      song_id: z.string(),
      song_title: z.string(),
      transaction_type: transactionType,
      version: z.string(),
      receiver: z.string(),
      sent_at: z.string(),
    }),
  ),
});
