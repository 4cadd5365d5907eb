/**
 * A bridge so code outside React (the API client, the session) can navigate through the
 * router instead of reloading the page. The router registers itself at start.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function setNavigator(navigate: Navigate): void {
  navigator = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

/** The path (with query) the user is on, for ?redirect= and the bug report referer. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
