import { describe, expect, it } from 'vitest';
import { statusColour } from '../../shared/status-colours.js';
import {
  absoluteLink,
  formatDate,
  formatDateTime,
  formatDaysIn,
  fileTypeWords,
  formatFileSize,
  sizeLimitWords,
  padTwo,
  quarterOf,
  uploadProgress,
  formatPercent,
} from '../../shared/format.js';
import { currencySign } from '../../shared/money';
import { defaultPeriod, periodRanges } from '../../shared/period-picker.js';
import { canonicalTags, hasTag } from '../../shared/company-tags.js';
import { humanizeField, MESSAGES, valueWords } from '../../shared/messages.js';
import { territoryName, territoryWords } from '../../shared/territories.js';

describe('status colours', () => {
  it.each([
    ['drafted', 'black'],
    ['failed', 'danger'],
    ['Publisher', 'danger'],
    ['quality_control', 'warning'],
    ['processing', 'info'],
    ['Label', 'link'],
    ['delivered', 'success'],
    ['invited', 'white'],
    ['distributed', 'primary'],
    ['Sub Aggregator', 'primary'],
  ])('%s is %s', (word, colour) => expect(statusColour(word)).toBe(colour));
  it('maps booleans by their words and unknown words to black', () => {
    expect(statusColour(true)).toBe('success');
    expect(statusColour(false)).toBe('danger');
    expect(statusColour('something else')).toBe('black');
  });
});

describe('display conventions', () => {
  it("shows dates as 'Do MMM YYYY'", () => {
    expect(formatDate('2026-02-03')).toBe('3rd Feb 2026');
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22nd Nov 2026');
    expect(formatDate(null)).toBe('');
    // A moment keeps its time of day, in the reader's zone (a time written without a zone is read as local).
    expect(formatDateTime('2026-11-22T09:05:00')).toBe('22nd Nov 2026, 09:05');
    expect(formatDateTime('2026-02-03T23:59:00')).toBe('3rd Feb 2026, 23:59');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a time')).toBe('');
    expect(formatDaysIn('Credits LI-000001; £120.00 refunded on 2026-12-05')).toBe(
      'Credits LI-000001; £120.00 refunded on 5th Dec 2026',
    );
    expect(formatDaysIn('Unpaid, due 2027-01-04, invoice 2026-12-05')).toBe(
      'Unpaid, due 4th Jan 2027, invoice 5th Dec 2026',
    );
  });
  it('shows file sizes in 1024 steps with 2 decimals', () => {
    expect(formatFileSize(398)).toBe('398.00 B');
    expect(formatFileSize(0)).toBe('0.00 B');
    expect(formatFileSize(512)).toBe('512.00 B');
    expect(formatFileSize(1536)).toBe('1.50 kB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3.00 TB');
    expect(formatFileSize(-1)).toBe('');
  });
  it('write an upload’s size limit as people read it, never a count of bytes', () => {
    expect(sizeLimitWords(500_000_000)).toBe('500 MB');
    expect(sizeLimitWords(5 * 1024 * 1024)).toBe('5 MB');
    expect(sizeLimitWords(36 * 1024 * 1024)).toBe('36 MB');
    expect(sizeLimitWords(512 * 1024)).toBe('512 kB');
    expect(sizeLimitWords(1500)).toBe('1.46 kB');
  });
  it('names a file type in words, never as the MIME type', () => {
    expect(fileTypeWords('application/pdf')).toBe('PDF document');
    expect(fileTypeWords('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'Word document',
    );
    expect(fileTypeWords('image/png')).toBe('PNG image');
    expect(fileTypeWords('image/svg+xml')).toBe('SVG image');
    expect(fileTypeWords('audio/x-m4a')).toBe('M4A audio');
    expect(fileTypeWords('text/csv; charset=utf-8')).toBe('CSV spreadsheet');
    expect(fileTypeWords('application/octet-stream')).toBe('File');
    expect(fileTypeWords('image/<script>')).toBe('File');
    expect(fileTypeWords(null)).toBe('File');
  });
  it('pads below 10, prefixes bare links, and shows £ and $', () => {
    expect(padTwo(7)).toBe('07');
    expect(padTwo(12)).toBe('12');
    expect(absoluteLink('example.com')).toBe('http://example.com');
    expect(absoluteLink('https://example.com')).toBe('https://example.com');
    expect(currencySign('gbp')).toBe('£');
    expect(currencySign('USD')).toBe('$');
    expect(currencySign('eur')).toBe('EUR');
  });
  it('keeps the quarter helper as coded', () => {
    expect([0, 3, 4, 6, 7, 9, 10, 11].map(quarterOf)).toEqual(['Q1', 'Q1', 'Q2', 'Q2', 'Q3', 'Q3', 'Q4', 'Q4']);
  });
  it('writes a percentage with the sign against the number, as the specification does ("50%")', () => {
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent('12.5')).toBe('12.5%');
    expect(formatPercent('20.00')).toBe('20.00%');
    expect(formatPercent(null)).toBe('');
    expect(formatPercent(undefined)).toBe('');
  });
  it('reports upload progress in whole percent, green from 50 %', () => {
    expect(uploadProgress(499, 1000)).toEqual({ percent: 49, colour: 'red' });
    expect(uploadProgress(500, 1000)).toEqual({ percent: 50, colour: 'green' });
    expect(uploadProgress(1000, 1000)).toEqual({ percent: 100, colour: 'green' });
  });
});

