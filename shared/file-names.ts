/**
 * An upload is stored under "<ULID>-<name the user chose>" so two uploads of the same file never collide.
 * People only ever chose the name after the id: screens and statement documents show that one.
 */
const STORED_PREFIX = /^[0-9A-HJKMNP-TV-Z]{26}-(?=.)/i;

/** "01M8FW48E45C8HWX9PD5JX7JNZ-walk-q3-sales.csv" → "walk-q3-sales.csv"; a folder path is dropped too. */
export function uploadedFileName(stored: string): string {
  const base = stored.slice(stored.lastIndexOf('/') + 1);
  return base.replace(STORED_PREFIX, '');
}
