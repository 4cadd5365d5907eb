import { useMatches } from 'react-router';
import type { RouteDef } from './route-table';

export type RouteHandle = { route: RouteDef };

/** The route-table entry of the page being shown (the deepest match carrying one). */
export function useRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.route) return handle.route;
  }
  return undefined;
}