describe('territories', () => {
  it('names a country code in words and leaves anything else as the report wrote it', () => {
    expect(territoryName('GB')).toBe('United Kingdom');
    expect(territoryName('FR')).toBe('France');
    // A licence's territory as typed, each country code in it named; words stay as typed.
    expect(territoryWords('GB, IE')).toBe('United Kingdom, Ireland');
    expect(territoryWords('World')).toBe('World');
    expect(territoryWords('Europe excluding DE')).toBe('Europe excluding Germany');
    expect(territoryName('Worldwide')).toBe('Worldwide');
    expect(territoryName('gb')).toBe('gb');
    expect(territoryName('GBR')).toBe('GBR');
  });
});

describe('period picker', () => {
  const today = new Date('2026-11-22T12:00:00Z');
  it('offers last month, 3, 6, 12 months and 20 years, each ending at the end of this month', () => {
    const ranges = periodRanges(today);
    expect(ranges.map((r) => [r.start, r.end])).toEqual([
      ['2026-11-01', '2026-11-30'],
      ['2026-09-01', '2026-11-30'],
      ['2026-06-01', '2026-11-30'],
      ['2025-12-01', '2026-11-30'],
      ['2006-12-01', '2026-11-30'],
    ]);
  });
  it('defaults to the 12 months ending at the end of last month', () => {
    expect(defaultPeriod(today)).toEqual({ start: '2025-11-01', end: '2026-10-31' });
  });
});

describe('company tags', () => {
  it('match case-insensitively', () => {
    expect(hasTag({ tags: ['publisher'] }, 'Publisher')).toBe(true);
    expect(hasTag({ tags: [' LABEL GROUP '] }, 'Label Group')).toBe(true);
    expect(hasTag({ tags: ['Rightsholder'] }, 'Publisher')).toBe(false);
    expect(hasTag(null, 'Publisher')).toBe(false);
  });
  it('are stored in their canonical spelling without duplicates', () => {
    expect(
      canonicalTags(['publisher', 'PUBLISHER', 'sub aggregator', 'Custom'], ['Publisher', 'Sub Aggregator']),
    ).toEqual(['Publisher', 'Sub Aggregator', 'Custom']);
  });
});

describe('messages', () => {
  it('keep the API’s spelling', () => {
    expect(MESSAGES.resetRequested).toBe(
      'If your Email is found you should recieve an email shortly with instructions to reset your account.',
    );
    expect(MESSAGES.noResultsFor('abc')).toBe('No results for abc');
  });
  it('show field names without underscores, capitalised', () => {
    expect(humanizeField('deal_percentage')).toBe('Deal percentage');
  });
  it('keep acronyms in capitals wherever they stand in a field name', () => {
    const acronyms = ['url', 'dsp', 'isrc', 'upc', 'iswc', 'ipi', 'isni', 'iban', 'bic', 'ean', 'grid', 'cwr', 'ddex'];
    for (const field of [...acronyms, 'sftp', 'pdf', 'csv', 'api', 'id'])
      expect(humanizeField(field)).toBe(field.toUpperCase());
    expect(humanizeField('vat_number')).toBe('VAT number');
    expect(humanizeField('tech_spec_url')).toBe('Tech spec URL');
    expect(humanizeField('country_iso')).toBe('Country ISO');
    expect(humanizeField('id_number')).toBe('ID number');
    expect(humanizeField('isrc', { inSentence: true })).toBe('ISRC');
    expect(humanizeField('label_and_upc', { inSentence: true })).toBe('label and UPC');
    // A recording's flag for music made for film or television.
    expect(humanizeField('film_tv')).toBe('Film/TV');
    expect(humanizeField('pre_order_only')).toBe('Pre-order only');
    expect(humanizeField('pre_order', { inSentence: true })).toBe('pre-order');
    expect(humanizeField('film_tv', { inSentence: true })).toBe('film/TV');
    // Words with a written form of their own, and the trade's other slashed pair.
    expect(humanizeField('youtube_claims')).toBe('YouTube claims');
    expect(humanizeField('todo_list')).toBe('To-do list');
    expect(humanizeField('todo_list', { inSentence: true })).toBe('to-do list');
    expect(humanizeField('new_release album_ep', { inSentence: true })).toBe('new release album or EP');
  });
  it('name a field holding a record’s id by the record, unless the key itself is meant', () => {
    expect(humanizeField('dsp_id')).toBe('DSP');
    expect(humanizeField('label_id')).toBe('Label');
    expect(humanizeField('dsp_ids')).toBe('DSPs');
    expect(humanizeField('release_ids')).toBe('Releases');
    expect(humanizeField('territory_ids')).toBe('Territories');
    expect(humanizeField('primary_genre_id', { inSentence: true })).toBe('primary genre');
    expect(humanizeField('tenant_id', { keepId: true })).toBe('Tenant ID');
    expect(humanizeField('dsp_ids', { keepId: true })).toBe('DSP IDs');
  });
  it('write a stored value with the same acronyms, its id kept: a value is not a choice of record', () => {
    expect(valueWords('past_due')).toBe('Past due');
    expect(valueWords('dsp_rejected')).toBe('DSP rejected');
    expect(valueWords('awaiting_isrc')).toBe('Awaiting ISRC');
    expect(valueWords('vat_registered')).toBe('VAT registered');
    expect(valueWords('smart_url')).toBe('Smart URL');
    expect(valueWords('Dsp')).toBe('DSP');
    expect(valueWords('sftp_upload', { inSentence: true })).toBe('SFTP upload');
    expect(valueWords('Company', { inSentence: true })).toBe('company');
    expect(valueWords('partner_id')).toBe('Partner ID');
    expect(valueWords('Out Of Business')).toBe('Out Of Business');
  });
});
