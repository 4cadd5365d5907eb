import { MESSAGES } from '../../../shared/messages.js';
import * as answers from '../../../shared/schemas/responses-money.js';
import { fileLinkResponse } from '../../../shared/schemas/responses.js';
import type { AccountRef } from '../../../shared/schemas/statement-views.js';
import {
  debtorAccountInput,
  payoutDetailsInput,
  payoutRequestTokenParams,
} from '../../../shared/schemas/payout-details.js';
import { messageResponse } from '../../../shared/schemas/responses.js';
import { areaHandler, idParams, operation, reply, type AreaOperations, type Operation } from '../../lib/http.js';
import { planGate } from '../../plans/gate.js';
import { debtorAccountView, updateDebtorAccount } from '../payouts/debtor.js';
import { deletePayoutDetails, payoutDetailsView, updatePayoutDetails } from '../payouts/details.js';
import { paymentsDueSummary } from '../payouts/due.js';
import {
  askForPayoutDetails,
  describePayoutRequest,
  givePayoutDetails,
  payoutRequestView,
  withdrawPayoutRequest,
} from '../payouts/requests.js';
import {
  cancelRun,
  confirmRun,
  createRun,
  exportRun,
  listPaymentRunViews,
  paymentRunView,
  runFileUrl,
} from '../payouts/runs.js';
import { confirmInput, createRunInput, dueSummaryInput, runFileParams, runListQuery } from '../payouts/schemas.js';

/**
 * Payouts area: what is due, how each account is paid, the company's
 * debtor account and payment runs. Every call works in the caller's current company: another
 * company's payee, run or file is not found.
 */
const NEVER_CACHED = { 'cache-control': 'no-store' };

/** GET, PUT and DELETE of one account type's payout details (payees, artists, distributed labels). */
function detailsOperations(type: AccountRef['type']): Record<'get' | 'put' | 'remove', Operation> {
  const account = (id: string): AccountRef => ({ type, id });
  return {
    get: operation('tenant', {
      response: answers.payoutDetailsResponse,
      params: idParams,
      run: async ({ tenantId, params }) =>
        reply(200, { payout_details: await payoutDetailsView(tenantId, account(params.id)) }, NEVER_CACHED),
    }),
    put: operation('tenant', {
      response: answers.payoutDetailsResponse,
      params: idParams,
      body: payoutDetailsInput,
      run: async ({ tenantId, caller, params, body }) => ({
        payout_details: await updatePayoutDetails(tenantId, caller.user.userId, account(params.id), body),
        message: MESSAGES.payoutDetailsUpdated,
      }),
    }),
    remove: operation('tenant', {
      response: answers.payoutDetailsResponse,
      params: idParams,
      run: async ({ tenantId, caller, params }) => ({
        payout_details: await deletePayoutDetails(tenantId, caller.user.userId, account(params.id)),
        message: MESSAGES.payoutDetailsRemoved,
      }),
    }),
  };
}
const payee = detailsOperations('Payee');
const artist = detailsOperations('Artist');
const label = detailsOperations('Label');

/**
 * GET, POST and DELETE of one account type's request for its own bank details by a secure link (payees, artists,
 * distributed labels): the outstanding request, a new one mailed to the account's e-mail, and its withdrawal.
 */
function requestOperations(type: AccountRef['type']): Record<'get' | 'ask' | 'withdraw', Operation> {
  const account = (id: string): AccountRef => ({ type, id });
  return {
    get: operation('tenant', {
      response: answers.payoutRequestResponse,
      params: idParams,
      run: async ({ tenantId, params }) =>
        reply(200, await payoutRequestView(tenantId, account(params.id)), NEVER_CACHED),
    }),
    ask: operation('tenant', {
      response: answers.payoutRequestResponse,
      params: idParams,
      run: async ({ tenantId, caller, params }) =>
        reply(201, await askForPayoutDetails(tenantId, caller.user.userId, account(params.id))),
    }),
    withdraw: operation('tenant', {
      response: messageResponse,
      params: idParams,
      run: ({ tenantId, params }) => withdrawPayoutRequest(tenantId, account(params.id)),
    }),
  };
}
const payeeRequest = requestOperations('Payee');
const artistRequest = requestOperations('Artist');
const labelRequest = requestOperations('Label');

