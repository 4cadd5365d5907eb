import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import http, { type ServerResponse } from 'node:http';
import path from 'node:path';
import { mapLimit } from '../../functions/lib/map-limit.js';
import { fileBody, isCompressible, pickEncoding } from './compress.js';
import type { LocalRoute } from './gateway.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** GET /config.json: what the SPA needs to find Cognito and the WebSocket API (CloudFront serves the same file in AWS). */
export function configRoute(config: () => Record<string, unknown>): LocalRoute {
  return async (req, res, url) => {
    if (url.pathname !== '/config.json') return false;
    const host = req.headers.host ?? 'localhost';
    json(res, 200, { ...config(), userPoolEndpoint: `http://${host}/_cognito`, websocketUrl: `ws://${host}/cable` });
    return true;
  };
}

/** /_cognito → cognito-local, so the browser signs in on its own origin. */
export function cognitoProxyRoute(cognitoEndpoint: string): LocalRoute {
  const target = new URL(cognitoEndpoint);
  return async (req, res, url) => {
    if (!url.pathname.startsWith('/_cognito')) return false;
    // The gateway let only the app's own origins through: name that origin back, never any (cognito-local's own
    // CORS answers `*`, which would let every page a developer opens call AdminSetUserPassword or ListUsers).
    const allowOrigin: Record<string, string> = req.headers.origin
      ? { 'access-control-allow-origin': req.headers.origin, vary: 'origin' }
      : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...allowOrigin,
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST',
      });
      res.end();
      return true;
    }
    await new Promise<void>((resolve) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: url.pathname.slice('/_cognito'.length) || '/',
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          const { 'access-control-allow-origin': _any, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...headers, ...allowOrigin });
          answer.pipe(res).on('finish', resolve);
        },
      );
      upstream.on('error', () => {
        json(res, 502, { message: 'cognito-local is not answering' });
        resolve();
      });
      req.pipe(upstream);
    });
    return true;
  };
}

/** A mail's file in the outbox: a ULID and .json (attachments beside it are `<id>.<n>.<name>`). */
const MAIL_FILE = /^[0-9A-HJKMNP-TV-Z]{26}\.json$/;

type OutboxMail = { id: string; to?: string; attachments?: { filename: string; contentType: string; file: string }[] };

/** Mails kept parsed in memory; past this many the earliest read are dropped (a long `npm start` keeps sending). */
const KEPT_MAILS = 10_000;
/** With `?to=`, how many of the newest mails are searched for that address. */
const SEARCHED_FOR_TO = 5_000;
/** How many mails an answer lists at most. */
const LISTED = 200;

/**
 * GET /_local/outbox: the mails the product sent, newest first (the local stand-in for SES); each
 * attachment gets a `url`. `?to=<address>` lists only the mails to that address: the tests, many files side by side,
 * each look for their own mails, which the newest 200 of everyone's could leave out. A mail's file is written once
 * (renamed into place), so each is read and parsed once, not on every poll.
 * GET /_local/outbox/{id}/attachments/{n} serves the n-th attachment (from 1) inline, so a statement's PDF opens in
 * the browser.
 */
export function outboxRoute(outboxDir: string): LocalRoute {
  const parsed = new Map<string, Promise<OutboxMail>>();
  const readMail = (file: string): Promise<OutboxMail> => {
    let mail = parsed.get(file);
    if (!mail) {
      mail = readFile(path.join(outboxDir, file), 'utf8').then((text) => JSON.parse(text) as OutboxMail);
      parsed.set(file, mail);
      mail.catch(() => parsed.delete(file));
      if (parsed.size > KEPT_MAILS) parsed.delete(parsed.keys().next().value as string);
    }
    return mail;
  };
  const withUrls = (mail: OutboxMail) =>
    mail.attachments
      ? {
          ...mail,
          attachments: mail.attachments.map((a, i) => ({
            ...a,
            url: `/_local/outbox/${mail.id}/attachments/${i + 1}`,
          })),
        }
      : mail;
  return async (_req, res, url) => {
    const attachment = /^\/_local\/outbox\/([0-9A-Z]{26})\/attachments\/(\d+)$/.exec(url.pathname);
    if (attachment) {
      const [, id, n] = attachment;
      const mailFile = `${id}.json`;
      const found = existsSync(path.join(outboxDir, mailFile))
        ? (await readMail(mailFile)).attachments?.[Number(n) - 1]
        : undefined;
      if (!found) {
        json(res, 404, { message: 'No such attachment' });
        return true;
      }
      const body = await readFile(path.join(outboxDir, path.basename(found.file)));
      res.writeHead(200, {
        'content-type': found.contentType,
        'content-length': body.length,
        'content-disposition': `inline; filename="${found.filename.replace(/[^\w.-]+/g, '_')}"`,
      });
      res.end(body);
      return true;
    }
    if (url.pathname !== '/_local/outbox') return false;
    const files = existsSync(outboxDir)
      ? (await readdir(outboxDir))
          .filter((f) => MAIL_FILE.test(f))
          .sort()
          .reverse()
      : [];
    const to = url.searchParams.get('to')?.toLowerCase();
    const searched = await mapLimit(files.slice(0, to ? SEARCHED_FOR_TO : LISTED), 64, readMail);
    const mails = searched
      .filter((mail) => !to || (typeof mail.to === 'string' && mail.to.toLowerCase() === to))
      .slice(0, LISTED)
      .map(withUrls);
    json(res, 200, { mails });
    return true;
  };
}

