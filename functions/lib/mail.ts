import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { ulid } from 'ulid';
import { ENV } from '../../infra/resources.js';

export type Mail = { to: string; subject: string; text: string };

let ses: SESClient | undefined;

/**
 * The one way the product sends e-mail (invitations, confirmations, resets, later statements).
 * In AWS it goes through SES; in the local cloud it is written to the outbox folder, which the
 * local gateway lists at /_local/outbox so a developer can open the links.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const outbox = process.env[ENV.outboxDir];
  if (outbox) {
    await mkdir(outbox, { recursive: true });
    const id = ulid();
    await writeFile(
      path.join(outbox, `${id}.json`),
      JSON.stringify({ id, sentAt: new Date().toISOString(), ...mail }, null, 2),
    );
    return;
  }
  ses ??= new SESClient({});
  await ses.send(
    new SendEmailCommand({
      Source: process.env[ENV.mailFrom] ?? 'no-reply@example.com',
      Destination: { ToAddresses: [mail.to] },
      Message: { Subject: { Data: mail.subject }, Body: { Text: { Data: mail.text } } },
    }),
  );
}

/** An absolute link into the SPA, e.g. appLink('/confirm/abc'). */
export function appLink(pathname: string): string {
  const base = (process.env[ENV.appUrl] ?? 'http://localhost:3000').replace(/\/$/, '');
  return `${base}${pathname}`;
}
