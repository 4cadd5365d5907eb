import { describe, expect, it } from 'vitest';
import { REFERENCE_CONFIGS } from './reference-config';
import { nestedRowsReducer, type NestedRow } from '../../../components/nested-rows';
import type { FormValues, RowValues } from './reference-types';
import { CATALOGUE_CONFIGS } from '../../catalogue/catalogue-configs';
import {
  afterSave,
  emptyValues,
  formFieldOf,
  recordTitle,
  recordToValues,
  reloadFromState,
  savedNotice,
  territoriesHint,
  toPayload,
  validateValues,
} from './reference-model';

const { countries, languages, genres } = REFERENCE_CONFIGS;
const country = { name: 'United Kingdom', iso_alpha_two: 'GB', iso_alpha_three: 'GBR', iso_numeric: '826' };

describe('reference form model', () => {
  it('prefills the add form with an empty record and the field defaults', () => {
    expect(emptyValues(countries)).toEqual({ name: '', iso_alpha_two: '', iso_alpha_three: '', iso_numeric: '' });
    expect(emptyValues(genres)).toEqual({ name: '', active: true, base_genre: false });
    expect(Object.keys(emptyValues(languages))).toEqual([
      'name',
      'native_name',
      'family',
      'iso_alpha_two',
      'iso_alpha_three',
      'english_iso_alpha_three',
      'macro_iso_alpha_three',
      'notes',
    ]);
  });

  it('maps a record to form values: missing or null text blank, missing flags defaulted, extra fields dropped', () => {
    const record = { id: 'l1', created_at: 'x', name: 'Welsh', family: null, iso_alpha_two: 'cy' };
    const values = recordToValues(languages, record);
    expect(values.name).toBe('Welsh');
    expect(values.family).toBe('');
    expect(values.notes).toBe('');
    expect(values).not.toHaveProperty('id');
    expect(recordToValues(genres, { id: 'g1', name: 'Jazz', base_genre: true })).toEqual({
      name: 'Jazz',
      active: true,
      base_genre: true,
    });
    expect(recordToValues(genres, { id: 'g2', name: 'Pop', active: false, base_genre: false }).active).toBe(false);
  });

  it('sends only the config fields, text trimmed, blanks as empty strings', () => {
    expect(toPayload(countries, { ...country, name: '  France ', extra: 'no' })).toEqual({
      ...country,
      name: 'France',
    });
    expect(toPayload(languages, { ...emptyValues(languages), name: 'Welsh', family: ' ' }).family).toBe('');
    expect(toPayload(genres, { name: 'Jazz', active: false, base_genre: true })).toEqual({
      name: 'Jazz',
      active: false,
      base_genre: true,
    });
  });

  it('validates a country with the product’s messages', () => {
    expect(validateValues(countries, emptyValues(countries))).toEqual({
      name: 'Name is required',
      iso_alpha_two: 'ISO alpha two is required',
      iso_alpha_three: 'ISO alpha three is required',
      iso_numeric: 'ISO numeric is required',
    });
    expect(
      validateValues(countries, { ...country, iso_alpha_two: 'GBR', iso_alpha_three: 'G1R', iso_numeric: '82' }),
    ).toEqual({
      iso_alpha_two: 'ISO alpha two must be 2 letters',
      iso_alpha_three: 'ISO alpha three must be 3 letters',
      iso_numeric: 'ISO numeric must be 3 digits',
    });
    expect(validateValues(countries, { ...country, iso_alpha_two: 'gb' })).toEqual({});
  });

  it('lets a language leave its codes blank but checks filled ones', () => {
    const values = { ...emptyValues(languages), name: 'Welsh' };
    expect(validateValues(languages, values)).toEqual({});
    expect(validateValues(languages, { ...values, iso_alpha_two: 'cym', macro_iso_alpha_three: 'c1' })).toEqual({
      iso_alpha_two: 'ISO alpha two must be 2 letters',
      macro_iso_alpha_three: 'Macro ISO alpha three must be 3 letters',
    });
    expect(validateValues(languages, { ...values, name: ' ' })).toEqual({ name: 'Name is required' });
  });

  it('requires a genre name only', () => {
    expect(validateValues(genres, emptyValues(genres))).toEqual({ name: 'Name is required' });
    expect(validateValues(genres, { name: 'Jazz', active: false, base_genre: true })).toEqual({});
  });

  it('notifies "<Singular> Added/Updated" and returns to the list, reloading languages 20 per page by name descending', () => {
    expect(savedNotice(countries, true)).toBe('Country Added');
    expect(savedNotice(countries, false)).toBe('Country Updated');
    expect(savedNotice(genres, true)).toBe('Genre Added');
    expect(savedNotice(languages, false)).toBe('Language Updated');
    expect(afterSave(countries, false)).toEqual({ to: '/admin/countries' });
    expect(afterSave(languages, true)).toEqual({ to: '/admin/languages' });
    expect(afterSave(languages, false)).toEqual({
      to: '/admin/languages',
      state: { reload: { per_page: 20, sort: { field: 'name', order: 'desc' } } },
    });
  });

  it('reads a reload request from the location state only when well formed', () => {
    const reload = { per_page: 20, sort: { field: 'name', order: 'desc' } };
    expect(reloadFromState({ reload })).toEqual(reload);
    expect(reloadFromState(null)).toBeUndefined();
    expect(reloadFromState({ reload: { per_page: '20', sort: reload.sort } })).toBeUndefined();
    expect(reloadFromState({ reload: { per_page: 20, sort: { field: 'name', order: 'up' } } })).toBeUndefined();
  });

  it('names a record by its title field, else its id', () => {
    expect(recordTitle(countries, { id: 'c1', name: 'France' })).toBe('France');
    expect(recordTitle(countries, { id: 'c1', name: '' })).toBe('c1');
  });
});

