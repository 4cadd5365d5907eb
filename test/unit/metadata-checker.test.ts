import { describe, expect, it } from 'vitest';
import { checkRelease, type CheckedRecording, type CheckedRelease } from '../../shared/metadata-checker.js';

const goodRelease: CheckedRelease = {
  id: 'r1',
  title: 'Album',
  release_date: '2026-12-01',
  original_release_date: '2026-12-01',
  primary_genre_id: 'g',
  metadata_language: { name: 'English' },
  products: [{}],
};
const goodRecording: CheckedRecording = {
  id: 't1',
  title: 'Song',
  audio_language: { name: 'English' },
  metadata_language: { name: 'English' },
  primary_genre_id: 'g',
  contributor_recordings: [{ roles: ['Composer'] }, { roles: ['Lyricist'] }],
  publisher_recordings: [{ publisher: { name: 'Copyright Control' } }],
};
const fields = (problems: { field: string; message: string }[]) => problems.map((p) => `${p.field}: ${p.message}`);

describe('metadata checker', () => {
  it('finds nothing wrong with a complete release', () => {
    expect(checkRelease(goodRelease, [goodRecording], { distributed: true })).toEqual([]);
  });

  it('needs release dates, a primary genre, recordings, and a product when distributed', () => {
    const problems = checkRelease({ id: 'r', title: 'Bare' }, [], { distributed: true });
    expect(fields(problems)).toEqual([
      'release_date: Release date is required',
      'original_release_date: Original release date is required',
      'primary_genre_id: Primary genre is required',
      'release_recordings: The release has no recordings',
      'products: Distributed releases need at least one product',
    ]);
    expect(fields(checkRelease({ ...goodRelease, products: [] }, [goodRecording], { distributed: false }))).toEqual([]);
  });

  it('needs a Writer or Composer, a Lyricist unless instrumental, and a publisher per writer', () => {
    const bare = { ...goodRecording, contributor_recordings: [], publisher_recordings: [] };
    expect(fields(checkRelease(goodRelease, [bare], { distributed: false }))).toEqual([
      'contributor_recordings: Needs a contributor credited as Writer or Composer',
      'contributor_recordings: Needs a Lyricist unless the audio language is Instrumental',
    ]);
    const instrumental = {
      ...bare,
      audio_language: { name: 'Instrumental' },
      contributor_recordings: [{ roles: ['Composer'] }],
    };
    expect(fields(checkRelease(goodRelease, [instrumental], { distributed: false }))).toEqual([
      'publisher_recordings: Needs a publisher for its writers (use "Copyright Control" when they publish themselves)',
    ]);
  });

  it('refuses Instrumental as a metadata language, and names the recording', () => {
    const problems = checkRelease(
      { ...goodRelease, metadata_language: { name: 'Instrumental' } },
      [{ ...goodRecording, metadata_language: { name: 'Instrumental' } }],
      { distributed: false },
    );
    expect(problems.map((p) => [p.scope, p.title, p.field])).toEqual([
      ['release', 'Album', 'metadata_language_id'],
      ['recording', 'Song', 'metadata_language_id'],
    ]);
  });
});