const operations = {
  paymentsDueSummary: operation('tenant', {
    response: answers.paymentsDueResponse,
    body: dueSummaryInput,
    run: async ({ tenantId, body }) =>
      reply(200, await paymentsDueSummary(tenantId, body.label_id, body.pay_on), NEVER_CACHED),
  }),
  payeePayoutDetails: payee.get,
  updatePayeePayoutDetails: payee.put,
  deletePayeePayoutDetails: payee.remove,
  payeePayoutRequest: payeeRequest.get,
  askPayeeForPayoutDetails: payeeRequest.ask,
  withdrawPayeePayoutRequest: payeeRequest.withdraw,
  describePayoutRequest: operation('public', {
    response: answers.payoutRequestPublicResponse,
    params: payoutRequestTokenParams,
    run: async ({ params }) => reply(200, await describePayoutRequest(params.token), NEVER_CACHED),
  }),
  givePayoutDetails: operation('public', {
    response: messageResponse,
    params: payoutRequestTokenParams,
    body: payoutDetailsInput,
    run: ({ params, body }) => givePayoutDetails(params.token, body),
  }),
  artistPayoutDetails: artist.get,
  updateArtistPayoutDetails: artist.put,
  deleteArtistPayoutDetails: artist.remove,
  artistPayoutRequest: artistRequest.get,
  askArtistForPayoutDetails: artistRequest.ask,
  withdrawArtistPayoutRequest: artistRequest.withdraw,
  labelPayoutDetails: label.get,
  updateLabelPayoutDetails: label.put,
  deleteLabelPayoutDetails: label.remove,
  labelPayoutRequest: labelRequest.get,
  askLabelForPayoutDetails: labelRequest.ask,
  withdrawLabelPayoutRequest: labelRequest.withdraw,
  debtorAccount: operation('tenant', {
    response: answers.debtorAccountResponse,
    run: async ({ tenantId }) => reply(200, { debtor_account: await debtorAccountView(tenantId) }, NEVER_CACHED),
  }),
  updateDebtorAccount: operation('tenant', {
    response: answers.debtorAccountResponse,
    body: debtorAccountInput,
    run: async ({ tenantId, caller, body }) => ({
      debtor_account: await updateDebtorAccount(tenantId, caller.user.userId, body),
      message: MESSAGES.bankAccountUpdated,
    }),
  }),
  listPaymentRuns: operation('tenant', {
    response: answers.paymentRunListResponse,
    query: runListQuery,
    run: async ({ tenantId, query }) => reply(200, await listPaymentRunViews(tenantId, query), NEVER_CACHED),
  }),
  createPaymentRun: operation('tenant', {
    response: answers.paymentRunSavedResponse,
    body: createRunInput,
    run: async ({ tenantId, caller, body }) =>
      reply(201, {
        payment_run: await createRun(tenantId, caller.user.userId, body),
        message: MESSAGES.paymentRunAdded,
      }),
  }),
  getPaymentRun: operation('tenant', {
    response: answers.paymentRunResponse,
    params: idParams,
    run: async ({ tenantId, params }) =>
      reply(200, { payment_run: await paymentRunView(tenantId, params.id) }, NEVER_CACHED),
  }),
  exportPaymentRun: operation('tenant', {
    response: answers.paymentRunSavedResponse,
    params: idParams,
    run: async ({ tenantId, params }) => ({
      payment_run: await exportRun(tenantId, params.id),
      message: MESSAGES.paymentRunExported,
    }),
  }),
  paymentRunFile: operation('tenant', {
    response: fileLinkResponse,
    params: runFileParams,
    run: async ({ tenantId, caller, params }) =>
      reply(200, await runFileUrl(tenantId, caller.user.userId, params.id, params.name), NEVER_CACHED),
  }),
  confirmPaymentRun: operation('tenant', {
    response: answers.paymentRunSavedResponse,
    params: idParams,
    body: confirmInput,
    run: async ({ tenantId, caller, params, body }) => ({
      payment_run: await confirmRun(tenantId, caller.user.userId, params.id, body.payment_date),
      message: MESSAGES.paymentRunConfirmed,
    }),
  }),
  cancelPaymentRun: operation('tenant', {
    response: answers.paymentRunSavedResponse,
    params: idParams,
    run: async ({ tenantId, params }) => ({
      payment_run: await cancelRun(tenantId, params.id),
      message: MESSAGES.paymentRunCancelled,
    }),
  }),
} satisfies AreaOperations<'payouts'>;

export const handler = areaHandler('payouts', operations, planGate);