type OutboxMailTags = { id: string; sentAt?: string; to: string; tags?: Record<string, string> };

/** A small JSON body (an event to inject), or {} when it is empty or not JSON. */
async function smallJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 10_000) return {};
  }
  try {
    return (JSON.parse(text || '{}') as Record<string, unknown>) ?? {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * POST /_local/outbox/{id}/events: the local stand-in for what SES reports after sending a mail. The body
 * `{ type: 'Delivery' | 'Bounce' | 'Complaint' | 'Open' | 'Click', bounce_type?, feedback_id?, timestamp? }`
 * becomes the event SES would publish about that outbox mail (its id as the message id, its address and
 * tags), wrapped as SNS delivers it, and goes on the mail events queue the worker reads. The same body
 * twice (same feedback id and time) is the same event replayed.
 */
export function mailEventsRoute(outboxDir: string, send: (body: unknown) => Promise<unknown>): LocalRoute {
  return async (req, res, url) => {
    const match = /^\/_local\/outbox\/([0-9A-Z]{26})\/events$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return false;
    const file = path.join(outboxDir, `${match[1]}.json`);
    if (!existsSync(file)) {
      json(res, 404, { message: 'No such mail' });
      return true;
    }
    const mail = JSON.parse(await readFile(file, 'utf8')) as OutboxMailTags;
    const body = await smallJson(req);
    const eventType = str(body.type) ?? 'Delivery';
    const timestamp = str(body.timestamp) ?? new Date().toISOString();
    const feedbackId = str(body.feedback_id) ?? `${mail.id}-${eventType}-${timestamp}`;
    const who = [{ emailAddress: mail.to }];
    const event = {
      eventType,
      mail: {
        messageId: mail.id,
        timestamp: mail.sentAt ?? timestamp,
        destination: [mail.to],
        tags: Object.fromEntries(Object.entries(mail.tags ?? {}).map(([name, value]) => [name, [value]])),
      },
      ...(eventType === 'Bounce'
        ? {
            bounce: { bounceType: str(body.bounce_type) ?? 'Permanent', bouncedRecipients: who, feedbackId, timestamp },
          }
        : {}),
      ...(eventType === 'Complaint' ? { complaint: { complainedRecipients: who, feedbackId, timestamp } } : {}),
      ...(eventType === 'Delivery' ? { delivery: { timestamp } } : {}),
      ...(eventType === 'Open' ? { open: { timestamp } } : {}),
      ...(eventType === 'Click' ? { click: { timestamp } } : {}),
    };
    await send({ Type: 'Notification', MessageId: randomUUID(), Message: JSON.stringify(event) });
    json(res, 202, { queued: event });
    return true;
  };
}

/** POST /_local/schedules/{name}: runs a scheduled job now. */
export function scheduleRoute(run: (name: string) => Promise<unknown>): LocalRoute {
  return async (req, res, url) => {
    const match = /^\/_local\/schedules\/(\w+)$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return false;
    try {
      json(res, 200, { result: await run(match[1]) });
    } catch (error) {
      json(res, 404, { message: (error as Error).message });
    }
    return true;
  };
}

/**
 * The built SPA, as CloudFront serves it: any path that is not a file gets index.html so
 * client-side routes load; text is compressed by Accept-Encoding (brotli, else gzip); hashed
 * files under /assets are cached for a year, index.html is revalidated on every load.
 */
export function spaRoute(webDir: string): LocalRoute {
  const index = path.join(webDir, 'index.html');
  return async (req, res, url) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const indexStats = statSync(index, { throwIfNoEntry: false });
    if (!indexStats) {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('The web app is not built: run `npm run build:web`.');
      return true;
    }
    const requested = path.normalize(path.join(webDir, decodeURIComponent(url.pathname)));
    const requestedStats = requested.startsWith(webDir) ? statSync(requested, { throwIfNoEntry: false }) : undefined;
    const [file, stats] = requestedStats?.isFile() ? [requested, requestedStats] : [index, indexStats];
    const immutable = file !== index && url.pathname.startsWith('/assets/');
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const { body, encoding } = await fileBody(file, stats, type, pickEncoding(req.headers['accept-encoding']));
    res.writeHead(200, {
      'content-type': type,
      'content-length': body.length,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      ...(isCompressible(type) ? { vary: 'accept-encoding' } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
