import { catalogueStore, type StoredRecord } from '../../data/access/records.js';
import { referenceStore } from '../../data/access/reference.js';
import { labelsOf } from '../../data/access/labels.js';
import type { PartySource, PublisherSource, RecordingSource, SongSource } from './from-song.js';

/**
 * Reads what the CWR file of a company's songs needs, once per file: the company's songs,
 * writers (contributors), recordings with their releases and labels, and the shared publishers
 * and societies. Recordings name their songs in `recording_songs` (song_id) where the catalogue
 * has it; a song without recordings is registered without REC records.
 */

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const rowsOf = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];

export type CwrSources = {
  songs: SongSource[];
  contributors: Map<string, PartySource>;
  publishers: Map<string, PublisherSource>;
  societies: Map<string, string>;
  recordingsOf: (songId: string) => RecordingSource[];
};

function songSource(song: StoredRecord): SongSource {
  return {
    id: str(song.id),
    title: str(song.title),
    iswc: str(song.iswc),
    duration: str(song.duration),
    alternative_titles: str(song.alternative_titles),
    artist_name: str(song.artist_name),
    classical_work: song.classical_work === true,
    dramatico_musical_work: song.dramatico_musical_work === true,
    film_tv_music: song.film_tv_music === true,
    tv_radio_cimena_advert_ident: song.tv_radio_cimena_advert_ident === true,
    production_title: str(song.production_title),
    writers: rowsOf(song.song_writers).map((row) => ({
      contributor_id: str(row.contributor_id),
      share: typeof row.share === 'number' ? row.share : Number(row.share ?? 0),
    })),
    publisher_ids: rowsOf(song.publisher_songs)
      .map((row) => str(row.publisher_id))
      .filter(Boolean),
  };
}

/** The company's songs and everything their registration reads. */
export async function loadCwrSources(tenantId: string): Promise<CwrSources> {
  const [songs, contributors, recordings, releases, labels, publishers, societies] = await Promise.all([
    catalogueStore('Song').listTenant(tenantId),
    catalogueStore('Contributor').listTenant(tenantId),
    catalogueStore('Recording').listTenant(tenantId),
    catalogueStore('Release').listTenant(tenantId),
    labelsOf(tenantId),
    referenceStore('Publisher').listAll(),
    referenceStore('Society').listAll(),
  ]);
  const societyCode = new Map(societies.map((s) => [str(s.id), str(s.code)]));
  const code = (id: unknown) => societyCode.get(str(id)) ?? '';
  const labelName = new Map(labels.map((l) => [l.labelId, l.name]));
  const releaseOf = new Map<string, StoredRecord>();
  for (const release of releases)
    for (const row of rowsOf(release.release_recordings)) releaseOf.set(str(row.recording_id), release);

  const bySong = new Map<string, RecordingSource[]>();
  for (const recording of recordings) {
    const release = releaseOf.get(str(recording.id));
    const source: RecordingSource = {
      title: str(recording.title),
      isrc: str(recording.isrc),
      length: str(recording.length),
      display_artist: str(recording.display_artists),
      release: release && {
        title: str(release.title),
        release_date: str(release.release_date),
        cat_no: str(release.cat_no),
        upc: str(release.upc),
        label_name: labelName.get(str(release.label_id)) ?? '',
      },
    };
    for (const row of rowsOf(recording.recording_songs)) {
      const songId = str(row.song_id);
      bySong.set(songId, [...(bySong.get(songId) ?? []), source]);
    }
  }

  return {
    songs: songs.map(songSource),
    contributors: new Map(
      contributors.map((c) => [
        str(c.id),
        { id: str(c.id), name: str(c.name), ipi_name_number: str(c.ipi_name_number), pr_society: code(c.society_id) },
      ]),
    ),
    publishers: new Map(
      publishers.map((p) => [
        str(p.id),
        {
          id: str(p.id),
          name: str(p.name),
          ipi_name_number: str(p.ipi_name_number),
          pr_society: code(p.performing_society_id) || code(p.society_id),
          mr_society: code(p.mechanical_society_id),
          sr_society: code(p.mechanical_society_id),
        },
      ]),
    ),
    societies: societyCode,
    recordingsOf: (songId) => bySong.get(songId) ?? [],
  };
}
