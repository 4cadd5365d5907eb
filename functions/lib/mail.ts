import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SESClient, SendEmailCommand, SendRawEmailCommand } from '@aws-sdk/client-ses';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { monotonicFactory } from 'ulid';
import { ENV } from '../../infra/resources.js';

/** A file sent with a mail (a statement's PDF). */
type MailAttachment = { filename: string; contentType: string; content: Uint8Array };
/**
 * Whose mail it is when a company writes to people outside it (a statement, a promo, a licence's invoice): the name
 * the recipient sees as the sender and where a reply goes. The address it is sent from stays the platform's own,
 * the one the mail service is allowed to send from, so the mail is not taken for a forgery.
 */
export type MailSender = { name: string; replyTo?: string | null };
export type Mail = {
  to: string;
  sender?: MailSender;
  subject: string;
  text: string;
  /** An HTML part beside the text (a promo's template); clients that show text only read `text`. */
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers (a promo's List-Unsubscribe and List-Unsubscribe-Post); such a mail goes as raw MIME. */
  headers?: Record<string, string>;
  /**
   * Message tags the mail service hands back with each event of this mail (delivered, bounced,
   * complained …): a promo mail names its company, promo and recipient. Letters, digits, _ and - only.
   */
  tags?: Record<string, string>;
};

/** How the local outbox records an attachment: the file beside the mail's JSON, not its bytes. */
type OutboxAttachment = { filename: string; contentType: string; size: number; file: string };

let ses: SESClient | undefined;

/** Outbox ids that increase even within one millisecond, so the outbox lists mails newest first. */
const outboxId = monotonicFactory();

/** A file name that is safe on any disk: letters, digits, dot, dash and underscore. */
function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'attachment';
}

/** Writes the mail as JSON to the outbox and each attachment as a file beside it (`<id>.<n>.<name>`). */
async function writeToOutbox(outbox: string, mail: Mail): Promise<void> {
  await mkdir(outbox, { recursive: true });
  const id = outboxId();
  const { attachments, ...message } = mail;
  const files: OutboxAttachment[] = [];
  for (const [index, attachment] of (attachments ?? []).entries()) {
    const file = `${id}.${index + 1}.${safeFileName(attachment.filename)}`;
    await writeFile(path.join(outbox, file), attachment.content);
    const { filename, contentType } = attachment;
    files.push({ filename, contentType, size: attachment.content.byteLength, file });
  }
  const record = { id, sentAt: new Date().toISOString(), ...message, ...(files.length ? { attachments: files } : {}) };
  // Written aside and renamed into place: the outbox is read while mails are written (the tests read it side by
  // side), and a half-written JSON file would be read as a broken mail.
  const partial = path.join(outbox, `${id}.json.part`);
  await writeFile(partial, JSON.stringify(record, null, 2));
  await rename(partial, path.join(outbox, `${id}.json`));
}

/** A sender's name as one header line: no line breaks, at most 100 characters. */
const senderName = (name: string) =>
  name
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 100);

/** The whole message as MIME (text body and attached files), for SES raw sending. */
export function rawMessage(from: string, mail: Mail): Promise<Buffer> {
  const attachments = (mail.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
  }));
  const name = mail.sender ? senderName(mail.sender.name) : '';
  return new MailComposer({
    from: name ? { name, address: from } : from,
    ...(mail.sender?.replyTo ? { replyTo: mail.sender.replyTo } : {}),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    attachments,
    ...(mail.headers ? { headers: mail.headers } : {}),
  })
    .compile()
    .build();
}

/**
 * The one way the product sends e-mail (invitations, confirmations, resets, statements, promos). In AWS
 * it goes through SES (a mail with attachments as raw MIME built by nodemailer's MailComposer); in
 * the local cloud it is written to the outbox folder, which the local gateway lists at
 * /_local/outbox (attachments at /_local/outbox/{id}/attachments/{n}) so a developer can open
 * the links and the files.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const outbox = process.env[ENV.outboxDir];
  if (outbox) return writeToOutbox(outbox, mail);
  ses ??= new SESClient({});
  const from = process.env[ENV.mailFrom] ?? 'no-reply@example.com';
  // The configuration set publishes the mail's events (delivery, bounce, complaint, open, click) to the
  // topic the mail events queue listens to; the tags tell the worker whose mail it was.
  const configurationSet = process.env[ENV.mailConfigurationSet];
  const events = {
    ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    ...(mail.tags ? { Tags: Object.entries(mail.tags).map(([Name, Value]) => ({ Name, Value })) } : {}),
  };
  // Attachments, extra headers and a sender's name (which MailComposer encodes) go as raw MIME.
  if (mail.attachments?.length || mail.headers || mail.sender) {
    const data = await rawMessage(from, mail);
    await ses.send(
      new SendRawEmailCommand({ Source: from, Destinations: [mail.to], RawMessage: { Data: data }, ...events }),
    );
    return;
  }
  await ses.send(
    new SendEmailCommand({
      Source: from,
      Destination: { ToAddresses: [mail.to] },
      Message: {
        Subject: { Data: mail.subject },
        Body: { Text: { Data: mail.text }, ...(mail.html ? { Html: { Data: mail.html } } : {}) },
      },
      ...events,
    }),
  );
}

/** An absolute link into the SPA, e.g. appLink('/confirm/abc'). */
export function appLink(pathname: string): string {
  return `${appBase()}${pathname}`;
}

const appBase = () => (process.env[ENV.appUrl] ?? 'http://localhost:3000').replace(/\/$/, '');

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A link back into the SPA the user is on, for a page of another site that sends them back (a card
 * checkout): the request's Origin when it is the app's own — the configured app address, or a loopback
 * address of the local cloud (which refuses other origins before any handler runs) — else appLink.
 * A browser keeps the session per origin: sent back to localhost after opening 127.0.0.1, the user
 * would arrive signed out.
 */
export function appLinkBack(origin: string | undefined, pathname: string): string {
  if (!origin) return appLink(pathname);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return appLink(pathname);
  }
  const own = url.origin === new URL(appBase()).origin || LOOPBACK.has(url.hostname);
  return own && url.origin === origin && /^https?:$/.test(url.protocol)
    ? `${url.origin}${pathname}`
    : appLink(pathname);
}
