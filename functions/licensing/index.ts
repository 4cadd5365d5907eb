import { z } from 'zod';
import {
  invoiceRegisterQuery,
  licenseAdvance,
  licenseCreate,
  licenseRefund,
  licenseCreditNote,
  licenseCreditNoteNumber,
  licenseDocumentMail,
  licenseDocumentQuery,
  licenseFilters,
  licenseInvoiceNumber,
  licenseMove,
  licensePayment,
  licenseReportReceived,
  licenseUpdate,
} from '../../shared/schemas/licensing.js';
import { uploadRequest } from '../../shared/schemas/uploads.js';
import { MAX_CONTRACT_BYTES, SIGNED_COPY_CONTENT_TYPES, SIGNED_COPY_TYPE_REFUSAL } from '../catalogue/label-depth.js';
import { idParams, operation, reply } from '../lib/http.js';
import { listQuerySchema } from '../lib/list-query.js';
import { recordAdvance, refundAdvance } from './advance.js';
import { attachSignedLicence, licenceDocumentLink, presignSignedLicence, signedLicenceLink } from './documents.js';
import { issueCreditNote } from './credit-note.js';
import { mailLicenceDocument } from './document-mail.js';
import { issueInvoice } from './invoice.js';
import { invoiceRegister, invoiceRegisterCsv } from './invoice-register.js';
import { invoicePdfLink } from './invoice-pdf.js';

export { licenceCalendarDates } from './calendar-dates.js';
export { clearanceProblems } from './clearance.js';
export { withLineLicences } from './line-licences.js';
export { licenseReminderJobs } from './reminders-resume.js';
import { createLicense, moveLicense, readLicense, updateLicense } from './licenses.js';
import { licensingSummary, listLicenses } from './list.js';
import { recordPayment } from './payment.js';
import { refundPayment } from './payment-refund.js';
import { presentLicense } from './present.js';
import { deleteLicense } from './remove.js';
import { recordReportReceived } from './reports.js';
import {
  fileLinkResponse,
  licenseRow,
  listResponse,
  messageResponse,
  presignedUploadResponse,
  recordResponse,
  savedResponse,
} from '../../shared/schemas/responses.js';
import {
  invoiceRegisterCsvResponse,
  invoiceRegisterResponse,
  licensingSummaryResponse,
} from '../../shared/schemas/responses-licensing.js';

/**
 * The licensing hub's calls: licences in and out, their pipeline, invoice and payment. A paid
 * licence writes ledger lines (or an expense), so the royalties area — which owns the ledger and
 * its frozen-line rule — serves these; this facade is what it imports.
 */
export const licensingOperations = {
  listLicenses: operation('tenant', {
    query: listQuerySchema(['created_at', 'licensee_name', 'status', 'license_end_date', 'fee'], licenseFilters),
    response: listResponse('licenses', licenseRow),
    run: ({ tenantId, query }) => listLicenses(tenantId, query),
  }),
  licensingSummary: operation('tenant', {
    response: licensingSummaryResponse,
    run: ({ tenantId }) => licensingSummary(tenantId),
  }),
  licenceInvoiceRegister: operation('tenant', {
    response: invoiceRegisterResponse,
    query: invoiceRegisterQuery,
    run: ({ tenantId, query }) => invoiceRegister(tenantId, query),
  }),
  licenceInvoiceRegisterCsv: operation('tenant', {
    response: invoiceRegisterCsvResponse,
    query: invoiceRegisterQuery,
    run: ({ tenantId, query }) => invoiceRegisterCsv(tenantId, query),
  }),
  getLicense: operation('tenant', {
    params: idParams,
    response: recordResponse('license', licenseRow),
    run: async ({ tenantId, params }) => ({
      license: await presentLicense(tenantId, await readLicense(tenantId, params.id)),
    }),
  }),
  createLicense: operation('tenant', {
    response: savedResponse('license', licenseRow),
    body: licenseCreate,
    run: async ({ tenantId, caller, body }) => reply(201, await createLicense(tenantId, caller, body)),
  }),
  updateLicense: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseUpdate,
    run: ({ tenantId, params, body }) => updateLicense(tenantId, params.id, body),
  }),
  moveLicense: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseMove,
    run: ({ tenantId, caller, params, body }) => moveLicense(tenantId, caller, params.id, body.status),
  }),
  issueLicenseInvoice: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    run: ({ tenantId, caller, params }) => issueInvoice(tenantId, caller, params.id),
  }),
  licenseInvoicePdf: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    run: ({ tenantId, params }) => invoicePdfLink(tenantId, params.id),
  }),
  licenseInvoiceByNumber: operation('tenant', {
    response: fileLinkResponse,
    params: licenseInvoiceNumber,
    run: ({ tenantId, params }) => invoicePdfLink(tenantId, params.id, params.number),
  }),
  issueLicenseCreditNote: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseCreditNote,
    run: ({ tenantId, caller, params, body }) => issueCreditNote(tenantId, caller, params.id, body),
  }),
  mailLicenseDocument: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseDocumentMail,
    run: ({ tenantId, caller, params, body }) => mailLicenceDocument(tenantId, caller, params.id, body),
  }),
  licenseCreditNotePdf: operation('tenant', {
    response: fileLinkResponse,
    params: licenseCreditNoteNumber,
    run: ({ tenantId, params }) => invoicePdfLink(tenantId, params.id, params.number),
  }),
  recordLicensePayment: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licensePayment,
    run: ({ tenantId, caller, params, body }) => recordPayment(tenantId, caller, params.id, body.payment_date),
  }),
  recordLicenseAdvance: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseAdvance,
    run: ({ tenantId, caller, params, body }) => recordAdvance(tenantId, caller, params.id, body.payment_date),
  }),
  refundLicenseAdvance: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseRefund,
    run: ({ tenantId, caller, params, body }) => refundAdvance(tenantId, caller, params.id, body.refund_date),
  }),
  refundLicensePayment: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseRefund,
    run: ({ tenantId, caller, params, body }) => refundPayment(tenantId, caller, params.id, body.refund_date),
  }),
  recordLicenseReport: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: licenseReportReceived,
    run: ({ tenantId, params, body }) => recordReportReceived(tenantId, params.id, body),
  }),
  licenseDocument: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    query: licenseDocumentQuery,
    run: ({ tenantId, params, query }) => licenceDocumentLink(tenantId, params.id, query.kind, query.format),
  }),
  presignSignedLicense: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: uploadRequest(SIGNED_COPY_CONTENT_TYPES, MAX_CONTRACT_BYTES, SIGNED_COPY_TYPE_REFUSAL),
    run: ({ tenantId, params, body }) => presignSignedLicence(tenantId, params.id, body),
  }),
  attachSignedLicense: operation('tenant', {
    response: savedResponse('license', licenseRow),
    params: idParams,
    body: z.strictObject({
      signed_copy_key: z.string('Signed copy is required').trim().min(1, 'Signed copy is required').max(400),
    }),
    run: ({ tenantId, params, body }) => attachSignedLicence(tenantId, params.id, body.signed_copy_key),
  }),
  signedLicenseCopy: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    run: ({ tenantId, params }) => signedLicenceLink(tenantId, params.id),
  }),
  deleteLicense: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, caller, params }) => deleteLicense(tenantId, caller.user.userId, params.id),
  }),
};
