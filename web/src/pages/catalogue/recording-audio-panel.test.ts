import { describe, expect, it } from 'vitest';
import { audioFileProblem } from './recording-audio-panel';

describe('audio upload box', () => {
  it('takes wav, aiff and aif up to 500,000,000 bytes and refuses the rest before upload', () => {
    expect(audioFileProblem({ name: 'Take 1.WAV', size: 10 })).toBeNull();
    expect(audioFileProblem({ name: 'mix.aiff', size: 500_000_000 })).toBeNull();
    expect(audioFileProblem({ name: 'mix.aif', size: 1 })).toBeNull();
    expect(audioFileProblem({ name: 'master.FLAC', size: 1 })).toBeNull();
    expect(audioFileProblem({ name: 'song.mp3', size: 10 })).toBe('Audio must be a wav, aiff, aif or flac file');
    expect(audioFileProblem({ name: 'long.wav', size: 500_000_001 })).toBe('Size must be under 500 MB');
  });
});
