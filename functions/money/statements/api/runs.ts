import { accountHolder, accountOfKey } from '../../accounts/account.js';
import { MESSAGES, valueWords } from '../../../../shared/messages.js';
import type {
  AccountRef,
  RunKind,
  StatementRun,
  StatementRunList,
} from '../../../../shared/schemas/statement-views.js';
import {
  getRun,
  getStatement,
  listRuns,
  moveRun,
  statementSender,
  statementsByIds,
} from '../../../data/access/statements.js';
import { getLabel } from '../../../data/access/labels.js';
import { BadRequest, Conflict, InvalidField, NotFound } from '../../../lib/errors.js';
import { pageOf } from '../../../lib/list-query.js';
import { getJson } from '../../../lib/bucket-objects.js';
import { statementsBucket } from '../statement-keys.js';
import type { PreviewDetail } from '../runs/preview.js';
import { queueRunMessages } from '../runs/queue.js';
import { resumeRun } from '../runs/resume.js';
import { startRun } from '../runs/start-run.js';
import { presentRun, replacedRow, rowsAsStated } from './present.js';
import { statementOf } from './statements.js';
import { statementIdOf } from '../runs/statement-item.js';

/**
 * Statement runs: a run previews, then publishes through the statement
 * worker; one account's statement is a run that publishes straight away, and a correction too unless it is
 * previewed first.
 */
type Periods = { start_pay_period?: string; end_pay_period?: string };

/** The run's period, or 'Please Choose Statement Periods' when none is chosen. */
export function chosenPeriods(input: Periods): { start_pay_period: string; end_pay_period: string } {
  const start = input.start_pay_period ?? input.end_pay_period;
  const end = input.end_pay_period ?? input.start_pay_period;
  if (!start || !end) throw new InvalidField('start_pay_period', MESSAGES.chooseStatementPeriods);
  if (end < start) throw new InvalidField('end_pay_period', 'End pay period must not be before the start pay period');
  return { start_pay_period: start, end_pay_period: end };
}

/** Accounts and labels a run names must be the company's own (another company's are not found). */
async function checkScope(tenantId: string, labelIds: readonly string[], accounts: readonly AccountRef[]) {
  for (const labelId of labelIds)
    if (!(await getLabel(tenantId, labelId))) throw new InvalidField('label_ids', `Label ${labelId} was not found`);
  for (const account of accounts)
    if (!(await accountHolder(tenantId, account)))
      throw new InvalidField('accounts', `${account.type} ${account.id} was not found`);
}

/** POST statements/create_statement_run: saved previewing, its preview queued. */
export async function createStatementRun(
  tenantId: string,
  userId: string,
  input: Periods & { kind: RunKind; label_ids?: string[]; accounts?: AccountRef[] },
): Promise<StatementRun> {
  const periods = chosenPeriods(input);
  await checkScope(tenantId, input.label_ids ?? [], input.accounts ?? []);
  const run = await startRun(tenantId, {
    ...periods,
    kind: input.kind,
    label_ids: input.label_ids,
    accounts: input.accounts,
    userId,
  });
  if (!run) throw new Conflict('The run could not be started; try again');
  return presentRun(run);
}

/**
 * One account's statement (POST statements, payees/{id}/new_statement, an artist's report, a
 * label's distribution statement): a one-account run that publishes straight away.
 */
export async function oneAccountStatement(
  tenantId: string,
  userId: string,
  account: AccountRef,
  input: Periods,
): Promise<StatementRun> {
  const periods = chosenPeriods(input);
  if (!(await accountHolder(tenantId, account))) throw new NotFound(account.type);
  const kind: RunKind = account.type === 'Label' ? 'distribution' : 'payee';
  const run = await startRun(tenantId, { ...periods, kind, accounts: [account], userId, publishNow: true });
  if (!run) throw new Conflict('The statement could not be started; try again');
  return presentRun(run);
}

/**
 * A correction: a one-account run for the same period whose statement is the next version of this one. It publishes
 * straight away, or with `preview` is previewed first like any run (its page shows the version in force beside the new
 * one) and published from there; the statement stays in force until then, and whichever correction publishes first
 * replaces it (a later one is refused at its write).
 */
export async function newStatementVersion(
  tenantId: string,
  userId: string,
  id: string,
  { preview = false }: { preview?: boolean } = {},
): Promise<StatementRun> {
  const statement = await statementOf(tenantId, id);
  if (statement.superseded_by)
    throw new Conflict(`Statement ${statement.number} has been corrected already: correct its latest version`);
  // Only a finished statement is corrected: one still being made is mailed when it is finished.
  if (statement.queue_status !== 'published')
    throw new Conflict(`Statement ${statement.number} is still being made; try again in a moment`);
  const account = accountOfKey(statement.accountKey);
  const run = await startRun(tenantId, {
    kind: statement.type === 'DistributionStatement' ? 'distribution' : 'payee',
    start_pay_period: statement.start_pay_period,
    end_pay_period: statement.end_pay_period,
    label_ids: statement.type === 'DistributionStatement' || !statement.label_id ? [] : [statement.label_id],
    accounts: [account],
    userId,
    publishNow: !preview,
    replacesId: statement.statementId,
  });
  if (!run) throw new Conflict('The correction could not be started; try again');
  return presentRun(run, undefined, replacedRow(statement));
}

