import { accountHolder } from '../accounts/account.js';
import { z } from 'zod';
import { MESSAGES } from '../../../shared/messages.js';
import type { StatementRow } from '../../../shared/schemas/statement-views.js';
import { listExpenses } from '../../data/access/expenses.js';
import { presentExpenses } from '../accounts/present.js';
import { getLabel } from '../../data/access/labels.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../../lib/http.js';
import { planGate } from '../../plans/gate.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import { listQuerySchema } from '../../lib/list-query.js';
import {
  accountOfInput,
  chosenPeriods,
  createStatementRun,
  listStatementRuns,
  newStatementVersion,
  oneAccountStatement,
  publishStatementRun,
  resumeStatementRun,
  statementRunView,
} from '../statements/api/runs.js';
import { notYetStated } from '../statements/accounts/not-yet-stated.js';
import { distributedLabelOperations } from '../statements/distributed/operations.js';
import {
  bulkDownloadInput,
  bulkPayInput,
  newVersionInput,
  NEW_VERSION_PREVIEWING,
  oneAccountInput,
  optionalIdParams,
  payInput,
  periodQuery,
  resendInput,
  runInput,
  runViewQuery,
  statementLinesQuery,
  statementListQuery,
  adminStatementListQuery,
  statementPatch,
  type OneAccountInput,
  type StatementListQuery,
} from '../statements/api/schemas.js';
import { statementLines } from '../statements/api/statement-lines.js';
import {
  bulkDownload,
  bulkPay,
  deleteStatement,
  documentUrl,
  listStatementRows,
  listAdminStatementRows,
  resendStatement,
  payStatement,
  statementOf,
  statementView,
  updateStatement,
} from '../statements/api/statements.js';
import {
  artistPayPeriods,
  artistPeriodSum,
  artistRoyaltyRecords,
  dateFilter,
  labelPeriodSums,
  requireArtist,
  royaltyPayPeriods,
  unaccountableRecordings,
} from '../statements/api/sums.js';
import {
  fileLinkResponse,
  recordResponse,
  rowsResponse,
  statementRow,
  totals,
} from '../../../shared/schemas/responses.js';
import * as runAnswers from '../../../shared/schemas/responses-statements.js';
import { periodExpensesResponse } from '../../../shared/schemas/responses-money.js';

/**
 * Statements area: published statements, statement runs,
 * distribution and artist statements, and the sums statements are prepared with. Every call
 * works in the caller's current company: another company's statement, run or document is not found.
 */
const NEVER_CACHED = { 'cache-control': 'no-store' };
/** A statement's PDF or CSV: a short-lived download link. */
const documentLinkResponse = z.looseObject({ url: z.string().min(1) });

type Scope = (row: StatementRow) => boolean;
const distribution: Scope = (row) => row.type === 'DistributionStatement';
const payeeStatements: Scope = (row) => row.type === 'Statement';

const list = (scope?: Scope) =>
  operation('tenant', {
    query: statementListQuery,
    response: rowsResponse('statements', statementRow, totals),
    run: ({ tenantId, query }) => listStatementRows(tenantId, query, scope),
  });
/** A label's statements: a label is required ('No Label Selected'). */
const labelList = (scope: Scope) =>
  operation('tenant', {
    query: statementListQuery,
    params: optionalIdParams,
    response: rowsResponse('statements', statementRow, totals),
    run: async ({ tenantId, query, params }) => {
      const label_id = params.id ?? query.label_id;
      if (!label_id) throw new InvalidField('label_id', MESSAGES.noLabelSelected);
      // Another company's label (or none by that id) is not found.
      if (!(await getLabel(tenantId, label_id))) throw new NotFound('Label');
      return listStatementRows(tenantId, { ...query, label_id } as StatementListQuery, scope);
    },
  });
const getOne = operation('tenant', {
  params: idParams,
  response: recordResponse('statement', statementRow),
  run: async ({ tenantId, params }) => ({ statement: await statementView(tenantId, params.id) }),
});
const update = (message: string) =>
  operation('tenant', {
    params: idParams,
    body: statementPatch,
    response: runAnswers.statementSavedResponse,
    run: async ({ tenantId, params, body }) => ({
      statement: await updateStatement(tenantId, params.id, body.statement ?? body.distribution_statement ?? {}),
      message,
    }),
  });
