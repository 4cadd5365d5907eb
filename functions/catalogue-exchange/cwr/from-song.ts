import { createHash } from 'node:crypto';
import Big from 'big.js';
import { compactIswc, isValidIpiNameNumber, isValidIswc } from '../../../shared/identifiers.js';
import { toCwrText } from './ascii.js';
import { layoutOf, type CwrVersion, type RecordType } from './layouts.js';
import type { CwrPublisher, CwrRecording, CwrWork, CwrWriter } from './work.js';
import { formatPercent } from '../../../shared/format.js';

/** A song and what it links to, read from the catalogue (functions/catalogue-exchange/cwr/load.ts). */
export type SongSource = {
  id: string;
  title: string;
  iswc?: string;
  duration?: string;
  alternative_titles?: string;
  artist_name?: string;
  classical_work?: boolean;
  dramatico_musical_work?: boolean;
  film_tv_music?: boolean;
  tv_radio_cimena_advert_ident?: boolean;
  production_title?: string;
  writers: { contributor_id: string; share?: number | null }[];
  publisher_ids: string[];
};
export type PartySource = { id: string; name: string; ipi_name_number?: string; pr_society?: string };
export type PublisherSource = PartySource & { mr_society?: string; sr_society?: string };
export type RecordingSource = {
  title: string;
  isrc?: string;
  length?: string;
  display_artist?: string;
  release?: { title?: string; release_date?: string; cat_no?: string; upc?: string; label_name?: string };
};
export type SongParties = {
  contributors: ReadonlyMap<string, PartySource>;
  publishers: ReadonlyMap<string, PublisherSource>;
  recordings: readonly RecordingSource[];
};

export type SongCheck = { ok: true; work: CwrWork } | { ok: false; reasons: string[] };

/** The width of a field in its layout: a text longer than that is cut (CWR fields are fixed). */
function width(type: RecordType, field: string): number {
  const found = layoutOf(type).find((f) => f.name === field);
  if (!found) throw new Error(`No CWR field ${type}.${field}`);
  return found.length;
}

/** A stable identifier of `length` characters for a record id (CWR's submitter numbers are short). */
function shortId(id: string, length: number): string {
  const n = BigInt(`0x${createHash('sha256').update(id).digest('hex')}`);
  return n.toString(36).toUpperCase().slice(0, length);
}

const hhmmss = (duration: string | undefined) => {
  const digits = (duration ?? '').replaceAll(':', '');
  return /^\d{6}$/.test(digits) && digits !== '000000' ? digits : '';
};
const compactDate = (date: string | undefined) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') ? (date ?? '').replaceAll('-', '') : '';
/** An EAN-13 from a 12-digit UPC-A (a leading 0) or as given; anything else is left out. */
const ean13 = (upc: string | undefined) => {
  const digits = (upc ?? '').replace(/\D/g, '');
  if (digits.length === 12) return `0${digits}`;
  return digits.length === 13 ? digits : '';
};
/** A society code CWR takes: three characters at most (the CISAC society number). */
const societyCode = (code: string | undefined) => {
  const trimmed = (code ?? '').trim().toUpperCase();
  if (/^\d{1,3}$/.test(trimmed)) return trimmed.padStart(3, '0');
  return trimmed.length <= 3 ? trimmed : '';
};

/**
 * The CWR work of a song, or every reason it cannot be registered: writers' shares must add up to
 * 100, writers and publishers need valid IPI name numbers, the ISWC (if any) a right check digit,
 * and titles and names an ASCII form. Texts are cut to their fields' widths.
 *
 * Shares follow the usual split: a writer keeps half their share of performing rights and the
 * controlled publishers collect the rest of it and all mechanical and synchronisation rights,
 * divided evenly between them.
 */
