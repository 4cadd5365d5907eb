import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import type {
  LicenseAsset,
  LicenseContact,
  LicenseInvoice,
  LicenseMove,
  LicenseStatus,
} from '../../../shared/schemas/licensing.js';
import { LICENSE_STATUSES } from '../../../shared/schemas/licensing.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * A licence: our masters licensed out (outgoing: a film, an ad, a game, a compilation, a sample) or
 * someone else's licensed in for our release (incoming). Keyed by company, so another company's id
 * finds nothing. `revision` moves with every write, so two edits or two moves never both win.
 * Once paid, `royalty_ids` names the ledger lines the fee became (outgoing) or `expense_id` the
 * expense it became (incoming): both are written in the same transaction that moves it to paid.
 */
export const License = new Entity({
  model: { entity: 'license', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    type: { type: ['incoming', 'outgoing'] as const, required: true },
    status: { type: LICENSE_STATUSES, required: true },
    revision: { type: 'number', required: true },
    label_id: { type: 'string' },
    assets: { type: CustomAttributeType<LicenseAsset[]>('any') },
    licensee_name: { type: 'string', required: true },
    licensee_address: { type: 'string' },
    licensee_phone: { type: 'string' },
    licensee_country: { type: 'string' },
    contacts: { type: CustomAttributeType<LicenseContact[]>('any') },
    usage: { type: 'string' },
    territory: { type: 'string' },
    territory_id: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' } },
    term: { type: 'string' },
    initial_contact_date: { type: 'string' },
    proposal_date: { type: 'string' },
    signed_date: { type: 'string' },
    advance_fee: { type: 'string' },
    advance_paid_date: { type: 'string' },
    license_start_date: { type: 'string' },
    license_end_date: { type: 'string' },
    credit: { type: 'string' },
    fee: { type: 'string' },
    fee_currency: { type: 'string' },
    contract_data: { type: 'string' },
    invoice_due_days: { type: 'number' },
    history: { type: CustomAttributeType<LicenseMove[]>('any') },
    invoice: { type: CustomAttributeType<LicenseInvoice>('any') },
    payment_date: { type: 'string' },
    pay_period: { type: 'string' },
    royalty_ids: { type: 'list', items: { type: 'string' } },
    expense_id: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type LicenseItem = EntityItem<typeof License> & { status: LicenseStatus };
