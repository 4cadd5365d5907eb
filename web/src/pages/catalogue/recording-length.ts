import { RECORDING_DEFAULTS } from '../../../../shared/catalogue';

/**
 * A recording's length as its page and the recordings list show it. A recording starts at 00:00:00 until its audio
 * is read (or a length is typed), which is no length at all: it shows "-", as every field with no value does.
 */
export function lengthShown(length: unknown): string {
  return typeof length === 'string' && length && length !== RECORDING_DEFAULTS.length ? length : '-';
}
