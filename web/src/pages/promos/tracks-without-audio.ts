import type { Promo } from './promo-types';

/** The promo's tracks (as saved) a recipient could not play: their audio is not uploaded or not processed yet. */
export const tracksWithoutAudio = (promo: Promo): string[] =>
  (promo.recordings ?? []).filter((r) => r.chosen && !r.has_audio).map((r) => r.title);

/** "2 tracks have no audio: A, B", said before a send. */
export function noAudioWarning(titles: readonly string[]): string {
  const count = titles.length === 1 ? '1 track has' : `${titles.length} tracks have`;
  return `${count} no audio: ${titles.join(', ')}`;
}
