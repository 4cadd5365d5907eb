import Big from 'big.js';
import type { RecordValues } from './records.js';
import type { RecordType } from './layouts.js';

/**
 * A work as one CWR transaction carries it. Every text is already CWR text (upper-case ASCII,
 * cut to its field's width: functions/catalogue-exchange/cwr/from-song.ts makes it so), so a
 * work written and parsed again is equal to itself, field by field (the round-trip test).
 */

/** A percentage with two decimals, "33.33"; CWR writes it as five digits, "03333". */
type Percent = string;

export type CwrPublisher = {
  ipNumber: string;
  name: string;
  ipiNameNumber: string;
  prSociety: string;
  mrSociety: string;
  srSociety: string;
  prShare: Percent;
  mrShare: Percent;
  srShare: Percent;
};

export type CwrWriter = {
  ipNumber: string;
  lastName: string;
  firstName: string;
  /** CA composer and author (the product does not record writers' roles). */
  designation: string;
  ipiNameNumber: string;
  prSociety: string;
  prShare: Percent;
  mrShare: Percent;
  srShare: Percent;
  /** The controlled publishers (their IP numbers) this writer is published by: one PWR each. */
  publisherIpNumbers: string[];
};

export type CwrRecording = {
  releaseDate: string;
  duration: string;
  albumTitle: string;
  albumLabel: string;
  catalogueNumber: string;
  ean: string;
  isrc: string;
  /** 2.2 only. */
  recordingTitle: string;
  displayArtist: string;
};

type CwrOrigin = { intendedPurpose: string; productionTitle: string };

export type CwrWork = {
  title: string;
  submitterWorkNumber: string;
  /** T followed by ten digits, or ''. */
  iswc: string;
  /** HHMMSS, or ''. */
  duration: string;
  /** POP, or SER for a classical ("serious") work. */
  distributionCategory: string;
  recorded: 'Y' | 'N';
  grandRights: 'Y' | 'N';
  alternativeTitles: string[];
  performers: string[];
  publishers: CwrPublisher[];
  writers: CwrWriter[];
  recordings: CwrRecording[];
  origin: CwrOrigin | null;
};

/** A record of a transaction before its sequence numbers are given. */
export type TransactionRecord = { type: RecordType; values: RecordValues };

/** "50" → "05000"; the shares of a file are hundredths of a per cent. */
const shareField = (percent: Percent): string => new Big(percent || '0').times(100).toFixed(0);
/** "05000" → "50.00". */
const shareValue = (field: string): Percent => new Big(field || '0').div(100).toFixed(2);

/** CISAC TIS code of the World: every registration covers it. */
const WORLD_TIS = '2136';

/** The records of one NWR or REV transaction, in the order the CWR 2.1 standard prescribes (its section 4). */
export function transactionRecords(type: 'NWR' | 'REV', work: CwrWork): TransactionRecord[] {
  const records: TransactionRecord[] = [
    {
      type,
      values: {
        work_title: work.title,
        submitter_work_number: work.submitterWorkNumber,
        iswc: work.iswc,
        distribution_category: work.distributionCategory,
        duration: work.duration,
        recorded_indicator: work.recorded,
        version_type: 'ORI',
        grand_rights_indicator: work.grandRights,
      },
    },
  ];
  work.publishers.forEach((publisher, index) => {
    records.push({
      type: 'SPU',
      values: {
        publisher_sequence: String(index + 1),
        ip_number: publisher.ipNumber,
        publisher_name: publisher.name,
        publisher_type: 'E',
        ipi_name_number: publisher.ipiNameNumber,
        pr_society: publisher.prSociety,
        pr_share: shareField(publisher.prShare),
        mr_society: publisher.mrSociety,
        mr_share: shareField(publisher.mrShare),
        sr_society: publisher.srSociety,
        sr_share: shareField(publisher.srShare),
      },
    });
    records.push({
      type: 'SPT',
      values: {
        ip_number: publisher.ipNumber,
        pr_share: shareField(publisher.prShare),
        mr_share: shareField(publisher.mrShare),
        sr_share: shareField(publisher.srShare),
        inclusion: 'I',
        tis_code: WORLD_TIS,
        sequence: '1',
      },
    });
  });
  for (const writer of work.writers) {
    records.push({
      type: 'SWR',
      values: {
        ip_number: writer.ipNumber,
        last_name: writer.lastName,
        first_name: writer.firstName,
        designation: writer.designation,
        ipi_name_number: writer.ipiNameNumber,
        pr_society: writer.prSociety,
        pr_share: shareField(writer.prShare),
        mr_share: shareField(writer.mrShare),
        sr_share: shareField(writer.srShare),
      },
    });
    records.push({
      type: 'SWT',
      values: {
        ip_number: writer.ipNumber,
        pr_share: shareField(writer.prShare),
        mr_share: shareField(writer.mrShare),
        sr_share: shareField(writer.srShare),
        inclusion: 'I',
        tis_code: WORLD_TIS,
        sequence: '1',
      },
    });
    for (const publisherIp of writer.publisherIpNumbers) {
      const sequence = work.publishers.findIndex((p) => p.ipNumber === publisherIp) + 1;
      const publisher = work.publishers[sequence - 1];
      records.push({
        type: 'PWR',
        values: {
          publisher_ip_number: publisherIp,
          publisher_name: publisher?.name ?? '',
          writer_ip_number: writer.ipNumber,
          publisher_sequence: sequence > 0 ? String(sequence) : '',
        },
      });
    }
  }
  for (const title of work.alternativeTitles) records.push({ type: 'ALT', values: { title, title_type: 'AT' } });
  for (const name of work.performers) records.push({ type: 'PER', values: { last_name: name } });
  for (const recording of work.recordings) {
    records.push({
      type: 'REC',
      values: {
        release_date: recording.releaseDate,
        release_duration: recording.duration,
        album_title: recording.albumTitle,
        album_label: recording.albumLabel,
        catalogue_number: recording.catalogueNumber,
        ean: recording.ean,
        isrc: recording.isrc,
        recording_format: 'A',
        recording_title: recording.recordingTitle,
        display_artist: recording.displayArtist,
      },
    });
  }
  if (work.origin)
    records.push({
      type: 'ORN',
      values: { intended_purpose: work.origin.intendedPurpose, production_title: work.origin.productionTitle },
    });
  return records;
}

