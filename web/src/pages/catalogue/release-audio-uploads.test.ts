import { describe, expect, it } from 'vitest';
import { inSequence, withRecordingRow } from './release-audio-uploads';

describe('release form audio uploads', () => {
  it('uploads several files one at a time, in order', async () => {
    const log: string[] = [];
    let running = 0;
    await inSequence(['a.wav', 'b.wav', 'c.aif'], async (name) => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      running -= 1;
    });
    expect(log).toEqual(['start a.wav', 'end a.wav', 'start b.wav', 'end b.wav', 'start c.aif', 'end c.aif']);
  });

  it('streams an uploaded recording into the form once, at the next position', () => {
    const once = withRecordingRow({ title: 'EP' }, { id: 'r1', title: 'Intro' });
    const twice = withRecordingRow(once, { id: 'r1', title: 'Intro' });
    expect(twice).toBe(once);
    const both = withRecordingRow(twice, { id: 'r2', title: 'Outro' });
    expect((both.release_recordings as { values: Record<string, unknown> }[]).map((r) => r.values)).toEqual([
      { recording_id: { id: 'r1', name: 'Intro' }, position: '1', disc_number: '1' },
      { recording_id: { id: 'r2', name: 'Outro' }, position: '2', disc_number: '1' },
    ]);
  });
});
