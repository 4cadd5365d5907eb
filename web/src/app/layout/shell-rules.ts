/**
 * Which parts of the shell a route shows: the header is hidden on ArtistHome;
 * the side menu on ViewPromo, ArtistHome, Guides and any guides path.
 */
export function shellParts(routeName: string | undefined, pathname: string): { header: boolean; sideMenu: boolean } {
  const artistHome = routeName?.startsWith('ArtistHome') || /^\/artists\/[^/]+/.test(pathname);
  const promo = routeName === 'ViewPromo' || pathname.startsWith('/promo/');
  const guides = routeName?.startsWith('Guides') || pathname === '/guides' || pathname.startsWith('/guides/');
  return { header: !artistHome, sideMenu: !(artistHome || promo || guides) };
}
