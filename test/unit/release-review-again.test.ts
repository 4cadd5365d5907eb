import { describe, expect, it } from 'vitest';
import {
  changedDeliveryFields,
  EDITED_AFTER_APPROVAL,
  mayDeliver,
  RECORDING_DELIVERY_FIELDS,
  reviewAgainAfterEdit,
  sentBackNote,
} from '../../functions/catalogue/release-status.js';

/** An approved release as stored, with one status move behind it. */
const approved = {
  status: 'accepted',
  title: 'Album',
  notes: 'ours',
  territories: ['GB'],
  artist_releases: [{ id: 'r1', artist_id: 'a1', role: 'Main', payee_share: 50 }],
  status_history: [{ at: '2026-11-01T00:00:00Z', from: 'quality_control', to: 'accepted' }],
};

describe('editing a reviewed release sends it back to quality control', () => {
  it('a change to what stores receive: quality_control, recorded with who, why and the fields', () => {
    const next = reviewAgainAfterEdit(approved, { ...approved, title: 'Album (Deluxe)' }, { id: 'u1', name: 'Ann' });
    expect(next).toMatchObject({ status: 'quality_control' });
    const history = 'status_history' in next ? next.status_history : [];
    expect(history).toHaveLength(2);
    expect(history[0]).toEqual(approved.status_history[0]);
    expect(history[1]).toMatchObject({
      by_id: 'u1',
      by_name: 'Ann',
      from: 'accepted',
      to: 'quality_control',
      reasons: [EDITED_AFTER_APPROVAL],
      note: 'Changed: title',
    });
    expect(Date.parse(String(history[1]?.at))).not.toBeNaN();
  });

  it('the history and the notice name the changed fields in the label’s words, never the stored names', () => {
    const role = [{ id: 'r1', artist_id: 'a1', role: 'Featuring', payee_share: 50 }];
    const after = { ...approved, cat_no: 'CAT-2', display_artists: 'Ann feat. Bo', artist_releases: role, p_line: 'x' };
    const next = reviewAgainAfterEdit(approved, after);
    const history = 'status_history' in next ? next.status_history : [];
    expect(history.at(-1)?.note).toBe('Changed: catalogue number, ℗ line, artists');
    expect(sentBackNote({ id: 'r1', ...approved }, { id: 'r1', ...after, ...next })).toBe(
      'Sent back to quality control because what stores receive changed (catalogue number, ℗ line, artists): an admin approves it again before its next delivery',
    );
  });

  it('delivered and live releases go back too; drafted, in review and rejected ones are left alone', () => {
    for (const status of ['delivered', 'live'])
      expect(reviewAgainAfterEdit({ ...approved, status }, { ...approved, cat_no: 'CAT-2' })).toMatchObject({
        status: 'quality_control',
      });
    for (const status of ['drafted', 'quality_control', 'rejected', 'imported'])
      expect(reviewAgainAfterEdit({ ...approved, status }, { ...approved, title: 'Other' })).toEqual({});
  });

  it('a first UPC (a placeholder or none before) completes the release; changing a UPC is a change', () => {
    expect(changedDeliveryFields({ upc: 'assign' }, { upc: '5012345678900' })).toEqual([]);
    expect(changedDeliveryFields({}, { upc: '5012345678900' })).toEqual([]);
    expect(changedDeliveryFields({ upc: '5012345678900' }, { upc: '5012345678917' })).toEqual(['upc']);
  });

  it('notes, payee shares and unchanged values are not a change stores see', () => {
    expect(reviewAgainAfterEdit(approved, { ...approved, notes: 'edited' })).toEqual({});
    const shares = [{ id: 'r1', artist_id: 'a1', role: 'Main', payee_share: 70 }];
    expect(reviewAgainAfterEdit(approved, { ...approved, artist_releases: shares })).toEqual({});
    expect(changedDeliveryFields({ version: undefined }, { version: '' })).toEqual([]);
    expect(changedDeliveryFields(approved, { ...approved, territories: ['GB', 'FR'], explicit: true })).toEqual([
      'explicit',
      'territories',
    ]);
    const role = [{ id: 'r1', artist_id: 'a1', role: 'Featuring', payee_share: 50 }];
    expect(changedDeliveryFields(approved, { ...approved, artist_releases: role })).toEqual(['artist_releases']);
  });
});

describe("a recording's edit", () => {
  it('counts what its releases send stores (ISRC, title, credits …), not the studio or the notes', () => {
    const before = { title: 'Song', isrc: 'GBAAA2600001', recording_venue: 'Studio A' };
    expect(
      changedDeliveryFields(before, { ...before, recording_venue: 'Studio B' }, RECORDING_DELIVERY_FIELDS),
    ).toEqual([]);
    expect(
      changedDeliveryFields(before, { ...before, isrc: 'GBAAA2600002', title: 'Song 2' }, RECORDING_DELIVERY_FIELDS),
    ).toEqual(['title', 'isrc']);
  });
});

describe('which deliveries may go', () => {
  it('any once approved or in stores; only a takedown while back in review, and only if it reached a store', () => {
    for (const status of ['accepted', 'delivered', 'live']) expect(mayDeliver({ status }, 'update')).toBe(true);
    const inReview = { status: 'quality_control', status_history: [{ to: 'accepted' }, { to: 'delivered' }] };
    expect(mayDeliver(inReview, 'takedown')).toBe(true);
    expect(mayDeliver(inReview, 'update')).toBe(false);
    expect(mayDeliver(inReview, 'insert')).toBe(false);
    expect(mayDeliver({ status: 'quality_control', status_history: [{ to: 'accepted' }] }, 'takedown')).toBe(false);
    expect(mayDeliver({ status: 'drafted' }, 'takedown')).toBe(false);
  });
});
