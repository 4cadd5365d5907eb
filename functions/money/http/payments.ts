import { MESSAGES } from '../../../shared/messages.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../../lib/http.js';
import { planGate } from '../../plans/gate.js';
import { createPayment, deletePayment, listPaymentRows, paymentView, updatePayment } from '../payments/api.js';
import { paymentInput, paymentListQuery, paymentPatch, paymentSummaryInput } from '../payments/schemas.js';
import { paymentSummary } from '../payments/summary.js';
import { withholdingTaxCsv, withholdingTaxReport } from '../payments/withholding-report.js';
import { quarterRangeQuery } from '../../../shared/schemas/day-range.js';
import {
  csvFileResponse,
  paymentSummaryResponse,
  paymentsRegisterResponse,
  withholdingTaxResponse,
} from '../../../shared/schemas/responses-money.js';
import { paymentsRegister, paymentsRegisterCsv } from '../payments/register.js';
import {
  messageResponse,
  paymentRow,
  recordResponse,
  rowsResponse,
  savedResponse,
  totals,
} from '../../../shared/schemas/responses.js';

/**
 * Payments area: a payment pays one account's statements, marks
 * them paid and is written on the account, so the next statement shows it. Every call works in
 * the caller's current company: another company's payment or statement is not found.
 */
const operations = {
  listPayments: operation('tenant', {
    query: paymentListQuery,
    response: rowsResponse('payments', paymentRow, totals),
    run: ({ tenantId, query }) => listPaymentRows(tenantId, query),
  }),
  getPayment: operation('tenant', {
    params: idParams,
    response: recordResponse('payment', paymentRow),
    run: async ({ tenantId, params }) => ({ payment: await paymentView(tenantId, params.id) }),
  }),
  createPayment: operation('tenant', {
    response: savedResponse('payment', paymentRow),
    body: paymentInput,
    run: async ({ tenantId, caller, body }) =>
      reply(201, { payment: await createPayment(tenantId, caller.user.userId, body), message: MESSAGES.paymentAdded }),
  }),
  paymentSummary: operation('tenant', {
    response: paymentSummaryResponse,
    body: paymentSummaryInput,
    run: async ({ tenantId, body }) => ({ summary: await paymentSummary(tenantId, body) }),
  }),
  updatePayment: operation('tenant', {
    response: savedResponse('payment', paymentRow),
    params: idParams,
    body: paymentPatch,
    run: async ({ tenantId, params, body }) => ({
      payment: await updatePayment(tenantId, params.id, body),
      message: MESSAGES.paymentUpdated,
    }),
  }),
  paymentsRegister: operation('tenant', {
    query: quarterRangeQuery,
    response: paymentsRegisterResponse,
    run: ({ tenantId, query }) => paymentsRegister(tenantId, query),
  }),
  paymentsRegisterCsv: operation('tenant', {
    query: quarterRangeQuery,
    response: csvFileResponse,
    run: ({ tenantId, query }) => paymentsRegisterCsv(tenantId, query),
  }),
  withholdingTaxReport: operation('tenant', {
    query: quarterRangeQuery,
    response: withholdingTaxResponse,
    run: ({ tenantId, query }) => withholdingTaxReport(tenantId, query),
  }),
  withholdingTaxCsv: operation('tenant', {
    query: quarterRangeQuery,
    response: csvFileResponse,
    run: ({ tenantId, query }) => withholdingTaxCsv(tenantId, query),
  }),
  deletePayment: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => deletePayment(tenantId, params.id),
  }),
} satisfies AreaOperations<'payments'>;

export const handler = areaHandler('payments', operations, planGate);
