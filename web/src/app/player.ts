import { useSyncExternalStore } from 'react';
import { initialPlayer, playerReducer, type PlayerAction, type PlayerState } from './player-rules';

/** The one audio player of the app: its queue survives navigation (a store outside React). */
let state: PlayerState = initialPlayer;
const listeners = new Set<() => void>();

export function playerDispatch(action: PlayerAction): void {
  const next = playerReducer(state, action);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function usePlayer(): PlayerState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
