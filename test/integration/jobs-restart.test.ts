import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { convertedAmount } from '../../shared/schemas/payout-conversion.js';
import { handRunOf } from '../support/published-statements.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';
import { statementFigures } from '../support/statement-figures.js';

/**
 * The local cloud killed outright (its whole process group, emulators too, like a terminal closed
 * on `npm start`) while jobs were under way, and started again on the same state. The kill empties
 * the queue, so what each job was waiting for is gone; on start every unfinished job is carried on:
 *  - a statement run publishing: one account's statement finished and mailed, one numbered and
 *    having its documents made (its claim held by the process that died), two not reached;
 *  - a statement run previewing;
 *  - a catalogue import being planned, its lease held by the worker that died;
 *  - a delivery to a store, claimed by the worker that died;
 *  - a catalogue export being written by the worker that died;
 *  - a promo send, some recipients mailed and the rest queued (its queue message lived in memory only);
 *  - a promo's follow-up, some recipients reminded and the rest not yet;
 *  - the release-day mail to "notify me" fans, some mailed when the run died;
 *  - the licensing reminders: of three licences ending soon, one told, one being told, one not reached;
 *  - a payment run being confirmed, three of its nine accounts' payments recorded.
 * The cloud runs in a process of its own (test/support/restartable-cloud.ts); the records are
 * made straight in its table, for a company of this file's own (the delivery: for the demo
 * company, whose release and store connection the seed makes). Royalty imports and payment runs
 * have restart tests of their own (royalty-import-restart). One kill covers them all: each
 * cloud start costs the suite tens of seconds of CPU.
 */
// Seeded as `npm start` seeds it: reference data, and the demo company with a release it may deliver to the demo store.
// The promo send paced slowly (PROMO_SEND_RATE) so the kill lands midway through it.
const cloud = restartableCloud('jobs-restart', { CLOUD_SEED: 'demo', PROMO_SEND_RATE: '4' });
const tenantId = `jobs-restart-${Date.now()}`;
const PERIOD: [string, string] = ['2026-07', '2026-09'];
const accounts = ['Ada', 'Ben', 'Cleo', 'Dev'].map((name) => ({
  type: 'Payee' as const,
  id: `payee-${name.toLowerCase()}`,
  name,
  email: `${name.toLowerCase()}.${tenantId}@example.test`,
}));
const label = 'Restart Records';
const sheet = [...releaseRows(label, {}, 2), ...releaseRows(label, {}, 3)];
let cloudEnv: Record<string, string>;
let publishingRunId: string;
let previewingRunId: string;
const importId = `restart-import-${Date.now()}`;
let delivery: { tenantId: string; id: string; batchId: string };
let catalogueExport: { tenantId: string; id: string };
let atKill: { name: string; number: string; state: string | undefined; statementId: string }[];
const promoId = 'restart-promo';
const promoEmails = Array.from({ length: 40 }, (_, i) => `promo${i}.${tenantId}@example.test`.toLowerCase());
let promoMailedAtKill: Map<string, number>;
const followedPromoId = 'restart-followed-promo';
const reminderEmails = Array.from({ length: 40 }, (_, i) => `reminded${i}.${tenantId}@example.test`.toLowerCase());
let remindedAtKill: Map<string, number>;
const FANS = 80;
const fanEmails = Array.from({ length: FANS }, (_, i) => `fan${i}.${tenantId}@example.test`.toLowerCase());
// The fans' release in a company of its own: the catalogue import's check counts the releases of `tenantId`.
const fansTenant = `fans-restart-${Date.now()}`;
let fanLinkId: string;
let fansMailedAtKill: Map<string, number>;
// The reminders' company of its own (a company record with a member, as the reminders tell members).
const remindersTenant = `reminders-restart-${Date.now()}`;
const remindersUser = `${remindersTenant}-manager`;
const remindersEmail = `manager.${remindersTenant}@example.test`;
const licensees = ['Ada Films', 'Ben Adverts', 'Cleo Games'];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
// Each licence's last day, fixed once: a run crossing midnight must expect the days the licences were made with.
const licenceEnds = licensees.map((_, i) => inDays(10 + i));
let remindersAtKill: string[][];
// The payment run's company of its own: nine statements payable, the run exported, then cut off while confirming.
const payrunTenant = `payrun-restart-${Date.now()}`;
const payrunId = `RUN-${Date.now()}`;
const payrunAccounts = Array.from({ length: 9 }, (_, i) => ({ id: `payee-${i}`, payable: `${100 + i}.${10 + i}` }));
/** Every other account is paid by SEPA in euro: the resumed confirm records what the run's file sent, converted. */
const payrunItems = payrunAccounts.map((account, i) => ({
  statement_id: `ST${i}-${payrunTenant}`,
  statement_number: `ST-R${i}`,
  account: { type: 'Payee' as const, id: account.id },
  name: `Payee ${i}`,
  amount: account.payable,
  currency: 'GBP',
  method: i % 2 ? ('sepa' as const) : ('uk_bulk' as const),
  ...(i % 2
    ? { converted: { currency: 'EUR', rate: '1.165', amount: convertedAmount(account.payable, '1.165') } }
    : {}),
  payment_id: null,
}));
const reminderClaims = async () => {
  const { db } = await modules();
  return (await db.LicenseReminderClaim.query.byTenant({ tenantId: remindersTenant }).go({ pages: 'all' })).data
    .map((c) => [c.subject.split(': ')[1], c.status])
    .sort();
};

