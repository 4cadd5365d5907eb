import { describe, expect, it } from 'vitest';
import { artistInput, recordingInput, releaseInput } from '../../shared/schemas/catalogue.js';
import { labelInput } from '../../shared/schemas/label.js';
import { issueText } from '../../shared/issue-text.js';

/** The catalogue's depth fields: each rule refuses in the user's words, and good values pass. */
const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('release depth', () => {
  it('takes a format from the product formats, links that are web addresses, and to-dos with a body', () => {
    const ok = releaseInput.safeParse({
      title: 'R',
      release_format: 'Vinyl',
      urls_attributes: [{ link: 'https://example.com' }],
      todo_tasks_attributes: [{ body: 'Do it' }, { id: 'T1', done: true }, { id: 'T2', _destroy: true }],
      images_attributes: [{ image_key: 'images/t/releases/x.png', type_of: 'Booklet' }],
    });
    expect(ok.success).toBe(true);
    const bad = releaseInput.safeParse({
      title: 'R',
      release_format: 'Wax',
      urls_attributes: [{ link: 'ftp://x' }],
      todo_tasks_attributes: [{ body: '   ' }, { done: true }, { id: 'T1', body: '' }],
      images_attributes: [{ caption: 'no file' }],
    });
    expect(errorsOf(bad)).toMatchObject({
      'urls_attributes.0.link': 'Link must start with http:// or https://',
      'todo_tasks_attributes.0.body': 'Task Body must not be blank',
      'todo_tasks_attributes.1.body': 'Task Body must not be blank',
      'todo_tasks_attributes.2.body': 'Task Body must not be blank',
      'images_attributes.0.image_key': 'Image key is required',
    });
    expect(errorsOf(bad).release_format).toBeDefined();
  });

  it('checks a product’s pre-order dates, territory pricing and track prices', () => {
    const bad = releaseInput.safeParse({
      title: 'R',
      products_attributes: [
        {
          pre_order_data: { start_date: '2027-02-01', preview_date: '2027-01-01' },
          product_territories_pricing: [{ territory: 'GBR' }, { territory: 'gb', retail_price: -1 }],
          product_items: [{ sample_length: 601, recording_id: '' }],
        },
      ],
    });
    expect(errorsOf(bad)).toMatchObject({
      'products_attributes.0.pre_order_data.preview_date': 'Pre-order preview date must not be before its start date',
      'products_attributes.0.product_territories_pricing.0.territory': 'Territory must be a 2-letter country code',
      'products_attributes.0.product_territories_pricing.1.retail_price': 'Retail price must be at least 0',
      'products_attributes.0.product_items.0.sample_length': 'Sample length must be under 600',
      'products_attributes.0.product_items.0.recording_id': 'Recording is required',
    });
  });
});

describe('numbers typed in a release', () => {
  it('refuses a price in exponent notation or with more than 2 decimals, and a boolean or list for a number, naming each field', () => {
    // As the API words them (issueText): a blank-or-number field says its number's rule, not "Invalid input".
    const result = (value: unknown) => {
      const input = {
        title: 'R',
        recording_year: value,
        total_volumes: value,
        products_attributes: [{ retail_price: value }],
      };
      const issues = releaseInput.safeParse(input).error?.issues ?? [];
      return Object.fromEntries(issues.flatMap((issue) => issueText(issue, input)).map((e) => [e.field, e.text]));
    };
    // Coerced, "1e3" was 1000, "0x10" 16, true 1 and [3] 3; 0.123456789 was stored as sent.
    for (const value of ['1e3', '0x10', true, [3]])
      expect(result(value), JSON.stringify(value)).toEqual({
        recording_year: 'Recording year must be a number',
        total_volumes: 'Total volumes must be a number',
        'products_attributes.0.retail_price': 'Retail price must be a number',
      });
    expect(result(0.123456789)['products_attributes.0.retail_price']).toBe(
      'Retail price must be an amount with up to 2 decimals',
    );
    expect(result(-1)['products_attributes.0.retail_price']).toBe('Retail price must be at least 0');
    const typed = releaseInput.safeParse({
      title: 'R',
      recording_year: '2026',
      total_volumes: ' 2 ',
      products_attributes: [{ retail_price: '7.99', wholesale_price: 4.5, dealer_price: '' }],
    });
    expect(typed.success).toBe(true);
    expect(typed.data).toMatchObject({
      recording_year: 2026,
      total_volumes: 2,
      products_attributes: [{ retail_price: 7.99, wholesale_price: 4.5, dealer_price: '' }],
    });
  });
});

