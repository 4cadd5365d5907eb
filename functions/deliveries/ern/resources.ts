import { artisticRole, contributorRole, displayArtistRole, type PartyList } from './parties.js';
import { deliveredFile, orderedTracks, type ResourceFileOverrides } from './references.js';
import type { ErnArtist, ErnAudio, ErnFile, ErnImage, ErnRelease, ErnTrack } from './types.js';
import { el, languageTag, textEl, type XmlElement } from './xml.js';

/** What the resource and release builders share: the party list and the sender's namespace. */
export type BuildContext = { parties: PartyList; namespace: string; overrides: ResourceFileOverrides };

const WORLDWIDE = { ApplicableTerritoryCode: 'Worldwide' } as const;

/** An ISO 8601 duration (PT3M25.5S) from milliseconds. */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = (total % 60_000) / 1000;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || (!hours && !minutes) ? `${seconds}S` : ''}`;
}

/** The display title of a record: its title, and its version as a subtitle. */
export function titleElements(title: string, version: string | undefined): XmlElement[] {
  const full = version?.trim() ? `${title} (${version.trim()})` : title;
  return [
    el('DisplayTitleText', null, full),
    el('DisplayTitle', { ...WORLDWIDE, IsDefault: true }, el('TitleText', null, title), textEl('SubTitle', version)),
  ];
}

/** Artists to display: the given ones, else one party named after the display line. */
function artistsOrDisplay(artists: ErnArtist[], display: string): ErnArtist[] {
  return artists.length ? artists : [{ id: `display:${display}`, name: display || 'Unknown Artist', role: 'Main' }];
}

/** DisplayArtistName and one DisplayArtist per artist, in the rows' order. */
export function artistElements(artists: ErnArtist[], display: string, ctx: BuildContext): XmlElement[] {
  const shown = artistsOrDisplay(artists, display);
  const line = display.trim() || shown.map((a) => a.name).join(', ');
  return [
    el('DisplayArtistName', { ...WORLDWIDE, IsDefault: true }, line),
    ...shown.map((artist, index) =>
      el(
        'DisplayArtist',
        { SequenceNumber: index + 1 },
        el('ArtistPartyReference', null, ctx.parties.reference(`artist:${artist.id}`, artist.name)),
        el('DisplayArtistRole', null, displayArtistRole(artist.role)),
        artisticRole(artist.role, ctx.namespace),
      ),
    ),
  ];
}

/** A ℗ line (PLine) or © line (CLine). */
export function lineElement(kind: 'P' | 'C', line: { year?: number; text: string } | undefined): XmlElement | null {
  if (!line?.text.trim()) return null;
  return el(`${kind}Line`, null, textEl('Year', line.year), el(`${kind}LineText`, null, line.text));
}

function fileElement(file: ErnFile): XmlElement {
  return el(
    'File',
    null,
    el('URI', null, file.fileName),
    file.hash &&
      el('HashSum', null, el('Algorithm', null, file.hash.algorithm), el('HashSumValue', null, file.hash.value)),
    textEl('FileSize', file.bytes),
  );
}

function audioDetails(reference: string, audio: ErnAudio, track: ErnTrack): XmlElement {
  const codec = audio.codec === 'FLAC' ? 'FLAC' : audio.codec ? 'PCM' : undefined;
  const technical = `T${reference.slice(1)}`;
  return el(
    'TechnicalDetails',
    null,
    el('TechnicalResourceDetailsReference', null, technical),
    el(
      'DeliveryFile',
      null,
      el('Type', null, 'AudioFile'),
      textEl('AudioCodecType', codec),
      textEl('NumberOfChannels', audio.channels),
      audio.sampleRate ? el('SamplingRate', { UnitOfMeasure: 'Hz' }, String(audio.sampleRate)) : null,
      textEl('BitsPerSample', audio.bitDepth),
      fileElement(audio),
    ),
    track.previewStartSeconds !== undefined &&
      el(
        'ClipDetails',
        null,
        el('TechnicalResourceDetailsReference', null, `${technical}C`),
        el('ClipType', null, 'Preview'),
        el('Timing', null, el('StartPoint', null, String(track.previewStartSeconds))),
        el('ExpressionType', null, 'Instructive'),
      ),
  );
}

function soundRecording(track: ErnTrack, reference: string, ctx: BuildContext): XmlElement {
  const audio = deliveredFile(reference, track.audio, ctx.overrides) as ErnAudio | null;
  const id = track.isrc
    ? el('ISRC', null, track.isrc)
    : el('ProprietaryId', { Namespace: ctx.namespace }, track.recordingId);
  return el(
    'SoundRecording',
    null,
    el('ResourceReference', null, reference),
    el('Type', null, 'MusicalWorkSoundRecording'),
    el(
      'SoundRecordingEdition',
      null,
      el('ResourceId', null, id),
      lineElement('P', track.pLine),
      audio && audioDetails(reference, audio, track),
    ),
    titleElements(track.title, track.versionTitle),
    artistElements(track.artists, track.displayArtist, ctx),
    track.contributors.map((c, index) =>
      el(
        'Contributor',
        { SequenceNumber: index + 1 },
        el('ContributorPartyReference', null, ctx.parties.reference(`contributor:${c.id}`, c.name)),
        c.roles.map((role) => contributorRole(role, ctx.namespace)),
      ),
    ),
    track.rightsholders.map((r, index) =>
      el(
        'ResourceRightsController',
        { SequenceNumber: index + 1 },
        el('RightsControllerPartyReference', null, ctx.parties.reference(`rightsholder:${r.id}`, r.name)),
        el('RightsControlType', null, 'RightsController'),
        r.share === undefined
          ? el('RightShareUnknown', null, 'true')
          : el('RightSharePercentage', null, r.share.toFixed(2)),
      ),
    ),
    el('Duration', null, isoDuration(track.durationMs)),
    el('ParentalWarningType', null, track.explicit ? 'Explicit' : 'NotExplicit'),
    textEl('LanguageOfPerformance', languageTag(track.language)),
  );
}

function image(cover: ErnImage, reference: string, release: ErnRelease, ctx: BuildContext): XmlElement {
  const file = deliveredFile(reference, cover, ctx.overrides) as ErnImage;
  return el(
    'Image',
    null,
    el('ResourceReference', null, reference),
    el('Type', null, 'FrontCoverImage'),
    el('ResourceId', null, el('ProprietaryId', { Namespace: ctx.namespace }, `${release.id}:cover`)),
    el(
      'TechnicalDetails',
      null,
      el('TechnicalResourceDetailsReference', null, `T${reference.slice(1)}`),
      textEl('ImageCodecType', file.codec),
      textEl('ImageHeight', file.height),
      textEl('ImageWidth', file.width),
      fileElement(file),
    ),
  );
}

/** The ResourceList: every track's SoundRecording, then the front cover Image when there is one. */
export function resourceList(release: ErnRelease, ctx: BuildContext): XmlElement {
  const tracks = orderedTracks(release);
  const imageRef = `A${tracks.length + 1}`;
  return el(
    'ResourceList',
    null,
    tracks.map((track, i) => soundRecording(track, `A${i + 1}`, ctx)),
    release.coverArt && image(release.coverArt, imageRef, release, ctx),
  );
}
