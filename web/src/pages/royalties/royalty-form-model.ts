import { CLEARABLE_ROYALTY_FIELDS, DEFAULT_CURRENCY } from '../../../../shared/constants';
import { newSale, royaltyUpdate } from '../../../../shared/schemas/royalty';
import type { Royalty } from '../../../../shared/schemas/royalty-views';
import { zodErrors } from '../../components/form-rules';

type Picked = { id: string; name: string } | null;

/** A manual sale / a royalty line being edited, as the form's inputs hold it. */
export type RoyaltyFormValues = {
  pay_period: string;
  retailer: string;
  territory: string;
  quantity: string;
  subtotal_payable: string;
  currency: string;
  song: string;
  artist: string;
  album: string;
  isrc: string;
  upc: string;
  sales_category: string;
  /** Editing only: the line's amounts in the company's currency. */
  amount: string;
  label_payable: string;
  label: Picked;
  release: Picked;
  recording: Picked;
  paid: boolean;
  artist_paid: boolean;
};

/** The fields a new sale sends; an edit sends the company-currency amounts instead of the reported amount and currency. */
const COMMON = [
  'pay_period',
  'retailer',
  'territory',
  'sales_category',
  'song',
  'artist',
  'album',
  'isrc',
  'upc',
] as const;
const SALE_ONLY = ['subtotal_payable', 'currency'] as const;
// The payees' and artists' part of a line is never typed in: it follows the recording's terms (the statements engine).
const EDIT_ONLY = ['amount', 'label_payable'] as const;
const CLEARABLE = new Set<string>(CLEARABLE_ROYALTY_FIELDS);

export function emptySale(today = new Date()): RoyaltyFormValues {
  const month = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  return {
    pay_period: month,
    retailer: '',
    territory: '',
    quantity: '1',
    subtotal_payable: '',
    currency: DEFAULT_CURRENCY,
    song: '',
    artist: '',
    album: '',
    isrc: '',
    upc: '',
    sales_category: 'Manual',
    amount: '',
    label_payable: '',
    label: null,
    release: null,
    recording: null,
    paid: false,
    artist_paid: false,
  };
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const picked = (id: string | null, name: string | null): Picked => (id ? { id, name: name || id } : null);

export function royaltyToValues(r: Royalty): RoyaltyFormValues {
  return {
    pay_period: text(r.pay_period),
    retailer: text(r.retailer),
    territory: text(r.territory),
    quantity: text(r.quantity),
    subtotal_payable: text(r.subtotal_payable),
    currency: text(r.currency) || DEFAULT_CURRENCY,
    song: text(r.song),
    artist: text(r.artist),
    album: text(r.album),
    isrc: text(r.isrc),
    upc: text(r.upc),
    sales_category: text(r.sales_category),
    amount: text(r.amount),
    label_payable: text(r.label_payable),
    label: picked(r.label_id, r.label_name),
    release: picked(r.release_id, r.album),
    recording: picked(r.recording_id, r.song),
    paid: Boolean(r.paid),
    artist_paid: Boolean(r.artist_paid),
  };
}

/**
 * Checks the form with the API's own schema (shared/schemas/royalty.ts), so both refuse the same
 * values with the same sentences. The draft is the body that would be sent, except that the
 * required texts stay in even when blank (so a blank one is named) and the quantity stays as
 * typed (so "1.5" is refused rather than rounded).
 */
export function validateRoyalty(values: RoyaltyFormValues, editing = false): Record<string, string> {
  const draft = {
    ...toRoyaltyPayload(values, editing),
    pay_period: values.pay_period,
    retailer: values.retailer,
    quantity: values.quantity,
  };
  const result = (editing ? royaltyUpdate : newSale).safeParse(draft);
  return result.success ? {} : zodErrors(result.error);
}

/**
 * The `royalty` body of POST / PATCH: amounts stay decimal strings, quantity a whole number,
 * pickers as ids, blank fields left out of a new sale and emptied (null) by an edit (the API
 * checks ISRC, UPC and territory formats). The
 * paid marks are not fields: an edit sends them through mark_as_* (see paidChanges).
 */
export function toRoyaltyPayload(values: RoyaltyFormValues, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of [...COMMON, ...(editing ? EDIT_ONLY : SALE_ONLY)]) {
    const value = values[key].trim();
    if (value) body[key] = key === 'territory' || key === 'currency' || key === 'isrc' ? value.toUpperCase() : value;
    // An edit empties what the user emptied (null); the amounts are never emptied.
    else if (editing && CLEARABLE.has(key)) body[key] = null;
  }
  body.quantity = Number.parseInt(values.quantity.trim(), 10);
  const links = { label_id: values.label, release_id: values.release, recording_id: values.recording };
  for (const [field, chosen] of Object.entries(links)) {
    if (chosen) body[field] = chosen.id;
    else if (editing) body[field] = null;
  }
  return body;
}

/** The mark_as_* calls an edit needs for the paid checkboxes it changed. */
export function paidChanges(before: { paid: boolean | null; artist_paid: boolean | null }, values: RoyaltyFormValues) {
  const actions: ('mark_as_paid' | 'mark_as_unpaid' | 'mark_as_artist_paid' | 'mark_as_artist_unpaid')[] = [];
  if (Boolean(before.paid) !== values.paid) actions.push(values.paid ? 'mark_as_paid' : 'mark_as_unpaid');
  if (Boolean(before.artist_paid) !== values.artist_paid)
    actions.push(values.artist_paid ? 'mark_as_artist_paid' : 'mark_as_artist_unpaid');
  return actions;
}
