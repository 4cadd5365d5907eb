import { INSTRUMENTAL } from './schemas/reference.js';

/**
 * The metadata rules of the guides as one checker: every problem
 * of a release and its recordings, each naming where it is and the field. The release page
 * shows them; the distribution issue's quality-control gate refuses a release that has any.
 */
type Named = { name?: string } | null | undefined;
type CreditRow = { roles?: string[]; contributor?: Named; _destroy?: boolean };

export type CheckedRecording = {
  id: string;
  title: string;
  audio_language?: Named;
  metadata_language?: Named;
  primary_genre_id?: string;
  contributor_recordings?: CreditRow[];
  publisher_recordings?: { publisher?: Named }[];
};

export type CheckedRelease = {
  id: string;
  title: string;
  release_date?: string;
  original_release_date?: string;
  primary_genre_id?: string;
  metadata_language?: Named;
  products?: unknown[];
};

export type Problem = { scope: 'release' | 'recording'; id: string; title: string; field: string; message: string };

/** The words a finding's field is shown in, as the release and recording forms label it. */
export const CHECKED_FIELD_WORDS: Record<string, string> = {
  release_date: 'Release date',
  original_release_date: 'Original release date',
  primary_genre_id: 'Primary genre',
  metadata_language_id: 'Metadata language',
  release_recordings: 'Tracks',
  products: 'Products',
  contributor_recordings: 'Contributors',
  publisher_recordings: 'Publishers',
};

/** The publisher name self-publishing writers use. */
export const SELF_PUBLISHED = 'Copyright Control';

const hasRole = (credits: readonly CreditRow[], ...roles: string[]) =>
  credits.some((c) => !c._destroy && (c.roles ?? []).some((r) => roles.includes(r)));

export function checkRelease(
  release: CheckedRelease,
  recordings: readonly CheckedRecording[],
  options: { distributed: boolean },
): Problem[] {
  const problems: Problem[] = [];
  const onRelease = (field: string, message: string) =>
    problems.push({ scope: 'release', id: release.id, title: release.title, field, message });
  if (!release.release_date) onRelease('release_date', 'Release date is required');
  if (!release.original_release_date) onRelease('original_release_date', 'Original release date is required');
  if (!release.primary_genre_id) onRelease('primary_genre_id', 'Primary genre is required');
  if (release.metadata_language?.name === INSTRUMENTAL)
    onRelease('metadata_language_id', 'Metadata language must not be Instrumental');
  if (recordings.length === 0) onRelease('release_recordings', 'The release has no recordings');
  if (options.distributed && !(release.products ?? []).length)
    onRelease('products', 'Distributed releases need at least one product');

  for (const recording of recordings) {
    const on = (field: string, message: string) =>
      problems.push({ scope: 'recording', id: recording.id, title: recording.title, field, message });
    const credits = recording.contributor_recordings ?? [];
    if (!hasRole(credits, 'Writer', 'Composer'))
      on('contributor_recordings', 'Needs a contributor credited as Writer or Composer');
    if (recording.audio_language?.name !== INSTRUMENTAL && !hasRole(credits, 'Lyricist'))
      on('contributor_recordings', 'Needs a Lyricist unless the audio language is Instrumental');
    if (!recording.primary_genre_id) on('primary_genre_id', 'Primary genre is required');
    if (recording.metadata_language?.name === INSTRUMENTAL)
      on('metadata_language_id', 'Metadata language must not be Instrumental');
    const writers = credits.filter(
      (c) => !c._destroy && (c.roles ?? []).some((r) => ['Writer', 'Composer', 'Lyricist'].includes(r)),
    );
    if (writers.length && !(recording.publisher_recordings ?? []).some((p) => p.publisher?.name)) {
      on(
        'publisher_recordings',
        `Needs a publisher for its writers (use "${SELF_PUBLISHED}" when they publish themselves)`,
      );
    }
  }
  return problems;
}
