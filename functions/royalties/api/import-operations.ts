import { z } from 'zod';
import { currencyCode } from '../../../shared/schemas/currency.js';
import * as answers from '../../../shared/schemas/responses-money.js';
import * as actionAnswers from '../../../shared/schemas/responses-statements.js';
import { messageResponse } from '../../../shared/schemas/responses.js';
import { idParams, operation, reply, type AreaOperations } from '../../lib/http.js';
import { createExchangeRate, deleteExchangeRate, findExchangeRate, listExchangeRates } from './exchange-rates.js';
import {
  acceptImport,
  assignMatch,
  confirmImport,
  queueRematch,
  rerunImport,
  updateExchangeRates,
} from './import-actions.js';
import { unmatchedLines } from './unmatched.js';
import { assignNamedLines } from './assign-lines.js';
import { importJson, sourceNames } from './imports.js';
import { MATCH_FIELDS } from '../ledger/match-lines.js';

/**
 * The royalties area's operations on imports after they are read (confirm a duplicate, unmatched
 * lines, assigning a match, re-matching) and on exchange rates, kept apart from
 * handler.ts so each file stays short.
 */
const currency = z.string().trim().max(3);
/** A line's song, artist or album as the unmatched list gives it (null: the line has none). */
const lineName = z.string().max(1000).nullable().optional();
const rateQuery = z.strictObject({
  distributor: z.string().trim().max(200),
  payment_date: z.string().max(10),
  original_currency: currency,
  target_currency: currency,
});

export const exchangeRateOperations = {
  listExchangeRates: operation('tenant', {
    response: answers.exchangeRateListResponse,
    run: async ({ tenantId }) => {
      const rates = await listExchangeRates(tenantId);
      return { exchange_rates: rates, total_count: rates.length, total_pages: 1 };
    },
  }),
  findExchangeRate: operation('tenant', {
    response: answers.exchangeRateFoundResponse,
    body: rateQuery,
    run: async ({ tenantId, body }) => ({ exchange_rate: await findExchangeRate(tenantId, body) }),
  }),
  createExchangeRate: operation('tenant', {
    response: answers.exchangeRateSavedResponse,
    // A new rate's currencies are of the list; a look-up may still name any code a report line carries.
    body: rateQuery.extend({
      original_currency: currencyCode('Original currency'),
      target_currency: currencyCode('Target currency'),
      rate: z.string().trim().max(30),
    }),
    run: async ({ tenantId, body }) =>
      reply(201, { exchange_rate: await createExchangeRate(tenantId, body), message: 'Exchange Rate Added' }),
  }),
  deleteExchangeRate: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: async ({ tenantId, params }) => {
      await deleteExchangeRate(tenantId, params.id);
      return { message: 'Exchange Rate Deleted' };
    },
  }),
} satisfies Partial<AreaOperations<'royalties'>>;

export const importOperations = {
  confirmImport: operation('tenant', {
    params: idParams,
    response: actionAnswers.importSavedResponse,
    run: async ({ tenantId, params }) => ({
      royalty_import: await confirmImport(tenantId, params.id),
      message: 'Import Confirmed',
    }),
  }),
  /** Runs a failed or stuck import again; 409 while it is running. */
  rerunImport: operation('tenant', {
    params: idParams,
    response: actionAnswers.importSavedResponse,
    run: async ({ tenantId, params }) => {
      const item = await rerunImport(tenantId, params.id);
      return { royalty_import: importJson(item, await sourceNames(tenantId)), message: 'Import Re-run Started' };
    },
  }),
  /** A person accepts a flagged import, saying why: its lines are stated from then on. */
  acceptImport: operation('tenant', {
    params: idParams,
    body: z.strictObject({ reason: z.string().trim().min(1, 'Say why the import can be stated').max(1000) }),
    run: async ({ tenantId, caller, params, body }) => {
      const item = await acceptImport(tenantId, caller.user, params.id, body.reason);
      return { royalty_import: importJson(item, await sourceNames(tenantId)), message: 'Import Accepted' };
    },
  }),
  unmatchedLines: operation('tenant', {
    params: idParams,
    response: actionAnswers.unmatchedLinesResponse,
    run: ({ tenantId, params }) => unmatchedLines(tenantId, params.id),
  }),
  /**
   * Lines matched by an identifier (field and value: every line with it, now and in later imports),
   * or, for lines that have none, by their names as the unmatched list shows them (this import's).
   */
  assignMatch: operation('tenant', {
    params: idParams,
    response: actionAnswers.matchAssignedResponse,
    body: z
      .strictObject({
        field: z.enum(MATCH_FIELDS as [string, ...string[]]).optional(),
        value: z.string().trim().min(1).max(64).optional(),
        song: lineName,
        artist: lineName,
        album: lineName,
        recording_id: z.string().trim().min(1).max(64).optional(),
        release_id: z.string().trim().min(1).max(64).optional(),
      })
      .refine((body) => !body.field || body.value, { path: ['value'], message: 'Value is required' }),
    run: async ({ tenantId, caller, params, body }) => {
      if (body.field) {
        // The rule is stored at once; the import is matched again in the background (its `job` says how it goes).
        // A re-match that was running already read the rules before this one: it runs once more to take it in.
        const item = await assignMatch(tenantId, params.id, body as never, caller.user.userId);
        return reply(202, {
          royalty_import: importJson(item, await sourceNames(tenantId)),
          message:
            item.job_status === 'running'
              ? 'Match Assigned: the re-match under way runs once more to take it in'
              : 'Match Assigned: the import is being re-matched',
        });
      }
      const named = { song: body.song ?? null, artist: body.artist ?? null, album: body.album ?? null };
      const target = body.recording_id ? { recording_id: body.recording_id } : { release_id: body.release_id };
      return assignNamedLines(tenantId, caller.user.userId, params.id, { ...named, ...target });
    },
  }),
  /**
   * Matches the import again with the catalogue, rules and rates as they are now, in the background: answers at once
   * (202) with the import and its `job`, which says when it is done and what it found. A second request while it is
   * queued answers that job; while it runs, the job runs once more when it finishes (it read everything before).
   */
  rematchImport: operation('tenant', {
    params: idParams,
    response: actionAnswers.importSavedResponse,
    run: async ({ tenantId, caller, params }) => {
      const item = await queueRematch(tenantId, params.id, 'rematch', caller.user.userId);
      return reply(202, {
        royalty_import: importJson(item, await sourceNames(tenantId)),
        message: 'Import Re-match Started',
      });
    },
  }),
  /**
   * Re-applies the exchange rates to one import (import_id) or to all of the company's finished imports: each is
   * matched again in the background (202: how many, and which; each import's `job` says what it found). Lines a
   * published statement carries keep their rate.
   */
  updateExchangeRates: operation('tenant', {
    response: actionAnswers.ratesQueuedResponse,
    body: z.strictObject({ import_id: z.string().trim().min(1).max(64).optional() }).optional(),
    run: async ({ tenantId, caller, body }) => {
      const result = await updateExchangeRates(tenantId, caller.user.userId, body?.import_id);
      return reply(202, { result, message: 'Exchange Rates Update Started' });
    },
  }),
} satisfies Partial<AreaOperations<'royalties'>>;
