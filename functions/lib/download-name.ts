import { create } from 'content-disposition';

/** Characters no common disk takes in a file name (Windows' reserved ones, slashes, control characters). */
const NOT_IN_FILE_NAMES = /[\\/:*?"<>|\p{Cc}]+/gu;
/** Enough for a title and a name; browsers and disks cut longer names in their own ways. */
const MAX_STEM = 150;

/**
 * The name a download is saved under, made of the words its reader knows (a contract's kind and party, a track's
 * artist and title), never of an id. A character no disk takes becomes a dash; spaces and other scripts stay (the
 * Content-Disposition header carries them, see `contentDisposition`).
 */
export function downloadName(words: string, extension: string): string {
  const stem = words
    .replace(NOT_IN_FILE_NAMES, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_STEM)
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return `${stem || 'download'}.${extension}`;
}

/**
 * The Content-Disposition header of a download (RFC 6266): `attachment` saves it, `inline` shows it where the browser
 * can and names it when saved. The name goes in plain ASCII for old clients and whole in UTF-8 (`filename*`), so an
 * accent or a dash in a title survives.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename?: string): string {
  return create(filename, { type });
}
