import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';

dayjs.extend(advancedFormat);

/** Dates are shown as 'Do MMM YYYY', e.g. "3rd Feb 2026". */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('Do MMM YYYY') : '';
}

/**
 * A moment (something that happened at a time: a provider's event, a sign-in) as the day is shown everywhere, then
 * the reader's local time on the 24-hour clock: "3rd Feb 2026, 14:05". Empty for nothing or something not a time.
 */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('Do MMM YYYY, HH:mm') : '';
}

/** A pay period as a month, "2026-07" → "Jul 2026" (the charts' x axis, every table of months); else as it is. */
export function periodLabel(payPeriod: string): string {
  const d = dayjs(`${payPeriod}-01`);
  return /^\d{4}-\d{2}$/.test(payPeriod) && d.isValid() ? d.format('MMM YYYY') : payPeriod;
}

/** A span of pay periods in words: "Mar 2026" for one month, else "Jan 2026 to Mar 2026". */
export const monthsWords = (start: string, end: string) =>
  start === end ? periodLabel(start) : `${periodLabel(start)} to ${periodLabel(end)}`;

/** A sentence the API wrote with stored days (2026-12-05), each day as the pages show days ("5th Dec 2026"). */
export function formatDaysIn(text: string): string {
  return text.replace(/\d{4}-\d{2}-\d{2}/g, formatDate);
}

const SIZE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/**
 * A file's size: in B, kB, MB, GB or TB in steps of 1024, with 2 decimals ("398.00 B", "1.50 kB"), the one way every
 * page, upload box and message writes a size. Empty for something not a size.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < SIZE_UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  // 1023.999 kB rounds to "1024.00 kB": written in the next unit instead, "1.00 MB".
  if (unit < SIZE_UNITS.length - 1 && Number(size.toFixed(2)) >= 1024) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/**
 * A size limit as people read it on a form and in its message: "500 MB", "5 MB", "512 kB", never a count of
 * bytes. The limits are round in one of the two ways megabytes are counted (500,000,000 bytes, or 5 × 1024 × 1024),
 * and both are written "MB", as the forms' hints do.
 */
export function sizeLimitWords(bytes: number): string {
  const mebi = 1024 * 1024;
  if (bytes >= mebi && bytes % mebi === 0) return `${bytes / mebi} MB`;
  if (bytes >= 1_000_000 && bytes % 1_000_000 === 0) return `${bytes / 1_000_000} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} kB`;
  return formatFileSize(bytes);
}

/** A leading zero below 10. */
export function padTwo(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/**
 * Quarter helper exactly as the product has it coded: a month index below 4 is
 * Q1, below 7 Q2, below 10 Q3, else Q4. With 0-based months this puts April in Q1; that
 * is the boundary labels' existing reports use, so we keep it.
 */
export function quarterOf(monthIndex: number): 'Q1' | 'Q2' | 'Q3' | 'Q4' {
  if (monthIndex < 4) return 'Q1';
  if (monthIndex < 7) return 'Q2';
  if (monthIndex < 10) return 'Q3';
  return 'Q4';
}

/** Links without http or https are prefixed. */
export function absoluteLink(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `http://${link}`;
}

/**
 * A percentage as the product writes it on every page, e-mail and PDF: the number as given, then the sign with no
 * space, "50%", "12.5%". Empty for no value.
 */
export function formatPercent(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${value}%`;
}

/** Upload progress is a whole-number percentage, green at 50 % or more, red below. */
export function uploadProgress(loaded: number, total: number): { percent: number; colour: 'green' | 'red' } {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0;
  return { percent, colour: percent >= 50 ? 'green' : 'red' };
}

/**
 * A count with grouped thousands ("1,549"), the same on every page and in every PDF, whatever the reader's locale:
 * a statement's quantities read alike on its page and in its PDF.
 */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Words for the file types people keep beside a release; others are named by their kind (below). */
const FILE_TYPE_WORDS: Record<string, string> = {
  'application/pdf': 'PDF document',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-excel': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/zip': 'ZIP archive',
  'application/x-zip-compressed': 'ZIP archive',
  'text/csv': 'CSV spreadsheet',
  'text/plain': 'Text',
  'image/jpeg': 'JPEG image',
  'audio/mpeg': 'MP3 audio',
  'audio/x-wav': 'WAV audio',
  'audio/wave': 'WAV audio',
  'audio/vnd.wave': 'WAV audio',
  'audio/x-aiff': 'AIFF audio',
  'audio/x-flac': 'FLAC audio',
};
const FILE_KINDS: Record<string, string> = { image: 'image', audio: 'audio', video: 'video' };

/**
 * A file's type as people say it ("PDF document", "PNG image"), not the MIME type the browser sent
 * ("application/pdf"): an image, audio or video type by its own name ("TIFF image"), anything else "File".
 */
export function fileTypeWords(contentType: string | null | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const known = FILE_TYPE_WORDS[type];
  if (known) return known;
  const [family = '', name = ''] = type.split('/');
  const kind = FILE_KINDS[family];
  const plain = name.replace(/^x-/, '').split(/[.+]/)[0] ?? '';
  return kind && /^[a-z0-9-]+$/.test(plain) ? `${plain.toUpperCase()} ${kind}` : 'File';
}
