/**
 * The CWR record layouts, declared once as data and read by both the writer and the parser
 * (docs/cwr.md). Positions follow the CISAC "Functional Specifications: Common
 * Works Registration" 2.1 Rev. 7 (CWR11-1991R1) and 2.2 Rev. 2: `start` is the 1-based column the
 * specification gives, `length` its width. A field marked `since: '2.2'` is written only in a
 * 2.2 file (the record ends before it in 2.1). The layouts were cross-checked against the open
 * parsers weso/CWR-DataApi and cdacos/allegro (record field tables).
 *
 * Types, as the specification names them:
 * - A: alphanumeric, left-justified, blank-filled, upper-case ASCII;
 * - N: numeric, right-justified, zero-filled;
 * - L: a lookup code (alphanumeric, left-justified);
 * - D: a date YYYYMMDD (zeros when not given); T: a time or duration HHMMSS;
 * - F: a flag Y, N or U (blank when not given); B: a boolean Y or N.
 */

export type CwrVersion = '2.1' | '2.2';

type FieldType = 'A' | 'N' | 'L' | 'D' | 'T' | 'F' | 'B';

export type FieldLayout = {
  readonly name: string;
  /** 1-based column, as in the CISAC tables. */
  readonly start: number;
  readonly length: number;
  readonly type: FieldType;
  /** The first version carrying the field; absent: every version. */
  readonly since?: CwrVersion;
};

type Row = readonly [name: string, start: number, length: number, type: FieldType, since?: CwrVersion];

const layout = (rows: readonly Row[]): readonly FieldLayout[] =>
  rows.map(([name, start, length, type, since]) => ({ name, start, length, type, ...(since ? { since } : {}) }));

/** Every transaction and detail record starts with its type and two sequence numbers. */
const PREFIX: readonly Row[] = [
  ['record_type', 1, 3, 'A'],
  ['transaction_sequence', 4, 8, 'N'],
  ['record_sequence', 12, 8, 'N'],
];

