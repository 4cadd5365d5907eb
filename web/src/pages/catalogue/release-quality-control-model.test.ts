import { describe, expect, it } from 'vitest';
import { qualityControlActions, reasonsOf } from './release-quality-control-model';

const targets = (status: string, admin: boolean) => qualityControlActions(status, admin).map((a) => a.to);

describe('release page quality control buttons', () => {
  it('offer the label Send for drafted, rejected and imported releases, and Back to drafted while in review', () => {
    for (const status of ['drafted', 'rejected', 'imported']) {
      expect(qualityControlActions(status, false)[0]).toEqual({
        id: 'send',
        to: 'quality_control',
        label: 'Send to quality control',
        primary: true,
      });
    }
    // The buttons are the server's moves (shared/release-moves.ts): a rejected release may also go back to drafted.
    expect(targets('drafted', false)).toEqual(['quality_control']);
    expect(targets('rejected', false)).toEqual(['quality_control', 'drafted']);
    expect(targets('quality_control', false)).toEqual(['drafted']);
    expect(targets('accepted', false)).toEqual([]);
    expect(targets('live', true)).toEqual([]);
  });

  it('offer Approve and Reject only on the admin page of a release in quality control', () => {
    expect(targets('quality_control', true)).toEqual(['drafted', 'accepted', 'rejected']);
    expect(targets('quality_control', false)).not.toContain('accepted');
  });
});

describe('rejection reasons', () => {
  it('are one a line, trimmed, blank lines dropped', () => {
    expect(reasonsOf(' Cover art is blurry \r\n\n  Title casing\n   ')).toEqual([
      'Cover art is blurry',
      'Title casing',
    ]);
    expect(reasonsOf('  \n ')).toEqual([]);
  });
});