type Values = Readonly<Record<string, string>>;
const get = (values: Values, name: string): string => values[name] ?? '';

/**
 * The work one transaction's records describe (the parser's half of `transactionRecords`).
 * A PWR names its writer, so writers collect their publishers whatever the order.
 */
export function workFromRecords(records: readonly { type: RecordType; values: Values }[]): CwrWork {
  const [head] = records;
  const v = head?.values ?? {};
  const work: CwrWork = {
    title: get(v, 'work_title'),
    submitterWorkNumber: get(v, 'submitter_work_number'),
    iswc: get(v, 'iswc'),
    duration: get(v, 'duration'),
    distributionCategory: get(v, 'distribution_category'),
    recorded: get(v, 'recorded_indicator') === 'Y' ? 'Y' : 'N',
    grandRights: get(v, 'grand_rights_indicator') === 'Y' ? 'Y' : 'N',
    alternativeTitles: [],
    performers: [],
    publishers: [],
    writers: [],
    recordings: [],
    origin: null,
  };
  for (const { type, values } of records.slice(1)) {
    if (type === 'SPU') work.publishers.push(publisherOf(values));
    else if (type === 'SWR') work.writers.push(writerOf(values));
    else if (type === 'PWR') {
      const writer = work.writers.find((w) => w.ipNumber === get(values, 'writer_ip_number'));
      writer?.publisherIpNumbers.push(get(values, 'publisher_ip_number'));
    } else if (type === 'ALT') work.alternativeTitles.push(get(values, 'title'));
    else if (type === 'PER') work.performers.push(get(values, 'last_name'));
    else if (type === 'REC') work.recordings.push(recordingOf(values));
    else if (type === 'ORN')
      work.origin = {
        intendedPurpose: get(values, 'intended_purpose'),
        productionTitle: get(values, 'production_title'),
      };
  }
  return work;
}

function publisherOf(values: Values): CwrPublisher {
  return {
    ipNumber: get(values, 'ip_number'),
    name: get(values, 'publisher_name'),
    ipiNameNumber: get(values, 'ipi_name_number'),
    prSociety: get(values, 'pr_society'),
    mrSociety: get(values, 'mr_society'),
    srSociety: get(values, 'sr_society'),
    prShare: shareValue(get(values, 'pr_share')),
    mrShare: shareValue(get(values, 'mr_share')),
    srShare: shareValue(get(values, 'sr_share')),
  };
}

function writerOf(values: Values): CwrWriter {
  return {
    ipNumber: get(values, 'ip_number'),
    lastName: get(values, 'last_name'),
    firstName: get(values, 'first_name'),
    designation: get(values, 'designation'),
    ipiNameNumber: get(values, 'ipi_name_number'),
    prSociety: get(values, 'pr_society'),
    prShare: shareValue(get(values, 'pr_share')),
    mrShare: shareValue(get(values, 'mr_share')),
    srShare: shareValue(get(values, 'sr_share')),
    publisherIpNumbers: [],
  };
}

function recordingOf(values: Values): CwrRecording {
  return {
    releaseDate: get(values, 'release_date'),
    duration: get(values, 'release_duration'),
    albumTitle: get(values, 'album_title'),
    albumLabel: get(values, 'album_label'),
    catalogueNumber: get(values, 'catalogue_number'),
    ean: get(values, 'ean'),
    isrc: get(values, 'isrc'),
    recordingTitle: get(values, 'recording_title'),
    displayArtist: get(values, 'display_artist'),
  };
}