export const RECORD_LAYOUTS = {
  HDR: layout([
    ['record_type', 1, 3, 'A'],
    ['sender_type', 4, 2, 'A'],
    ['sender_id', 6, 9, 'A'],
    ['sender_name', 15, 45, 'A'],
    ['edi_version', 60, 5, 'A'],
    ['creation_date', 65, 8, 'D'],
    ['creation_time', 73, 6, 'T'],
    ['transmission_date', 79, 8, 'D'],
    ['character_set', 87, 15, 'L'],
    ['cwr_version', 102, 3, 'A', '2.2'],
    ['cwr_revision', 105, 3, 'N', '2.2'],
    ['software_package', 108, 30, 'A', '2.2'],
    ['software_version', 138, 30, 'A', '2.2'],
  ]),
  GRH: layout([
    ['record_type', 1, 3, 'A'],
    ['transaction_type', 4, 3, 'L'],
    ['group_id', 7, 5, 'N'],
    ['transaction_version', 12, 5, 'A'],
    ['batch_request', 17, 10, 'N'],
    ['submission_distribution_type', 27, 2, 'L'],
  ]),
  NWR: layout([
    ...PREFIX,
    ['work_title', 20, 60, 'A'],
    ['language_code', 80, 2, 'L'],
    ['submitter_work_number', 82, 14, 'A'],
    ['iswc', 96, 11, 'A'],
    ['copyright_date', 107, 8, 'D'],
    ['copyright_number', 115, 12, 'A'],
    ['distribution_category', 127, 3, 'L'],
    ['duration', 130, 6, 'T'],
    ['recorded_indicator', 136, 1, 'F'],
    ['text_music_relationship', 137, 3, 'L'],
    ['composite_type', 140, 3, 'L'],
    ['version_type', 143, 3, 'L'],
    ['excerpt_type', 146, 3, 'L'],
    ['music_arrangement', 149, 3, 'L'],
    ['lyric_adaptation', 152, 3, 'L'],
    ['contact_name', 155, 30, 'A'],
    ['contact_id', 185, 10, 'A'],
    ['cwr_work_type', 195, 2, 'L'],
    ['grand_rights_indicator', 197, 1, 'B'],
    ['composite_component_count', 198, 3, 'N'],
    ['printed_edition_date', 201, 8, 'D'],
    ['exceptional_clause', 209, 1, 'F'],
    ['opus_number', 210, 25, 'A'],
    ['catalogue_number', 235, 25, 'A'],
    ['priority_flag', 260, 1, 'F'],
  ]),
  SPU: layout([
    ...PREFIX,
    ['publisher_sequence', 20, 2, 'N'],
    ['ip_number', 22, 9, 'A'],
    ['publisher_name', 31, 45, 'A'],
    ['publisher_unknown', 76, 1, 'F'],
    ['publisher_type', 77, 2, 'L'],
    ['tax_id', 79, 9, 'A'],
    ['ipi_name_number', 88, 11, 'L'],
    ['submitter_agreement_number', 99, 14, 'A'],
    ['pr_society', 113, 3, 'L'],
    ['pr_share', 116, 5, 'N'],
    ['mr_society', 121, 3, 'L'],
    ['mr_share', 124, 5, 'N'],
    ['sr_society', 129, 3, 'L'],
    ['sr_share', 132, 5, 'N'],
    ['special_agreements', 137, 1, 'L'],
    ['first_recording_refusal', 138, 1, 'F'],
    ['filler', 139, 1, 'A'],
    ['ipi_base_number', 140, 13, 'L'],
    ['isac', 153, 14, 'A'],
    ['society_agreement_number', 167, 14, 'A'],
    ['agreement_type', 181, 2, 'L'],
    ['usa_license', 183, 1, 'L'],
  ]),
  SPT: layout([
    ...PREFIX,
    ['ip_number', 20, 9, 'A'],
    ['constant', 29, 6, 'A'],
    ['pr_share', 35, 5, 'N'],
    ['mr_share', 40, 5, 'N'],
    ['sr_share', 45, 5, 'N'],
    ['inclusion', 50, 1, 'A'],
    ['tis_code', 51, 4, 'N'],
    ['shares_change', 55, 1, 'F'],
    ['sequence', 56, 3, 'N'],
  ]),
  SWR: layout([
    ...PREFIX,
    ['ip_number', 20, 9, 'A'],
    ['last_name', 29, 45, 'A'],
    ['first_name', 74, 30, 'A'],
    ['writer_unknown', 104, 1, 'F'],
    ['designation', 105, 2, 'L'],
    ['tax_id', 107, 9, 'A'],
    ['ipi_name_number', 116, 11, 'L'],
    ['pr_society', 127, 3, 'L'],
    ['pr_share', 130, 5, 'N'],
    ['mr_society', 135, 3, 'L'],
    ['mr_share', 138, 5, 'N'],
    ['sr_society', 143, 3, 'L'],
    ['sr_share', 146, 5, 'N'],
    ['reversionary', 151, 1, 'F'],
    ['first_recording_refusal', 152, 1, 'F'],
    ['work_for_hire', 153, 1, 'F'],
    ['filler', 154, 1, 'A'],
    ['ipi_base_number', 155, 13, 'L'],
    ['personal_number', 168, 12, 'N'],
    ['usa_license', 180, 1, 'L'],
  ]),
  SWT: layout([
    ...PREFIX,
    ['ip_number', 20, 9, 'A'],
    ['pr_share', 29, 5, 'N'],
    ['mr_share', 34, 5, 'N'],
    ['sr_share', 39, 5, 'N'],
    ['inclusion', 44, 1, 'A'],
    ['tis_code', 45, 4, 'N'],
    ['shares_change', 49, 1, 'F'],
    ['sequence', 50, 3, 'N'],
  ]),
  PWR: layout([
    ...PREFIX,
    ['publisher_ip_number', 20, 9, 'A'],
    ['publisher_name', 29, 45, 'A'],
    ['submitter_agreement_number', 74, 14, 'A'],
    ['society_agreement_number', 88, 14, 'A'],
    ['writer_ip_number', 102, 9, 'A'],
    ['publisher_sequence', 111, 2, 'N', '2.2'],
  ]),
  ALT: layout([...PREFIX, ['title', 20, 60, 'A'], ['title_type', 80, 2, 'L'], ['language_code', 82, 2, 'L']]),
  PER: layout([
    ...PREFIX,
    ['last_name', 20, 45, 'A'],
    ['first_name', 65, 30, 'A'],
    ['ipi_name_number', 95, 11, 'L'],
    ['ipi_base_number', 106, 13, 'L'],
  ]),
  REC: layout([
    ...PREFIX,
    ['release_date', 20, 8, 'D'],
    ['constant_1', 28, 60, 'A'],
    ['release_duration', 88, 6, 'T'],
    ['constant_2', 94, 5, 'A'],
    ['album_title', 99, 60, 'A'],
    ['album_label', 159, 60, 'A'],
    ['catalogue_number', 219, 18, 'A'],
    ['ean', 237, 13, 'A'],
    ['isrc', 250, 12, 'A'],
    ['recording_format', 262, 1, 'L'],
    ['recording_technique', 263, 1, 'L'],
    ['media_type', 264, 3, 'L'],
    ['recording_title', 267, 60, 'A', '2.2'],
    ['version_title', 327, 60, 'A', '2.2'],
    ['display_artist', 387, 60, 'A', '2.2'],
    ['record_label', 447, 60, 'A', '2.2'],
    ['isrc_validity', 507, 20, 'A', '2.2'],
    ['submitter_recording_id', 527, 14, 'A', '2.2'],
  ]),
  ORN: layout([
    ...PREFIX,
    ['intended_purpose', 20, 3, 'L'],
    ['production_title', 23, 60, 'A'],
    ['cd_identifier', 83, 15, 'A'],
    ['cut_number', 98, 4, 'N'],
    ['library', 102, 60, 'A'],
    ['bltvr', 162, 1, 'A'],
    ['filler', 163, 25, 'A'],
    ['production_number', 188, 12, 'A'],
    ['episode_title', 200, 60, 'A'],
    ['episode_number', 260, 20, 'A'],
    ['production_year', 280, 4, 'N'],
    ['avi_society', 284, 3, 'N'],
    ['audio_visual_number', 287, 15, 'A'],
  ]),
  GRT: layout([
    ['record_type', 1, 3, 'A'],
    ['group_id', 4, 5, 'N'],
    ['transaction_count', 9, 8, 'N'],
    ['record_count', 17, 8, 'N'],
  ]),
  TRL: layout([
    ['record_type', 1, 3, 'A'],
    ['group_count', 4, 5, 'N'],
    ['transaction_count', 9, 8, 'N'],
    ['record_count', 17, 8, 'N'],
  ]),
} as const satisfies Record<string, readonly FieldLayout[]>;

/** REV (a revised registration) has the NWR layout. */
export type RecordType = keyof typeof RECORD_LAYOUTS | 'REV';

/** A record type this module reads and writes (the first three characters of a line). */
export function isRecordType(value: string): value is RecordType {
  return value === 'REV' || Object.hasOwn(RECORD_LAYOUTS, value);
}

/** The layout of a record type; REV shares NWR's. */
export function layoutOf(type: RecordType): readonly FieldLayout[] {
  return RECORD_LAYOUTS[type === 'REV' ? 'NWR' : type];
}

/** The fields a version carries: 2.1 leaves out those added in 2.2. */
export function fieldsFor(type: RecordType, version: CwrVersion): readonly FieldLayout[] {
  return layoutOf(type).filter((field) => !field.since || version === '2.2' || field.since === '2.1');
}
