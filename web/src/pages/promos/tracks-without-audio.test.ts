import { describe, expect, it } from 'vitest';
import type { Promo } from './promo-types';
import { noAudioWarning, tracksWithoutAudio } from './tracks-without-audio';

const track = (title: string, chosen: boolean, has_audio: boolean) => ({
  id: title,
  title,
  isrc: null,
  chosen,
  has_audio,
});

describe('tracks a promo would send without audio', () => {
  it('are the chosen tracks with no playable audio, in the release’s order', () => {
    const promo = {
      recordings: [
        track('Intro', true, false),
        track('Hit', true, true),
        track('Dub', false, false),
        track('Outro', true, false),
      ],
    } as Promo;
    expect(tracksWithoutAudio(promo)).toEqual(['Intro', 'Outro']);
  });

  it('are counted and named in the warning', () => {
    expect(noAudioWarning(['Intro'])).toBe('1 track has no audio: Intro');
    expect(noAudioWarning(['Intro', 'Outro'])).toBe('2 tracks have no audio: Intro, Outro');
  });
});
