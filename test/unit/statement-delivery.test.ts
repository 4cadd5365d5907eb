import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assetCopyCommands } from '../../infra/areas/product-function.js';
import { outboxRoute } from '../../infra/local/local-routes.js';
import { ENV } from '../../infra/resources.js';
import { rawMessage, sendMail } from '../../functions/lib/mail.js';
import { assetPath } from '../../functions/lib/assets.js';
import { PDF_FONT_ASSETS } from '../../functions/money/statements/documents/font-files.js';
import { statementMail } from '../../functions/money/statements/documents/mail.js';
import { renderStatementPdf } from '../../functions/money/statements/documents/render.js';
import { zipFiles } from '../../functions/money/statements/documents/zip.js';
import { MESSAGES, fillPeriod } from '../../shared/messages.js';
import { sampleStatementDocument } from '../support/statement-document.js';

let outbox: string;
let pdf: Uint8Array;
const previousOutbox = process.env[ENV.outboxDir];

beforeAll(async () => {
  outbox = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  process.env[ENV.outboxDir] = outbox;
  pdf = await renderStatementPdf(sampleStatementDocument({ rows: 3 }));
});
afterAll(() => {
  rmSync(outbox, { recursive: true, force: true });
  if (previousOutbox === undefined) delete process.env[ENV.outboxDir];
  else process.env[ENV.outboxDir] = previousOutbox;
});
afterEach(() => {
  for (const f of readdirSync(outbox)) rmSync(path.join(outbox, f));
});

describe('statement mail', () => {
  it("is 'Royalty Statement for {payee name} %PERIOD%' with the period filled in, the PDF attached", () => {
    const document = sampleStatementDocument({ rows: 1 });
    document.statement.subject = '';
    const [mail, ...others] = statementMail(document, { pdf });
    expect(others).toEqual([]);
    expect(mail.to).toBe('pyotr@example.test');
    expect(mail.subject).toBe('Royalty Statement for Пётр Ильич Чайковский 2026-Q3');
    expect(MESSAGES.statementSubject('A')).toBe('Royalty Statement for A %PERIOD%');
    expect(fillPeriod('X %PERIOD% (%PERIOD%)', '2026-07')).toBe('X 2026-07 (2026-07)');
    // The subject keeps the product's template and its year-period; the body says the period in words.
    expect(mail.text).toContain('ST-000042 for Q3 2026 (Jul 2026 to Sep 2026).');
    expect(mail.text).not.toContain('2026-Q3');
    expect(mail.text).toContain('Amount payable: £620.00.');
    expect(mail.text).not.toContain('Amount paid to you');
    expect(mail.attachments).toEqual([
      { filename: 'ST-000042-2026-Q3.pdf', contentType: 'application/pdf', content: pdf },
    ]);
  });

  it('names a span of months no year-period fits in words in its subject, not "2026-09 – 2026-10"', () => {
    const document = sampleStatementDocument({ rows: 1 });
    document.statement.subject = '';
    Object.assign(document.statement, {
      start_pay_period: '2026-09',
      end_pay_period: '2026-10',
      accounting_period: '2026-09 – 2026-10',
    });
    const [mail] = statementMail(document, { pdf });
    expect(mail.subject).toBe('Royalty Statement for Пётр Ильич Чайковский Sep 2026 to Oct 2026');
  });

  it('says what is paid out when VAT is added or tax withheld', () => {
    const [mail] = statementMail(sampleStatementDocument({ rows: 1, selfBilling: true, withholding: 30 }), { pdf });
    expect(mail.text).toContain('Amount payable: £620.00.');
    expect(mail.text).toContain(
      'Amount paid to you: £558.00 (VAT of £124.00 added, tax of £186.00 withheld for the tax authority).',
    );
  });

  it("takes the statement's own subject and message, and goes to each of its recipients", () => {
    const document = sampleStatementDocument({ rows: 1 });
    document.statement.subject = 'Your %PERIOD% statement';
    document.statement.message = 'Hello from the label.';
    document.statement.recipients = ['a@example.test', 'b@example.test'];
    const mails = statementMail(document, { pdf });
    expect(mails.map((m) => m.to)).toEqual(['a@example.test', 'b@example.test']);
    expect(mails.map((m) => m.subject)).toEqual(['Your 2026-Q3 statement', 'Your 2026-Q3 statement']);
    expect(mails[0].text).toBe('Hello from the label.');
  });

  it('says why nothing is paid, and is not sent to anybody when the payee has no e-mail', () => {
    const document = sampleStatementDocument({ rows: 1 });
    document.statement.figures = { ...document.statement.figures, payable: '0.00' };
    document.statement.not_paid_reasons = [
      { code: 'unrecouped_advance', text: 'unrecouped advance: £300.00 remaining' },
    ];
    expect(statementMail(document, { pdf })[0].text).toContain(
      'Nothing is paid this time: unrecouped advance: £300.00 remaining.',
    );
    document.statement.recipients = [];
    document.payee.email = null;
    expect(statementMail(document, { pdf })).toEqual([]);
  });
});