const remove = operation('tenant', {
  params: idParams,
  run: ({ tenantId, params }) => deleteStatement(tenantId, params.id),
});
/** One account's statement, published straight away; `fallback` is the account type the call is about. */
const createOne = (fallback: 'Payee' | 'Artist' | 'Label', message: string) =>
  operation('tenant', {
    body: oneAccountInput,
    response: runAnswers.statementRunSavedResponse,
    run: async ({ tenantId, caller, body }) => {
      const account = accountOfInput(body as OneAccountInput, fallback);
      const statement_run = await oneAccountStatement(tenantId, caller.user.userId, account, body);
      return reply(201, { statement_run, message });
    },
  });
const artistQuery = periodQuery;

/** The artist's id when it is the company's, else 404 (an artist's lines are found through the catalogue). */
async function knownArtist(tenantId: string, artistId: string): Promise<string> {
  if (!(await accountHolder(tenantId, { type: 'Artist', id: artistId }))) throw new NotFound('Artist');
  return artistId;
}

const operations = {
  listStatements: list(),
  /** Admins: every company's statements, with a company column and filter. */
  listAdminStatements: operation('admin', {
    query: adminStatementListQuery,
    response: runAnswers.adminStatementListResponse,
    run: ({ query }) => listAdminStatementRows(query),
  }),
  getStatement: getOne,
  createStatement: createOne('Payee', MESSAGES.statementAdded),
  updateStatement: update(MESSAGES.statementUpdated),
  deleteStatement: remove,
  statementPdf: operation('tenant', {
    params: idParams,
    response: documentLinkResponse,
    run: ({ tenantId, params }) => documentUrl(tenantId, params.id, 'pdf'),
  }),
  statementCsv: operation('tenant', {
    params: idParams,
    response: documentLinkResponse,
    run: ({ tenantId, params }) => documentUrl(tenantId, params.id, 'csv'),
  }),
  /** A page of the statement's lines, as its CSV holds them, kept by its tables' rows (statement-lines.ts). */
  statementLines: operation('tenant', {
    params: idParams,
    query: statementLinesQuery,
    response: runAnswers.statementLinesResponse,
    run: ({ tenantId, params, query }) => statementLines(tenantId, params.id, query),
  }),
  /** Money in months already stated that no statement carries yet, per statement (a correction states it). */
  notYetStated: operation('tenant', {
    response: runAnswers.notYetStatedResponse,
    run: async ({ tenantId }) => {
      const rows = await notYetStated(tenantId);
      return { not_yet_stated: rows, total_count: rows.length };
    },
  }),
  newStatementVersion: operation('tenant', {
    params: idParams,
    body: newVersionInput,
    response: runAnswers.statementRunSavedResponse,
    run: async ({ tenantId, caller, params, body }) =>
      reply(201, {
        statement_run: await newStatementVersion(tenantId, caller.user.userId, params.id, body ?? {}),
        message: body?.preview ? NEW_VERSION_PREVIEWING : MESSAGES.statementAdded,
      }),
  }),
  bulkPay: operation('tenant', {
    body: bulkPayInput,
    response: runAnswers.statementsMarkedResponse,
    run: ({ tenantId, caller, body }) => bulkPay(tenantId, caller.user.userId, body.statement_ids, body.paid),
  }),
  payStatement: operation('tenant', {
    body: payInput,
    response: runAnswers.statementSavedResponse,
    run: async ({ tenantId, caller, body }) => {
      const statement = await statementOf(tenantId, body.id);
      await payStatement(tenantId, caller.user.userId, statement, {
        payment_date: body.payment_date ?? new Date().toISOString().slice(0, 10),
        payment_method: body.payment_method ?? null,
        payment_reference: body.payment_reference ?? null,
      });
      return { statement: await statementView(tenantId, body.id), message: MESSAGES.statementMarkedAsPaid };
    },
  }),
  resendStatement: operation('tenant', {
    body: resendInput,
    response: runAnswers.statementSavedResponse,
    run: ({ tenantId, body }) => resendStatement(tenantId, body.id, body.recipients),
  }),
  bulkDownload: operation('tenant', {
    body: bulkDownloadInput,
    response: fileLinkResponse,
    run: ({ tenantId, body }) => bulkDownload(tenantId, body.statement_ids),
  }),
  royaltyPayPeriods: operation('tenant', {
    query: z.strictObject({ label_id: z.string().max(80).optional() }),
    response: runAnswers.payPeriodsResponse,
    run: async ({ tenantId, query }) => reply(200, await royaltyPayPeriods(tenantId, query), NEVER_CACHED),
  }),
  payPeriodsExpenses: operation('tenant', {
    response: periodExpensesResponse,
    body: periodQuery,
    run: async ({ tenantId, body }) => {
      const { start_pay_period, end_pay_period } = chosenPeriods(body);
      const { start_date, end_date } = dateFilter({ start_pay_period, end_pay_period });
      const items = (await listExpenses(tenantId)).filter(
        (e) => e.date >= start_date && e.date <= end_date && (!body.label_id || e.expensable_id === body.label_id),
      );
      return { expenses: await presentExpenses(tenantId, items), start_pay_period, end_pay_period };
    },
  }),
  royaltyPayPeriodsStatementSums: operation('tenant', {
    response: runAnswers.labelPeriodSumsResponse,
    body: periodQuery,
    run: ({ tenantId, body }) => labelPeriodSums(tenantId, body),
  }),
  createStatementRun: operation('tenant', {
    body: runInput,
    response: runAnswers.statementRunResponse,
    run: async ({ tenantId, caller, body }) =>
      reply(201, { statement_run: await createStatementRun(tenantId, caller.user.userId, body) }),
  }),
  listStatementRuns: operation('tenant', {
    query: listQuerySchema(['created_at'], {}),
    response: runAnswers.statementRunListResponse,
    run: ({ tenantId, query }) => listStatementRuns(tenantId, query),
  }),
  getStatementRun: operation('tenant', {
    params: idParams,
    query: runViewQuery,
    response: runAnswers.statementRunResponse,
    run: async ({ tenantId, params, query }) => ({
      statement_run: await statementRunView(tenantId, params.id, { progressOnly: query.view === 'progress' }),
    }),
  }),
  publishStatementRun: operation('tenant', {
    params: idParams,
    response: runAnswers.statementRunResponse,
    run: async ({ tenantId, params }) => ({ statement_run: await publishStatementRun(tenantId, params.id) }),
  }),
  resumeStatementRun: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, params }) => ({
      message: 'The run carries on from where it stopped',
      statement_run: await resumeStatementRun(tenantId, params.id),
    }),
  }),
  labelStatements: labelList(payeeStatements),
  labelDistributionStatements: labelList(distribution),
  companyDistributionStatements: operation('tenant', {
    params: idParams,
    query: statementListQuery,
    response: rowsResponse('statements', statementRow, totals),
    run: ({ tenantId, params, query }) => {
      // A company sees its own distribution statements only: another company's id is not found.
      if (params.id !== tenantId) throw new NotFound('Company');
      return listStatementRows(tenantId, query, distribution);
    },
  }),
  listDistributionStatements: list(distribution),
  getDistributionStatement: getOne,
  createDistributionStatement: createOne('Label', MESSAGES.distributionStatementAdded),
  updateDistributionStatement: update(MESSAGES.distributionStatementUpdated),
  deleteDistributionStatement: remove,
  listArtistStatements: labelList(payeeStatements),
  createArtistStatement: createOne('Artist', MESSAGES.statementAdded),
  artistStatements: operation('tenant', {
    response: rowsResponse('statements', statementRow, totals),
    body: artistQuery,
    run: async ({ tenantId, body }) => {
      const artist_id = requireArtist(body);
      return listStatementRows(
        tenantId,
        statementListQuery.parse({ statementable_type: 'Artist', statementable_id: artist_id }),
      );
    },
  }),
  artistPayPeriods: operation('tenant', {
    response: runAnswers.payPeriodsResponse,
    query: artistQuery,
    run: async ({ tenantId, query }) => {
      const artistId = await knownArtist(tenantId, requireArtist(query));
      return reply(200, await artistPayPeriods(tenantId, artistId), NEVER_CACHED);
    },
  }),
  artistStatementSum: operation('tenant', {
    response: runAnswers.artistPeriodSumResponse,
    query: artistQuery,
    run: ({ tenantId, query }) => artistPeriodSum(tenantId, query),
  }),
  artistPayPeriodRoyaltyRecords: operation('tenant', {
    response: runAnswers.artistRoyaltyLinesResponse,
    body: artistQuery.extend({
      page: z.number().int().min(1).default(1),
      per_page: z.number().int().min(5).max(1000).default(50),
    }),
    run: async ({ tenantId, body }) => {
      return artistRoyaltyRecords(tenantId, await knownArtist(tenantId, requireArtist(body)), body);
    },
  }),
  prepareArtistStatements: operation('tenant', {
    response: runAnswers.unaccountableRecordingsResponse,
    query: periodQuery,
    run: ({ tenantId, query }) => unaccountableRecordings(tenantId, query),
  }),
  ...distributedLabelOperations,
} satisfies AreaOperations<'statements'>;

export const handler = areaHandler('statements', operations, planGate);