export async function listStatementRuns(
  tenantId: string,
  query: { page: number; per_page: number },
): Promise<StatementRunList> {
  const items = await listRuns(tenantId);
  const runs = items.map((run) => presentRun(run));
  const page = pageOf(runs, {
    page: query.page,
    perPage: query.per_page,
    sort: { field: 'created_at', direction: 'desc' },
    searchFields: [],
    tieBreaker: 'id',
  });
  // A correction's run names the statement it replaces (its row is left to the run's own view).
  const replacesOf = new Map(items.map((run) => [run.runId, run.replaces_id]));
  const listed = await Promise.all(
    page.items.map(async (run) => {
      const replacesId = replacesOf.get(run.id);
      const replaced = replacesId ? await getStatement(tenantId, replacesId) : null;
      return replaced ? { ...run, replaces: { ...replacedRow(replaced), row: null } } : run;
    }),
  );
  return { statement_runs: listed, total_count: page.total_count, total_pages: page.total_pages };
}

/**
 * A run with its preview's rows and unaccountable recordings (kept in the bucket). `progressOnly` leaves those two
 * out (empty lists) and does not read them: a page that holds them already follows the run's status and counts
 * with it, on every poll and push while a thousand accounts publish, without the thousand rows each time.
 */
export async function statementRunView(
  tenantId: string,
  runId: string,
  { progressOnly = false }: { progressOnly?: boolean } = {},
): Promise<StatementRun> {
  const run = await getRun(tenantId, runId);
  if (!run) throw new NotFound('Statement run');
  const [detail, sender, replaced] = await Promise.all([
    run.preview_key && !progressOnly ? getJson<PreviewDetail>(statementsBucket(), run.preview_key) : null,
    statementSender(tenantId),
    // The replaced statement does not move while the run does: read with the rows, not on every progress poll.
    run.replaces_id && !progressOnly ? getStatement(tenantId, run.replaces_id) : null,
  ]);
  // Once published, each row says what its statement says (recouped by contracts included).
  const stated =
    detail && run.status === 'published'
      ? await statementsByIds(
          tenantId,
          detail.rows.map((row) => statementIdOf(runId, row.account)),
        )
      : null;
  const rows = detail && stated ? { ...detail, rows: rowsAsStated(detail.rows, stated) } : detail;
  // The preview's money is in the company's currency, the one its statements will be in.
  return {
    ...presentRun(run, rows ?? undefined, replaced ? replacedRow(replaced) : null),
    currency: sender.currency.toUpperCase(),
  };
}

/** POST statement_runs/{id}/publish: only a previewed run publishes, once. */
export async function publishStatementRun(tenantId: string, runId: string): Promise<StatementRun> {
  const run = await getRun(tenantId, runId);
  if (!run) throw new NotFound('Statement run');
  if (!(await moveRun(tenantId, runId, ['preview_ready'], { status: 'publishing' })))
    throw new Conflict(
      `This run is ${valueWords(run.status, { inSentence: true })}: only a previewed run can be published`,
    );
  await queueRunMessages([{ type: 'publish', tenantId, runId }]);
  return statementRunView(tenantId, runId);
}

/**
 * POST statement_runs/{id}/resume: a run previewing or publishing that has shown no progress for
 * longer than a step takes carries on from where it stopped (a run still working is left alone).
 */
export async function resumeStatementRun(tenantId: string, runId: string): Promise<StatementRun> {
  const run = await getRun(tenantId, runId);
  if (!run) throw new NotFound('Statement run');
  if (run.status !== 'previewing' && run.status !== 'publishing')
    throw new Conflict(
      `This run is ${valueWords(run.status, { inSentence: true })}: only a run previewing or publishing can be resumed`,
    );
  if ((await resumeRun(tenantId, runId, { onStart: false })) === 'still_working')
    throw new Conflict('This run is still working: it can be resumed once it has made no progress for 15 minutes');
  return statementRunView(tenantId, runId);
}

/** The account a one-account call names, in the user's words when none is chosen. */
export function accountOfInput(
  input: {
    statementable_type?: AccountRef['type'];
    statementable_id?: string;
    payee_id?: string;
    artist_id?: string;
    label_id?: string;
  },
  fallback: 'Payee' | 'Artist' | 'Label',
): AccountRef {
  if (input.statementable_type && input.statementable_id)
    return { type: input.statementable_type, id: input.statementable_id };
  if (fallback === 'Label') {
    const id = input.statementable_id ?? input.label_id;
    if (!id) throw new InvalidField('label_id', MESSAGES.noLabelSelected);
    return { type: 'Label', id };
  }
  if (fallback === 'Artist') {
    const id = input.artist_id ?? input.statementable_id;
    if (!id) throw new InvalidField('artist_id', MESSAGES.noArtistSelected);
    return { type: 'Artist', id };
  }
  const id = input.payee_id ?? input.statementable_id;
  if (!id)
    throw new BadRequest('Choose who the statement is for', { statementable_id: ['Choose who the statement is for'] });
  return { type: 'Payee', id };
}