describe('recording depth', () => {
  it('keeps audio analysis within its ranges (sentiment −1..1, danceability and energy 0..1, loudness −60..0)', () => {
    const ok = recordingInput.safeParse({
      title: 'T',
      sentiment: '-1',
      danceability: '1',
      energy: 0,
      loudness: '-60',
      volume: '99',
      config: 'audio',
    });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ sentiment: -1, danceability: 1, energy: 0, loudness: -60, volume: 99 });
    const blank = recordingInput.parse({ title: 'T', sentiment: '', loudness: '' });
    expect(blank.sentiment).toBeUndefined();
    const bad = recordingInput.safeParse({
      title: 'T',
      sentiment: 1.1,
      danceability: -0.1,
      energy: 'loud',
      loudness: 0.5,
      volume: 100,
      config: 'hologram',
    });
    expect(errorsOf(bad)).toMatchObject({
      sentiment: 'Sentiment must be under 1',
      danceability: 'Danceability must be at least 0',
      energy: 'Energy must be a number',
      loudness: 'Loudness must be under 0',
      volume: 'Volume must be under 99',
    });
    expect(errorsOf(bad).config).toBeDefined();
  });

  it('checks child rows: ownerships, price lines, identifiers, songs and languages', () => {
    const bad = recordingInput.safeParse({
      title: 'T',
      language_ids: ['L1', 'L1'],
      repertoire_ownerships_attributes: [
        { share: 101 },
        { owner_name: 'O', start_date: '2026-05-01', end_date: '2026-04-01' },
      ],
      product_items_attributes: [{ price_tier: 'Cheap', sample_start_time: -1 }],
      recording_identifiers_attributes: [{ identifier: 'X' }],
      recording_songs_attributes: [{}],
    });
    expect(errorsOf(bad)).toMatchObject({
      language_ids: 'Languages must not list a language twice',
      'repertoire_ownerships_attributes.0.owner_name': 'Owner name is required',
      'repertoire_ownerships_attributes.0.share': 'Share must be under 100',
      'repertoire_ownerships_attributes.1.end_date': 'End date must not be before the start date',
      'product_items_attributes.0.sample_start_time': 'Sample start time must be at least 0',
      'recording_identifiers_attributes.0.type_of': 'Type of is required',
      'recording_songs_attributes.0.song_id': 'Song is required',
    });
    expect(errorsOf(bad)['product_items_attributes.0.price_tier']).toBeDefined();
  });
});

describe('artist and label depth', () => {
  it('refuses an artist linked twice', () => {
    expect(errorsOf(artistInput.safeParse({ name: 'A', linked_ids: ['X', 'X'] }))).toEqual({
      linked_ids: 'Linked artists must not list an artist twice',
    });
  });

  it('names a missing distributor or fulfiller and an agreement ending before it starts', () => {
    const bad = labelInput.safeParse({
      name: 'L',
      distribution_agreements: [{ distributor_id: '', contract_start_date: '2026-01-01' }],
      fulfilment_agreements: [
        { fulfiller: ' ' },
        { fulfiller: 'F', contract_start_date: '2026-02-01', contract_end_date: '2026-01-31' },
      ],
    });
    expect(errorsOf(bad)).toEqual({
      'distribution_agreements.0.distributor_id': 'Distributor is required',
      'fulfilment_agreements.0.fulfiller': 'Fulfiller is required',
      'fulfilment_agreements.1.contract_end_date': 'Contract end date must not be before the contract start date',
    });
    expect(labelInput.safeParse({ name: 'L', contract_key: null }).success).toBe(true);
  });
});