describe('mail with attachments', () => {
  it('locally: the outbox keeps the mail as JSON and each attachment as a file beside it', async () => {
    const [mail] = statementMail(sampleStatementDocument({ rows: 1 }), { pdf });
    await sendMail(mail);
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    const json = files.find((f) => f.endsWith('.json')) ?? '';
    const record = JSON.parse(readFileSync(path.join(outbox, json), 'utf8'));
    expect(record).toMatchObject({
      to: mail.to,
      sender: { name: 'Aurora Sound Ltd', replyTo: 'accounts@aurora.example' },
      subject: mail.subject,
      text: mail.text,
    });
    expect(record.attachments).toEqual([
      {
        filename: 'ST-000042-2026-Q3.pdf',
        contentType: 'application/pdf',
        size: pdf.byteLength,
        file: `${record.id}.1.ST-000042-2026-Q3.pdf`,
      },
    ]);
    const attached = readFileSync(path.join(outbox, record.attachments[0].file));
    expect(attached.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(attached.equals(Buffer.from(pdf))).toBe(true);
  });

  it('locally: a mail without attachments is written as before', async () => {
    await sendMail({ to: 'x@example.test', subject: 'Hi', text: 'Body' });
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const record = JSON.parse(readFileSync(path.join(outbox, files[0]), 'utf8'));
    expect(Object.keys(record).sort()).toEqual(['id', 'sentAt', 'subject', 'text', 'to']);
  });

  it("in AWS: raw MIME in the company's name with the text and the PDF base64-encoded (SES SendRawEmail)", async () => {
    const [mail] = statementMail(sampleStatementDocument({ rows: 1 }), { pdf });
    const mime = (await rawMessage('no-reply@example.com', mail)).toString('utf8');
    // In the company's name, from the platform's own address; replies go to the company.
    expect(mime).toMatch(/^From: Aurora Sound Ltd <no-reply@example\.com>$/m);
    expect(mime).toMatch(/^Reply-To: accounts@aurora\.example$/m);
    expect(mime).toMatch(/^To: pyotr@example\.test$/m);
    expect(mime).toMatch(/^Subject: =\?UTF-8\?/m); // Cyrillic subject, encoded
    expect(mime).toMatch(/Content-Type: application\/pdf; name=ST-000042-2026-Q3\.pdf/);
    const body = /Content-Disposition: attachment[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mime);
    expect(Buffer.from((body?.[1] ?? '').replace(/\s/g, ''), 'base64').equals(Buffer.from(pdf))).toBe(true);
  });

  it("a sender's name stays one header line, encoded when it is not plain ASCII", async () => {
    const mail = { to: 'x@example.test', subject: 'Hi', text: 'Body', sender: { name: 'Łódź Records\r\nBcc: a@b.c' } };
    const mime = (await rawMessage('no-reply@example.com', mail)).toString('utf8');
    // Encoded words, folded onto a second line when long: still the From header, no other header made of the name.
    expect(mime).toMatch(/^From: =\?UTF-8\?Q\?=C5=81=C3=B3d=C5=BA_Records_Bcc[^\n]*\r?\n <no-reply@example\.com>\r?$/m);
    expect(mime).not.toMatch(/^Bcc:/m);
    expect(mime).not.toMatch(/^Reply-To:/m);
  });

  it('the local outbox page lists the attachment and serves it, so the PDF opens in the browser', async () => {
    const [mail] = statementMail(sampleStatementDocument({ rows: 1 }), { pdf });
    await sendMail(mail);
    await sendMail({ to: 'y@example.test', subject: 'Plain', text: 'No files' });
    const route = outboxRoute(outbox);
    const server = http.createServer(async (req, res) => {
      const handled = await route(req, res, new URL(req.url ?? '/', 'http://localhost'));
      if (!handled) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const list = (await (await fetch(`${base}/_local/outbox`)).json()) as {
        mails: { to: string; attachments?: { url: string; filename: string }[] }[];
      };
      expect(list.mails.map((m) => m.to)).toEqual(['y@example.test', 'pyotr@example.test']);
      expect(list.mails[0].attachments).toBeUndefined();
      // ?to= lists one address's mails only (any case), each with its attachments' addresses.
      const toPyotr = (await (await fetch(`${base}/_local/outbox?to=Pyotr%40example.test`)).json()) as typeof list;
      expect(toPyotr.mails.map((m) => m.to)).toEqual(['pyotr@example.test']);
      expect(toPyotr.mails[0].attachments?.[0].url).toBe(list.mails[1].attachments?.[0].url);
      expect(
        ((await (await fetch(`${base}/_local/outbox?to=nobody%40example.test`)).json()) as typeof list).mails,
      ).toEqual([]);
      const [attachment] = list.mails[1].attachments ?? [];
      expect(attachment.filename).toBe('ST-000042-2026-Q3.pdf');
      const served = await fetch(`${base}${attachment.url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toBe('inline; filename="ST-000042-2026-Q3.pdf"');
      expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
      const missing = attachment.url.replace(/\/1$/, '/2');
      expect((await fetch(`${base}${missing}`)).status).toBe(404);
      expect((await fetch(`${base}/_local/outbox/..%2F..%2Fetc/attachments/1`)).status).toBe(599);
    } finally {
      server.close();
    }
  });
});

describe('bulk download zip', () => {
  it('holds every file under a safe, unique name, byte for byte', () => {
    const a = new TextEncoder().encode('first');
    const b = new TextEncoder().encode('second');
    const c = new TextEncoder().encode('third');
    const zip = zipFiles([
      { name: 'ST-1.pdf', data: pdf },
      { name: 'st-1.PDF', data: a },
      { name: '../../etc/passwd', data: b },
      { name: 'a:b*?.csv', data: c },
      { name: 'ST-1.pdf', data: c },
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['ST-1.pdf', 'st-1 (2).PDF', 'passwd', 'a_b_.csv', 'ST-1 (3).pdf']);
    expect(Buffer.from(files['ST-1.pdf']).equals(Buffer.from(pdf))).toBe(true);
    expect(new TextDecoder().decode(files['st-1 (2).PDF'])).toBe('first');
    expect(new TextDecoder().decode(files.passwd)).toBe('second');
    expect(new TextDecoder().decode(files['ST-1 (3).pdf'])).toBe('third');
  });
});

describe('font files in the Lambda bundle', () => {
  it('copies each asset to the same relative path in the bundle, and refuses paths outside the repository', () => {
    expect(assetCopyCommands('/repo', '/out', ['node_modules/x/a.ttf'])).toEqual([
      'mkdir -p "/out/node_modules/x" && cp "/repo/node_modules/x/a.ttf" "/out/node_modules/x/a.ttf"',
    ]);
    expect(() => assetCopyCommands('/repo', '/out', ['../secret'])).toThrow(/inside the repository/);
    expect(() => assetCopyCommands('/repo', '/out', ['/etc/passwd'])).toThrow(/inside the repository/);
  });

  it('finds the fonts beside the code in Lambda (LAMBDA_TASK_ROOT) and in place from source', () => {
    // Thirty-two fonts, regular and bold, but N'Ko, Tifinagh and Yi have one file for both; each file a whole font (the
    // smallest, Noto Sans Hebrew, is about 25 KB).
    expect(PDF_FONT_ASSETS).toHaveLength(61);
    for (const asset of PDF_FONT_ASSETS) expect(readFileSync(assetPath(asset)).length).toBeGreaterThan(20_000);
    process.env.LAMBDA_TASK_ROOT = '/var/task';
    try {
      expect(assetPath(PDF_FONT_ASSETS[0])).toBe(`/var/task/${PDF_FONT_ASSETS[0]}`);
    } finally {
      delete process.env.LAMBDA_TASK_ROOT;
    }
  });
});
