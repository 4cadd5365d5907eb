import { describe, expect, it } from 'vitest';
import { isPitch, pitchFacts } from './pitch-facts';
import type { LabelRequest } from './requests-api';

const base = {
  id: '01JTESTPITCH00000000000000',
  status: 'refused',
  label_id: '01JTESTLABEL00000000000000',
  label_name: 'Night Bus Records',
  summary: 'The Drives – Late Lines (5th Feb 2027)',
  reason: 'The release date has passed',
  company_name: 'Night Bus Music Ltd',
  createdAt: '2026-12-01T09:30:00.000Z',
} as const;

const album: LabelRequest = {
  ...base,
  kind: 'album_ep',
  details: {
    label_id: base.label_id,
    release_id: '01JTESTRELEASE000000000000',
    release_title: 'Late Lines',
    release_date: '2027-02-05',
    genres: ['Indie', 'Dance / Electronic'],
    instruments: ['Synths', 'Drum machine'],
    pitch: 'A record for late nights\nand long drives home.',
    notes: 'Vinyl follows in spring',
    focus_track_id: '01JTESTRECORDING0000000000',
    focus_track: 'Night Drive (Radio Edit)',
    instant_grat_date: '2027-01-15',
  },
};

const asMap = (request: LabelRequest) => Object.fromEntries(pitchFacts(request).map((f) => [f.label, f.value]));

describe('a pitch’s details', () => {
  it('show every field the label filled in, in words, with days as "Do MMM YYYY" and names instead of ids', () => {
    expect(asMap(album)).toEqual({
      'Pitch type': 'Album/EP pitch',
      Company: 'Night Bus Music Ltd',
      Label: 'Night Bus Records',
      Release: 'Late Lines',
      'Release date': '5th Feb 2027',
      'Focus track': 'Night Drive (Radio Edit)',
      'Instant-grat date': '15th Jan 2027',
      Genres: 'Indie, Dance / Electronic',
      Instruments: 'Synths, Drum machine',
      Pitch: 'A record for late nights\nand long drives home.',
      Notes: 'Vinyl follows in spring',
      Sent: '1st Dec 2026',
      State: 'Refused',
      'Reason refused': 'The release date has passed',
    });
    const shown = pitchFacts(album)
      .map((f) => f.value)
      .join('\n');
    expect(shown).not.toMatch(/01JTEST|album_ep|_/);
  });

  it('say what a pitch left out, and show a video’s premiere and link', () => {
    const single: LabelRequest = {
      ...base,
      status: 'new',
      reason: undefined,
      company_name: undefined,
      kind: 'single',
      details: { release_title: 'Late Lines', release_date: '2027-02-05', genres: ['Pop'], pitch: 'x'.repeat(20) },
    };
    const facts = asMap(single);
    expect(facts['Focus track']).toBe('No focus track');
    expect(facts.Instruments).toBe('None chosen');
    expect(facts.State).toBe('New');
    expect(facts).not.toHaveProperty('Instant-grat date');
    expect(facts).not.toHaveProperty('Company');
    expect(facts).not.toHaveProperty('Reason refused');
    expect(facts).not.toHaveProperty('Notes');

    const video = pitchFacts({
      ...single,
      kind: 'official_video',
      details: { ...single.details, video_url: 'https://youtu.be/abcdefghijk' },
    });
    expect(video.find((f) => f.label === 'Premiere date')?.value).toBe('5th Feb 2027');
    expect(video.find((f) => f.label === 'YouTube link of the video')).toEqual({
      label: 'YouTube link of the video',
      value: 'https://youtu.be/abcdefghijk',
      link: true,
    });
    expect(video.map((f) => f.label)).not.toContain('Focus track');
  });

  it('are offered for pitches only', () => {
    expect(isPitch({ kind: 'single' })).toBe(true);
    expect(isPitch({ kind: 'youtube_claim' })).toBe(false);
    expect(isPitch({ kind: 'soundcloud_whitelist' })).toBe(false);
  });
});
