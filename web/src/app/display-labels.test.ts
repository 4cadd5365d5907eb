import { describe, expect, it } from 'vitest';
import { colouredStatusWords } from '../../../shared/status-colours';
import { displayLabel, optionWords } from './display-labels';

/** The status values the API's records can carry (jobs, deliveries, imports, uploads, subscriptions, DSPs …). */
const API_STATUSES = [
  'queued',
  'generating',
  'published',
  'failed',
  'previewing',
  'preview_ready',
  'publishing',
  'created',
  'delivering',
  'delivered',
  'requested',
  'pending',
  'connected',
  'declined',
  'disconnected',
  'free',
  'linked',
  'running',
  'done',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'processing',
  'duplicate',
  'uploading',
  'ready',
  'reported',
];

/** What people can read: starts with a capital letter, no underscore joining engine words. */
const READABLE = /^[A-Z][^_]*$/;

describe('displayLabel', () => {
  it('gives readable words for every status the API returns and every coloured status word', () => {
    for (const value of [...API_STATUSES, ...colouredStatusWords()]) {
      expect(displayLabel(value), value).toMatch(READABLE);
    }
  });

  it('uses the chosen words for values whose engine spelling reads badly', () => {
    expect(displayLabel('label_manager')).toBe('Label manager');
    expect(displayLabel('insert')).toBe('New delivery');
    expect(displayLabel('action_insert')).toBe('New delivery');
    expect(displayLabel('re_delivered')).toBe('Re-delivered');
    expect(displayLabel('paypal')).toBe('PayPal');
    expect(displayLabel('true')).toBe('Yes');
    expect(displayLabel(false)).toBe('No');
  });

  it('never shows an unknown value raw: underscores become spaces and the first letter is capitalised', () => {
    expect(displayLabel('awaiting_second_review')).toBe('Awaiting second review');
    expect(displayLabel('past_due')).toBe('Past due');
    expect(displayLabel('Out Of Business')).toBe('Out Of Business');
  });

  it('keeps acronyms in capitals in a value the dictionary does not list', () => {
    expect(displayLabel('dsp_rejected')).toBe('DSP rejected');
    expect(displayLabel('isrc_missing')).toBe('ISRC missing');
    expect(displayLabel('vat_registered')).toBe('VAT registered');
    expect(displayLabel('tech_spec_url')).toBe('Tech spec URL');
    expect(displayLabel('ddex_sftp')).toBe('DDEX SFTP');
    expect(displayLabel('Dsp')).toBe('DSP');
    expect(displayLabel('csv')).toBe('CSV');
  });

  it('shows nothing for a missing value', () => {
    expect(displayLabel(null)).toBe('');
    expect(displayLabel(undefined)).toBe('');
  });
});

describe('optionWords', () => {
  it('puts a form choice stored as an identifier into words, and leaves one written for people as it is', () => {
    expect(optionWords('audio_release')).toBe('Audio release');
    expect(optionWords('label_manager')).toBe('Label manager');
    expect(optionWords('iTunes')).toBe('iTunes');
    expect(optionWords('Album')).toBe('Album');
    expect(optionWords('Box Set')).toBe('Box Set');
  });

  it('puts a one-word stored value in lower case into words too', () => {
    expect(optionWords('individual')).toBe('Individual');
    expect(optionWords('main')).toBe('Main');
    expect(optionWords('audio')).toBe('Audio');
    expect(optionWords('dj')).toBe('DJ');
  });
});