describe('reference records with links, rows, objects and files', () => {
  const { societies, distributors, dsps, retailers } = REFERENCE_CONFIGS;

  it('reads links by their named answer and sends them as ids, blank as an empty id', () => {
    const values = recordToValues(retailers, {
      id: 'r1',
      name: 'Shop',
      distributor_id: 'd1',
      distributor: { id: 'd1', name: 'The Orchard' },
      country: null,
    });
    expect(values.distributor_id).toEqual({ id: 'd1', name: 'The Orchard' });
    expect(values.country_id).toBeNull();
    const payload = toPayload(retailers, values);
    expect(payload).toMatchObject({ distributor_id: 'd1', country_id: '' });
    // An unset choice is left out so the server keeps its default (status Live).
    expect(toPayload(retailers, emptyValues(retailers))).not.toHaveProperty('type_of');
    expect(emptyValues(retailers).status).toBe('Live');
  });

  it('sends nested rows as *_attributes: removed saved rows flagged, unsaved removed rows dropped, links as ids', () => {
    const record = {
      id: 'd1',
      name: 'Dist',
      distributor_dsps: [
        { id: 'x1', dsp_id: 's1', dsp: { id: 's1', name: 'Spotify' }, active: false, inactive_note: 'Paused' },
      ],
    };
    const values = recordToValues(distributors, record);
    const rows = values.distributor_dsps as NestedRow<RowValues>[];
    expect(rows[0]).toMatchObject({
      id: 'x1',
      saved: true,
      values: { dsp_id: { id: 's1', name: 'Spotify' }, active: false, inactive_note: 'Paused' },
    });
    const removed = nestedRowsReducer(rows, { type: 'remove', key: rows[0].key });
    const added = nestedRowsReducer(removed, {
      type: 'add',
      key: 'n1',
      values: { dsp_id: { id: 's2', name: 'Deezer' }, active: true, inactive_note: '' },
    });
    expect(toPayload(distributors, { ...values, distributor_dsps: added }).distributor_dsps_attributes).toEqual([
      { id: 'x1', dsp_id: 's1', active: false, inactive_note: 'Paused', _destroy: true },
      { dsp_id: 's2', active: true, inactive_note: '' },
    ]);
    const dropped = nestedRowsReducer(added, { type: 'remove', key: 'n1' });
    expect(toPayload(distributors, { ...values, distributor_dsps: dropped }).distributor_dsps_attributes).toHaveLength(
      1,
    );
  });

  it('leaves out fields a form does not show (admin features off, quick-add switches)', () => {
    const payload = toPayload(distributors, emptyValues(distributors), {
      visible: (f) => !f.adminFeature && !f.hideInQuickAdd,
    });
    expect(payload).not.toHaveProperty('distributor_dsps_attributes');
    expect(payload).not.toHaveProperty('active');
    expect(payload).toHaveProperty('name');
  });

  it('nests object fields under their input key and maps API errors back to form fields', () => {
    const values = { ...emptyValues(dsps), name: 'New DSP', 'technical_specification.delivery_format': ' DDEX ' };
    const payload = toPayload(dsps, values);
    expect(payload.technical_specification_attributes).toMatchObject({ delivery_format: 'DDEX', server_password: '' });
    expect(payload).not.toHaveProperty('guide_key');
    expect(toPayload(dsps, { ...values, guide: { current: null, key: 'guides/dsps/a.pdf' } }).guide_key).toBe(
      'guides/dsps/a.pdf',
    );
    expect(toPayload(dsps, { ...values, guide: { current: null, key: null } }).guide_key).toBeNull();
    expect(formFieldOf(dsps, 'technical_specification_attributes.tech_spec_url')).toBe(
      'technical_specification.tech_spec_url',
    );
    expect(formFieldOf(dsps, 'guide_key')).toBe('guide');
    expect(validateValues(dsps, { ...values, 'technical_specification.tech_spec_url': 'ftp://x' })).toEqual({
      'technical_specification.tech_spec_url': 'Tech spec URL must start with http:// or https://',
    });
  });

  it('requires a link on a new society URL row and sends DSPs back to DistributionDSPs', () => {
    const rows = nestedRowsReducer<RowValues>([], { type: 'add', key: 'n1', values: { link: '', link_text: 'Home' } });
    expect(validateValues(societies, { ...emptyValues(societies), name: 'PRS', urls: rows })).toHaveProperty([
      'urls_attributes.0.link',
    ]);
    expect(afterSave(dsps, true, '/admin/dsps')).toEqual({ to: '/distribution/dsps' });
    expect(afterSave(societies, false, '/admin/societies')).toEqual({ to: '/admin/societies' });
    expect(savedNotice(dsps, true)).toBe('DSP Added');
    expect(savedNotice(societies, false)).toBe('Society Updated');
  });
});

