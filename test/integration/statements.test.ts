import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, demo, inCompany, newConfirmedUser, signIn } from '../support/api.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { until } from '../support/wait.js';
import { previewedRun, publishedRun } from '../support/statement-run.js';
import { pdfText } from '../support/pdf-text.js';
import { openSocket } from '../support/realtime.js';
import { recoupableExpense } from '../support/payee-earnings.js';
import { handRun as sharedHandRun, type HandAccount } from '../support/published-statements.js';

/**
 * Statements and runs, through the local gateway
 * and the statement worker. The first part publishes statements through the account step itself
 * (a run whose account record is written by hand), so numbering, re-delivery, payments and
 * tenancy are tested on the real table whatever the engine computes; the last part imports a
 * report and runs a whole preview → publish through the queue.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let token: string;
let manager: OwnLabelManager;
let tenantId: string;
let userId: string;
const stamp = Date.now();
let ann: { id: string; name: string };
let bob: { id: string; name: string };

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return {
    access: await import('../../functions/data/access/statements.js'),
    step: await import('../../functions/money/statements/runs/account-step.js'),
    deps: (await import('../../functions/money/statements/runs/account-deps.js')).accountStepDeps,
  };
};

/** A hand run of one account in our company (test/support/published-statements.ts). */
const handRun = (account: HandAccount, range: [string, string], royalties: string) =>
  sharedHandRun(tenantId, userId, account, range, royalties);

