import Big from 'big.js';
import { ulid } from 'ulid';
import { humanizeField } from '../../shared/messages.js';
import {
  pipelineMoves,
  singleAsset,
  type LicenseAsset,
  type LicenseAssetInput,
  type LicenseCreate,
  type LicenseStatus,
  type LicenseUpdate,
} from '../../shared/schemas/licensing.js';
import * as store from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest, Conflict, InvalidField, LOST_RACE_MESSAGE, NotFound } from '../lib/errors.js';
import { presentLicense } from './present.js';
import { today } from './today.js';

/** A licence document's number: "LI-000042", the company's 42nd licence invoice; "LC-000007", its 7th credit note. */
export const documentNumber = (prefix: 'LI' | 'LC', n: number) => `${prefix}-${String(n).padStart(6, '0')}`;

export { today };

export async function readLicense(tenantId: string, id: string): Promise<LicenseItem> {
  const license = await store.getLicense(tenantId, id);
  if (!license) throw new NotFound('License');
  return license;
}

/** The assets a call sent, the field it sent them in, and the field naming each one. */
type AssetsSent = { assets: LicenseAssetInput[]; sentAs: string; field: (index: number) => string };

/**
 * What a call says the licence covers, or undefined when it leaves that alone: the assets list, or the one release or
 * recording it names by `release_id` / `recording_id` (the schema has checked the two agree when both are sent), kept
 * as the list with that asset at 100 %. Each asset comes with the field a refusal of it names, as the call sent it.
 */
function assetsSent(input: LicenseUpdate): AssetsSent | undefined {
  const single = singleAsset(input);
  if (single) return { assets: [single.asset], sentAs: single.field, field: () => single.field };
  if (input.assets) return { assets: input.assets, sentAs: 'assets', field: (index) => `assets.${index}.asset_id` };
  return undefined;
}

/** The assets with their titles and codes, each checked to be the company's own. */
async function resolveAssets(tenantId: string, sent: AssetsSent): Promise<LicenseAsset[]> {
  const resolved: LicenseAsset[] = [];
  for (const [index, asset] of sent.assets.entries()) {
    const found = await store.licensedAsset(tenantId, asset.asset_type, asset.asset_id);
    if (!found)
      throw new InvalidField(sent.field(index), `${humanizeField(asset.asset_type)} not found in this company`);
    const { label_id: _label, ...names } = found;
    resolved.push({ ...asset, ...names });
  }
  return resolved;
}

/** The fields a licence keeps as sent: what it covers is kept as its assets list alone. */
function keptFields<T extends LicenseUpdate>(input: T) {
  const { asset_type: _type, release_id: _release, recording_id: _recording, assets: _assets, ...kept } = input;
  return kept;
}

async function checkLabel(tenantId: string, labelId: string | undefined): Promise<void> {
  if (labelId && !(await store.licensedLabelName(tenantId, labelId)))
    throw new InvalidField('label_id', 'Label not found in this company');
}

/** One step of the licence's history: who moved it, from where to where, when. */
export const moveBy = (caller: Caller, from: LicenseStatus | null, to: LicenseStatus, note?: string) => ({
  from,
  to,
  by: caller.user.userId,
  by_name: caller.user.name || caller.user.email,
  at: new Date().toISOString(),
  ...(note ? { note } : {}),
});

/** A new licence starts as an enquiry, first contacted today unless the user says when. */
export async function createLicense(tenantId: string, caller: Caller, input: LicenseCreate) {
  checkAdvanceWithinFee(input);
  await checkLabel(tenantId, input.label_id);
  const sent = assetsSent(input);
  const assets = sent ? await resolveAssets(tenantId, sent) : [];
  const id = ulid();
  await store.createLicense(tenantId, id, {
    ...keptFields(input),
    assets,
    status: 'enquiry',
    revision: 1,
    initial_contact_date: input.initial_contact_date ?? today(),
    history: [moveBy(caller, null, 'enquiry')],
  });
  return { license: await presentLicense(tenantId, await readLicense(tenantId, id)), message: 'Licence created' };
}

/**
 * Edits a licence's terms. Once invoiced, the money terms (fee, currency, assets and their splits)
 * are what the invoice and the ledger lines say, so they no longer change.
 */
