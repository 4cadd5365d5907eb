/**
 * The sizes a royalty report may have. One presigned PUT takes up to 5 GB, so a report is at
 * most that; unpacked (gzip, zip, an XLSX workbook) it may be no larger either, and no more than
 * MAX_EXPANSION_RATIO times its packed size: real sales reports pack 5–30 to 1, a decompression
 * bomb a thousand to one or more.
 */
export const MAX_REPORT_BYTES = 5_000_000_000;
export const MAX_EXPANSION_RATIO = 200;
/** Below this much unpacked text the ratio is not judged: a tiny file can pack very well and harm nobody. */
export const RATIO_GRACE_BYTES = 1 << 20;

/** How much of a size in GB or MB a person reads, for the messages. */
export const readableSize = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`;