describe('nested row payloads', () => {
  it('send an unpicked link in a row as an empty id, not null', () => {
    const { artists } = CATALOGUE_CONFIGS;
    const rows = nestedRowsReducer<RowValues>([], {
      type: 'add',
      key: 'n1',
      values: {
        contributor_id: { id: 'c1', name: 'Writer' },
        membership_type: 'main',
        roles: ['Guitar'],
        payee_id: null,
        active: true,
      },
    });
    const payload = toPayload(artists, { ...emptyValues(artists), name: 'Band', artist_members: rows });
    expect(payload.artist_members_attributes).toEqual([
      { contributor_id: 'c1', membership_type: 'main', roles: ['Guitar'], payee_id: '', active: true },
    ]);
    const userArea = { visible: (f: { adminArea?: boolean }) => !f.adminArea };
    expect(validateValues(artists, { ...emptyValues(artists), name: 'Band', artist_members: rows }, userArea)).toEqual(
      {},
    );
    // A member row left empty: its two required fields say so, in the words the API uses.
    const blankRow = nestedRowsReducer<RowValues>([], {
      type: 'add',
      key: 'n2',
      values: { contributor_id: null, membership_type: '', roles: [], payee_id: null, active: true },
    });
    expect(
      validateValues(artists, { ...emptyValues(artists), name: 'Band', artist_members: blankRow }, userArea),
    ).toEqual({
      'artist_members_attributes.0.contributor_id': 'Contributor is required',
      'artist_members_attributes.0.membership_type': 'Membership type is required',
    });
    // On admin pages the company must be chosen.
    expect(validateValues(artists, { ...emptyValues(artists), name: 'Band' })).toEqual({
      tenant_id: 'Company is required',
    });
  });
});

describe('worked-out values', () => {
  const { payees } = CATALOGUE_CONFIGS;
  const taxForm = (values: FormValues) => {
    const { tax_form, tax_form_signed_on, tax_form_expires_on } = toPayload(payees, values);
    return { tax_form, tax_form_signed_on, tax_form_expires_on };
  };
  const expiresOn = payees.fields.find((f) => f.name === 'tax_form_expires_on');

  it('start an Other form switched to from a W-8 with no expiry, not the W-8’s worked-out day', () => {
    const stored = { id: 'p1', name: 'Writer', tax_form: 'W-8BEN', tax_form_signed_on: '2026-03-04' };
    const values = recordToValues(payees, { ...stored, tax_form_expires_on: '2029-12-31' });
    // While the form is a W-8 the field shows, and sends, the day worked out.
    expect(expiresOn?.derived?.(values)).toBe('2029-12-31');
    expect(taxForm(values).tax_form_expires_on).toBe('2029-12-31');
    const other: FormValues = { ...values, tax_form: 'Other' };
    expect(expiresOn?.derived?.(other)).toBeNull();
    expect(other.tax_form_expires_on).toBe('');
    expect(taxForm(other)).toEqual({ tax_form: 'Other', tax_form_signed_on: '2026-03-04', tax_form_expires_on: '' });
  });

  it('keep an Other form’s own expiry, and give it back after a switch to a W-8 and back', () => {
    const stored = { id: 'p2', name: 'Writer', tax_form: 'Other', tax_form_signed_on: '2026-03-04' };
    const values = recordToValues(payees, { ...stored, tax_form_expires_on: '2027-04-05' });
    expect(values.tax_form_expires_on).toBe('2027-04-05');
    expect(taxForm({ ...values, tax_form: 'W-8BEN-E' }).tax_form_expires_on).toBe('2029-12-31');
    expect(taxForm({ ...values, tax_form: 'Other' }).tax_form_expires_on).toBe('2027-04-05');
  });
});

describe('territories hint', () => {
  it('says none chosen means World, but not that none means None (excluded territories)', () => {
    const releaseFields = CATALOGUE_CONFIGS.releases.fields;
    const field = (name: string) => releaseFields.find((f) => f.name === name) as Parameters<typeof territoriesHint>[0];
    expect(territoriesHint(field('territories'))).toBe(
      'None chosen means World. Left empty on a new release, the label’s settings fill it',
    );
    expect(territoriesHint(field('excluded_territories'))).toBe('Countries where the release is not sold');
    expect(territoriesHint({})).toBe('None chosen means World.');
  });
});
