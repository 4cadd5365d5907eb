import type { PayoutMethod } from '../../../../shared/schemas/payment-views.js';
import { paypalWriter } from './paypal.js';
import { sepaWriter } from './sepa-writer.js';
import type { PayoutFileWriter } from './types.js';
import { ukBulkWriter } from './uk-bulk.js';
import { wiseWriter } from './wise.js';

/** The writer of each payout method's file: a method without one is a type error here, not a run that fails. */
export const PAYOUT_FILE_WRITERS: Record<PayoutMethod, PayoutFileWriter> = {
  sepa: sepaWriter,
  uk_bulk: ukBulkWriter,
  paypal: paypalWriter,
  wise: wiseWriter,
};
