import { describe, expect, it } from 'vitest';
import { inPlayOrder, recordingsDisplayType } from './release-recordings-display';

describe('how a release’s page shows its recordings', () => {
  it('as cards unless the release keeps table; a release saved before the choice, or with a stray value, shows cards', () => {
    expect(recordingsDisplayType({})).toBe('cards');
    expect(recordingsDisplayType({ recordings_display_type: 'table' })).toBe('table');
    expect(recordingsDisplayType({ recordings_display_type: 'cards' })).toBe('cards');
    expect(recordingsDisplayType({ recordings_display_type: 'list' })).toBe('cards');
  });

  it('in play order: disc, then position; rows without a place keep theirs', () => {
    const rows = [
      { id: 'b', disc_number: 2, position: 1 },
      { id: 'c', disc_number: 1, position: 2 },
      { id: 'a', disc_number: 1, position: 1 },
      { id: 'd' },
    ];
    expect(inPlayOrder(rows).map((r) => r.id)).toEqual(['a', 'c', 'd', 'b']);
  });
});
