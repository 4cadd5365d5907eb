/**
 * Which parts of the shell a route shows: the header is hidden on the token links' pages (ArtistHome,
 * PayeeHome); the side menu on ViewPromo, those pages, Guides and any guides path.
 */
export function shellParts(routeName: string | undefined, pathname: string): { header: boolean; sideMenu: boolean } {
  const tokenPage =
    routeName?.startsWith('ArtistHome') ||
    routeName === 'PayeeHome' ||
    /^\/artists\/[^/]+/.test(pathname) ||
    /^\/payees\/[^/]+/.test(pathname);
  const promo = routeName === 'ViewPromo' || pathname.startsWith('/promo/');
  const guides = routeName?.startsWith('Guides') || pathname === '/guides' || pathname.startsWith('/guides/');
  return { header: !tokenPage, sideMenu: !(tokenPage || promo || guides) };
}
