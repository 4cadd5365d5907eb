import { ApiError } from './api';
import { ROUTE_TABLE, type RouteDef } from './route-table';

/**
 * What a failed load offers. Retry only when asking again may answer otherwise: the request never reached the
 * server (no connection: status 0), it timed out or was turned away for too many requests, or the server failed
 * (5xx). A record that does not exist (404), or an answer that refuses the request as asked (other 4xx), answers the
 * same however often it is asked.
 */
export function retryHelps(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** A route's path matches these segments: each `:param` matches any one segment, the others themselves. */
function matches(route: RouteDef, segments: string[]): boolean {
  const own = segmentsOf(route.path);
  return own.length === segments.length && own.every((part, i) => part.startsWith(':') || part === segments[i]);
}

/**
 * Where a page that found no record sends its reader back to: the nearest page above it that lists records (a path
 * whose last part is a word, not a record's id), e.g. /user/labels from /user/labels/{id}/edit, with that page's
 * title as the button's words ("Back to Labels"). Undefined when no page above it is one.
 */
export function wayBack(
  pathname: string,
  routes: readonly RouteDef[] = ROUTE_TABLE,
): { href: string; text: string } | undefined {
  const segments = segmentsOf(pathname);
  for (let length = segments.length - 1; length > 0; length -= 1) {
    const above = segments.slice(0, length);
    const route = routes.find((r) => r.page && r.page !== 'not-found' && matches(r, above));
    // A record's own page (its path ends with the record's id) is the one that was not found: go further up.
    if (!route || segmentsOf(route.path).at(-1)?.startsWith(':')) continue;
    const title = route.title.split(': ').at(-1) ?? route.title;
    return { href: `/${above.join('/')}`, text: `Back to ${title}` };
  }
  return undefined;
}