const statementsOf = async (payeeId: string) =>
  (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body.statements as {
    id: string;
    number: string;
    figures: Record<string, string>;
    start_pay_period: string;
  }[];

beforeAll(async () => {
  manager = await ownLabelManager('Statements');
  token = manager.token;
  api = inCompany(manager.token, manager.distributed.id);
  other = inCompany(manager.token, manager.publisher.id);
  tenantId = manager.distributed.id;
  userId = (await call('GET', '/api/v1/me', { token: manager.token })).body.user.id;
  const created = async (name: string, email?: string) => {
    const answer = await api.post('/payees', { name, ...(email ? { email } : {}) });
    expect(answer.status).toBe(201);
    return { id: answer.body.payee.id as string, name };
  };
  ann = await created(`Ann Ångström ${stamp}`, `ann.${stamp}@example.test`);
  bob = await created(`Bob ${stamp}`);
}, 60_000);

type Statement = { id: string; number: string; figures: Record<string, string> };

/**
 * A payee's Q2 2026 statement: an expense of 30.00 recouped from 100.004 of royalties, published by a hand run whose
 * account message comes twice at once. What the statements count and the sequence read right after are kept, as
 * later statements of the company would change them.
 */
async function statedQ2(account: { id: string; name: string; formats?: string[] }, email: string) {
  const { access, step, deps } = await modules();
  const expense = await recoupableExpense(api, account.id, {
    date: '2026-05-10',
    description: 'Mastering',
    subtotal: '30.00',
  });
  const before = await access.readSequence(tenantId, 'statement');
  const run = await handRun({ type: 'Payee', ...account, email }, ['2026-04', '2026-06'], '100.004000');
  const outcomes = await Promise.all([step.runAccountStep(run.message, deps), step.runAccountStep(run.message, deps)]);
  const mine = await statementsOf(account.id);
  const after = await access.readSequence(tenantId, 'statement');
  return {
    expenseId: expense.body.expense.id as string,
    run,
    outcomes,
    before,
    after,
    mine,
    first: mine[0] as Statement,
  };
}

/** Ann's statement, published once for the tests that read it; the tests that change a statement state their own. */
let annStated: ReturnType<typeof statedQ2> | undefined;
const annQ2 = () => {
  annStated ??= statedQ2(ann, `ann.${stamp}@example.test`);
  return annStated;
};

/** A payee of a test's own, with an address, and its Q2 statement as Ann's is made. */
async function ownStatedPayee(name: string) {
  const email = `${name.toLowerCase()}.${stamp}@example.test`;
  const answer = await api.post('/payees', { name: `${name} ${stamp}`, email });
  expect(answer.status).toBe(201);
  const account = { id: answer.body.payee.id as string, name: `${name} ${stamp}` };
  return { account, email, ...(await statedQ2(account, email)) };
}

describe('publishing one account', () => {
  it('makes one statement, one number and consumes the expense once when the message comes twice at once and again', async () => {
    const { step, deps } = await modules();
    const { run, outcomes, before, after, mine, first, expenseId } = await annQ2();
    const runId = run.runId;
    expect(outcomes).toContain('published');
    expect(await step.runAccountStep(run.message, deps)).toBe('done_already');

    expect(mine).toHaveLength(1);
    expect(after).toBe(before + 1);
    expect(first.number).toBe(`ST-${String(before + 1).padStart(6, '0')}`);
    expect(first.figures).toMatchObject({
      royalties: '100.00',
      expenses: '-30.00',
      closing_balance: '70.00',
      payable: '70.00',
    });
    expect((await api.get(`/expenses/${expenseId}`)).body.expense.statement_id).toBe(first.id);
    const shownRun = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
    expect(shownRun).toMatchObject({ status: 'published', progress: 100, done: 1, total: 1 });
  }, 60_000);

  it('answers the statement with its subject and mails it with the period filled in', async () => {
    const { first } = await annQ2();
    const statement = (await api.get(`/statements/${first.id}`)).body.statement;
    expect(statement).toMatchObject({
      number: first.number,
      accounting_period: '2026-Q2',
      subject: `Royalty Statement for ${ann.name} 2026-Q2`,
      recipients: [`ann.${stamp}@example.test`],
      queue_status: 'published',
      control: { lines: 2, lines_total: '100.004000' },
    });
    const mails = (await call('GET', '/_local/outbox')).body.mails as {
      to: string;
      subject: string;
      attachments?: { filename: string; url: string }[];
    }[];
    const sent = mails.filter((m) => m.to === `ann.${stamp}@example.test` && m.subject === statement.subject);
    // Delivered twice at once, mailed once, with the PDF attached.
    expect(sent).toHaveLength(1);
    expect(sent[0].attachments?.map((a) => a.filename)).toEqual([`${first.number}-2026-Q2.pdf`]);
    const attached = await fetch(`${inject('cloudUrl')}${sent[0].attachments?.[0].url}`);
    expect(
      Buffer.from(await attached.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('attaches the files the payee’s settings chose: its lines as a CSV and as a workbook of figures', async () => {
    const name = `Files ${stamp}`;
    const email = `files.${stamp}@example.test`;
    const made = await api.post('/payees', {
      name,
      email,
      statement_settings_attributes: { formats: ['CSV', 'XLSX'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.payee.id as string;
    // What the publish step reads for the account (publish.ts), kept on its record for the account step.
    const { access } = await modules();
    const formats = (await access.statementSettingsOf(tenantId, [{ type: 'Payee', id }]))({
      type: 'Payee',
      id,
    }).formats;
    expect(formats).toEqual(['CSV', 'XLSX']);
    const { first } = await statedQ2({ id, name, formats }, email);
    const mails = (await call('GET', `/_local/outbox?to=${encodeURIComponent(email)}`)).body.mails as {
      to: string;
      attachments?: { filename: string; url: string }[];
    }[];
    const [mail] = mails.filter((m) => m.to === email);
    // No PDF: the settings did not choose it.
    expect(mail?.attachments?.map((a) => a.filename)).toEqual([
      `${first.number}-2026-Q2.csv`,
      `${first.number}-2026-Q2.xlsx`,
    ]);
    const fetched = async (n: number) =>
      Buffer.from(await (await fetch(`${inject('cloudUrl')}${mail?.attachments?.[n]?.url}`)).arrayBuffer());
    const csv = (await fetched(0)).toString('utf8');
    expect(csv.trim().split('\n').at(1)?.split(',').at(-1)).toBe('100.004000');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await fetched(1)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Lines');
    expect(sheet?.getRow(1).values).toEqual([undefined, ...csv.split('\n')[0].split(',')]);
    // The share is a number a spreadsheet sums, shown with its six decimals.
    const share = sheet?.getRow(2).getCell(sheet.getRow(1).cellCount);
    expect(share?.value).toBe(100.004);
    expect(share?.numFmt).toBe('0.000000');
  });

  it('serves its PDF and CSV through presigned URLs', async () => {
    const { first } = await annQ2();
    const pdf = await api.get(`/statements/${first.id}/pdf`);
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(pdf.body.url)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const csv = await (await fetch((await api.get(`/statements/${first.id}/csv`)).body.url)).text();
    const shares = csv
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => row.split(',').at(-1));
    expect(shares).toEqual(['100.004000', '0.000000']);
    const zip = await api.post('/statements/bulk_download', { statement_ids: [first.id] });
    expect(zip.status).toBe(200);
    const zipped = Buffer.from(await (await fetch(zip.body.url)).arrayBuffer());
    expect(zipped.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('mails it again only to the account’s own address and the company’s members', async () => {
    // A statement of its own: mailed again, it would be a second mail in the mailbox the first mail is counted in.
    const { first, account, email } = await ownStatedPayee('Resent');
    const stranger = `someone.${stamp}@elsewhere.test`;
    const refused = await api.post('/statements/resend_statement', {
      id: first.id,
      recipients: [email, stranger],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.recipients.join(' ')).toContain(stranger);
    expect((await api.get(`/statements/${first.id}`)).body.statement.recipients).toEqual([email]);

    const sent = await api.post('/statements/resend_statement', {
      id: first.id,
      recipients: [email, manager.email.toUpperCase()],
    });
    expect(sent.status).toBe(200);
    const mails = (await call('GET', '/_local/outbox')).body.mails as { to: string; subject: string }[];
    expect(
      mails.filter((m) => m.to.toLowerCase() === manager.email.toLowerCase() && m.subject.includes(account.name)),
    ).toHaveLength(1);
    expect(mails.some((m) => m.to === stranger)).toBe(false);
  });

  it('lists an artist’s statements only when asked by artist', async () => {
    const { first } = await annQ2();
    const byPayee = await api.get(`/statements?statementable_type=Payee&statementable_id=${ann.id}`);
    expect(byPayee.body.statements.map((s: { id: string }) => s.id)).toContain(first.id);
    // The payee is no artist: asking for an artist of the same id, or another artist, finds none of its statements.
    for (const artistId of [ann.id, `A${stamp}`])
      expect((await api.get(`/statements?artist_id=${artistId}&per_page=1000`)).body.statements).toEqual([]);
  });

  it('never changes a published statement: figures refused, details changed, delete refused', async () => {
    // A statement of its own: its subject is changed, and Ann's is read as it was published.
    const { first, expenseId } = await ownStatedPayee('Changed');
    const refused = await api.patch(`/statements/${first.id}`, { statement: { figures: { payable: '1.00' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['statement.figures']).toBeDefined();
    const changed = await api.patch(`/statements/${first.id}`, { statement: { subject: 'Your Q2 statement' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Statement Updated', statement: { subject: 'Your Q2 statement' } });
    expect(changed.body.statement.figures).toEqual(first.figures);
    const deleted = await api.del(`/statements/${first.id}`);
    expect(deleted).toEqual({
      status: 409,
      body: { message: 'A published statement cannot be deleted: correct it with a new version or an adjustment' },
    });
    const expenseDelete = await api.del(`/expenses/${expenseId}`);
    expect(expenseDelete.status).toBe(409);
  });

  it('marks it paid with a payment entry the next statement opens after and shows', async () => {
    // A statement of its own: paid, and followed by a Q3 statement, where Ann keeps her one statement.
    const { first, account: payee } = await ownStatedPayee('Paid');
    const paid = await api.post('/statements/pay_statement', {
      id: first.id,
      payment_date: '2026-07-15',
      payment_method: 'BACS',
      payment_reference: 'Q2',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ message: 'Statement Marked as Paid', statement: { paid: true } });
    expect(
      (await api.get('/statements?due=true&per_page=1000')).body.statements.map((s: { id: string }) => s.id),
    ).not.toContain(first.id);

    const { step, deps } = await modules();
    const next = await handRun({ type: 'Payee', ...payee, email: null }, ['2026-07', '2026-09'], '10.000000');
    expect(await step.runAccountStep(next.message, deps)).toBe('published');
    const second = (await statementsOf(payee.id)).find((s) => s.start_pay_period === '2026-07');
    expect(second?.figures).toMatchObject({
      opening_balance: '70.00',
      royalties: '10.00',
      payments: '-70.00',
      closing_balance: '10.00',
    });
    // The payment is on the Q3 statement now: unpaying Q2 is refused.
    const unpay = await api.post('/statements/bulk_pay', { statement_ids: [first.id], paid: false });
    expect(unpay.status).toBe(409);
    expect(unpay.body.message).toContain(`is on statement ${second?.number}`);

    const due = await api.post('/statements/payments_due_summary', {});
    expect(due.body.payments_due).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: { type: 'Payee', id: payee.id }, payable: '10.00', has_email: true }),
      ]),
    );
    const found = await api.get(`/statements?q=${second?.number}`);
    expect(found.body.statements.map((s: { id: string }) => s.id)).toEqual([second?.id]);
  }, 60_000);

  it("keeps another company's statements, runs and documents out of reach", async () => {
    const {
      first,
      run: { runId },
    } = await annQ2();
    expect((await other.get(`/statements/${first.id}`)).status).toBe(404);
    expect((await other.get(`/statements/${first.id}/pdf`)).status).toBe(404);
    expect((await other.get(`/statements/${first.id}/csv`)).status).toBe(404);
    expect((await other.patch(`/statements/${first.id}`, { statement: { subject: 'x' } })).status).toBe(404);
    expect((await other.post('/statements/bulk_pay', { statement_ids: [first.id], paid: true })).status).toBe(404);
    expect((await other.post('/statements/bulk_download', { statement_ids: [first.id] })).status).toBe(404);
    expect((await other.get(`/statement_runs/${runId}`)).status).toBe(404);
    expect((await other.post(`/statement_runs/${runId}/publish`)).status).toBe(404);
    expect(
      (await other.get('/statements?per_page=1000')).body.statements.map((s: { id: string }) => s.id),
    ).not.toContain(first.id);
    expect(
      (await other.get('/statement_runs?per_page=1000')).body.statement_runs.map((r: { id: string }) => r.id),
    ).not.toContain(runId);
    // Another company's payee cannot be stated from here.
    const theirs = await other.post('/statements', {
      statementable_type: 'Payee',
      statementable_id: ann.id,
      start_pay_period: '2026-04',
      end_pay_period: '2026-06',
    });
    expect(theirs.status).toBe(404);
    expect((await other.get(`/companies/${tenantId}/distribution_statements`)).status).toBe(404);
    const label = (await api.post('/labels', { name: `Statements Label ${stamp}` })).body.label.id;
    expect((await api.get(`/labels/${label}/distribution_statements`)).status).toBe(200);
    expect((await other.get(`/labels/${label}/distribution_statements`)).status).toBe(404);
  });
});

describe('asking for statements', () => {
  it('asks for a period: Please Choose Statement Periods', async () => {
    const run = await api.post('/statements/create_statement_run', { kind: 'payee' });
    expect(run).toMatchObject({
      status: 400,
      body: {
        message: 'Please Choose Statement Periods',
        errors: { start_pay_period: ['Please Choose Statement Periods'] },
      },
    });
    const one = await api.post('/statements', { statementable_type: 'Payee', statementable_id: bob.id });
    expect(one.body.message).toBe('Please Choose Statement Periods');
  });

  it('asks for a label or an artist where the call is about one', async () => {
    expect((await api.get('/label_statements')).body.message).toBe('No Label Selected');
    expect((await api.post('/distribution_statements', { start_pay_period: '2026-04' })).body.message).toBe(
      'No Label Selected',
    );
    expect((await api.get('/label_artists/statements/statement_sum?start_pay_period=2026-04')).body.message).toBe(
      'No Artist Selected',
    );
    expect((await api.post('/label_artist/statements', {})).body.message).toBe('No Artist Selected');
  });

  it('answers the pay periods never cached', async () => {
    const response = await fetch(`${inject('cloudUrl')}/api/v1/statements/royalty_pay_periods`, {
      headers: {
        authorization: `Bearer ${await signIn(manager.email, manager.password)}`,
        'x-company-id': tenantId,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Array.isArray(((await response.json()) as { pay_periods: string[] }).pay_periods)).toBe(true);
  });

  it('refuses a member whose role does not handle money runs and payments', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const member = await newConfirmedUser('Statement Intern');
    const memberId = (await call('GET', '/api/v1/me', { token: member.token })).body.user.id;
    const company = (
      await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: `Intern Co ${stamp}` } })
    ).body.company.id;
    await call('PATCH', `/api/v1/admin/companies/${company}`, {
      token: admin,
      body: { company_users: [{ user_id: memberId, role: 'intern' }] },
    });
    const intern = inCompany(member.token, company);
    const run = await intern.post('/statements/create_statement_run', {
      start_pay_period: '2026-04',
      end_pay_period: '2026-06',
    });
    expect(run.status).toBe(403);
    expect((await intern.post('/statements/bulk_pay', { statement_ids: ['x'], paid: true })).status).toBe(403);
    expect((await intern.get('/statements')).status).toBe(403);
  }, 60_000);
});

/** The whole run through the queue: a small report for a catalogue with payees → preview → publish. */
describe('a statement run from a report', () => {
  const isrc = (n: number) => `GBST${String(stamp).slice(-3)}${String(n).padStart(5, '0')}`;
  // Payees of the run's own: a statement of Ann's for 2025 would open her 2026 statement with its balance.
  let cara: { id: string; name: string };
  let dev: { id: string; name: string };
  /** The run, previewed once: the test that publishes it and the test that reads its page both await it. */
  let previewing: ReturnType<typeof previewedRun> | undefined;
  const preview = () => {
    previewing ??= previewedRun(api, {
      kind: 'payee',
      start_pay_period: '2025-01',
      end_pay_period: '2025-03',
      accounts: [
        { type: 'Payee', id: cara.id },
        { type: 'Payee', id: dev.id },
      ],
    });
    return previewing;
  };

  beforeAll(async () => {
    const payee = async (name: string, email?: string) => {
      const answer = await api.post('/payees', { name, ...(email ? { email } : {}) });
      expect(answer.status).toBe(201);
      return { id: answer.body.payee.id as string, name };
    };
    cara = await payee(`Cara ${stamp}`, `cara.${stamp}@example.test`);
    dev = await payee(`Dev ${stamp}`);
    const recording = async (n: number, splits: { payee_id: string; split: number }[]) => {
      const answer = await api.post('/recordings', {
        title: `Track ${n} ${stamp}`,
        isrc: isrc(n),
        recording_payees_attributes: splits,
      });
      expect(answer.status).toBe(201);
    };
    await recording(1, [
      { payee_id: cara.id, split: 60 },
      { payee_id: dev.id, split: 40 },
    ]);
    await recording(2, [{ payee_id: dev.id, split: 100 }]);
    const report = [
      'Store,Period,ISRC,Units,Net,Currency',
      `Spotify,2025-01,${isrc(1)},10,1.000001,GBP`,
      `Spotify,2025-02,${isrc(1)},5,0.333333,GBP`,
      `Apple,2025-03,${isrc(2)},3,2.500000,GBP`,
      `Apple,2025-03,GBXXX9900001,1,0.250000,GBP`,
    ].join('\n');
    const map = await api.post('/royalty_maps', {
      name: `Statements ${stamp}`,
      map: {
        columns: {
          retailer: 'Store',
          pay_period: 'Period',
          isrc: 'ISRC',
          quantity: 'Units',
          subtotal_payable: 'Net',
          subtotal_payable_currency: 'Currency',
        },
        constants: { sales_category: 'Stream', territory: 'GB' },
      },
    });
    const upload = await api.post('/royalties/bulk', {
      filename: `statements-${stamp}.csv`,
      size: Buffer.byteLength(report),
      source_id: map.body.royalty_map.id,
    });
    await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: report });
    const done = await until(async () => {
      const found = (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
        (i: { filename: string; status: string }) =>
          i.filename.endsWith(`statements-${stamp}.csv`) && i.status !== 'processing',
      );
      return found;
    }, 60_000);
    expect(done.status).toBe('done');
  }, 120_000);

  it('previews totals and warnings, then publishes numbered statements that reconcile with their CSV', async () => {
    const started = await preview();
    const runId = started.runId;
    const previewed = started.previewed;
    expect(previewed.error).toBeNull();
    expect(previewed.status).toBe('preview_ready');
    const { totals, warnings, rows } = previewed.preview;
    const units = (value: string) => BigInt(value.replace('.', '').replace(/^-?0+(?=\d)/, ''));
    expect(units(totals.allocated) + units(totals.retained) + units(totals.unaccountable)).toBe(
      units(totals.label_payable),
    );
    expect(warnings.payees_without_email).toEqual([{ account: { type: 'Payee', id: dev.id }, name: dev.name }]);
    expect(rows.map((r: { account: { id: string } }) => r.account.id).sort()).toEqual([cara.id, dev.id].sort());

    const { socket, messages } = await openSocket(token);
    const published = await api.post(`/statement_runs/${runId}/publish`);
    expect(published.status).toBe(200);
    const finished = await until(async () => {
      const run = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
      return run.status === 'publishing' ? undefined : run;
    }, 90_000);
    expect(finished).toMatchObject({ status: 'published', progress: 100, total: 2, done: 2, error: null });
    // Progress reached the user's page as whole percents, up to 100: one push per account counted (two accounts
    // finishing together may both read 100). The two account steps push side by side, so their pushes may arrive
    // in either order: wait for both, and for the published one, whichever comes last.
    const pushed = await until(async () => {
      const mine = (messages as { type: string; statement_run?: { id: string; progress: number; status: string } }[])
        .filter((m) => m.type === 'StatementRun' && m.statement_run?.id === runId)
        .map((m) => m.statement_run);
      const counted = mine.filter((r) => r?.status !== 'preview_ready');
      return counted.length >= 2 && mine.some((r) => r?.status === 'published') ? mine : undefined;
    }, 10_000);
    socket.close();
    expect(pushed.every((r) => Number.isInteger(r?.progress))).toBe(true);
    expect(pushed.find((r) => r?.status === 'published')).toMatchObject({ progress: 100 });
    const listed = (await api.get('/statements?per_page=1000')).body.statements.filter(
      (s: { run_id: string }) => s.run_id === runId,
    );
    expect(listed).toHaveLength(2);
    expect(new Set(listed.map((s: { number: string }) => s.number)).size).toBe(2);
    for (const statement of listed) {
      const row = rows.find((r: { account: { id: string } }) => r.account.id === statement.statementable_id);
      expect(statement.figures.royalties).toBe(row.royalties);
      const csv = await (await fetch((await api.get(`/statements/${statement.id}/csv`)).body.url)).text();
      const [header, ...lines] = csv.trim().split('\n');
      const share = header.split(',').indexOf('share');
      expect(share).toBeGreaterThanOrEqual(0);
      const total = lines.reduce((sum, line) => sum + units(line.split(',')[share]), 0n);
      expect(total).toBe(units(statement.control.lines_total));
      expect(lines).toHaveLength(statement.control.lines);
      // The report gave a category and no format: the CSV's format is the one the statement's table groups by.
      const format = header.split(',').indexOf('sales_format');
      expect(new Set(lines.map((line) => line.split(',')[format]))).toEqual(new Set(['Stream']));
      const shown = (await api.get(`/statements/${statement.id}`)).body.statement;
      expect(shown.summaries.format.map((row: { label: string }) => row.label)).toEqual(['Stream']);
      const pdf = Buffer.from(
        await (await fetch((await api.get(`/statements/${statement.id}/pdf`)).body.url)).arrayBuffer(),
      );
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    // Publishing again is refused: a run publishes once.
    expect((await api.post(`/statement_runs/${runId}/publish`)).status).toBe(409);

    // A second run over months already stated leaves those accounts out (their money would be paid twice).
    const { previewed: overlap } = await previewedRun(api, {
      kind: 'payee',
      start_pay_period: '2025-03',
      end_pay_period: '2025-04',
      accounts: [{ type: 'Payee', id: cara.id }],
    });
    expect(overlap.preview.rows).toEqual([]);
    const caraStatement = listed.find((s: { statementable_id: string }) => s.statementable_id === cara.id);
    expect(overlap.preview.warnings.already_stated).toEqual([
      { account: { type: 'Payee', id: cara.id }, name: cara.name, number: caraStatement.number },
    ]);
  }, 180_000);

  it('answers a page following the run its status and counts without the preview’s rows', async () => {
    const { runId } = await preview();
    const whole = (await api.get(`/statement_runs/${runId}`)).body.statement_run;
    expect(whole.preview.rows).toHaveLength(2);
    const progress = await api.get(`/statement_runs/${runId}?view=progress`);
    expect(progress.status).toBe(200);
    // Everything but the two lists the light read leaves out is the whole read's.
    expect(progress.body.statement_run).toEqual({
      ...whole,
      preview: { ...whole.preview, rows: [] },
      unaccountable: [],
    });
    const refused = await api.get(`/statement_runs/${runId}?view=everything`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ view: ['View must be one of: Progress'] });
  });
});

describe("a published statement's PDF", () => {
  it('comes out the same when its documents are made again after the company changed: the company as published', async () => {
    const address = `${stamp} Quay Street, Manchester`;
    const set = (fields: Record<string, unknown>) => api.patch(`/companies/${tenantId}`, fields);
    expect((await set({ profile_attributes: { address } })).status).toBe(200);
    const answer = await api.post('/payees', { name: `Eve ${stamp}`, email: `eve.${stamp}@example.test` });
    expect(answer.status).toBe(201);
    const eve = answer.body.payee.id as string;
    // Eve earned nothing in the quarter: asked for by name, she still gets her statement.
    const { runId } = await publishedRun(api, {
      kind: 'payee',
      start_pay_period: '2025-07',
      end_pay_period: '2025-09',
      accounts: [{ type: 'Payee', id: eve }],
    });
    const [statement] = (await api.get('/statements?per_page=1000')).body.statements.filter(
      (s: { run_id: string }) => s.run_id === runId,
    );
    const pdfOf = async () =>
      Buffer.from(await (await fetch((await api.get(`/statements/${statement.id}/pdf`)).body.url)).arrayBuffer());
    const first = await pdfOf();
    const printed = await pdfText(new Uint8Array(first));
    expect(printed).toContain(manager.distributed.name);
    expect(printed).toContain(address);

    // The company renamed and moved; then the statement's documents step runs again, as a message delivered again
    // after a crash before the statement was marked done would run it.
    expect((await set({ name: `Renamed ${stamp}`, profile_attributes: { address: 'Moved Away Road' } })).status).toBe(
      200,
    );
    try {
      const { access } = await modules();
      const { storeAndSend } = await import('../../functions/money/statements/runs/documents.js');
      const stored = await access.getStatement(tenantId, statement.id);
      if (!stored) throw new Error('the published statement is not in the table');
      await storeAndSend(stored, { mail: false });
      const again = await pdfOf();
      // The same bytes, so the same company: the one that published it.
      expect(again.equals(first)).toBe(true);
      const text = await pdfText(new Uint8Array(again));
      expect(text).not.toContain('Renamed');
      expect(text).not.toContain('Moved Away Road');
    } finally {
      await set({ name: manager.distributed.name });
    }
  }, 180_000);
});