/** How many mails each of `addresses` got, from the cloud's outbox folder (a mail is a JSON file). */
function mailsTo(addresses: readonly string[]): Map<string, number> {
  const wanted = new Set(addresses);
  const counts = new Map<string, number>();
  let files: string[] = [];
  try {
    files = readdirSync(cloudEnv[ENV.outboxDir]).filter((name) => /^[0-9A-Z]+\.json$/.test(name));
  } catch {
    // No mail yet: the folder is made with the first one.
  }
  for (const file of files) {
    let to: string;
    try {
      ({ to } = JSON.parse(readFileSync(path.join(cloudEnv[ENV.outboxDir], file), 'utf8')) as { to: string });
    } catch {
      continue; // A file the killed process was writing: no mail went out.
    }
    if (wanted.has(to)) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** Starts the fanNotices run as the hourly schedule would; its answer (or the dropped connection) is not awaited. */
const runFanNotices = () =>
  fetch(`${cloudEnv[ENV.appUrl]}/_local/schedules/fanNotices`, { method: 'POST' }).then(
    (response) => response.json() as Promise<{ result: { links: number; mailed: number } }>,
    () => null,
  );

const promoRecipients = async () => {
  const { db } = await modules();
  return (await db.PromoRecipient.query.byPromo({ tenantId, promo_id: promoId }).go({ pages: 'all' })).data;
};
const promoStatuses = async () => (await promoRecipients()).map((r) => r.status);

const modules = async () => ({
  db: (await import('../../functions/data/service.js')).getDb().entities,
  access: await import('../../functions/data/access/statements.js'),
  step: await import('../../functions/money/statements/runs/account-step.js'),
  deps: (await import('../../functions/money/statements/runs/account-deps.js')).accountStepDeps,
  clients: await import('../../functions/lib/clients.js'),
  resources: await import('../../infra/resources.js'),
});

const statements = async () => {
  const { db } = await modules();
  return (await db.Statement.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
};

afterAll(async () => {
  await cloud.remove();
});

beforeAll(async () => {
  cloudEnv = await cloud.start();
  // Imported only now (modules()): the SDK clients read this cloud's endpoints, the same ports after the restart.
  const { db, access, step, deps, clients, resources } = await modules();

  // A run publishing four accounts (its publish step done): the first finished, the second half made.
  const run = await handRunOf(tenantId, 'restart-user', accounts, PERIOD, '25.000000', { manifest: true });
  publishingRunId = run.runId;
  expect(await step.runAccountStep(run.messages[0], deps)).toBe('published');
  let documentsStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    documentsStarted = resolve;
  });
  void step.runAccountStep(run.messages[1], {
    ...deps,
    // The process dies while the PDF is being made: the claim on the documents is never given back.
    documents: () => {
      documentsStarted();
      return new Promise(() => {});
    },
  });
  await started;

  // A run previewing whose preview message the kill lost.
  previewingRunId = `restart-preview-${Date.now()}`;
  await access.createRun({
    tenantId,
    runId: previewingRunId,
    kind: 'payee',
    status: 'previewing',
    start_pay_period: '2026-04',
    end_pay_period: '2026-06',
    label_ids: [],
    userId: 'restart-user',
  });

  // A catalogue import of two releases being planned by a worker that dies holding its lease.
  await db.Label.create({ tenantId, labelId: 'restart-label', name: label }).go();
  const fileKey = `imports/${tenantId}/restart.csv`;
  const body = sheetCsv(sheet);
  await clients
    .s3Client()
    .send(new PutObjectCommand({ Bucket: resources.BUCKETS.uploads.localName, Key: fileKey, Body: body }));
  await db.CatalogueImport.create({
    tenantId,
    importId,
    userId: 'restart-user',
    model: 'releases',
    fileKey,
    filename: 'restart.csv',
    filesize: body.length,
    status: 'planning',
    lease_until: new Date(Date.now() + 10 * 60_000).toISOString(),
    lease_owner: 'the worker that died',
  }).go();

  // The demo release's delivery to the demo store, claimed by a worker that dies holding it.
  const { bulkCreate } = await import('../../functions/deliveries/release-deliveries.js');
  const deliveries = await import('../../functions/data/access/deliveries.js');
  const demo = (await db.Company.query.all({}).go({ pages: 'all' })).data.find(
    (c) => c.name === 'Northern Lights Records',
  );
  const dsp = (await db.Dsp.query.all({}).go({ pages: 'all' })).data.find((d) => d.name === 'Demo DSP');
  const release = demo
    ? (await db.Release.query.byTenant({ tenantId: demo.companyId }).go({ pages: 'all' })).data.find(
        (r) => r.title === 'Northern Lights EP',
      )
    : undefined;
  if (!demo || !dsp || !release) throw new Error('the seed has no demo company, store or release');
  // Passed quality control (what the admin's Accept records); the seed's cover art and audio are
  // checked by the upload worker, so the release may be delivered once they pass.
  await db.Release.patch({ tenantId: demo.companyId, id: release.id }).set({ status: 'accepted' }).go();
  const [made] = await until(
    () => bulkCreate(demo.companyId, 'restart-user', release.id, [{ dsp_id: dsp.id }]).catch(() => undefined),
    120_000,
  );
  delivery = { tenantId: demo.companyId, id: made.id, batchId: `restart-${Date.now()}` };
  expect(await deliveries.markQueued(delivery.tenantId, delivery.id, delivery.batchId, ['created'])).toBe(true);
  expect(
    await deliveries.claimDelivery(
      delivery.tenantId,
      delivery.id,
      delivery.batchId,
      new Date(Date.now() + 10 * 60_000).toISOString(),
    ),
  ).toBeTruthy();

  // The demo company's whole catalogue being written to a file by an export worker that dies.
  catalogueExport = { tenantId: demo.companyId, id: `restart-export-${Date.now()}` };
  await db.CatalogueExport.create({
    ...catalogueExport,
    userId: 'restart-user',
    model: 'releases',
    format: 'csv',
    selection: { all: true },
    status: 'running',
    filename: 'Releases — restart.csv',
  }).go();

  const today = new Date().toISOString().slice(0, 10);
  // A released record's "notify me" fans, their release-day run under way.
  const { createSmartLink } = await import('../../functions/smart-links/index.js');
  const fans = await import('../../functions/data/access/smart-link-fans.js');
  await db.Release.put({
    tenantId: fansTenant,
    id: 'fan-release',
    title: 'Out Today',
    upc: '036000291452',
    release_date: today,
  }).go();
  fanLinkId = (await createSmartLink(fansTenant, { release_id: 'fan-release' })).smart_link.id;
  await Promise.all(
    fanEmails.map((email) => {
      const id = createHash('sha256').update(email).digest('hex').slice(0, 40);
      return fans.addFan(fansTenant, fanLinkId, { id, email, consent_at: new Date().toISOString() });
    }),
  );
  await fans.markNoticeDue(fansTenant, fanLinkId);
  void runFanNotices();
  await until(async () => (mailsTo(fanEmails).size >= FANS / 4 ? true : undefined), 60_000);

  // The licensing reminders' run that dies: it tells Ada Films, then is cut off while telling Ben Adverts.
  await db.Company.create({ companyId: remindersTenant, name: 'Reminder Records' }).go();
  await db.User.create({ userId: remindersUser, email: remindersEmail, name: 'Rita Manager', role: 'user' }).go();
  await db.CompanyUser.create({ userId: remindersUser, companyId: remindersTenant, role: 'label_manager' }).go();
  for (const [i, licensee_name] of licensees.entries())
    await db.License.create({
      tenantId: remindersTenant,
      id: `LIC${i}-${remindersTenant}`,
      type: 'outgoing',
      status: 'signed',
      licensee_name,
      usage: 'A trailer',
      license_start_date: inDays(-60),
      license_end_date: licenceEnds[i],
      revision: 1,
    }).go();
  const reminders = await import('../../functions/licensing/reminders-job.js');
  const { tellCompanyMembers } = await import('../../functions/notices/tell-company.js');
  let telling: () => void = () => {};
  const cutOff = new Promise<void>((resolve) => {
    telling = resolve;
  });
  let told = 0;
  void reminders
    .runReminders(new Date().toISOString(), async (input) => {
      if (input.tenantId !== remindersTenant) return;
      told += 1;
      if (told === 1) return tellCompanyMembers(input);
      telling();
      return new Promise(() => {});
    })
    .catch(() => {});
  await cutOff;
  remindersAtKill = await reminderClaims();

  // The payment run whose confirm was cut off: confirming, its first 3 accounts' payments recorded.
  const { createPaymentRun, movePaymentRun } = await import('../../functions/data/access/payouts.js');
  const { recordPayment } = await import('../../functions/money/payments/record.js');
  for (const [i, item] of payrunItems.entries())
    await db.Statement.create({
      tenantId: payrunTenant,
      statementId: item.statement_id,
      number: item.statement_number,
      type: 'Statement',
      accountKey: `Payee#${item.account.id}`,
      payee_name: item.name,
      subject: 'Royalty Statement',
      start_pay_period: '2026-01',
      end_pay_period: '2026-03',
      accounting_period: '2026-Q1',
      currency: 'GBP',
      figures: statementFigures({
        royalties: payrunAccounts[i].payable,
        closing_balance: payrunAccounts[i].payable,
        payable: payrunAccounts[i].payable,
      }),
      control: { lines: 0, lines_total: '0.000000', rounding_in: '0.000000', rounding_out: '0.000000' },
    }).go();
  await createPaymentRun({
    tenantId: payrunTenant,
    runId: payrunId,
    status: 'exported',
    execution_date: '2026-11-30',
    items: payrunItems,
    createdBy: 'restart-confirmer',
  });
  expect(
    await movePaymentRun(payrunTenant, payrunId, ['exported'], {
      status: 'confirming',
      confirmedBy: 'restart-confirmer',
      payment_date: '2026-11-30',
      confirmingSince: new Date().toISOString(),
    }),
  ).toBe(true);
  for (const item of payrunItems.slice(0, 3))
    await recordPayment(payrunTenant, 'restart-confirmer', {
      statement_ids: [item.statement_id],
      payment_date: '2026-11-30',
      payment_method: 'UK bulk payment',
      payment_reference: `Payment run ${payrunId}`,
      payment_run_id: payrunId,
      idempotency_key: `payment-run:${payrunId}:Payee#${item.account.id}`,
      ...(item.converted ? { convert_to: { currency: 'EUR', rate: item.converted.rate } } : {}),
    });
  const midway = (await db.PaymentRun.get({ tenantId: payrunTenant, runId: payrunId }).go()).data;
  expect(midway?.status).toBe('confirming');
  expect([...(midway?.paid_accounts ?? [])].sort()).toEqual(
    payrunItems.slice(0, 3).map((i) => `Payee#${i.account.id}`),
  );

  // A promo being sent (as "Send now" does, as an admin: no plan to count against), paced 2 mails a second: the last
  // job started before the kill, so the 36 mails after the fourth (some 18 s) outlast what comes between, however slow
  // the machine (started first, a slow machine's other setup outlasted it and all 40 were mailed before the kill).
  // A follow-up of a sent promo (its 40 first mails recorded as gone), paced like the send, started just before it.
  await db.Promo.create({
    tenantId,
    id: followedPromoId,
    release_id: 'restart-release',
    title: 'Restart Single',
    subject: 'Restart Single, out now',
    start_date: today,
    expiry_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    access: 'stream',
    download_limit: 3,
    feedback_required: false,
    recording_ids: ['restart-recording'],
    status: 'sent',
  }).go();
  for (const [i, email] of reminderEmails.entries())
    await db.PromoRecipient.create({
      tenantId,
      promo_id: followedPromoId,
      id: `reminded-${i}`,
      email,
      status: 'mailed',
      token_hash: createHash('sha256').update(`first-link-${i}`).digest('hex'),
    }).go();
  const { followUpPromo } = await import('../../functions/promos/follow-up.js');
  const caller = { user: { userId: 'restart-user' } } as Parameters<typeof followUpPromo>[3];
  expect((await followUpPromo(tenantId, followedPromoId, { audience: 'not_opened' }, caller)).queued).toBe(40);
  const { sendPromo } = await import('../../functions/promos/send.js');
  await db.Promo.create({
    tenantId,
    id: promoId,
    release_id: 'restart-release',
    title: 'Restart EP',
    subject: 'Restart EP, before it is out',
    start_date: today,
    expiry_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    access: 'stream',
    download_limit: 3,
    feedback_required: false,
    recording_ids: ['restart-recording'],
    status: 'draft',
  }).go();
  expect((await sendPromo(tenantId, promoId, { mailing_list_ids: [], emails: promoEmails }, true)).queued).toBe(40);
  await until(
    async () => ((await promoStatuses()).filter((s) => s === 'mailed').length >= 4 ? true : undefined),
    60_000,
  );
  await until(async () => ([...mailsTo(reminderEmails).values()].length >= 4 ? true : undefined), 60_000);

  atKill = (await statements()).map((s) => ({
    name: s.payee_name,
    number: s.number,
    state: s.queue_status,
    statementId: s.statementId,
  }));
  await cloud.kill();
  // The outbox is a folder, readable with the cloud down.
  promoMailedAtKill = mailsTo(promoEmails);
  remindedAtKill = mailsTo(reminderEmails);
  fansMailedAtKill = mailsTo(fanEmails);
  await cloud.start();
}, 300_000);

describe('the local cloud stopped mid-job and started again', () => {
  it('finishes the publishing run: each account stated once, numbered once, with documents, mailed once', async () => {
    expect(atKill.map(({ name, number, state }) => [name, number, state]).sort()).toEqual([
      ['Ada', 'ST-000001', 'published'],
      ['Ben', 'ST-000002', 'generating'],
    ]);
    const { db } = await modules();
    const run = await until(async () => {
      const found = (await db.StatementRun.get({ tenantId, runId: publishingRunId }).go()).data;
      return found?.status === 'published' ? found : undefined;
    }, 120_000);
    expect(run).toMatchObject({ total: 4, done: 4, skipped: 0 });

    const stated = (await statements()).filter((s) => s.run_id === publishingRunId);
    expect(stated.map((s) => s.payee_name).sort()).toEqual(accounts.map((a) => a.name));
    expect(stated.map((s) => s.number).sort()).toEqual(['ST-000001', 'ST-000002', 'ST-000003', 'ST-000004']);
    for (const statement of stated) {
      expect(statement).toMatchObject({ queue_status: 'published' });
      expect(statement.pdf_key).toBeTruthy();
      expect(statement.csv_key).toBeTruthy();
    }
    // The statements made before the kill keep their ids and numbers.
    for (const before of atKill)
      expect(stated.find((s) => s.statementId === before.statementId)?.number).toBe(before.number);
    const outbox = cloudEnv[ENV.outboxDir];
    const mails = readdirSync(outbox)
      .filter((file) => /^[0-9A-Z]+\.json$/.test(file))
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string });
    for (const account of accounts) expect(mails.filter((mail) => mail.to === account.email)).toHaveLength(1);
  }, 180_000);

  it('finishes the preview of the previewing run', async () => {
    const { db } = await modules();
    const run = await until(async () => {
      const found = (await db.StatementRun.get({ tenantId, runId: previewingRunId }).go()).data;
      return found && found.status !== 'previewing' ? found : undefined;
    }, 120_000);
    expect(run).toMatchObject({ status: 'preview_ready' });
    expect(run.error).toBeUndefined();
  }, 180_000);

  it('plans and writes the catalogue import the dead worker held, each release once', async () => {
    const { db } = await modules();
    const job = await until(async () => {
      const found = (await db.CatalogueImport.get({ tenantId, importId }).go()).data;
      return found?.status === 'done' || found?.status === 'failed' ? found : undefined;
    }, 120_000);
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, invalid: 0, duplicates: 0 });
    const releases = (await db.Release.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
    expect(releases.map((r) => r.upc).sort()).toEqual([...new Set(sheet.map((row) => String(row.upc)))].sort());
  }, 180_000);

  it('delivers the release the dead worker was sending, in the batch it began, BatchComplete last', async () => {
    const { db } = await modules();
    const done = await until(async () => {
      const found = (await db.ReleaseDelivery.get({ tenantId: delivery.tenantId, id: delivery.id }).go()).data;
      return found?.status === 'delivered' || found?.status === 'failed' ? found : undefined;
    }, 120_000);
    expect(done).toMatchObject({ status: 'delivered', batch_id: delivery.batchId });
    const prefix = `demo-label/${delivery.batchId}/`;
    const arrivals = await fetch(`${cloudEnv[ENV.appUrl]}/_local/sftp?prefix=${encodeURIComponent(prefix)}`);
    const files = ((await arrivals.json()) as { files: { path: string }[] }).files;
    // Each file the delivery lists arrived once (the cover, two audio files, the ERN message, BatchComplete).
    const paths = files.map((file) => file.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(done.files?.length ?? 0);
    expect(paths).toHaveLength(5);
    expect(files.at(-1)?.path).toBe(`${prefix}BatchComplete_${delivery.batchId}.xml`);
  }, 180_000);

  it('writes the catalogue export the dead worker was writing: done, its file stored whole', async () => {
    const { db, clients, resources } = await modules();
    const job = await until(async () => {
      const found = (await db.CatalogueExport.get(catalogueExport).go()).data;
      return found?.status === 'done' || found?.status === 'failed' ? found : undefined;
    }, 120_000);
    expect(job).toMatchObject({ status: 'done', rows: expect.any(Number) });
    expect(job.rows).toBeGreaterThan(0);
    const file = await clients
      .s3Client()
      .send(new GetObjectCommand({ Bucket: resources.BUCKETS.uploads.localName, Key: String(job.file_key) }));
    const text = await file.Body?.transformToString();
    expect(text).toContain('Northern Lights EP');
    expect(Number(file.ContentLength)).toBe(job.size);
  }, 180_000);

  it('carries the promo send on: everyone is mailed, nobody twice', async () => {
    // Killed mid-send: some mailed, not everyone.
    expect(promoMailedAtKill.size).toBeGreaterThanOrEqual(4);
    expect(promoMailedAtKill.size).toBeLessThan(promoEmails.length);
    const { db } = await modules();
    // Started again: the promo left sending is queued again (the jobs registry) and finished.
    const done = await until(async () => {
      const promo = (await db.Promo.get({ tenantId, id: promoId }).go()).data;
      return promo?.status === 'sent' ? promo : undefined;
    }, 120_000);
    expect(done.status).toBe('sent');
    const rows = await promoRecipients();
    const after = rows.map((r) => r.status);
    const mailed = mailsTo(promoEmails);
    // Nobody twice; everyone once, but for at most one claimed by the killed worker between its claim and
    // its mark: left "sending" rather than risk a second mail, its mail gone out or not (the kill decides).
    expect([...mailed.values()].every((n) => n === 1)).toBe(true);
    expect(after.filter((s) => s === 'queued')).toEqual([]);
    const caught = rows.filter((r) => r.status === 'sending').map((r) => r.email);
    expect(caught.length).toBeLessThanOrEqual(1);
    expect(rows.filter((r) => r.status === 'mailed' && mailed.get(r.email) !== 1)).toEqual([]);
    expect(promoEmails.filter((email) => !mailed.has(email) && !caught.includes(email))).toEqual([]);
    expect(mailed.size).toBeGreaterThanOrEqual(promoEmails.length - 1);
    for (const address of promoMailedAtKill.keys()) expect(mailed.get(address)).toBe(1);
  }, 180_000);

  it('carries the promo follow-up on: everyone reminded once, nobody twice', async () => {
    // Killed mid-follow-up: some reminded, not everyone.
    expect(remindedAtKill.size).toBeGreaterThanOrEqual(4);
    expect(remindedAtKill.size).toBeLessThan(reminderEmails.length);
    const { db } = await modules();
    await until(async () => {
      const promo = (await db.Promo.get({ tenantId, id: followedPromoId }).go()).data;
      return promo?.status === 'sent' ? promo : undefined;
    }, 120_000);
    const reminded = mailsTo(reminderEmails);
    expect([...reminded.values()].every((n) => n === 1)).toBe(true);
    // Everyone is claimed for the follow-up; at most one the kill caught between its claim and its mail goes without.
    const rows = (await db.PromoRecipient.query.byPromo({ tenantId, promo_id: followedPromoId }).go({ pages: 'all' }))
      .data;
    expect(rows.filter((r) => r.follow_up !== 1)).toEqual([]);
    expect(reminded.size).toBeGreaterThanOrEqual(reminderEmails.length - 1);
    for (const address of remindedAtKill.keys()) expect(reminded.get(address)).toBe(1);
    // Each keeps the link of their first mail working beside the reminder's.
    expect(rows.filter((r) => reminded.has(r.email)).every((r) => r.earlier_token_hashes?.length === 1)).toBe(true);
  }, 180_000);

  it('mails every notify-me fan once when the next release-day run carries on', async () => {
    // Killed once the run had mailed some fans and not yet the others.
    expect(fansMailedAtKill.size).toBeGreaterThanOrEqual(FANS / 4);
    expect(fansMailedAtKill.size).toBeLessThan(FANS);
    // The next run (hourly, here at once) carries on with the fans left.
    const next = await runFanNotices();
    expect(next?.result.links).toBe(1);
    const mailed = mailsTo(fanEmails);
    expect([...mailed].filter(([, count]) => count > 1)).toEqual([]);
    const { listFans } = await import('../../functions/data/access/smart-link-fans.js');
    const statuses = new Map((await listFans(fansTenant, fanLinkId)).map((fan) => [fan.email, fan.status]));
    // A fan the kill caught between claim and mark: mailed already or not, never mailed again (at most one).
    const caught = fanEmails.filter((email) => statuses.get(email) === 'sending');
    expect(caught.length).toBeLessThanOrEqual(1);
    expect(fanEmails.filter((email) => !mailed.has(email) && !caught.includes(email))).toEqual([]);
    expect(next?.result.mailed).toBe(mailed.size - fansMailedAtKill.size);
    for (const email of fanEmails.filter((e) => !caught.includes(e))) expect(statuses.get(email), email).toBe('mailed');
    // A run again (a re-delivered schedule event) mails nobody.
    expect((await runFanNotices())?.result.mailed).toBe(0);
    expect([...mailsTo(fanEmails).values()].every((count) => count === 1)).toBe(true);
  }, 180_000);

  it('sends each licensing reminder once: the one being sent is carried on, the one not reached is sent next', async () => {
    expect(remindersAtKill).toEqual([
      ['Ada Films', 'sent'],
      ['Ben Adverts', 'sending'],
    ]);
    // Started again: the reminder left sending is sent on start.
    await until(async () => {
      const claims = await reminderClaims();
      return claims.length === 2 && claims.every(([, status]) => status === 'sent') ? true : undefined;
    }, 60_000);
    // The next run (and one more, as a schedule firing twice) tells Cleo Games, and nobody again.
    const reminders = await import('../../functions/licensing/reminders-job.js');
    expect(await reminders.runReminders(new Date().toISOString())).toBeGreaterThanOrEqual(1);
    await reminders.runReminders(new Date().toISOString());

    const expected = licensees.map((name, i) => `Licence ending on ${licenceEnds[i]}: ${name}`).sort();
    const { db } = await modules();
    // The member's inbox: one notice per reminder.
    const inbox = (await db.UserNotice.query.byUser({ userId: remindersUser }).go({ pages: 'all' })).data;
    const notices = (await db.Notice.get(inbox.map(({ noticeId }) => ({ noticeId }))).go()).data.map((n) => n.title);
    expect(notices.sort()).toEqual(expected);
    const mails = readdirSync(cloudEnv[ENV.outboxDir])
      .filter((file) => /^[0-9A-Z]+\.json$/.test(file))
      .map(
        (file) =>
          JSON.parse(readFileSync(path.join(cloudEnv[ENV.outboxDir], file), 'utf8')) as { to: string; subject: string },
      )
      .filter((mail) => mail.to === remindersEmail)
      .map((mail) => mail.subject.replace('Reminder Records: ', ''));
    expect(mails.sort()).toEqual(expected);
    expect(await reminderClaims()).toEqual(licensees.map((name) => [name, 'sent']));
  }, 180_000);

  it('finishes the payment run left confirming: every account paid once, the run matching its payments', async () => {
    const { db } = await modules();
    const done = await until(async () => {
      const found = (await db.PaymentRun.get({ tenantId: payrunTenant, runId: payrunId }).go()).data;
      return found?.status === 'confirmed' ? found : undefined;
    }, 120_000);
    const payments = (await db.Payment.query.byTenant({ tenantId: payrunTenant }).go({ pages: 'all' })).data;
    expect(payments).toHaveLength(payrunAccounts.length);
    for (const item of payrunItems) {
      const paid = payments.filter((p) => p.statement_ids.includes(item.statement_id));
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ payment_total: item.amount, payment_run_id: payrunId });
      // Paid in euro: the payment, whether made before the crash or by the resumed confirm, says what the file sent.
      expect(paid[0].converted).toEqual(
        item.converted ? { currency: 'EUR', rate: '1.165', total: item.converted.amount } : undefined,
      );
      const statement = (await db.Statement.get({ tenantId: payrunTenant, statementId: item.statement_id }).go()).data;
      expect(statement?.paid).toBe(true);
      const entries = (
        await db.AccountEntry.query.byAccount({ tenantId: payrunTenant, accountKey: `Payee#${item.account.id}` }).go()
      ).data.filter((e) => e.kind === 'payment');
      expect(entries.map((e) => e.amount)).toEqual([`-${item.amount}`]);
    }
    // The run's record names exactly the payments made.
    expect(Object.fromEntries(done.items.map((i) => [i.statement_id, i.payment_id]))).toEqual(
      Object.fromEntries(
        payrunItems.map((i) => [
          i.statement_id,
          payments.find((p) => p.statement_ids.includes(i.statement_id))?.paymentId,
        ]),
      ),
    );
    expect(done.paid_accounts?.length).toBe(payrunAccounts.length);
  }, 180_000);
});
