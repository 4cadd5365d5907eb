import * as answers from '../../shared/schemas/responses-cwr.js';
import { fileLinkResponse } from '../../shared/schemas/responses.js';
import { cwrFileInput } from '../../shared/schemas/cwr.js';
import {
  buildCwrFile,
  cwrFileDownload,
  listRegistrations,
  registerCwrFile,
} from '../catalogue-exchange/cwr/registrations.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';

/** CWR area (docs/cwr.md): a publisher company's songs as CWR files, and the files it sent. */
const operations = {
  buildCwrFile: operation('tenant', {
    response: answers.cwrFileResponse,
    body: cwrFileInput,
    run: ({ tenantId, body }) => buildCwrFile(tenantId, body),
  }),
  registerCwrFile: operation('tenant', {
    response: answers.cwrFileSentResponse,
    body: cwrFileInput,
    run: async ({ tenantId, caller, body }) => reply(201, await registerCwrFile(tenantId, caller.user.userId, body)),
  }),
  listCwrRegistrations: operation('tenant', {
    response: answers.cwrRegistrationsResponse,
    run: ({ tenantId }) => listRegistrations(tenantId),
  }),
  downloadCwrFile: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    run: ({ tenantId, params }) => cwrFileDownload(tenantId, params.id),
  }),
} satisfies AreaOperations<'cwr'>;

export const handler = areaHandler('cwr', operations, planGate);
