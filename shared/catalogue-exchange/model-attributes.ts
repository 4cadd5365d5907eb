import { RELEASE_SHEET_COLUMNS } from './release-sheet.js';

/**
 * What each importable model reads from a file's row, shared by the
 * admin importer's API, its column-map page and the metadata maps' check that a map's targets are
 * attributes of its model. The server's model importers declare exactly these lists
 * (functions/catalogue-exchange/models/); a release or recording row is the release sheet.
 */
export type ModelAttribute = { name: string; label: string; required: boolean };

/** The models a file can be imported into; the same list as functions/catalogue-exchange/import-model.ts. */
export const EXCHANGE_MODELS = ['artists', 'contributors', 'payees', 'labels', 'releases', 'recordings'] as const;
export type ExchangeModel = (typeof EXCHANGE_MODELS)[number];

export const EXCHANGE_MODEL_TITLES: Record<ExchangeModel, string> = {
  artists: 'Artists',
  contributors: 'Contributors',
  payees: 'Payees',
  labels: 'Labels',
  releases: 'Releases',
  recordings: 'Recordings',
};

const attr = (name: string, label: string, required = false): ModelAttribute => ({ name, label, required });

/** Identifier services an artist row may carry, one column each. */
export const ARTIST_IDENTIFIER_COLUMNS = [
  attr('isni', 'ISNI'),
  attr('spotify', 'Spotify'),
  attr('apple_music', 'Apple Music'),
  attr('deezer', 'Deezer'),
  attr('soundcloud', 'Soundcloud'),
  attr('discogs', 'Discogs'),
  attr('musicbrainz', 'Musicbrainz'),
] as const;

const sheet = RELEASE_SHEET_COLUMNS.map((c) => attr(c.key, c.label, c.required));

export const MODEL_ATTRIBUTES: Record<ExchangeModel, readonly ModelAttribute[]> = {
  artists: [
    attr('name', 'Name', true),
    attr('email', 'Email'),
    attr('config', 'Config'),
    attr('biog', 'Biography'),
    ...ARTIST_IDENTIFIER_COLUMNS,
  ],
  contributors: [attr('name', 'Name', true), attr('email', 'Email'), attr('society', 'Society')],
  payees: [
    attr('name', 'Name', true),
    attr('email', 'Email'),
    attr('minimum_payout', 'Minimum payout'),
    attr('self_billing', 'Self billing'),
    attr('vat_registered', 'VAT registered'),
    attr('vat_number', 'VAT number'),
    attr('vat_rate', 'VAT rate'),
    attr('withholding_tax_rate', 'Withholding tax rate'),
    attr('address', 'Address'),
    attr('tax_form', 'Tax form'),
    attr('tax_form_signed_on', 'Tax form signed on'),
    attr('tax_form_expires_on', 'Tax form expires on'),
  ],
  labels: [
    attr('name', 'Name', true),
    attr('email', 'Email'),
    attr('active', 'Active'),
    attr('distributed', 'Distributed'),
    attr('biog', 'Biography'),
    attr('short_biog', 'Short biography'),
    attr('deal_percentage', 'Deal percentage'),
    attr('country', 'Country'),
    attr('referrer', 'Referrer'),
  ],
  // A release or recording file is the release sheet: one row per recording, its release's columns repeated.
  releases: sheet,
  recordings: sheet,
};
