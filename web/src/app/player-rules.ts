/** A track in the player's queue. */
type Track = {
  id: string;
  title: string;
  mix_title?: string | null;
  mp3_url: string;
  peaks_url?: string | null;
};

export type PlayerState = { queue: Track[]; position: number | null; playing: boolean; volume: number };

export const initialPlayer: PlayerState = { queue: [], position: null, playing: false, volume: 80 };

export type PlayerAction =
  | { type: 'add'; track: Track }
  | { type: 'remove'; id: string }
  | { type: 'clear' }
  | { type: 'play'; index: number }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'ended' }
  | { type: 'volume'; value: number };

/**
 * The audio player's rules: a track is queued once; when the queue
 * becomes exactly one track it loads and plays; the next track plays when one ends; removing
 * the playing track stops and clears it; clearing empties everything; volume runs 0–100 in whole
 * steps.
 */
export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'add': {
      if (state.queue.some((t) => t.id === action.track.id)) return state;
      const queue = [...state.queue, action.track];
      return queue.length === 1 ? { ...state, queue, position: 0, playing: true } : { ...state, queue };
    }
    case 'remove': {
      const index = state.queue.findIndex((t) => t.id === action.id);
      if (index < 0) return state;
      const queue = state.queue.filter((t) => t.id !== action.id);
      if (state.position === index) return { ...state, queue, position: null, playing: false };
      const position = state.position !== null && index < state.position ? state.position - 1 : state.position;
      return { ...state, queue, position };
    }
    case 'clear':
      return { ...state, queue: [], position: null, playing: false };
    case 'play':
      return action.index >= 0 && action.index < state.queue.length
        ? { ...state, position: action.index, playing: true }
        : state;
    case 'pause':
      return { ...state, playing: false };
    case 'resume':
      return state.position === null ? state : { ...state, playing: true };
    case 'next':
      return canGoNext(state) ? step(state, 1) : state;
    case 'previous':
      return canGoPrevious(state) ? step(state, -1) : state;
    case 'ended':
      return canGoNext(state) ? step(state, 1) : { ...state, playing: false };
    case 'volume':
      return { ...state, volume: Math.min(100, Math.max(0, Math.round(action.value))) };
    default:
      return state;
  }
}

/** Plays the track `by` places from the current one; callers check that it exists (canGoNext, canGoPrevious). */
function step(state: PlayerState, by: number): PlayerState {
  return state.position === null ? state : { ...state, position: state.position + by, playing: true };
}

/** Previous shows only when the current position (counting from 1) is above 1. */
export const canGoPrevious = (state: PlayerState) => state.position !== null && state.position + 1 > 1;
/** Next shows only when the current track is not the last. */
export const canGoNext = (state: PlayerState) => state.position !== null && state.position < state.queue.length - 1;
/** The player bar is hidden while the queue is empty. */
export const playerVisible = (state: PlayerState) => state.queue.length > 0;
