import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from './royalty-model';
import { filterDescription } from './filter-description';

const ID = '01JBX3F0000000000000000000';

describe('filterDescription', () => {
  it('names the import, recording or release a link filtered by, never by its id', () => {
    expect(filterDescription({ ...EMPTY_FILTER, import_id: ID }, { import: 'spotify-2026-05.csv' })).toBe(
      'Lines of import spotify-2026-05.csv',
    );
    expect(filterDescription({ ...EMPTY_FILTER, recording_id: ID }, { recording: 'Blue Song' })).toBe(
      'Lines of recording Blue Song',
    );
    expect(filterDescription({ ...EMPTY_FILTER, release_id: ID }, { release: 'Blue Album' })).toBe(
      'Lines of release Blue Album',
    );
  });

  it('names only the kind of record until the record answers', () => {
    for (const key of ['import_id', 'recording_id', 'release_id'] as const)
      expect(filterDescription({ ...EMPTY_FILTER, [key]: ID })).not.toContain(ID);
    expect(filterDescription({ ...EMPTY_FILTER, recording_id: ID })).toBe('Lines of one recording');
    expect(filterDescription({ ...EMPTY_FILTER, recording_id: `${ID},${ID}` })).toBe(
      "Lines of 2 recordings (a payee's or artist's)",
    );
  });

  it('says a territory in words', () => {
    expect(filterDescription({ ...EMPTY_FILTER, territory: 'GB' })).toBe('Lines of territory United Kingdom');
  });
});