export async function updateLicense(tenantId: string, id: string, input: LicenseUpdate) {
  const license = await readLicense(tenantId, id);
  const locked = ['invoiced', 'paid'].includes(license.status);
  const sent = assetsSent(input);
  for (const field of ['fee', 'fee_currency'] as const)
    if (locked && input[field] !== undefined)
      throw new InvalidField(field, 'The money terms of an invoiced licence cannot change');
  if (locked && sent) throw new InvalidField(sent.sentAs, 'The money terms of an invoiced licence cannot change');
  checkAdvanceKept(license, input);
  if (license.status === 'signed' && sent?.assets.length === 0)
    throw new InvalidField('assets', 'A signed licence covers at least one recording or release');
  await checkLabel(tenantId, input.label_id);
  const set: Partial<store.LicenseFields> = keptFields(input);
  if (sent) set.assets = await resolveAssets(tenantId, sent);
  const merged = { ...license, ...definedOnly(set) };
  checkAdvanceWithinFee(merged);
  if (merged.license_start_date && merged.license_end_date && merged.license_end_date < merged.license_start_date)
    throw new InvalidField('license_end_date', 'Licence end date must be on or after its start date');
  if (!(await store.patchLicense(tenantId, id, license.revision, definedOnly(set))))
    throw new Conflict(LOST_RACE_MESSAGE);
  return { license: await presentLicense(tenantId, await readLicense(tenantId, id)), message: 'Licence updated' };
}

export const ADVANCE_ABOVE_FEE = 'The advance must not be more than the fee';

/**
 * The advance is the first part of the fee, so it is never more than the fee: refused when the licence is saved, not
 * first when the advance is recorded on signing.
 */
function checkAdvanceWithinFee(license: { advance_fee?: string; fee?: string }): void {
  if (license.advance_fee && license.fee && new Big(license.advance_fee).gt(license.fee))
    throw new InvalidField('advance_fee', ADVANCE_ABOVE_FEE);
}

/** Refuses a change that would unsettle a recorded advance: its amount, or a fee below it. */
function checkAdvanceKept(
  license: { advance_pay_period?: string; advance_fee?: string; advance_paid_date?: string },
  input: { advance_fee?: string; fee?: string; advance_paid_date?: string },
): void {
  if (!license.advance_pay_period) return;
  if (input.advance_paid_date !== undefined && input.advance_paid_date !== license.advance_paid_date)
    throw new InvalidField('advance_paid_date', 'The advance is recorded paid: its date no longer changes');
  if (input.advance_fee !== undefined && input.advance_fee !== license.advance_fee)
    throw new InvalidField('advance_fee', 'The advance is recorded paid: its amount no longer changes');
  if (input.fee !== undefined && license.advance_fee && new Big(input.fee).lt(license.advance_fee))
    throw new InvalidField('fee', 'The fee must not be less than the advance already paid');
}

const definedOnly = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * A move along the pipeline. Quoting sets the proposal date and signing the signed date, unless
 * the user set them already; a licence is signed only once it names what it covers. Invoiced and paid are
 * reached through their own calls.
 */
export async function moveLicense(tenantId: string, caller: Caller, id: string, to: LicenseStatus) {
  const license = await readLicense(tenantId, id);
  if (license.status === to) return { license: await presentLicense(tenantId, license), message: 'Licence moved' };
  if (to === 'invoiced') throw new InvalidField('status', 'Issue the invoice to move the licence to invoiced');
  if (to === 'paid') throw new InvalidField('status', 'Record the payment to move the licence to paid');
  if (!pipelineMoves(license.status).includes(to))
    throw new InvalidField('status', `A licence cannot move from ${license.status} to ${to}`);
  // A signed licence grants (or takes) rights in something: its quote, licence and invoice name what.
  if (to === 'signed' && (license.assets ?? []).length === 0)
    throw new InvalidField('assets', 'Add the recordings or releases the licence covers before signing it');
  const set: Partial<store.LicenseFields> = {
    status: to,
    history: [...(license.history ?? []), moveBy(caller, license.status, to)],
  };
  if (to === 'quoted' && !license.proposal_date) set.proposal_date = today();
  if (to === 'signed' && !license.signed_date) set.signed_date = today();
  if (!(await store.patchLicense(tenantId, id, license.revision, set))) throw new Conflict(LOST_RACE_MESSAGE);
  return { license: await presentLicense(tenantId, await readLicense(tenantId, id)), message: 'Licence moved' };
}

/** What must hold before money moves: a fee, a currency and assets whose splits make 100 %. */
export function requireMoneyTerms(license: LicenseItem): { fee: string; currency: string; assets: LicenseAsset[] } {
  if (!license.fee) throw new InvalidField('fee', 'Fee is required');
  if (!license.fee_currency) throw new InvalidField('fee_currency', 'Fee currency is required');
  const assets = license.assets ?? [];
  if (assets.length === 0) throw new InvalidField('assets', 'Add the recordings or releases the licence covers');
  return { fee: license.fee, currency: license.fee_currency, assets };
}

/** Refuses, in the user's words, a step taken before the one it needs. */
export function requireStatus(license: LicenseItem, wanted: LicenseStatus, refusal: string): void {
  if (license.status !== wanted) throw new BadRequest(refusal);
}
