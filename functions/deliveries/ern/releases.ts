import { orderedTracks } from './references.js';
import { artistElements, isoDuration, lineElement, titleElements, type BuildContext } from './resources.js';
import type { ErnGenre, ErnRelease, ErnTrack } from './types.js';
import { isoDate } from './values.js';
import { el, textEl, type XmlElement } from './xml.js';

const WORLDWIDE = { ApplicableTerritoryCode: 'Worldwide' } as const;
const THIRTY_MINUTES_MS = 30 * 60_000;

/** The profile the message follows: one track is a Simple Audio Single, more an Audio release. */
export function releaseProfile(release: ErnRelease): 'SimpleAudioSingle' | 'Audio' {
  return release.tracks.length === 1 ? 'SimpleAudioSingle' : 'Audio';
}

/** ReleaseType by the usual store rule: up to 3 tracks under 30 minutes a Single, up to 6 an EP, else Album. */
function releaseType(release: ErnRelease): 'Single' | 'EP' | 'Album' {
  const ms = release.tracks.reduce((sum, t) => sum + t.durationMs, 0);
  if (release.tracks.length <= 3 && ms < THIRTY_MINUTES_MS) return 'Single';
  if (release.tracks.length <= 6 && ms < THIRTY_MINUTES_MS) return 'EP';
  return 'Album';
}

function genreElement(genre: ErnGenre | undefined): XmlElement {
  // Genre is required on every release; a release without one is sent as "Unknown".
  return el('Genre', WORLDWIDE, el('GenreText', null, genre?.genre || 'Unknown'), textEl('SubGenre', genre?.subGenre));
}

function contentItem(reference: string, sequence: number): XmlElement {
  return el(
    'ResourceGroupContentItem',
    null,
    el('SequenceNumber', null, String(sequence)),
    el('ReleaseResourceReference', null, reference),
  );
}

/**
 * The release's ResourceGroup: its tracks in order, one sub-group per volume when there are
 * several volumes, and the front cover linked to the whole release.
 */
function resourceGroup(tracks: ErnTrack[], imageRef: string | null): XmlElement {
  const volumes = [...new Set(tracks.map((t) => t.discNumber))];
  const items = (from: ErnTrack[]) => from.map((t, i) => contentItem(`A${tracks.indexOf(t) + 1}`, i + 1));
  const linked = imageRef && el('LinkedReleaseResourceReference', null, imageRef);
  if (volumes.length <= 1) return el('ResourceGroup', null, el('SequenceNumber', null, '1'), items(tracks), linked);
  return el(
    'ResourceGroup',
    null,
    el('SequenceNumber', null, '1'),
    volumes.map((volume, v) =>
      // Each volume (disc) is a Component of the release, as DDEX calls a disc.
      el(
        'ResourceGroup',
        { ResourceGroupType: 'Component' },
        el('AdditionalTitle', null, el('TitleText', null, `Volume ${volume}`)),
        el('SequenceNumber', null, String(v + 1)),
        items(tracks.filter((t) => t.discNumber === volume)),
      ),
    ),
    linked,
  );
}

/** The ReleaseId of the main release: its UPC as ICPN, its catalogue number, its id in our namespace. */
function releaseId(release: ErnRelease, ns: string): XmlElement {
  return el(
    'ReleaseId',
    null,
    textEl('ICPN', release.upc),
    textEl('CatalogNumber', release.catalogueNumber, { Namespace: ns }),
    el('ProprietaryId', { Namespace: ns }, release.id),
  );
}

function mainRelease(
  release: ErnRelease,
  ctx: BuildContext,
  tracks: ErnTrack[],
  labelRef: string,
  visibility: string | null,
) {
  const imageRef = release.coverArt ? `A${tracks.length + 1}` : null;
  return el(
    'Release',
    null,
    el('ReleaseReference', null, 'R0'),
    el('ReleaseType', null, releaseType(release)),
    releaseId(release, ctx.namespace),
    titleElements(release.title, release.versionTitle),
    artistElements(release.artists, release.displayArtist, ctx),
    el('ReleaseLabelReference', WORLDWIDE, labelRef),
    lineElement('P', release.pLine),
    lineElement('C', release.cLine),
    el('Duration', null, isoDuration(tracks.reduce((sum, t) => sum + t.durationMs, 0))),
    genreElement(release.genre),
    textEl('ReleaseDate', isoDate(release.releaseDate), WORLDWIDE),
    textEl('OriginalReleaseDate', isoDate(release.originalReleaseDate), WORLDWIDE),
    textEl('ReleaseVisibilityReference', visibility ?? undefined),
    el('ParentalWarningType', null, release.explicit ? 'Explicit' : 'NotExplicit'),
    release.compilation && el('IsMultiArtistCompilation', null, 'true'),
    resourceGroup(tracks, imageRef),
  );
}

function trackRelease(release: ErnRelease, track: ErnTrack, index: number, ctx: BuildContext, labelRef: string) {
  return el(
    'TrackRelease',
    null,
    el('ReleaseReference', null, `R${index + 1}`),
    el(
      'ReleaseId',
      null,
      el(
        'ProprietaryId',
        { Namespace: ctx.namespace },
        `${release.upc || release.id}_${track.isrc || track.recordingId}`,
      ),
    ),
    titleElements(track.title, track.versionTitle),
    el('ReleaseResourceReference', null, `A${index + 1}`),
    el('ReleaseLabelReference', WORLDWIDE, labelRef),
    genreElement(track.genre ?? release.genre),
  );
}

/**
 * The ReleaseList: the main release (R0) and, in the Audio profile, one TrackRelease per track
 * (R1…Rn) so stores may sell tracks alone; a Simple Audio Single is the main release only.
 * `visibility`: the DealList's ReleaseVisibility the main release refers to, if the message has one.
 */
export function releaseList(release: ErnRelease, ctx: BuildContext, visibility: string | null = null): XmlElement {
  const tracks = orderedTracks(release);
  const labelRef = ctx.parties.reference(`label:${release.label.id}`, release.label.name);
  const single = releaseProfile(release) === 'SimpleAudioSingle';
  return el(
    'ReleaseList',
    null,
    mainRelease(release, ctx, tracks, labelRef, visibility),
    single ? [] : tracks.map((t, i) => trackRelease(release, t, i, ctx, labelRef)),
  );
}

/** The references of the releases the message lists: R0, then R1…Rn unless a Simple Audio Single. */
export function releaseReferences(release: ErnRelease): { main: string; tracks: string[] } {
  const tracks = releaseProfile(release) === 'SimpleAudioSingle' ? [] : release.tracks.map((_, i) => `R${i + 1}`);
  return { main: 'R0', tracks };
}