export function songToWork(song: SongSource, parties: SongParties, version: CwrVersion): SongCheck {
  const reasons: string[] = [];
  const text = (value: string | undefined, what: string, type: RecordType, field: string): string => {
    const { text: ascii, unmapped } = toCwrText(value ?? '');
    if (unmapped.length) reasons.push(`${what} has characters CWR cannot carry: ${unmapped.join('')}`);
    // Cut at the field's width; a space left at the cut would not survive the file (fields are blank-padded).
    return ascii.slice(0, width(type, field)).trimEnd();
  };

  const title = text(song.title, 'Title', 'NWR', 'work_title');
  const iswc = song.iswc?.trim() ? compactIswc(song.iswc) : '';
  if (iswc && !isValidIswc(iswc)) reasons.push(`ISWC ${song.iswc} is not valid`);
  const duration = hhmmss(song.duration);
  if (song.classical_work && !duration) reasons.push('A classical work needs a duration');

  if (!song.writers.length) reasons.push('The song has no writers');
  if (!song.publisher_ids.length) reasons.push('The song has no publisher');
  const total = song.writers.reduce((sum, w) => sum.plus(String(w.share ?? 0)), new Big(0));
  if (song.writers.length && !total.eq(100))
    reasons.push(`Writers' shares add up to ${formatPercent(total.toString())}, not ${formatPercent(100)}`);

  const ipi = (party: PartySource, role: string) => {
    const number = (party.ipi_name_number ?? '').replace(/\D/g, '');
    if (!number) reasons.push(`${role} ${party.name} has no IPI name number`);
    else if (!isValidIpiNameNumber(number))
      reasons.push(`${role} ${party.name}: IPI name number ${party.ipi_name_number} is not valid`);
    return number;
  };

  const publisherParties = song.publisher_ids.flatMap((id) => {
    const found = parties.publishers.get(id);
    if (!found) reasons.push('A publisher of the song was not found');
    return found ? [found] : [];
  });
  const writerRows = song.writers.flatMap((row) => {
    const found = parties.contributors.get(row.contributor_id);
    if (!found) reasons.push('A writer of the song was not found');
    return found ? [{ party: found, share: new Big(String(row.share ?? 0)) }] : [];
  });

  const writers: CwrWriter[] = writerRows.map(({ party, share }) => {
    const words = text(party.name, `Writer ${party.name}`, 'SWR', 'last_name').split(' ');
    const lastName = words.length > 1 ? (words.at(-1) ?? '') : (words[0] ?? '');
    return {
      ipNumber: shortId(party.id, 9),
      lastName: lastName.slice(0, width('SWR', 'last_name')).trimEnd(),
      firstName: words.slice(0, -1).join(' ').slice(0, width('SWR', 'first_name')).trimEnd(),
      designation: 'CA',
      ipiNameNumber: ipi(party, 'Writer'),
      prSociety: societyCode(party.pr_society),
      prShare: share.div(2).round(2, Big.roundHalfUp).toFixed(2),
      mrShare: '0.00',
      srShare: '0.00',
      publisherIpNumbers: publisherParties.map((p) => shortId(p.id, 9)),
    };
  });
  const writersPr = writers.reduce((sum, w) => sum.plus(w.prShare), new Big(0));
  const split = (whole: Big, index: number, count: number) => {
    const each = whole.div(count).round(2, Big.roundDown);
    return (index === 0 ? whole.minus(each.times(count - 1)) : each).toFixed(2);
  };
  const publishers: CwrPublisher[] = publisherParties.map((party, index, all) => ({
    ipNumber: shortId(party.id, 9),
    name: text(party.name, `Publisher ${party.name}`, 'SPU', 'publisher_name'),
    ipiNameNumber: ipi(party, 'Publisher'),
    prSociety: societyCode(party.pr_society),
    mrSociety: societyCode(party.mr_society),
    srSociety: societyCode(party.sr_society),
    prShare: split(new Big(100).minus(writersPr), index, all.length),
    mrShare: split(new Big(100), index, all.length),
    srShare: split(new Big(100), index, all.length),
  }));

  const alternativeTitles = (song.alternative_titles ?? '')
    .split(/\r?\n|\|/)
    .filter((t) => t.trim())
    .map((t) => text(t, `Alternative title ${t.trim()}`, 'ALT', 'title'));
  const performers = song.artist_name?.trim() ? [text(song.artist_name, 'Artist', 'PER', 'last_name')] : [];
  const recordings = parties.recordings.map((r) => recordingOf(r, version, text));
  const origin = song.film_tv_music || song.tv_radio_cimena_advert_ident ? originOf(song, reasons, text) : null;

  if (reasons.length) return { ok: false, reasons: [...new Set(reasons)] };
  return {
    ok: true,
    work: {
      title,
      submitterWorkNumber: shortId(song.id, width('NWR', 'submitter_work_number')),
      iswc,
      duration,
      distributionCategory: song.classical_work ? 'SER' : 'POP',
      recorded: recordings.length ? 'Y' : 'N',
      grandRights: song.dramatico_musical_work ? 'Y' : 'N',
      alternativeTitles,
      performers,
      publishers,
      writers,
      recordings,
      origin,
    },
  };
}

type Texter = (value: string | undefined, what: string, type: RecordType, field: string) => string;

function recordingOf(r: RecordingSource, version: CwrVersion, text: Texter): CwrRecording {
  const what = `Recording ${r.title}`;
  return {
    releaseDate: compactDate(r.release?.release_date),
    duration: hhmmss(r.length),
    albumTitle: text(r.release?.title, what, 'REC', 'album_title'),
    albumLabel: text(r.release?.label_name, what, 'REC', 'album_label'),
    catalogueNumber: text(r.release?.cat_no, what, 'REC', 'catalogue_number'),
    ean: ean13(r.release?.upc),
    isrc: (r.isrc ?? '').replace(/[\s-]/g, '').toUpperCase().slice(0, 12),
    // Recording title and display artist exist from CWR 2.2 on.
    recordingTitle: version === '2.2' ? text(r.title, what, 'REC', 'recording_title') : '',
    displayArtist: version === '2.2' ? text(r.display_artist, what, 'REC', 'display_artist') : '',
  };
}

/** ORN: a film or TV work (FIL) or an advert (COM), with the production's title. */
function originOf(song: SongSource, reasons: string[], text: Texter) {
  const productionTitle = text(song.production_title, 'Production title', 'ORN', 'production_title');
  if (!productionTitle) reasons.push('Music for film, TV or adverts needs a production title');
  return { intendedPurpose: song.film_tv_music ? 'FIL' : 'COM', productionTitle };
}
