import { describe, expect, it } from 'vitest';
import {
  canGoNext,
  canGoPrevious,
  initialPlayer,
  playerReducer,
  playerVisible,
  type PlayerAction,
  type PlayerState,
} from './player-rules';

const track = (id: string) => ({ id, title: `Track ${id}`, mp3_url: `https://x/${id}.mp3` });
const run = (...actions: PlayerAction[]) => actions.reduce<PlayerState>(playerReducer, initialPlayer);

describe('audio player rules', () => {
  it('is hidden while empty and plays on load when the queue becomes exactly one track', () => {
    expect(playerVisible(initialPlayer)).toBe(false);
    const one = run({ type: 'add', track: track('a') });
    expect(one).toMatchObject({ position: 0, playing: true });
    expect(playerVisible(one)).toBe(true);
    const two = playerReducer({ ...one, playing: false }, { type: 'add', track: track('b') });
    expect(two).toMatchObject({ position: 0, playing: false });
    expect(playerReducer(two, { type: 'add', track: track('a') }).queue).toHaveLength(2);
  });

  it('shows previous only above position 1 and next only before the last track; the next plays when one ends', () => {
    let state = run({ type: 'add', track: track('a') }, { type: 'add', track: track('b') });
    expect([canGoPrevious(state), canGoNext(state)]).toEqual([false, true]);
    state = playerReducer(state, { type: 'ended' });
    expect(state).toMatchObject({ position: 1, playing: true });
    expect([canGoPrevious(state), canGoNext(state)]).toEqual([true, false]);
    expect(playerReducer(state, { type: 'ended' })).toMatchObject({ position: 1, playing: false });
  });

  it('stops and clears when the playing track is removed; clearing empties the queue', () => {
    let state = run(
      { type: 'add', track: track('a') },
      { type: 'add', track: track('b') },
      { type: 'add', track: track('c') },
      { type: 'play', index: 2 },
    );
    expect(playerReducer(state, { type: 'remove', id: 'a' })).toMatchObject({ position: 1, playing: true });
    state = playerReducer(state, { type: 'remove', id: 'c' });
    expect(state).toMatchObject({ position: null, playing: false });
    expect(state.queue.map((t) => t.id)).toEqual(['a', 'b']);
    expect(playerReducer(state, { type: 'clear' })).toMatchObject({ queue: [], position: null, playing: false });
  });

  it('keeps the volume between 0 and 100 in whole steps', () => {
    expect(run({ type: 'volume', value: 42.6 }).volume).toBe(43);
    expect(run({ type: 'volume', value: 140 }).volume).toBe(100);
    expect(run({ type: 'volume', value: -3 }).volume).toBe(0);
  });
});
